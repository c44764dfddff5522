/**
 * Display rules of the analytics dashboard (spec §2, §9): times from UTC storage shown in the
 * analytics display zone (en-GB style, no manual offsets), readable KPI names, percentages, euro
 * (money.ts, like every sum of the shop).
 */
import { formatEuroAmount } from '@rome/contract';

/** Spec §9: the display zone when the server names none (or an unknown one). */
export const DEFAULT_TIME_ZONE = 'Asia/Dhaka';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return formatterFor(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** '2026-11-22T10:06:37Z' in Asia/Dhaka -> '22 Nov 2026, 16:06:37'. Unparseable text is shown as is. */
export function formatActivityTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return formatterFor(timeZone || DEFAULT_TIME_ZONE).format(new Date(t));
}

/** A weekly-trend day label 'YYYY-MM-DD' (already a day in the display zone) -> 'Sat 22 Nov'. */
const dayLabel = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
export function formatTrendDay(label: string): string {
  const t = Date.parse(`${label}T00:00:00Z`);
  return Number.isFinite(t) ? dayLabel.format(new Date(t)) : label;
}

/** Spec §2: KPI names split on underscores, each word capitalised: 'total_revenue' -> 'Total Revenue'. */
export function readableKey(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Spec §2: numeric KPI values carry a percent sign; text values are already formatted. */
export function formatKpiValue(value: number | string): string {
  return typeof value === 'number' ? `${value}%` : value;
}

/** Amounts in euro with 2 decimals (spec §9), as the server writes its KPI sums; null -> '—'. */
export const formatAmount = (amount: number | null): string =>
  amount === null ? '—' : formatEuroAmount(Math.round(amount * 100));

const count = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number): string => count.format(n);

export type StatusTone = 'completed' | 'pending' | 'failed';
/** Spec §2, §4: completed green, pending yellow, anything else red. */
export function statusTone(status: string): StatusTone {
  const s = status.trim().toLowerCase();
  if (s === 'completed') return 'completed';
  if (s === 'pending') return 'pending';
  return 'failed';
}

/** The flag image of an ISO 3166-1 alpha-2 code, shipped with the app; null for anything else. */
export function flagSrc(countryCode: string | null): string | null {
  if (!countryCode || !/^[A-Za-z]{2}$/.test(countryCode)) return null;
  return `/flags/${countryCode.toLowerCase()}.svg`;
}
