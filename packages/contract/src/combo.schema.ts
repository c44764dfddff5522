/**
 * zod schemas of combo.ts (decision 071): what a superuser sets of a combo, what the calls answer.
 * Kept apart (and out of the storefront's first load) so the booking panel carries no zod.
 */
import { z } from 'zod';
import { AVAILABILITY_TYPES } from './inventory';
import { decimalToCents } from './money';
import { packageTagSchema } from './package-key';

const shareMessage = 'A share must be a number of 0 or more with at most two decimals';
const share = z.union([z.string().max(20), z.number()], { error: shareMessage }).transform((v, ctx) => {
  const cents = decimalToCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: shareMessage });
    return z.NEVER;
  }
  return cents;
});

/**
 * A combo's parts (at least two, each package once, in the order the buyer sees them) with each part's
 * share of the combo's adult and youth prices ('12.00' or 12; they must add up to the combo's prices),
 * and the combo's own cancellation cut-off in hours before the earliest part (null: the strictest part's).
 */
export const comboEditSchema = z
  .object({
    parts: z
      .array(z.object({ package_tag: packageTagSchema, adult_share: share, youth_share: share }), {
        error: 'parts must be a list of packages and shares',
      })
      .min(2, { error: 'A combo has at least two parts, each package once.' })
      .max(6)
      .refine((list) => new Set(list.map((p) => p.package_tag)).size === list.length, {
        message: 'A combo has at least two parts, each package once.',
      }),
    cancel_cutoff_hours: z
      .number({ error: 'The cancellation cut-off must be whole hours from 0 to 720, or null.' })
      .int({ error: 'The cancellation cut-off must be whole hours from 0 to 720, or null.' })
      .min(0)
      .max(720)
      .nullable(),
  })
  .meta({
    examples: [
      {
        parts: [
          { package_tag: 'BB-48', adult_share: '30.00', youth_share: '15.00' },
          { package_tag: 'RM-BOR', adult_share: '20.00', youth_share: '10.00' },
        ],
        cancel_cutoff_hours: null,
      },
    ],
  });
export type ComboEdit = z.infer<typeof comboEditSchema>;

const partView = z.object({
  package_tag: z.string(),
  title: z.string(),
  operator: z.string(),
  availability_type: z.enum(AVAILABILITY_TYPES).nullable(),
  pass_hours: z.number().int().nullable(),
});

/** A combo as its ticket page reads it: the parts the buyer chooses a time for, in order. */
export const comboViewSchema = z.object({ package_tag: z.string(), parts: z.array(partView) }).meta({
  examples: [
    {
      package_tag: 'CB-BUS-BOR',
      parts: [
        {
          package_tag: 'BB-48',
          title: 'Big Bus 48h',
          operator: 'Big Bus',
          availability_type: 'PASS',
          pass_hours: 48,
        },
      ],
    },
  ],
});

/** A combo as the superusers' tool shows it: the parts with their shares and whether it has been sold. */
export const comboAdminSchema = z.object({
  package_tag: z.string(),
  title: z.string(),
  adult_price: z.string(),
  youth_price: z.string(),
  cancel_cutoff_hours: z.number().int().nullable(),
  sold: z.boolean(),
  parts: z.array(partView.extend({ adult_share: z.string(), youth_share: z.string() })),
});
export type ComboAdmin = z.infer<typeof comboAdminSchema>;
