/**
 * The ticket editor's availability calls (inventory.api.ts) and the pure helpers of its forms: a
 * month's range of Rome dates, the times and exception lists as typed, slots grouped by Rome day.
 */
import {
  type ApiBody,
  addDays,
  type EditorSlot,
  formatRomeDate,
  isClockTime,
  isRomeDate,
  romeParts,
} from '@rome/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type AvailabilitySettingsBody = ApiBody<'PUT /api/editor/packages/:packageTag/availability/'>;
export type RecurringBody = ApiBody<'POST /api/editor/packages/:packageTag/slots/'>;

/** 'YYYY-MM' of Rome's today. */
export const romeMonth = (now = new Date()): string => romeParts(now).date.slice(0, 7);

/** The first and last Rome date of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The month `n` months after 'YYYY-MM'. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'December 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(y, m - 1, 15)));
}

/** Items typed into one field, separated by commas, spaces or new lines. */
const items = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** '9:00, 10:30' -> ['09:00', '10:30'], sorted and without repeats; `bad` names what is not a time. */
export function parseTimes(text: string): { times: string[]; bad: string[] } {
  const times = new Set<string>();
  const bad: string[] = [];
  for (const item of items(text)) {
    const padded = /^\d:\d\d$/.test(item) ? `0${item}` : item;
    if (isClockTime(padded)) times.add(padded);
    else bad.push(item);
  }
  return { times: [...times].sort(), bad };
}

/** '2026-12-25, 2027-01-01' -> the dates; `bad` names what is not a date. */
export function parseDates(text: string): { dates: string[]; bad: string[] } {
  const dates = new Set<string>();
  const bad: string[] = [];
  for (const item of items(text)) {
    if (isRomeDate(item)) dates.add(item);
    else bad.push(item);
  }
  return { dates: [...dates].sort(), bad };
}

/** Slots grouped by Rome day, days and times in order. */
export function slotsByDay(
  slots: readonly EditorSlot[],
): { date: string; label: string; slots: EditorSlot[] }[] {
  const days = new Map<string, EditorSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const { date } = romeParts(new Date(slot.starts_at));
    const list = days.get(date) ?? [];
    list.push(slot);
    days.set(date, list);
  }
  return [...days].map(([date, list]) => ({ date, label: formatRomeDate(date), slots: list }));
}

/** Weekdays as the contract numbers them (0 Sunday), listed from Monday. */
export const WEEKDAYS: { value: number; short: string; long: string }[] = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
];

export const editorAvailabilityQuery = (packageTag: string, month: string) =>
  queryOptions({
    queryKey: ['editor-availability', packageTag, month],
    queryFn: ({ signal }) =>
      call(
        'GET /api/editor/packages/:packageTag/availability/',
        { params: { packageTag }, query: monthRange(month) },
        { signal },
      ),
  });

export const saveAvailability = (packageTag: string, body: AvailabilitySettingsBody) =>
  call('PUT /api/editor/packages/:packageTag/availability/', { params: { packageTag }, body });
export const addRecurringSlots = (packageTag: string, body: RecurringBody) =>
  call('POST /api/editor/packages/:packageTag/slots/', { params: { packageTag }, body });
export const updateSlot = (id: string, body: ApiBody<'PATCH /api/editor/slots/:id/'>) =>
  call('PATCH /api/editor/slots/:id/', { params: { id }, body });
export const deleteSlot = (id: string) => call('DELETE /api/editor/slots/:id/', { params: { id } });

/** After a change: the editor's months and the ticket page's times are read again. */
export const refreshAvailability = (client: QueryClient, packageTag: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['editor-availability', packageTag] }),
    client.invalidateQueries({ queryKey: ['availability', packageTag] }),
  ]);
