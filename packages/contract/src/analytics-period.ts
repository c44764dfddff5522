import { decimalToCents } from './money';

/**
 * The dashboard's clock and periods (decision 037). Apart from analytics.ts, whose action list the
 * storefront's tracker carries in its first load: these travel only with the dashboard's chunk.
 */
/**
 * Which clock the dashboard's times and days are read in (decision 037): 'rome', the shop's zone, which
 * the dashboard asks for; 'display', the spec's display zone (the website setting, default Asia/Dhaka),
 * which a call that names no clock keeps (spec §9).
 */
export const ANALYTICS_CLOCKS = ['rome', 'display'] as const;
export type AnalyticsClock = (typeof ANALYTICS_CLOCKS)[number];
/** The longest period a figure may cover, in days (a little over a year: a year on year comparison). */
export const ANALYTICS_PERIOD_MAX_DAYS = 400;
/** The dashboard's quick periods: today, the last 7 and 30 days (today included), all time. */
export const ANALYTICS_PERIODS = ['today', '7d', '30d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** A report's decimal, which may be negative (a period's net after refunds: "-57.00"), to cents. */
export function signedDecimalToCents(value: string): number | null {
  const cents = decimalToCents(value.replace(/^-/, ''));
  return cents === null ? null : value.startsWith('-') ? -cents : cents;
}
