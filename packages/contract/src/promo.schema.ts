/**
 * zod schemas of promo.ts (decision 050): the code a buyer checks at checkout, and the codes with
 * their uses and revenue as superusers make and read them. Types only for the web.
 */
import { z } from 'zod';
import { extraCountsSchema } from './checkout.schema';
import { LOCALES } from './locales';
import { PROMO_KINDS, PROMO_SCOPES } from './promo';

/** An amount as the API writes it: euros with 2 decimals ("19.00"). */
const decimal = z.string().meta({ examples: ['29.00'] });
/** A decimal amount a form sends ("30", "30.5", "30.50"); the server turns it to cents (decimalToCents). */
const decimalIn = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Amounts are euros, e.g. 30.00.' });
const promoCodeText = z.string().trim().min(1, { error: 'Please enter a promo code.' }).max(64);

/** A buyer checks a code against the ticket they are about to buy: what it takes off, and the total. */
export const promoCheckSchema = z
  .object({
    promo_code: promoCodeText,
    package_identifier: z.string().trim().min(1).max(200),
    adult_count: z.union([z.string().max(20), z.number()]),
    youth_count: z.union([z.string().max(20), z.number()]),
    /** The price categories' counts, as at checkout (decision 070): the basket the code is priced on. */
    extra_counts: extraCountsSchema.optional(),
    /** The page's language: the minimum basket's amount is written in it. */
    language: z.enum(LOCALES).optional(),
  })
  .meta({
    examples: [
      { promo_code: 'SUMMER-7K3Q-M2X9-PH4C', package_identifier: 'BB-24', adult_count: 2, youth_count: 1 },
    ],
  });

export const promoQuoteSchema = z
  .object({
    /** The code as the shop wrote it (upper case, with its dashes). */
    promo_code: z.string(),
    subtotal: decimal,
    discount: decimal,
    total: decimal,
  })
  .meta({
    id: 'PromoQuote',
    examples: [{ promo_code: 'SUMMER-7K3Q-M2X9-PH4C', subtotal: '77.00', discount: '7.70', total: '69.30' }],
  });
export type PromoQuote = z.infer<typeof promoQuoteSchema>;

/** A code as superusers see it: its rule, and what it has done (uses, revenue, discount given). */
export const promoCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    /** Whole percent for 'percent' ("10"), euros for 'amount' ("5.00"). */
    value: z.string(),
    scope: z.enum(PROMO_SCOPES),
    /** The package of a 'package' code, the operator (company slug) of an 'operator' code. */
    package_tag: z.string().nullable(),
    operator: z.string().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    max_uses_per_customer: z.number().int().nullable(),
    min_basket: decimal.nullable(),
    active: z.boolean(),
    created_at: z.string(),
    /** Paid orders with the code (refunded ones included: a refund does not give a use back). */
    uses: z.number().int(),
    /** Unpaid checkouts holding a use right now. */
    held: z.number().int(),
    refunded: z.number().int(),
    /** Paid and not refunded, what the buyers paid. */
    revenue: decimal,
    /** What the code took off those orders. */
    discount_given: decimal,
  })
  .meta({ id: 'PromoCode' });
export type PromoCodeInfo = z.infer<typeof promoCodeSchema>;

export const newPromoCodeSchema = z
  .object({
    /** A readable start ('SUMMER'); the random part that makes the code unguessable is added. */
    prefix: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{0,12}$/, { error: 'The prefix is at most 12 letters and digits.' })
      .default(''),
    kind: z.enum(PROMO_KINDS),
    /** Whole percent 1-100 for 'percent'; euros for 'amount'. */
    value: decimalIn,
    scope: z.enum(PROMO_SCOPES).default('basket'),
    package_tag: z.string().trim().max(200).nullable().default(null),
    operator: z.string().trim().max(200).nullable().default(null),
    starts_at: z.iso.datetime({ offset: true }).nullable().default(null),
    ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().default(null),
    max_uses_per_customer: z.number().int().min(1).max(1000).nullable().default(null),
    min_basket: decimalIn.nullable().default(null),
  })
  .meta({
    examples: [
      {
        prefix: 'SUMMER',
        kind: 'percent',
        value: '10',
        scope: 'basket',
        max_uses: 100,
        max_uses_per_customer: 1,
      },
    ],
  });
export type NewPromoCode = z.input<typeof newPromoCodeSchema>;

export const promoCodeChangeSchema = z.object({ active: z.boolean() });
