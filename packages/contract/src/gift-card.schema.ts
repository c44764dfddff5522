/**
 * zod schemas of gift-card.ts (decisions 053, 054): buying a card, checking one at checkout, the card's
 * page by its link, and the superusers' list. Types only for the web.
 */
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from './checkout';
import { GIFT_CARD_MESSAGES, GIFT_CARD_MOVES, GIFT_CARD_STATUSES } from './gift-card';
import { LOCALES } from './locales';

/** An amount as the API writes it: euros with 2 decimals ("50.00"). */
const decimal = z.string().meta({ examples: ['50.00'] });

/** Buying a card: the amount in euros (a fixed one or chosen), where it is sent, in which language. */
export const giftCardBuySchema = z
  .object({
    amount: z
      .string({ error: GIFT_CARD_MESSAGES.amount })
      .trim()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: GIFT_CARD_MESSAGES.amount }),
    email: z
      .string({ error: CHECKOUT_MESSAGES.guestEmail })
      .trim()
      .max(254, { error: CHECKOUT_MESSAGES.guestEmail })
      .pipe(z.email({ error: CHECKOUT_MESSAGES.guestEmail })),
    language: z.enum(LOCALES, { error: 'Unknown language.' }).optional(),
  })
  .meta({ examples: [{ amount: '50.00', email: 'buyer@example.com', language: 'it' }] });
export type GiftCardBuy = z.input<typeof giftCardBuySchema>;

export const giftCardCheckSchema = z
  .object({
    gift_card_code: z
      .string({ error: GIFT_CARD_MESSAGES.invalid })
      .trim()
      .min(1, { error: GIFT_CARD_MESSAGES.invalid })
      .max(64, { error: GIFT_CARD_MESSAGES.invalid }),
  })
  .meta({ examples: [{ gift_card_code: '7K3Q-M2X9-PH4C-R8TB' }] });

export const giftCardBalanceSchema = z
  .object({
    /** The code as the shop writes it (grouped, upper case). */
    gift_card_code: z.string(),
    balance: decimal,
    expires_at: z.string(),
  })
  .meta({
    id: 'GiftCardBalance',
    examples: [
      { gift_card_code: '7K3Q-M2X9-PH4C-R8TB', balance: '35.00', expires_at: '2028-12-06T14:47:00.000Z' },
    ],
  });
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

const historySchema = z.object({
  kind: z.enum(GIFT_CARD_MOVES),
  /** What the line took (spent, held) or gave (bought, returned). */
  amount: decimal,
  at: z.string(),
  /** The order's reference as its ticket shows it; null for the purchase. */
  order: z.string().nullable(),
});

/** The card's page by its link: the code, balance, expiry and what it was spent on. */
export const giftCardViewSchema = z
  .object({
    code: z.string(),
    status: z.enum(GIFT_CARD_STATUSES),
    amount: decimal,
    balance: decimal,
    expires_at: z.string().nullable(),
    expired: z.boolean(),
    history: z.array(historySchema),
  })
  .meta({ id: 'GiftCard' });
export type GiftCardView = z.infer<typeof giftCardViewSchema>;

/** A card as superusers see it (no code: only its last group, to recognise it on the phone). */
export const giftCardAdminSchema = z
  .object({
    id: z.uuid(),
    code_end: z.string().nullable(),
    status: z.enum(GIFT_CARD_STATUSES),
    buyer_email: z.string(),
    amount: decimal,
    balance: decimal,
    /** Held by unpaid checkouts right now. */
    held: decimal,
    /** Orders paid (partly) with it, refunded ones included. */
    uses: z.number().int(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    history: z.array(historySchema),
  })
  .meta({ id: 'GiftCardAdmin' });
export type GiftCardAdmin = z.infer<typeof giftCardAdminSchema>;

/** The analytics' gift card figures: what was sold, spent (redeemed), held, and is still owed. */
export const giftCardTotalsSchema = z
  .object({
    cards_sold: z.number().int(),
    /** The amounts of the cards paid for. */
    sold: decimal,
    /** What paid orders took from cards (refunded ones given back). */
    redeemed: decimal,
    /** What unpaid checkouts hold right now. */
    held: decimal,
    /** The balances of cards not yet expired: what the shop still owes. */
    outstanding: decimal,
    /** The balances of expired cards. */
    expired: decimal,
  })
  .meta({ id: 'GiftCardTotals' });
export type GiftCardTotals = z.infer<typeof giftCardTotalsSchema>;
