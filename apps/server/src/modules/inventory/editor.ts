/**
 * What editors do with inventory: a package's availability settings, recurring slots in one step,
 * a slot's capacity or closing, and deleting a slot nobody booked. Every change is in the edit log.
 */
import {
  type AvailabilitySettings,
  addDays,
  type BulkSlots,
  bulkCapacityRefusal,
  bulkSlotsMessage,
  capacityBelowSoldMessage,
  type EditorSlot,
  ERROR_CODES,
  INVENTORY_MESSAGES,
  MAX_SLOTS_PER_STEP,
  OPERATOR_MESSAGES,
  type RecurringSlots,
  romeInstant,
  romeParts,
  weekday,
  weekdayDatesOfMonth,
} from '@rome/contract';
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orders, packages, slots } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { editorSlot, lockSlot, placesTaken } from '../orders/slots';

type PackageRow = typeof packages.$inferSelect;

export async function packageByTag(db: Db, tag: string): Promise<PackageRow> {
  const [pkg] = await db.select().from(packages).where(eq(packages.packageTag, tag));
  if (!pkg) throw notFound('Package not found.');
  return pkg;
}

export const settingsOf = (pkg: PackageRow): AvailabilitySettings => ({
  availability_type: pkg.availabilityType ?? null,
  cutoff_minutes: pkg.cutoffMinutes,
  cancel_cutoff_hours: pkg.cancelCutoffHours,
  infants_take_place: pkg.infantsTakePlace,
  pass_hours: pkg.passHours,
  validity_days: pkg.validityDays,
  daily_cap: pkg.dailyCap,
});

export async function saveSettings(
  db: Db,
  userId: string,
  pkg: PackageRow,
  s: AvailabilitySettings,
): Promise<PackageRow> {
  const [row] = await db
    .update(packages)
    .set({
      availabilityType: s.availability_type,
      cutoffMinutes: s.cutoff_minutes,
      cancelCutoffHours: s.cancel_cutoff_hours,
      infantsTakePlace: s.infants_take_place,
      passHours: s.pass_hours,
      validityDays: s.validity_days,
      dailyCap: s.daily_cap,
      updatedAt: new Date(),
    })
    .where(eq(packages.id, pkg.id))
    .returning();
  await recordEdit(db, {
    userId,
    entity: 'package_availability',
    entityKey: pkg.packageTag,
    before: settingsOf(pkg),
    after: s,
  });
  return row;
}

/** Every Rome (date, time) of a recurring step, as instants; wall times Rome skips are left out. */
export function expandRecurring(step: RecurringSlots): { instants: Date[]; missing: number } {
  const except = new Set(step.except ?? []);
  const days = new Set(step.weekdays);
  const instants: Date[] = [];
  let missing = 0;
  for (let date = step.from; date <= step.to; date = addDays(date, 1)) {
    if (!days.has(weekday(date)) || except.has(date)) continue;
    for (const time of step.times) {
      const at = romeInstant(date, time);
      if (at) instants.push(at);
      else missing++;
      if (instants.length > MAX_SLOTS_PER_STEP) throw badRequest(INVENTORY_MESSAGES.tooManySlots);
    }
  }
  return { instants, missing };
}

export async function addRecurringSlots(
  db: Db,
  userId: string,
  pkg: PackageRow,
  step: RecurringSlots,
): Promise<{ created: number; skipped: number; message: string }> {
  const { instants, missing } = expandRecurring(step);
  let created = 0;
  // In chunks, so a year of slots is a few statements, not thousands.
  for (let i = 0; i < instants.length; i += 500) {
    const rows = await db
      .insert(slots)
      .values(
        instants
          .slice(i, i + 500)
          .map((startsAt) => ({ packageId: pkg.id, startsAt, capacity: step.capacity })),
      )
      .onConflictDoNothing()
      .returning({ id: slots.id });
    created += rows.length;
  }
  const skipped = instants.length - created + missing;
  await recordEdit(db, {
    userId,
    entity: 'slots',
    entityKey: pkg.packageTag,
    before: null,
    after: { ...step, created, skipped },
  });
  const added = `${created} ${created === 1 ? 'time' : 'times'} added`;
  return {
    created,
    skipped,
    message: skipped ? `${added} (${skipped} already existed or do not exist in Rome time).` : `${added}.`,
  };
}

/**
 * Capacity and closing, under the slot's lock: a capacity below what is sold or held is refused. With
 * `folderId` (an operator's console, decision 066) a time of another operator's product is unknown.
 */
export async function updateSlot(
  db: Db,
  userId: string,
  slotId: string,
  change: { capacity?: number; closed?: boolean },
  folderId?: number,
): Promise<{ slot: EditorSlot; message: string; packageId: number }> {
  return db.transaction(async (tx) => {
    const t = txDb(tx);
    const slot = await lockSlot(t, slotId);
    if (!slot) throw notFound('This time does not exist.');
    const [pkg] = await t.select().from(packages).where(eq(packages.id, slot.packageId));
    if (folderId !== undefined && pkg?.folderId !== folderId) throw notFound(OPERATOR_MESSAGES.slotUnknown);
    const now = new Date();
    // A departure that has left is history: its capacity and state are what it sold with.
    if (slot.startsAt <= now) throw conflict(INVENTORY_MESSAGES.slotPastReadOnly, ERROR_CODES.slotPast);
    const taken = (await placesTaken(t, [slot.id], now)).get(slot.id) ?? 0;
    if (change.capacity !== undefined && change.capacity < taken) {
      throw conflict(capacityBelowSoldMessage(change.capacity, taken), 'capacity_below_sold');
    }
    const [row] = await t
      .update(slots)
      .set({ capacity: change.capacity ?? slot.capacity, closed: change.closed ?? slot.closed })
      .where(eq(slots.id, slot.id))
      .returning();
    await recordEdit(t, {
      userId,
      entity: 'slot',
      entityKey: slot.id,
      before: { capacity: slot.capacity, closed: slot.closed },
      after: { capacity: row.capacity, closed: row.closed },
    });
    return {
      slot: editorSlot({ ...row, taken }, pkg?.cutoffMinutes ?? 0, now),
      message: 'Saved.',
      packageId: slot.packageId,
    };
  });
}

export async function deleteSlot(db: Db, userId: string, slotId: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const t = txDb(tx);
    const slot = await lockSlot(t, slotId);
    if (!slot) throw notFound('This time does not exist.');
    if (slot.startsAt <= new Date())
      throw conflict(INVENTORY_MESSAGES.slotPastReadOnly, ERROR_CODES.slotPast);
    const [{ n }] = await t.select({ n: count() }).from(orders).where(eq(orders.slotId, slot.id));
    if (n > 0) throw conflict(INVENTORY_MESSAGES.slotHasOrders, ERROR_CODES.slotHasOrders);
    await t.delete(slots).where(eq(slots.id, slot.id));
    await recordEdit(t, {
      userId,
      entity: 'slot',
      entityKey: slot.id,
      before: { startsAt: slot.startsAt.toISOString(), capacity: slot.capacity },
      after: null,
    });
    return { message: 'Deleted.' };
  });
}

/**
 * One step over many slots (the editor's month): close, reopen, or one capacity for every slot on the
 * named Rome days (a list, or a weekday of a month), optionally within a range of Rome times. All or
 * nothing in one transaction that locks the slots: each is judged as `updateSlot` judges one (a slot
 * that has started is left and counted; a capacity below what a slot sold or holds refuses the step,
 * naming it, and nothing changes).
 */
export async function bulkSlots(
  db: Db,
  userId: string,
  pkg: PackageRow,
  step: BulkSlots,
): Promise<{ matched: number; changed: number; unchanged: number; past: number; message: string }> {
  const days = [...new Set(step.dates ?? weekdayDatesOfMonth(step.month ?? '', step.weekday ?? -1))].sort();
  const counts = { matched: 0, changed: 0, unchanged: 0, past: 0 };
  if (days.length === 0) return { ...counts, message: bulkSlotsMessage(step.action, counts, step.capacity) };
  const wanted = new Set(days);
  // Rome midnight of the first day to Rome midnight after the last (midnight always exists in Rome).
  const start = romeInstant(days[0], '00:00')!;
  const end = romeInstant(addDays(days[days.length - 1], 1), '00:00')!;

  return db.transaction(async (tx) => {
    const t = txDb(tx);
    const rows = await t
      .select()
      .from(slots)
      .where(and(eq(slots.packageId, pkg.id), gte(slots.startsAt, start), lt(slots.startsAt, end)))
      .orderBy(asc(slots.id))
      .for('update');
    const matched = rows
      .map((row) => ({ row, ...romeParts(row.startsAt) }))
      .filter(
        (s) =>
          wanted.has(s.date) &&
          (!step.time_from || s.time >= step.time_from) &&
          (!step.time_to || s.time <= step.time_to),
      )
      .sort((a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime());
    const now = new Date();
    // A departure that has left is history: kept as it sold.
    const future = matched.filter((s) => s.row.startsAt > now);
    counts.matched = matched.length;
    counts.past = matched.length - future.length;

    if (step.action === 'capacity') {
      const capacity = step.capacity!;
      const taken = await placesTaken(
        t,
        future.map((s) => s.row.id),
        now,
      );
      const refused = future.filter((s) => capacity < (taken.get(s.row.id) ?? 0));
      if (refused.length > 0) {
        const first = refused[0];
        throw conflict(
          bulkCapacityRefusal(
            capacity,
            { date: first.date, time: first.time, taken: taken.get(first.row.id) ?? 0 },
            refused.length - 1,
          ),
          'capacity_below_sold',
        );
      }
    }

    const change =
      step.action === 'capacity'
        ? future.filter((s) => s.row.capacity !== step.capacity)
        : future.filter((s) => s.row.closed !== (step.action === 'close'));
    counts.changed = change.length;
    counts.unchanged = future.length - change.length;
    const ids = change.map((s) => s.row.id);
    if (ids.length > 0) {
      await t
        .update(slots)
        .set(step.action === 'capacity' ? { capacity: step.capacity } : { closed: step.action === 'close' })
        .where(inArray(slots.id, ids));
      await recordEdit(t, {
        userId,
        entity: 'slots',
        entityKey: pkg.packageTag,
        before: change.map((s) => ({ id: s.row.id, capacity: s.row.capacity, closed: s.row.closed })),
        after: { ...step, ...counts },
      });
    }
    return { ...counts, message: bulkSlotsMessage(step.action, counts, step.capacity) };
  });
}
