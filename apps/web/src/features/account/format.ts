/**
 * Display helpers for the account page: euro amounts (spec §9: 2 decimals) and dates, en-GB in
 * English as the spec shows them, and the page's language otherwise (decision 024).
 */
import { DEFAULT_LOCALE, decimalToCents, formatEuro, INTL_LOCALE, type Locale } from '@rome/contract';

/** 12.5 or "12.50" (the account answers' euros) -> "€12.50" through money.ts; unreadable shows €0.00. */
export function euro(value: number | string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  return formatEuro(decimalToCents(value) ?? 0, locale);
}

/** A plain day ("2026-05-01") is read as that calendar day, not as UTC midnight. */
function parse(value: string): { date: Date; hasTime: boolean } | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return { date: new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])), hasTime: false };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, hasTime: true };
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit' };

/** Each language's two formats, made when first asked for. */
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let f = formats.get(key);
  if (!f) {
    // English is en-GB, the spec's "1 May 2026".
    f = new Intl.DateTimeFormat(INTL_LOCALE[locale], withTime ? DAY_TIME : DAY);
    formats.set(key, f);
  }
  return f;
}

/** "1 May 2026" (Member Since); "1 mag 2026" in Italian. */
export function formatDay(value: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!value) return '—';
  const parsed = parse(value);
  return parsed ? format(locale, false).format(parsed.date) : value;
}

/** "1 May 2026" for a day, "1 May 2026, 14:30" for a moment (spec §9 account dates). */
export function formatDate(value: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!value) return '—';
  const parsed = parse(value);
  if (!parsed) return value;
  return format(locale, parsed.hasTime).format(parsed.date);
}
