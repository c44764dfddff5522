/**
 * Slots and the places they have left. Places taken are summed from the orders that bought them
 * (paid) or hold them (pending, hold not yet run out): nothing to sweep when a hold runs out, and no
 * counter that can drift from the orders. Every hold first locks the slot's row, so two buyers of the
 * last place, on one instance or several, are served one after the other.
 */
import {
  addDays,
  type EditorSlot,
  romeInstant,
  romeParts,
  romeToday,
  type Slot,
  slotStatus,
} from '@rome/contract';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orders, packages, slots, waitlistEntries } from '../../db/schema';

export type SlotRow = typeof slots.$inferSelect;

/**
 * Orders whose places count against their slot at `now`: bought, or held and not run out. The rule is
 * the database's `order_holds_places` (migration 0013), which the one-statement hold
 * (`hold_slot_places`) asks too: written once, so a count and a hold cannot disagree (decision 031).
 */
export const holdsPlaces = (now: Date) =>
  sql`order_holds_places(${orders.status}, ${orders.holdExpiresAt}, ${now})`;

/**
 * Places taken per slot at `now` (slots without any are absent): the orders that hold places, and the
 * waiting list's open offers (decision 063; `waitlist_offer_holds`, migration 0027), which hold theirs
 * for the one buyer with the offer's link. `except` leaves one order out.
 */
export async function placesTaken(
  db: Db,
  slotIds: string[],
  now: Date,
  except?: string,
): Promise<Map<string, number>> {
  if (slotIds.length === 0) return new Map();
  const held = db
    .select({ slotId: sql<string>`${orders.slotId}`.as('slot_id'), places: orders.places })
    .from(orders)
    .where(
      and(
        inArray(orders.slotId, slotIds),
        holdsPlaces(now),
        except ? sql`${orders.id} <> ${except}` : undefined,
      ),
    );
  const offered = db
    .select({ slotId: sql<string>`${waitlistEntries.slotId}`.as('slot_id'), places: waitlistEntries.places })
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.slotId, slotIds),
        sql`waitlist_offer_holds(${waitlistEntries.status}, ${waitlistEntries.offerExpiresAt}, ${now})`,
      ),
    );
  const all = unionAll(held, offered).as('held');
  const rows = await db
    .select({ slotId: all.slotId, taken: sql<string>`coalesce(sum(${all.places}), 0)` })
    .from(all)
    .groupBy(all.slotId);
  return new Map(rows.map((r) => [r.slotId as string, Number(r.taken)]));
}

/** The default range a buyer sees: today and 60 days on (Rome dates). */
/** The refusal of a range `dateRange` does not take. */
export const RANGE_MESSAGE = 'The date range must run forwards and span at most 370 days.';

export function dateRange(
  query: { from?: string; to?: string },
  now = new Date(),
): { from: string; to: string } | null {
  const from = query.from ?? romeToday(now);
  const to = query.to ?? addDays(from, 60);
  if (to < from || addDays(from, 370) < to) return null;
  return { from, to };
}

/** A package's slots whose Rome date is within [from, to], in time order, with places taken. */
export async function slotsBetween(
  db: Db,
  packageId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<(SlotRow & { taken: number })[]> {
  // Rome midnight of `from` to Rome midnight after `to` (midnight always exists in Rome).
  const start = romeInstant(range.from, '00:00')!;
  const end = romeInstant(addDays(range.to, 1), '00:00')!;
  const rows = await db
    .select()
    .from(slots)
    .where(and(eq(slots.packageId, packageId), gte(slots.startsAt, start), lt(slots.startsAt, end)))
    .orderBy(asc(slots.startsAt));
  const taken = await placesTaken(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((r) => ({ ...r, taken: taken.get(r.id) ?? 0 }));
}

/** A slot as the buyer's ticket page shows it. */
export function publicSlot(row: SlotRow & { taken: number }, cutoffMinutes: number, now: Date): Slot {
  const { date, time } = romeParts(row.startsAt);
  const { status, remaining } = slotStatus(row, cutoffMinutes, now);
  return { id: row.id, starts_at: row.startsAt.toISOString(), date, time, remaining, status };
}

export function editorSlot(row: SlotRow & { taken: number }, cutoffMinutes: number, now: Date): EditorSlot {
  return {
    ...publicSlot(row, cutoffMinutes, now),
    capacity: row.capacity,
    taken: row.taken,
    closed: row.closed,
  };
}

/** Rome dates that have an open slot still to come, per package (the spec's `dates` of such packages). */
export async function openSlotDates(db: Db, now: Date): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ packageId: slots.packageId, startsAt: slots.startsAt, cutoff: packages.cutoffMinutes })
    .from(slots)
    .innerJoin(packages, eq(packages.id, slots.packageId))
    .where(and(gte(slots.startsAt, now), eq(slots.closed, false)))
    .orderBy(asc(slots.startsAt));
  const out = new Map<number, string[]>();
  for (const r of rows) {
    // Within the booking cut-off the slot no longer sells, so its day is offered only for later slots.
    if (r.startsAt.getTime() - r.cutoff * 60_000 <= now.getTime()) continue;
    const date = romeParts(r.startsAt).date;
    const list = out.get(r.packageId) ?? [];
    if (list[list.length - 1] !== date) list.push(date);
    out.set(r.packageId, list);
  }
  return out;
}

/** Locks a slot's row for the rest of the transaction (the queue for its last places). */
export async function lockSlot(tx: Db, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(slots).where(eq(slots.id, slotId)).for('update');
  return row;
}
