/** Display helpers for the account page: euro amounts (spec §9: 2 decimals) and en-GB dates. */
import { decimalToCents, formatEuro } from '@rome/contract';

/** 12.5 or "12.50" (the account answers' euros) -> "€12.50" through money.ts; unreadable shows €0.00. */
export function euro(value: number | string | null | undefined): string {
  return formatEuro(decimalToCents(value) ?? 0);
}

/** A plain day ("2026-05-01") is read as that calendar day, not as UTC midnight. */
function parse(value: string): { date: Date; hasTime: boolean } | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return { date: new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])), hasTime: false };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, hasTime: true };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dayTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "1 May 2026" (Member Since). */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const parsed = parse(value);
  return parsed ? dayFormat.format(parsed.date) : value;
}

/** "1 May 2026" for a day, "1 May 2026, 14:30" for a moment (spec §9 account dates). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const parsed = parse(value);
  if (!parsed) return value;
  return (parsed.hasTime ? dayTimeFormat : dayFormat).format(parsed.date);
}
