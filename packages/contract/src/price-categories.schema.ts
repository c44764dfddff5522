/**
 * zod schemas of price-categories.ts (decision 070): what an editor sets of a package's price
 * categories and what the editor's call answers. Kept apart so the booking panel carries no zod.
 */
import { z } from 'zod';
import { decimalToCents } from './money';
import { PRICE_CATEGORY_KEYS } from './price-categories';

const priceMessage = 'A price must be a number of 0 or more with at most two decimals';

/**
 * The categories a package sells, each with its price ('2.00' or 2); a category left out is not sold
 * (the whole list is replaced: what the editor's form shows is what is stored).
 */
export const categoryPricesEditSchema = z
  .object({
    prices: z
      .array(
        z.object({
          key: z.enum(PRICE_CATEGORY_KEYS, { error: 'Unknown ticket category.' }),
          price: z.union([z.string().max(20), z.number()], { error: priceMessage }).transform((v, ctx) => {
            const cents = decimalToCents(v);
            if (cents === null) {
              ctx.addIssue({ code: 'custom', message: priceMessage });
              return z.NEVER;
            }
            return cents;
          }),
        }),
        { error: 'prices must be a list of categories and prices' },
      )
      .max(PRICE_CATEGORY_KEYS.length)
      .refine((list) => new Set(list.map((p) => p.key)).size === list.length, {
        message: 'Each category may be given once.',
      }),
  })
  .meta({
    examples: [
      {
        prices: [
          { key: 'reduced_eu', price: '2.00' },
          { key: 'disabled', price: '12.00' },
        ],
      },
    ],
  });
export type CategoryPricesEdit = z.infer<typeof categoryPricesEditSchema>;

/** A package's category prices as the editor's call answers them (in the contract's order). */
export const categoryPricesResponseSchema = z
  .object({
    package_tag: z.string(),
    prices: z.array(z.object({ key: z.enum(PRICE_CATEGORY_KEYS), price: z.string() })),
  })
  .meta({ examples: [{ package_tag: 'RM-COL', prices: [{ key: 'reduced_eu', price: '2.00' }] }] });

/**
 * An order's price category lines where its ticket is shown (decision 070): the kind, how many, the
 * price each, and the English name and proof the door checks (null: none). Beside the spec's counts.
 */
export const extraTicketsViewSchema = z
  .array(
    z.object({
      key: z.enum(PRICE_CATEGORY_KEYS),
      count: z.number().int(),
      price: z.string(),
      label: z.string(),
      proof: z.string().nullable(),
    }),
  )
  .meta({
    examples: [
      [
        {
          key: 'reduced_eu',
          count: 1,
          price: '2.00',
          label: 'Reduced EU 18-25',
          proof: 'EU ID card showing age 18-25',
        },
      ],
    ],
  });
