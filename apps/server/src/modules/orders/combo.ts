/**
 * Combos across operators in the order core (decision 071). A combo's purchase is one order the buyer
 * pays (`is_combo`, no places, no ticket of its own) and one order per part (`combo_order_id`) that
 * holds the part's places in its slot and, once paid, is the part's ticket: its package is the part's,
 * so an operator's agents, the claim page, the agents' app and the operator's console treat it as any
 * ticket of theirs. All parts hold in the buyer's one transaction, or none does; a refund of any of
 * them refunds the whole combo; the strictest part's cancellation rule (or the combo's own) applies.
 */
import { cancellableUntil, comboCancelUntil, placesFor, romeInstant, splitShares } from '@rome/contract';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { comboParts, combos, orders, packages, slots } from '../../db/schema';
import { holdOrder, holdUntil } from './hold';
import type { SlotRow } from './slots';
import { moveOrder, type OrderRow } from './state';
import { packageTitleIn } from './words';

type PackageRow = typeof packages.$inferSelect;

/** A part's own deadline (refunds.ts `cancelDeadline`, which imports this file, has the same rule). */
const cancelDeadline = (o: { selectedDate: string | null }, startsAt: Date | null, hours: number) =>
  cancellableUntil(
    { startsAt, dayStartsAt: o.selectedDate ? romeInstant(o.selectedDate, '00:00') : null },
    hours,
  );
type NewOrder = typeof orders.$inferInsert;

/** The combo's order of a part, joined beside the part's own row. */
const comboOrdersParent = alias(orders, 'combo_parent');

/** A combo's part as a checkout uses it: the part's package and its shares of the combo's prices. */
export type ComboPart = {
  pkg: PackageRow;
  adultShareCents: number;
  youthShareCents: number;
  position: number;
};

/** The parts of combo package `comboPackageId`, in order (none: it is not a combo). */
export async function comboPartsOf(db: Db, comboPackageId: number): Promise<ComboPart[]> {
  const rows = await db
    .select({ part: comboParts, pkg: packages })
    .from(comboParts)
    .innerJoin(packages, eq(packages.id, comboParts.partPackageId))
    .where(eq(comboParts.comboPackageId, comboPackageId))
    .orderBy(asc(comboParts.position));
  return rows.map((r) => ({
    pkg: r.pkg,
    adultShareCents: r.part.adultShareCents,
    youthShareCents: r.part.youthShareCents,
    position: r.part.position,
  }));
}

/**
 * Writes a combo's pending order and its parts' orders, each part holding its places (its slot, a
 * capped pass's day) with the shop's one hold statement. Call inside the buyer's transaction: a part
 * refused (sold out, closed, past) throws and rolls back every part before it, so a combo holds all
 * its places or none. The parts with slots are held in the slots' id order, whatever the combo's
 * order, so two combos racing for the same slots lock them in the same order (no deadlock).
 */
export async function holdComboOrder(
  t: Db,
  order: NewOrder,
  parts: { part: ComboPart; slot: SlotRow | null }[],
  makeUniqueId: () => string,
  now: Date,
  holdMinutes: number,
): Promise<OrderRow> {
  // The combo's own package sells nothing of its own: no slot, no cap, no places.
  const [parent] = await t
    .insert(orders)
    .values({
      ...order,
      isCombo: true,
      places: 0,
      selectedDate: null,
      holdExpiresAt: holdUntil(now, holdMinutes),
    })
    .returning();
  const byLock = [...parts].sort((a, b) => (a.slot?.id ?? '~').localeCompare(b.slot?.id ?? '~'));
  for (const { part, slot } of byLock) {
    const counts = { adults: order.adultCount, youths: order.youthCount, infants: order.infantCount ?? 0 };
    const listCents = part.adultShareCents * counts.adults + part.youthShareCents * counts.youths;
    await holdOrder(
      t,
      part.pkg,
      slot,
      {
        uniqueId: makeUniqueId(),
        userId: order.userId ?? null,
        guestEmail: order.guestEmail ?? null,
        guestTokenHash: order.guestTokenHash ?? null,
        language: order.language,
        holdAddress: order.holdAddress ?? null,
        provider: order.provider,
        // A reseller's package (decision 072): each part is that reseller's ticket, for its channel,
        // its caps on held places and its customer's contact.
        resellerId: order.resellerId ?? null,
        contact: order.contact ?? null,
        unitItems: order.unitItems ?? null,
        packageId: part.pkg.id,
        adultCount: counts.adults,
        youthCount: counts.youths,
        infantCount: counts.infants,
        places: placesFor(counts, part.pkg.infantsTakePlace),
        // The part's shares are its prices on the ticket; what its operator is owed is fixed at payment.
        adultPriceCents: part.adultShareCents,
        youthPriceCents: part.youthShareCents,
        totalCents: listCents,
        comboOrderId: parent.id,
      },
      now,
      holdMinutes,
    );
  }
  return parent;
}

/**
 * Locks the order `where` names for a change that may reach its whole combo (a refund, a closure's
 * answer), in the transaction: a part's combo order first, then the part. Every combo refund takes the
 * combo's lock before its parts' (`closeComboParts`), so a part locked first would deadlock with a
 * refund of the combo made at once elsewhere (the superuser, Stripe); in this order the second waits,
 * then finds the combo refunded. A part's combo never changes, so reading it unlocked first is safe.
 */
export async function lockOrderAndCombo(t: Db, where: SQL): Promise<OrderRow | undefined> {
  const [peek] = await t.select({ comboOrderId: orders.comboOrderId }).from(orders).where(where);
  if (peek?.comboOrderId)
    await t.select({ id: orders.id }).from(orders).where(eq(orders.id, peek.comboOrderId)).for('update');
  const [row] = await t.select().from(orders).where(where).for('update');
  return row;
}

/** A combo order's parts, locked with `lock` (in the transaction), in the combo's order. */
export function comboPartOrders(db: Db, comboOrderId: string, lock = false) {
  const q = db
    .select({ order: orders, pkg: packages, startsAt: slots.startsAt, position: comboParts.position })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .innerJoin(comboOrdersParent, eq(comboOrdersParent.id, orders.comboOrderId))
    .leftJoin(
      comboParts,
      and(
        eq(comboParts.comboPackageId, comboOrdersParent.packageId),
        eq(comboParts.partPackageId, orders.packageId),
      ),
    )
    .where(eq(orders.comboOrderId, comboOrderId))
    .orderBy(asc(comboParts.position), asc(orders.id));
  return lock ? q.for('update', { of: orders }) : q;
}
/**
 * What each part's operator is owed of what the buyer paid for the combo (`grossCents`: the payment
 * plus a gift card's part, after a promo code's discount): split in proportion to the parts' list
 * shares by the contract's `splitShares` (they add up to the total to the cent).
 */
export const partShares = (grossCents: number, parts: Pick<OrderRow, 'totalCents'>[]): number[] =>
  splitShares(
    grossCents,
    parts.map((p) => p.totalCents),
  );

/**
 * When the buyer's right to cancel a combo ends: the earliest of its parts' deadlines, each part's
 * own cut-off, or the combo's own (`combos.cancel_cutoff_hours`) for every part when set.
 */
export async function comboDeadline(db: Db, comboOrderId: string): Promise<Date | null> {
  const [parent] = await db
    .select({ own: combos.cancelCutoffHours })
    .from(orders)
    .leftJoin(combos, eq(combos.packageId, orders.packageId))
    .where(eq(orders.id, comboOrderId));
  const parts = await comboPartOrders(db, comboOrderId);
  return comboCancelUntil(
    parts.map((p) => cancelDeadline(p.order, p.startsAt, parent?.own ?? p.pkg.cancelCutoffHours)),
  );
}

/** Whether a combo may be cancelled by its buyer now: paid, no part used, before its deadline. */
export async function comboCancellable(db: Db, comboOrderId: string, now: Date): Promise<boolean> {
  const [parent] = await db.select().from(orders).where(eq(orders.id, comboOrderId));
  if (parent?.status !== 'paid') return false;
  const parts = await comboPartOrders(db, comboOrderId);
  if (parts.some((p) => p.order.qrCodeScanned || p.order.status !== 'paid')) return false;
  const until = await comboDeadline(db, comboOrderId);
  return until === null || until > now;
}

/**
 * The parts of a combo order that is being refunded or closed go with it, in the same transaction:
 * paid parts are refunded (their places come back; the money moves with the combo's order, so each
 * part's refund is done with it), open parts are closed as the combo's order was.
 */
export async function closeComboParts(
  tx: Db,
  comboOrderId: string,
  event: 'refund' | 'cancel' | 'expire',
  refund?: { reason: string; now: Date },
): Promise<OrderRow[]> {
  const parts = await comboPartOrders(tx, comboOrderId, true);
  const moved: OrderRow[] = [];
  for (const { order } of parts) {
    if (order.status === 'paid' && refund) {
      const row = await moveOrder(tx, order, 'refund', {
        refundReason: refund.reason,
        refundedAt: refund.now,
        refundStatus: 'done',
      });
      if (row) moved.push(row);
    } else if (order.status === 'pending') {
      const row = await moveOrder(tx, order, event === 'refund' ? 'cancel' : event);
      if (row) moved.push(row);
    }
  }
  return moved;
}

/**
 * The combo titles of those of `partOrderIds` that are combo parts, by part order id, each in its
 * order's language (decision 024), as the part's own title is shown beside it.
 */
export async function comboTitlesOfParts(db: Db, partOrderIds: string[]): Promise<Map<string, string>> {
  if (partOrderIds.length === 0) return new Map();
  const rows = await db
    // `packages` is the combo's package here, so this is the combo's title.
    .select({ id: orders.id, title: packageTitleIn(orders.language) })
    .from(orders)
    .innerJoin(comboOrdersParent, eq(comboOrdersParent.id, orders.comboOrderId))
    .innerJoin(packages, eq(packages.id, comboOrdersParent.packageId))
    .where(and(inArray(orders.id, partOrderIds), isNotNull(orders.comboOrderId)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Whether package `packageId` is a combo (has parts). */
export async function isComboPackage(db: Db, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(comboParts)
    .where(eq(comboParts.comboPackageId, packageId))
    .limit(1);
  return row !== undefined;
}
