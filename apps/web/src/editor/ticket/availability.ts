/**
 * The ticket editor's availability calls (inventory.api.ts) and the pure helpers of its forms: a
 * month's range of Rome dates and its calendar weeks, a day's summary, the settings as a draft, the
 * times and exception lists as typed, slots grouped by Rome day.
 */
import {
  type ApiBody,
  type AvailabilitySettings,
  type AvailabilityType,
  addDays,
  type EditorSlot,
  formatRomeDate,
  isClockTime,
  isRomeDate,
  romeParts,
  weekday,
} from '@rome/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

export type AvailabilitySettingsBody = ApiBody<'PUT /api/editor/packages/:packageTag/availability/'>;
export type RecurringBody = ApiBody<'POST /api/editor/packages/:packageTag/slots/'>;
export type BulkBody = ApiBody<'POST /api/editor/packages/:packageTag/slots/bulk/'>;

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

/** The weeks of a month for a calendar, Monday first: seven Rome dates each, null outside the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const { from, to } = monthRange(month);
  const cells: (string | null)[] = Array.from({ length: (weekday(from) + 6) % 7 }, () => null);
  for (let date = from; date <= to; date = addDays(date, 1)) cells.push(date);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** How a day of the month grid looks: nothing, passed, all closed, sold out, some closed, or open. */
export type DayState = 'none' | 'past' | 'closed' | 'sold-out' | 'some-closed' | 'open';

export type DaySummary = {
  date: string;
  slots: EditorSlot[];
  /** Times that have started (read-only) and those still to come. */
  started: EditorSlot[];
  future: EditorSlot[];
  closed: number;
  /** Places still to sell in the open times to come. */
  left: number;
  /** Places sold or held, all times of the day. */
  taken: number;
  state: DayState;
};

export const hasStarted = (slot: EditorSlot, now: Date) =>
  new Date(slot.starts_at).getTime() <= now.getTime();

/** A day's times counted: closed, places left, sold; and its state. `slots` are that day's. */
export function summarizeDay(date: string, slots: readonly EditorSlot[], now: Date): DaySummary {
  const started = slots.filter((s) => hasStarted(s, now));
  const future = slots.filter((s) => !hasStarted(s, now));
  const open = future.filter((s) => !s.closed);
  const left = open.reduce((n, s) => n + Math.max(0, s.capacity - s.taken), 0);
  const state: DayState =
    slots.length === 0
      ? 'none'
      : future.length === 0
        ? 'past'
        : open.length === 0
          ? 'closed'
          : left === 0
            ? 'sold-out'
            : open.length < future.length
              ? 'some-closed'
              : 'open';
  return {
    date,
    slots: [...slots],
    started,
    future,
    closed: slots.filter((s) => s.closed).length,
    left,
    taken: slots.reduce((n, s) => n + s.taken, 0),
    state,
  };
}

export const timesWord = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/** '15 times · 3 closed · 120 left'; a day that has passed: '15 times · 480 sold'. */
export function summaryText(day: DaySummary): string {
  if (day.slots.length === 0) return 'No times';
  if (day.state === 'past') return `${timesWord(day.slots.length)} · ${day.taken} sold`;
  return [timesWord(day.slots.length), day.closed > 0 && `${day.closed} closed`, `${day.left} left`]
    .filter(Boolean)
    .join(' · ');
}

/** The month's days by Rome date, each with its summary (days without times included). */
export function monthSummaries(
  month: string,
  slots: readonly EditorSlot[],
  now: Date,
): Map<string, DaySummary> {
  const byDay = new Map(slotsByDay(slots).map((d) => [d.date, d.slots]));
  const out = new Map<string, DaySummary>();
  for (const week of monthWeeks(month))
    for (const date of week) if (date) out.set(date, summarizeDay(date, byDay.get(date) ?? [], now));
  return out;
}

/** The availability settings as the form holds them (numbers as typed). */
export type SettingsDraft = {
  kind: AvailabilityType | '';
  cutoff: string;
  cancelCutoff: string;
  infants: boolean;
  passHours: string;
  validityDays: string;
  dailyCap: string;
};

const numberText = (n: number | null) => (n === null ? '' : String(n));
const orNull = (s: string) => (s.trim() === '' ? null : Number(s));

export const settingsDraftOf = (s: AvailabilitySettings): SettingsDraft => ({
  kind: s.availability_type ?? '',
  cutoff: String(s.cutoff_minutes),
  cancelCutoff: String(s.cancel_cutoff_hours),
  infants: s.infants_take_place,
  passHours: numberText(s.pass_hours),
  validityDays: numberText(s.validity_days),
  dailyCap: numberText(s.daily_cap),
});

/** What PUT .../availability/ is sent for a draft: the pass rules only for a pass. */
export const settingsBody = (d: SettingsDraft): AvailabilitySettingsBody => ({
  availability_type: d.kind === '' ? null : d.kind,
  cutoff_minutes: Number(d.cutoff || 0),
  cancel_cutoff_hours: Number(d.cancelCutoff || 0),
  infants_take_place: d.infants,
  pass_hours: d.kind === 'PASS' ? orNull(d.passHours) : null,
  validity_days: d.kind === 'PASS' ? orNull(d.validityDays) : null,
  daily_cap: d.kind === 'PASS' ? orNull(d.dailyCap) : null,
});

export const sameSettings = (a: SettingsDraft, b: SettingsDraft) =>
  JSON.stringify(settingsBody(a)) === JSON.stringify(settingsBody(b));

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
export const bulkSlots = (packageTag: string, body: BulkBody) =>
  call('POST /api/editor/packages/:packageTag/slots/bulk/', { params: { packageTag }, body });
export const updateSlot = (id: string, body: ApiBody<'PATCH /api/editor/slots/:id/'>) =>
  call('PATCH /api/editor/slots/:id/', { params: { id }, body });
export const deleteSlot = (id: string) => call('DELETE /api/editor/slots/:id/', { params: { id } });

/** After a change: the editor's months and the ticket page's times are read again. */
export const refreshAvailability = (client: QueryClient, packageTag: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['editor-availability', packageTag] }),
    client.invalidateQueries({ queryKey: ['availability', packageTag] }),
  ]);
