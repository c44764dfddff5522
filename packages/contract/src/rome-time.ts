/**
 * Rome time. Slots are stored as instants (timestamptz, UTC); visitors, e-mails and tickets see them in
 * Europe/Rome, whatever the server's or the browser's own zone. Built on Intl only (no date library in
 * the visitor's bundle): the platform's time-zone database knows Rome's daylight-saving changes.
 */
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locales';

export const ROME_TZ = 'Europe/Rome';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ROME_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The last minute romeParts read: the answer has minute resolution and Rome's offsets are whole
 * hours, so every instant of one UTC minute has the same answer (formatToParts is the costly part of
 * a door's claim; a queue of scans asks for the same minute again and again).
 */
let lastMinute = Number.NaN;
let lastParts: { date: string; time: string } = { date: '', time: '' };

/** Rome's wall clock at `instant`: date 'YYYY-MM-DD' and time 'HH:MM'. */
export function romeParts(instant: Date): { date: string; time: string } {
  // Since 1970 only (Rome's offset was not whole minutes before 1893).
  const minute = instant.getTime() >= 0 ? Math.floor(instant.getTime() / 60_000) : Number.NaN;
  if (minute === lastMinute) return { ...lastParts };
  const p: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(instant)) p[part.type] = part.value;
  const parts = { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  // An invalid date (NaN) is not kept: formatToParts has thrown for it already.
  lastMinute = minute;
  lastParts = parts;
  return { ...parts };
}

/** Rome's offset from UTC at `instant`, in minutes (60 in winter, 120 in summer). */
function romeOffsetMinutes(instant: Date): number {
  const p: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(instant)) p[part.type] = part.value;
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * `instant` as Rome's local ISO 8601 time with its offset: '2027-03-28T10:00:00+02:00'. OCTO names
 * availabilities so (localDateTimeStart), and `new Date()` reads it back to the same instant.
 */
export function romeLocalIso(instant: Date): string {
  const { date, time } = romeParts(instant);
  const offset = romeOffsetMinutes(instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${date}T${time}:00${sign}${hh}:${mm}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isRomeDate = (s: string): boolean => {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
export const isClockTime = (s: string): boolean => TIME_RE.test(s);

/**
 * The instant when Rome's clocks show `date` `time`; null when that wall time does not exist (the hour
 * skipped on the last Sunday of March). In the hour that happens twice (last Sunday of October) the
 * first one, summer time, is taken.
 */
export function romeInstant(date: string, time: string): Date | null {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t || !isRomeDate(date)) return null;
  const wall = Date.UTC(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]);
  // Try summer time first (so the repeated hour resolves to its first occurrence), then winter time.
  for (const offset of [120, 60]) {
    const candidate = new Date(wall - offset * 60_000);
    if (romeOffsetMinutes(candidate) === offset) return candidate;
  }
  return null;
}

/** The Rome date `days` after `date` (calendar days, so DST changes do not matter). */
export function addDays(date: string, days: number): string {
  const m = DATE_RE.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + days));
  return d.toISOString().slice(0, 10);
}

/** Day of the week of a calendar date: 0 Sunday ... 6 Saturday. */
export function weekday(date: string): number {
  const m = DATE_RE.exec(date);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDay() : -1;
}

/** Each language's readable day, made when first asked for (decision 024: dates in the buyer's language). */
const readableDates = new Map<Locale, Intl.DateTimeFormat>();
const readableDate = (locale: Locale) => {
  let format = readableDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      timeZone: ROME_TZ,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    readableDates.set(locale, format);
  }
  return format;
};

/** 'Sun, 28 Mar 2027' for a Rome calendar date (no time); 'dom 28 mar 2027' in Italian. */
export function formatRomeDate(date: string, locale: Locale = DEFAULT_LOCALE): string {
  const m = DATE_RE.exec(date);
  if (!m) return date;
  // Noon UTC is the same calendar day in Rome all year round.
  return readableDate(locale).format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], 12)));
}

/** 'Sun, 28 Mar 2027, 10:00' (Rome time) for an instant: what tickets, e-mails and pages show. */
export function formatRomeDateTime(instant: Date | string, locale: Locale = DEFAULT_LOCALE): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const { date, time } = romeParts(at);
  return `${formatRomeDate(date, locale)}, ${time}`;
}
