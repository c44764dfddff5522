/**
 * The ticket calendar's arithmetic on Rome calendar days ('YYYY-MM-DD'), pure so it is unit-tested:
 * month grids with weeks starting on Monday (as in Italy), and the keyboard's moves.
 */
import { addDays, weekday } from '@rome/contract';

/** 'YYYY-MM' of a day. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The first day of the month `months` after `month` ('YYYY-MM'). */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}

/** Monday 0 ... Sunday 6. */
const mondayIndex = (date: string): number => (weekday(date) + 6) % 7;

/** The weeks of a month, Monday first; days of the neighbouring months are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: mondayIndex(first) }, () => null);
  for (let day = first; monthOf(day) === month; day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** The same day of the month `months` away, or that month's last day ('31 Jan' + 1 month: '28 Feb'). */
export function sameDayInMonth(date: string, months: number): string {
  const month = addMonths(monthOf(date), months);
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const day = `${month}-${date.slice(8, 10)}`;
  return day > last || monthOf(day) !== month ? last : day;
}

/** Where a key moves the calendar's focus from `date` (grid keys as in the WAI-ARIA date picker), or null. */
export function keyMove(key: string, date: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -mondayIndex(date));
    case 'End':
      return addDays(date, 6 - mondayIndex(date));
    case 'PageUp':
      return sameDayInMonth(date, -1);
    case 'PageDown':
      return sameDayInMonth(date, 1);
    default:
      return null;
  }
}
