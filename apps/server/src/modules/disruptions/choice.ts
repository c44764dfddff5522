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
  type TicketDisruption,
} from '@rome/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { disruptionOrders, disruptions, orders, packages, slots } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { comboTitlesOfParts, lockOrderAndCombo } from '../orders/combo';
import {
  markRefunded,
  offerRefundedPlaces,
  type RefundDeps,
  settleRefund,
  visitText,
} from '../orders/refunds';
import { type OrderRow, orderLocale } from '../orders/state';
import type { TicketFacts } from '../orders/ticket-link';
import { moveTicket, openTimesFor } from '../orders/ticket-move';
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
  return (await openTimesFor(db, order, { around, limit: 20 }, now)).map(({ slot, remaining }) => ({
    id: slot.id,
    when: formatRomeDateTime(slot.startsAt, locale),
    remaining,
  }));
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
    // The page warns a part's buyer, before the choice, that a refund takes the whole combo.
    combo: order.comboOrderId ? ((await comboTitlesOfParts(db, [order.id])).get(order.id) ?? null) : null,
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
  const refunded = await deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    // A combo's part: its combo locked first, as a refund of the combo locks them (no deadlock).
    const order = await lockOrderAndCombo(t, eq(orders.id, ticket.orderId));
    const found = await latestDisruption(t, ticket.orderId, true);
    if (!order || !found)
      throw new HttpError(404, { error: DISRUPTION_MESSAGES.noDisruption, code: ERROR_CODES.notFound });
    if (found.row.choice !== null || order.status !== 'paid')
      throw conflict(DISRUPTION_MESSAGES.alreadyChosen, ERROR_CODES.orderState);
    if (!offeredRemedies(found.d.remedies, found.availabilityType).includes(input.choice))
      throw badRequest(DISRUPTION_MESSAGES.notOffered);
    let refunded: OrderRow | null = null;
    if (input.choice === 'refund') {
      // A reseller's booking has no payment here: the reseller refunds its customer (decision 059).
      const byReseller = order.resellerId ? { refundId: `octo:${order.resellerId}` } : {};
      refunded = await markRefunded(t, order, 'disruption', { now, ...byReseller });
    } else {
      await moveTicket(t, deps, order, input.choice === 'move' ? input.slot_id! : null, now, {
        wrongSlot: () => badRequest(DISRUPTION_MESSAGES.chooseSlot),
      });
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
  if (refunded) {
    await settleRefund(deps, refunded.id);
    // The closed time offers nothing; a combo's other parts' times are offered what they got back.
    await offerRefundedPlaces(deps, refunded);
  }
  const message =
    input.choice === 'refund'
      ? DISRUPTION_MESSAGES.refunded
      : input.choice === 'move'
        ? DISRUPTION_MESSAGES.moved
        : DISRUPTION_MESSAGES.kept;
  return { message, disruption: (await ticketDisruption(deps.db, ticket, now))! };
}
