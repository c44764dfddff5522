/**
 * OCTO availability from the shop's inventory: the same slots, holds and places the web shop sells
 * from (modules/inventory), so a reseller sees what a visitor sees. An availability's id is its Rome
 * local start with the offset ('2026-12-05T09:30:00+01:00'), as OCTO suppliers commonly name them.
 */

import { type Availability, type AvailabilityCalendar, AvailabilityStatus } from '@octocloud/types';
import {
  addDays,
  FEW_LEFT,
  isRomeDate,
  romeInstant,
  romeLocalIso,
  romeParts,
  romeToday,
  slotStatus,
} from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slots } from '../../db/schema';
import { type SlotRow, slotsBetween } from '../orders/slots';
import { badRequest, invalidAvailability } from './errors';
import { type Capabilities, isFreesale, type PackageRow, sellsSlots, unitPricing } from './products';

/** The longest range one availability call may ask for (as the web's slot calls). */
const MAX_RANGE_DAYS = 370;
/** The shop stores no durations: a timed availability is shown as lasting an hour. */
const TIMED_LENGTH_MS = 3_600_000;

type Status = 'AVAILABLE' | 'FREESALE' | 'SOLD_OUT' | 'LIMITED' | 'CLOSED';
export type Query = {
  localDateStart?: string;
  localDateEnd?: string;
  availabilityIds?: string[];
  /** Places the reseller wants (adults and youths, and infants where the package counts them). */
  places?: number;
  /** The people asked, for a combo whose parts count infants each by their own rule (decision 072). */
  counts?: { adults: number; youths: number; infants: number };
};

const utc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const dayStart = (date: string) => romeInstant(date, '00:00')!;
/** How OCTO's HH:MM hours write a day's end (its next midnight): the day's last minute (decision 046). */
const DAY_END = '23:59';

/**
 * The opening hours of an OPENING_HOURS availability (OCTO wants at least one entry): from its Rome
 * start (a day entry's opening time, or midnight) to its end. The shop stores no closing times, so a
 * day is open until its end.
 */
function openingHoursOf(start: Date, end: Date): { from: string; to: string }[] {
  const from = romeParts(start);
  const to = romeParts(end);
  return [{ from: from.time, to: to.date === from.date ? to.time : DAY_END }];
}

function slotAvailability(
  pkg: PackageRow,
  slot: SlotRow & { taken: number },
  caps: Capabilities,
  now: Date,
  places: number,
): Availability {
  const { status, remaining } = slotStatus(slot, pkg.cutoffMinutes, now);
  const octo: Status = status === 'PAST' ? 'CLOSED' : status;
  const open = octo === 'AVAILABLE' || octo === 'LIMITED';
  const allDay = pkg.availabilityType === 'OPENING_HOURS';
  const end = allDay
    ? dayStart(addDays(romeParts(slot.startsAt).date, 1))
    : new Date(slot.startsAt.getTime() + TIMED_LENGTH_MS);
  return {
    id: romeLocalIso(slot.startsAt),
    localDateTimeStart: romeLocalIso(slot.startsAt),
    localDateTimeEnd: romeLocalIso(end),
    utcCutoffAt: utc(new Date(slot.startsAt.getTime() - pkg.cutoffMinutes * 60_000)),
    allDay,
    available: open && places <= remaining,
    status: AvailabilityStatus[octo],
    vacancies: remaining,
    capacity: slot.capacity,
    maxUnits: null,
    openingHours: allDay ? openingHoursOf(slot.startsAt, end) : [],
    ...(caps.pricing ? { unitPricing: unitPricing(pkg) } : {}),
  };
}

/** A whole Rome day of an open-dated or date-listed product: no capacity to count. */
export function dayAvailability(pkg: PackageRow, date: string, caps: Capabilities): Availability {
  const start = dayStart(date);
  const end = dayStart(addDays(date, 1));
  return {
    id: romeLocalIso(start),
    localDateTimeStart: romeLocalIso(start),
    localDateTimeEnd: romeLocalIso(end),
    utcCutoffAt: utc(end),
    allDay: true,
    available: true,
    status: AvailabilityStatus.FREESALE,
    vacancies: null,
    capacity: null,
    maxUnits: null,
    openingHours: openingHoursOf(start, end),
    ...(caps.pricing ? { unitPricing: unitPricing(pkg) } : {}),
  };
}

/** The Rome dates a query covers: [start, end], checked (never before today, at most a year). */
export function queryRange(q: Query, now: Date): { from: string; to: string } {
  let from = q.localDateStart;
  let to = q.localDateEnd;
  // OCTO asks for either a date range or availability ids, never both.
  if (q.availabilityIds?.length && (from !== undefined || to !== undefined))
    throw badRequest('Send either localDateStart and localDateEnd, or availabilityIds, not both');
  if (q.availabilityIds?.length) {
    const dates = q.availabilityIds.map((id) => {
      const at = new Date(id);
      if (Number.isNaN(at.getTime())) throw invalidAvailability(id);
      return romeParts(at).date;
    });
    // ISO dates sort as text.
    dates.sort();
    from = dates[0];
    to = dates[dates.length - 1];
  }
  if (!from || !to) throw badRequest('localDateStart and localDateEnd, or availabilityIds, are required');
  if (!isRomeDate(from) || !isRomeDate(to)) throw badRequest('Dates are YYYY-MM-DD');
  if (to < from) throw badRequest('localDateEnd must not be before localDateStart');
  if (addDays(from, MAX_RANGE_DAYS) < to) throw badRequest(`At most ${MAX_RANGE_DAYS} days in one call`);
  const today = romeToday(now);
  // A range that starts in the past starts today (ISO dates sort as text).
  return { from: [from, today].sort()[1], to };
}

export function* datesOf(range: { from: string; to: string }): Generator<string> {
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) yield d;
}

/** The availabilities of a product in a range (or of the asked ids), as OCTO's POST /availability. */
export async function availabilities(
  db: Db,
  pkg: PackageRow,
  q: Query,
  caps: Capabilities,
  now: Date,
): Promise<Availability[]> {
  const range = queryRange(q, now);
  let out: Availability[];
  if (sellsSlots(pkg)) {
    if (range.to < range.from) return [];
    const rows = await slotsBetween(db, pkg.id, range, now);
    out = rows.map((r) => slotAvailability(pkg, r, caps, now, q.places ?? 0));
  } else if (isFreesale(pkg)) {
    out = [...datesOf(range)].map((d) => dayAvailability(pkg, d, caps));
  } else {
    const listed = new Set(pkg.dates);
    out = [...datesOf(range)].filter((d) => listed.has(d)).map((d) => dayAvailability(pkg, d, caps));
  }
  if (q.availabilityIds?.length) {
    const wanted = new Set(q.availabilityIds.map((id) => new Date(id).getTime()));
    out = out.filter((a) => wanted.has(new Date(a.id).getTime()));
  }
  return out;
}

/** How a product's availabilities are listed: `availabilities`, or a combo's (packages.ts, decision 072). */
type Lister = (db: Db, pkg: PackageRow, q: Query, caps: Capabilities, now: Date) => Promise<Availability[]>;

/** Per Rome date of a range, what a reseller's calendar shows (OCTO's POST /availability/calendar). */
export async function calendar(
  db: Db,
  pkg: PackageRow,
  q: Query,
  caps: Capabilities,
  now: Date,
  list: Lister = availabilities,
): Promise<AvailabilityCalendar[]> {
  const range = queryRange({ ...q, availabilityIds: undefined }, now);
  const listed = await list(db, pkg, { ...q, availabilityIds: undefined }, caps, now);
  const byDate = new Map<string, Availability[]>();
  for (const a of listed) {
    const date = a.localDateTimeStart.slice(0, 10);
    byDate.set(date, [...(byDate.get(date) ?? []), a]);
  }
  return [...datesOf(range)].map((localDate) => {
    const day = byDate.get(localDate) ?? [];
    const freesale = day.some((a) => a.status === 'FREESALE');
    const open = day.filter((a) => a.available);
    const vacancies = freesale ? null : open.reduce((n, a) => n + (a.vacancies ?? 0), 0);
    const status: Status = freesale
      ? 'FREESALE'
      : open.length > 0
        ? (vacancies ?? 0) <= FEW_LEFT
          ? 'LIMITED'
          : 'AVAILABLE'
        : day.some((a) => a.status === 'SOLD_OUT')
          ? 'SOLD_OUT'
          : 'CLOSED';
    return {
      localDate,
      available: open.length > 0,
      status: AvailabilityStatus[status],
      vacancies,
      capacity: freesale ? null : day.reduce((n, a) => n + (a.capacity ?? 0), 0),
      openingHours: hoursOfDay(day),
      ...(caps.pricing ? { unitPricingFrom: unitPricing(pkg) } : {}),
    };
  });
}

/** The opening hours of a day's availabilities, each period once, in order. */
function hoursOfDay(day: Availability[]): { from: string; to: string }[] {
  const seen = new Map<string, { from: string; to: string }>();
  for (const h of day.flatMap((a) => a.openingHours)) seen.set(`${h.from}-${h.to}`, h);
  return [...seen.values()].sort((a, b) => a.from.localeCompare(b.from));
}

/**
 * What a booking's availabilityId names: a slot (sold from slots), a listed date, or a day of an
 * open-dated product. Throws INVALID_AVAILABILITY_ID for anything else.
 */
export async function resolveAvailability(
  db: Db,
  pkg: PackageRow,
  availabilityId: string | undefined,
  now: Date,
): Promise<{ slot: SlotRow | null; date: string | null }> {
  const freesale = isFreesale(pkg);
  if (!availabilityId) {
    if (freesale) return { slot: null, date: null };
    throw invalidAvailability('', 'This product needs an availabilityId');
  }
  const at = new Date(availabilityId);
  if (availabilityId.length > 40 || Number.isNaN(at.getTime())) throw invalidAvailability(availabilityId);
  if (sellsSlots(pkg)) {
    const [slot] = await db
      .select()
      .from(slots)
      .where(and(eq(slots.packageId, pkg.id), eq(slots.startsAt, at)));
    if (!slot) throw invalidAvailability(availabilityId);
    return { slot, date: romeParts(slot.startsAt).date };
  }
  const date = romeParts(at).date;
  if (romeLocalIso(dayStart(date)) !== romeLocalIso(at) || date < romeToday(now))
    throw invalidAvailability(availabilityId);
  if (freesale) return { slot: null, date: null };
  if (!pkg.dates.includes(date)) throw invalidAvailability(availabilityId);
  return { slot: null, date };
}

/** The availability object a booking shows (null for an open-dated one). */
export async function bookingAvailability(
  db: Db,
  pkg: PackageRow,
  order: { slotId: string | null; selectedDate: string | null },
  caps: Capabilities,
  now: Date,
): Promise<Availability | null> {
  if (order.slotId) {
    const rows = await db.select().from(slots).where(eq(slots.id, order.slotId));
    if (!rows[0]) return null;
    const [withTaken] = await slotsBetween(
      db,
      pkg.id,
      { from: romeParts(rows[0].startsAt).date, to: romeParts(rows[0].startsAt).date },
      now,
    ).then((list) => list.filter((s) => s.id === order.slotId));
    return withTaken ? slotAvailability(pkg, withTaken, caps, now, 0) : null;
  }
  return order.selectedDate ? dayAvailability(pkg, order.selectedDate, caps) : null;
}
