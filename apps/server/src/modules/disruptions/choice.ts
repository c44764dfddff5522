/**
 * The buyer's side of a closure (decision 059): what the ticket link shows (why, the remedies offered,
 * the times to move to) and the one choice it takes. A choice runs under the order's and the
 * disruption row's locks, so a second try, a double click or a race with a cancellation finds the
 * first one made and is refused.
 */
import {
  DISRUPTION_MESSAGES,
  type DisruptionReason,
  type DisruptionRemedy,
  ERROR_CODES,
  formatRomeDateTime,
  type Locale,
  romeParts,
  slotStatus,
  type TicketDisruption,
} from '@rome/contract';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { disruptionOrders, disruptions, orders, packages, slots, ticketQrSources } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { checkMove } from '../orders/hold';
import { markRefunded, type RefundDeps, settleRefund, visitText } from '../orders/refunds';
import { placesTaken } from '../orders/slots';
import { type OrderRow, orderLocale } from '../orders/state';
import { reissueTicket, ticketQrTextFor } from '../orders/ticket-issue';
import type { TicketFacts } from '../orders/ticket-link';
import { disruptionMessage } from './notice';
import { offeredRemedies } from './service';

export type ChoiceDeps = RefundDeps & { secret: string };

/** The order's latest disruption row (an unanswered one first) with its disruption and package. */
async function latestDisruption(db: Db, orderId: string, lock = false) {
  const q = db
    .select({
      row: disruptionOrders,
      d: disruptions,
      availabilityType: packages.availabilityType,
    })
    .from(disruptionOrders)
    .innerJoin(disruptions, eq(disruptions.id, disruptionOrders.disruptionId))
    .innerJoin(orders, eq(orders.id, disruptionOrders.orderId))
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(disruptionOrders.orderId, orderId))
    .orderBy(sql`${disruptionOrders.choice} IS NULL DESC`, desc(disruptions.createdAt))
    .limit(1);
  const [found] = lock ? await q.for('update', { of: disruptionOrders }) : await q;
  return found ?? null;
}

/**
 * Open times of the order's product, other than its own, with room for its places: the 20 nearest to
 * the closed time (a buyer of a closed afternoon wants that day's morning or the next day, not the
 * first free time weeks before), in order.
 */
async function timesToMoveTo(db: Db, order: OrderRow, around: Date | null, locale: Locale, now: Date) {
  const [pkg] = await db.select().from(packages).where(eq(packages.id, order.packageId));
  if (!pkg) return [];
  const rows = await db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.packageId, order.packageId),
        eq(slots.closed, false),
        gt(slots.startsAt, new Date(now.getTime() + pkg.cutoffMinutes * 60_000)),
        order.slotId ? ne(slots.id, order.slotId) : undefined,
      ),
    )
    .orderBy(
      around
        ? sql`abs(extract(epoch from ${slots.startsAt} - ${around.toISOString()}::timestamptz))`
        : asc(slots.startsAt),
    )
    .limit(60);
  const taken = await placesTaken(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows
    .map((r) => ({ r, s: slotStatus({ ...r, taken: taken.get(r.id) ?? 0 }, pkg.cutoffMinutes, now) }))
    .filter(({ s }) => (s.status === 'AVAILABLE' || s.status === 'LIMITED') && s.remaining >= order.places)
    .slice(0, 20)
    .sort((a, b) => a.r.startsAt.getTime() - b.r.startsAt.getTime())
    .map(({ r, s }) => ({ id: r.id, when: formatRomeDateTime(r.startsAt, locale), remaining: s.remaining }));
}

/** When the closed time the order was on starts (null when its slot is gone). */
async function closedStart(db: Db, slotId: string | null): Promise<Date | null> {
  const [slot] = slotId
    ? await db.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, slotId))
    : [];
  return slot?.startsAt ?? null;
}

/** What the ticket link shows of a closure; null when the ticket was never affected by one. */
export async function ticketDisruption(
  db: Db,
  ticket: TicketFacts,
  now = new Date(),
): Promise<TicketDisruption | null> {
  const found = await latestDisruption(db, ticket.orderId);
  if (!found) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, ticket.orderId));
  const locale = orderLocale(order);
  const reason = found.d.reason as DisruptionReason;
  const remedies = offeredRemedies(found.d.remedies, found.availabilityType);
  const open = found.row.choice === null && order.status === 'paid';
  const closed = await closedStart(db, found.row.slotId);
  const when = closed ? visitText(closed, null, locale) : '';
  return {
    reason,
    message: disruptionMessage(locale, reason, ticket.title, when, found.d.note),
    remedies: open ? remedies : [],
    // A ticket refunded another way (the superuser, its own cancel) shows as refunded.
    choice: (found.row.choice as DisruptionRemedy | null) ?? (order.status === 'refunded' ? 'refund' : null),
    slots: open && remedies.includes('move') ? await timesToMoveTo(db, order, closed, locale, now) : [],
  };
}

/**
 * Makes the buyer's one choice. Refund: the existing refund path (money back through the provider,
 * a gift card's part to the card; a reseller's booking is cancelled and the reseller refunds its
 * customer). Move: the places move to the new slot under its lock, in the transaction that records the
 * choice. Keep: the ticket becomes open-dated. Move and keep give the ticket a new code and QR.
 */
export async function chooseRemedy(
  deps: ChoiceDeps,
  ticket: TicketFacts,
  input: { choice: DisruptionRemedy; slot_id?: string },
  now = new Date(),
): Promise<{ message: string; disruption: TicketDisruption }> {
  if (input.choice === 'move' && !input.slot_id) throw badRequest(DISRUPTION_MESSAGES.chooseSlot);
  const refundId = await deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const [order] = await t.select().from(orders).where(eq(orders.id, ticket.orderId)).for('update');
    const found = await latestDisruption(t, ticket.orderId, true);
    if (!order || !found)
      throw new HttpError(404, { error: DISRUPTION_MESSAGES.noDisruption, code: ERROR_CODES.notFound });
    if (found.row.choice !== null || order.status !== 'paid')
      throw conflict(DISRUPTION_MESSAGES.alreadyChosen, ERROR_CODES.orderState);
    if (!offeredRemedies(found.d.remedies, found.availabilityType).includes(input.choice))
      throw badRequest(DISRUPTION_MESSAGES.notOffered);
    let refunded: string | null = null;
    if (input.choice === 'refund') {
      // A reseller's booking has no payment here: the reseller refunds its customer (decision 059).
      const byReseller = order.resellerId ? { refundId: `octo:${order.resellerId}` } : {};
      refunded = (await markRefunded(t, order, 'disruption', { now, ...byReseller })).id;
    } else {
      await changeTicket(t, deps, order, input.choice === 'move' ? input.slot_id! : null, now);
    }
    await t
      .update(disruptionOrders)
      .set({ choice: input.choice, chosenAt: now })
      .where(
        and(
          eq(disruptionOrders.disruptionId, found.row.disruptionId),
          eq(disruptionOrders.orderId, order.id),
        ),
      );
    return refunded;
  });
  if (refundId) await settleRefund(deps, refundId);
  const message =
    input.choice === 'refund'
      ? DISRUPTION_MESSAGES.refunded
      : input.choice === 'move'
        ? DISRUPTION_MESSAGES.moved
        : DISRUPTION_MESSAGES.kept;
  return { message, disruption: (await ticketDisruption(deps.db, ticket, now))! };
}

/**
 * Moves the order to `slotId` (null: open-dated) and reissues its ticket (decision 034): the old code
 * and QR are refused from now on. The new slot must be the same product's, open, with room.
 */
async function changeTicket(tx: Db, deps: ChoiceDeps, order: OrderRow, slotId: string | null, now: Date) {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, order.packageId));
  let place: { slotId: string | null; selectedDate: string | null } = { slotId: null, selectedDate: null };
  if (slotId) {
    const [slot] = await tx.select().from(slots).where(eq(slots.id, slotId));
    if (!slot || slot.packageId !== order.packageId || slot.id === order.slotId)
      throw badRequest(DISRUPTION_MESSAGES.chooseSlot);
    await checkMove(tx, pkg, order.id, slot, order.places, now);
    place = { slotId: slot.id, selectedDate: romeParts(slot.startsAt).date };
  }
  const issued = reissueTicket(order, deps.secret, now);
  await tx
    .update(orders)
    .set({ ...place, ...issued.columns, updatedAt: now })
    .where(eq(orders.id, order.id));
  if (issued.qrKey) {
    // The new QR's text, signed with the new revision, read through the transaction.
    const qrText = await ticketQrTextFor(
      { db: deps.db, publicUrl: deps.publicUrl, signingSecret: deps.secret, reader: tx },
      issued.code,
      { orderId: order.id },
    );
    await tx.insert(ticketQrSources).values({ fileKey: issued.qrKey, qrText });
  }
}
