/** zod schemas of statement.ts (decision 068): the statement's query, its answer, operators' commissions. */
import { z } from 'zod';
import { isRomeDate } from './rome-time';
import {
  COMMISSION_BPS_MAX,
  STATEMENT_CHANNELS,
  STATEMENT_KINDS,
  STATEMENT_MAX_DAYS,
  STATEMENT_MESSAGES,
} from './statement';

const day = z
  .string({ error: STATEMENT_MESSAGES.period })
  .refine(isRomeDate, { error: STATEMENT_MESSAGES.period })
  .meta({ examples: ['2026-11-01'] });
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
const money = z.string().meta({ description: 'EUR, exact, two decimals; negative for what goes back' });

/** from and to must run forwards within STATEMENT_MAX_DAYS. */
const periodCheck = (ctx: { value: { from: string; to: string }; issues: unknown[] }) => {
  const { from, to } = ctx.value;
  const days = dayNumber(to) - dayNumber(from);
  if (days < 0 || days >= STATEMENT_MAX_DAYS)
    ctx.issues.push({ code: 'custom', message: STATEMENT_MESSAGES.order, input: ctx.value });
};

/** ?from= &to= (Rome days, both included): an operator's console, whose operator is the path's. */
export const statementPeriodQuerySchema = z.object({ from: day, to: day }).check(periodCheck);

/** ?folder= (an operator's number; absent: every operator) &from= &to= (Rome days, both included). */
export const statementQuerySchema = z
  .object({
    folder: z.coerce
      .number({ error: STATEMENT_MESSAGES.folder })
      .int({ error: STATEMENT_MESSAGES.folder })
      .min(1, { error: STATEMENT_MESSAGES.folder })
      .max(2_147_483_647, { error: STATEMENT_MESSAGES.folder })
      .optional(),
    from: day,
    to: day,
  })
  .check(periodCheck);

export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_KINDS),
  /** The instant (ISO 8601) and its Rome date and time, 'YYYY-MM-DD HH:MM'. */
  at: z.string(),
  date: z.string(),
  order: z.string().meta({ description: "The order's reference, as the buyer's e-mail and ticket show it" }),
  operator_id: z.number().int(),
  operator: z.string(),
  channel: z.enum(STATEMENT_CHANNELS),
  /** The reseller's or the widget partner's name; null for the web shop. */
  channel_name: z.string().nullable(),
  product: z.string(),
  package_tag: z.string(),
  /** The combo the line was sold in (its part, with its operator's share, decision 071); null otherwise. */
  combo: z.string().nullable(),
  /** People on the ticket; a full refund takes them back (negative), a partial refund none. */
  quantity: z.number().int(),
  gross: money,
  refunded: money,
  commission: money,
  net: money,
});

export const statementTotalsSchema = z.object({
  sales: z.number().int(),
  refunds: z.number().int(),
  partial_refunds: z.number().int(),
  quantity: z.number().int(),
  gross: money,
  refunded: money,
  commission: money,
  net: money,
});

export const statementOperatorSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The shop's commission in basis points (1500 = 15 %) of what the operator's sales kept. */
  commission_bps: z.number().int(),
});

export const statementSchema = z
  .object({
    /** null: every operator (superusers only). */
    folder_id: z.number().int().nullable(),
    from: z.string(),
    to: z.string(),
    time_zone: z.literal('Europe/Rome'),
    /** The operators the statement covers, with the commission it applied. */
    operators: z.array(statementOperatorSchema.extend({ totals: statementTotalsSchema })),
    lines: z.array(statementLineSchema),
    totals: statementTotalsSchema,
  })
  .meta({ description: 'gross - refunded - commission = net, in every line and in the totals' });

export const commissionChangeSchema = z.object({
  commission_bps: z
    .number({ error: STATEMENT_MESSAGES.commission })
    .int({ error: STATEMENT_MESSAGES.commission })
    .min(0, { error: STATEMENT_MESSAGES.commission })
    .max(COMMISSION_BPS_MAX, { error: STATEMENT_MESSAGES.commission }),
});

export type StatementQuery = z.infer<typeof statementQuerySchema>;
export type StatementLine = z.infer<typeof statementLineSchema>;
export type StatementTotals = z.infer<typeof statementTotalsSchema>;
export type StatementOperator = z.infer<typeof statementOperatorSchema>;
export type Statement = z.infer<typeof statementSchema>;
