/**
 * Inventory: what a package sells against. The kinds follow the OCTO standard's availability types:
 *
 * - START_TIME: timed departures or entries (a night tour at 21:00, a museum slot every 30 minutes).
 * - OPENING_HOURS: day entry; one slot per day (its start is the opening time) with the day's capacity.
 * - PASS: open-dated passes (hop-on hop-off 24/48/72 h), valid from first use within a validity window;
 *   OCTO's "freesale". An optional daily cap limits how many are sold per Rome day.
 * - null: the spec's behaviour, unchanged: the package's `dates` (or none), no limit.
 *
 * Places: adults and youths take one place each, infants none unless the package says they do.
 */
import type { Refusal } from './endpoint';
import { addDays, formatRomeDate, isRomeDate, ROME_TZ, weekday } from './rome-time';

export const AVAILABILITY_TYPES = ['START_TIME', 'OPENING_HOURS', 'PASS'] as const;
export type AvailabilityType = (typeof AVAILABILITY_TYPES)[number];

/** Whether a package of this kind sells from slots (per date and time, with a capacity). */
export const usesSlots = (type: AvailabilityType | null): type is 'START_TIME' | 'OPENING_HOURS' =>
  type === 'START_TIME' || type === 'OPENING_HOURS';

/** How long an unpaid checkout keeps its places, unless configured (HOLD_MINUTES). */
export const DEFAULT_HOLD_MINUTES = 15;
/** At most this many slots in one recurring step (a year of a slot every 30 minutes is ~10,000). */
export const MAX_SLOTS_PER_STEP = 5000;
/** A slot with this many places left or fewer shows 'N left'. */
export const FEW_LEFT = 10;

export const SLOT_STATUSES = ['AVAILABLE', 'LIMITED', 'SOLD_OUT', 'CLOSED', 'PAST'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

export const INVENTORY_MESSAGES = {
  chooseTime: /*i18n*/ 'Please choose a time.',
  slotUnknown: /*i18n*/ 'The selected time is not available.',
  slotClosed: /*i18n*/ 'The selected time is closed.',
  slotPast: /*i18n*/ 'The selected time can no longer be booked.',
  soldOut: /*i18n*/ 'Sold out',
  dailyCapReached: /*i18n*/ 'Sold out for today.',
  cancelAfterCutoff: /*i18n*/ 'This ticket can no longer be cancelled: the cancellation deadline has passed.',
  cancelClaimed: /*i18n*/ 'This ticket has already been used and cannot be cancelled.',
  cancelNotPaid: /*i18n*/ 'Only a paid ticket can be cancelled.',
  refunded: /*i18n*/ 'This ticket was refunded and cannot be used.',
  alreadyRefunded: /*i18n*/ 'This ticket is already refunded.',
  passExpired: /*i18n*/ 'This pass was not used within its validity period and has expired.',
  slotHasOrders: 'This time has bookings and cannot be deleted. Close it instead.',
  slotPastReadOnly: 'This time has passed and can no longer be changed.',
  badRange: 'The end date must not be before the start date.',
  noSlotsMade: 'Choose at least one day of the week and one time.',
  tooManySlots: `At most ${MAX_SLOTS_PER_STEP} times in one step.`,
  bulkWhichDays: 'Name the days: a list of dates, or a day of the week and a month.',
  bulkCapacityNeeded: 'Give the new capacity.',
  bulkCapacityOnly: 'A capacity is given only to change capacities.',
  badTimeRange: 'The last time must not be before the first.',
  badMonth: 'Months are written YYYY-MM.',
} as const;

/** 'Only 3 places left for this time.' (a buyer asked for more than is left). */
export const placesLeftMessage = (left: number): string =>
  left <= 0
    ? INVENTORY_MESSAGES.soldOut
    : `Only ${left} ${left === 1 ? 'place' : 'places'} left for this time.`;

/** placesLeftMessage as a catalogue message (`left` fills it): its English rendering is the same text. */
export const PLACES_LEFT_MESSAGE =
  /*i18n*/ '{left, plural, one {Only # place left for this time.} other {Only # places left for this time.}}';

/** The refusal of a hold larger than what is left: the English as ever, and its words in every language. */
export const placesLeftRefusal = (left: number): Refusal =>
  left <= 0
    ? { error: INVENTORY_MESSAGES.soldOut }
    : { error: placesLeftMessage(left), message_id: PLACES_LEFT_MESSAGE, values: { left } };

/** The refusal to lower a slot's capacity below what it has sold or holds. */
export const capacityBelowSoldMessage = (capacity: number, taken: number): string =>
  `Capacity cannot be ${capacity}: ${taken} ${taken === 1 ? 'place is' : 'places are'} already sold or held.`;

/**
 * What one step does to many slots at once (the editor's month): close them, reopen them, or give them
 * all one capacity. A slot that has started is left as it was and counted; a capacity below what a slot
 * has sold or holds refuses the whole step.
 */
export const SLOT_BULK_ACTIONS = ['close', 'reopen', 'capacity'] as const;
export type SlotBulkAction = (typeof SLOT_BULK_ACTIONS)[number];

/** 'YYYY-MM' with a real month. */
export const isYearMonth = (s: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

/** The Rome dates of a month 'YYYY-MM' that fall on `day` (0 Sunday ... 6 Saturday), in order. */
export function weekdayDatesOfMonth(month: string, day: number): string[] {
  const out: string[] = [];
  if (!isYearMonth(month)) return out;
  for (let date = `${month}-01`; isRomeDate(date) && date.startsWith(month); date = addDays(date, 1)) {
    if (weekday(date) === day) out.push(date);
  }
  return out;
}

const timesWord = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/**
 * What a bulk step did, in a sentence: '12 times closed (3 passed, kept as they were).'
 * `unchanged` are future slots that already were as asked.
 */
export function bulkSlotsMessage(
  action: SlotBulkAction,
  counts: { matched: number; changed: number; unchanged: number; past: number },
  capacity?: number,
): string {
  if (counts.matched === 0) return 'No times on those days.';
  const done = action === 'close' ? 'closed' : action === 'reopen' ? 'reopened' : `set to ${capacity} places`;
  const extras: string[] = [];
  if (counts.unchanged > 0) {
    const already = action === 'close' ? 'closed' : action === 'reopen' ? 'open' : `at ${capacity} places`;
    extras.push(`${counts.unchanged} already ${already}`);
  }
  if (counts.past > 0)
    extras.push(`${counts.past} passed, kept as ${counts.past === 1 ? 'it was' : 'they were'}`);
  return `${timesWord(counts.changed)} ${done}${extras.length ? ` (${extras.join('; ')})` : ''}.`;
}

/**
 * The refusal of a bulk capacity below what a slot has sold or holds: the first such slot named, the
 * others counted, and that nothing changed.
 */
export function bulkCapacityRefusal(
  capacity: number,
  first: { date: string; time: string; taken: number },
  others: number,
): string {
  const taken = `${first.taken} ${first.taken === 1 ? 'place is' : 'places are'}`;
  const more = others > 0 ? ` (and ${timesWord(others)} more)` : '';
  return (
    `Capacity cannot be ${capacity} at ${first.time} on ${formatRomeDate(first.date)}: ${taken} ` +
    `already sold or held${more}. Nothing was changed.`
  );
}

/** How many places an order takes. */
export const placesFor = (
  counts: { adults: number; youths: number; infants: number },
  infantsTakePlace: boolean,
): number => counts.adults + counts.youths + (infantsTakePlace ? counts.infants : 0);

/**
 * How a slot shows to a buyer at `now`. `cutoffMinutes` before its start it stops selling (it shows as
 * past: the buyer can no longer have it).
 */
export function slotStatus(
  slot: { startsAt: Date; capacity: number; taken: number; closed: boolean },
  cutoffMinutes: number,
  now: Date,
): { status: SlotStatus; remaining: number } {
  const remaining = Math.max(0, slot.capacity - slot.taken);
  if (slot.startsAt.getTime() - cutoffMinutes * 60_000 <= now.getTime()) return { status: 'PAST', remaining };
  if (slot.closed) return { status: 'CLOSED', remaining };
  if (remaining <= 0) return { status: 'SOLD_OUT', remaining: 0 };
  return { status: remaining <= FEW_LEFT ? 'LIMITED' : 'AVAILABLE', remaining };
}

/** The label a slot carries on the ticket page: '3 left', 'Sold out', 'Closed', or none. */
export function slotLabel(status: SlotStatus, remaining: number): string {
  switch (status) {
    case 'SOLD_OUT':
      return 'Sold out';
    case 'CLOSED':
      return 'Closed';
    case 'PAST':
      return 'Not available';
    case 'LIMITED':
      return `${remaining} left`;
    default:
      return '';
  }
}

/**
 * Whether a paid ticket may still be cancelled by its buyer at `now`: `cancelCutoffHours` before the
 * slot's start (or before the start of its Rome day for a dated ticket without a slot). An open-dated
 * ticket may be cancelled until it is used.
 */
export function cancellableUntil(
  ticket: { startsAt: Date | null; dayStartsAt: Date | null },
  cancelCutoffHours: number,
): Date | null {
  const start = ticket.startsAt ?? ticket.dayStartsAt;
  return start ? new Date(start.getTime() - cancelCutoffHours * 3_600_000) : null;
}

/** The zone every inventory time is shown in (re-exported for readers of this module). */
export const INVENTORY_TZ = ROME_TZ;
