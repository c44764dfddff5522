/**
 * Operators' statements (decision 068): per operator (a folder) and period of Rome days, every sale,
 * refund and partial refund of its products, with the shop's commission and what is the operator's.
 * Pure rules and constants; the zod schemas are in statement.schema.ts.
 */

/** The longest period a statement covers, in days (a little over a year, like the dashboard's figures). */
export const STATEMENT_MAX_DAYS = 400;
/** The commission's bounds in basis points: 0 % to 100 %. */
export const COMMISSION_BPS_MAX = 10_000;

/** What a line records: a sale (on the day it was paid), a full refund, or a part given back. */
export const STATEMENT_KINDS = ['sale', 'refund', 'partial_refund'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** Where the order came from: the shop's own checkout, a reseller's OCTO booking, a partner's widget. */
export const STATEMENT_CHANNELS = ['web', 'reseller', 'widget'] as const;
export type StatementChannel = (typeof STATEMENT_CHANNELS)[number];

/**
 * The shop's commission on an amount, in whole cents, rounded half away from zero: a refund's
 * commission is exactly its sale's with the sign turned, so a fully refunded sale leaves none.
 */
export function commissionCents(cents: number, bps: number): number {
  const abs = Math.floor((Math.abs(cents) * bps + 5_000) / 10_000);
  return cents < 0 ? -abs : abs;
}

/** The CSV's and the spreadsheet's columns, in this order, under these names (a stable header row). */
export const STATEMENT_COLUMNS = [
  'date',
  'kind',
  'order',
  'operator',
  'channel',
  'channel_name',
  'product',
  'package_tag',
  'combo',
  'quantity',
  'gross_eur',
  'refunded_eur',
  'commission_eur',
  'net_eur',
] as const;

/** Basis points as a percent for people: 1500 -> "15", 1250 -> "12.5". */
export const bpsToPercent = (bps: number): string => String(bps / 100);

export const STATEMENT_MESSAGES = {
  period: 'from and to are dates written YYYY-MM-DD.',
  order: `from must come before to, at most ${STATEMENT_MAX_DAYS} days apart.`,
  folder: 'folder is an operator number.',
  commission: `commission_bps is a whole number from 0 to ${COMMISSION_BPS_MAX}.`,
  noOperator: 'No such operator.',
} as const;
