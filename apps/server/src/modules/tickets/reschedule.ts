/**
 * A change of time from the ticket link (decision 067): what the page offers (whether the ticket may
 * move, until when, how many moves are left, the open times with room) and the move itself, on the
 * machinery a closure's move uses (orders/ticket-move.ts): under the order's lock, the places move to
 * the new slot under its lock in the same transaction, the ticket gets a new code and QR, and the new
 * ticket e-mail is queued with them, so a retry finds the move made and sends nothing twice.
 */
import {
  centsToDecimal,
  ERROR_CODES,
  MAX_TICKET_MOVES,
  RESCHEDULE_DAYS,
  RESCHEDULE_MESSAGES,
  type RescheduleOptions,
  romeParts,
} from '@rome/contract';
import { eq } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orders, packages, slots, users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { orderDocuments } from '../orders/invoice-record';
import { ticketMessage } from '../orders/payment';
import { offerFreedSlot, type RefundDeps, settleMoveRefund, visitText } from '../orders/refunds';
import { type OrderRow, orderLocale } from '../orders/state';
import { issueLink, type TicketFacts } from '../orders/ticket-link';
import {
  cheaperColumns,
  lastMove,
  movePrice,
  movesMade,
  moveTicket,
  openTimesFor,
  recordMove,
  rescheduleRefusal,
} from '../orders/ticket-move';
import { orderPackageTitle } from '../orders/words';

export type RescheduleDeps = RefundDeps & { secret: string };

/** The most open times read to make the page's dates (60 days of a product with 20 times a day). */
const TIMES_SEEN = 1200;

/** Why a web ticket may not move, including what the general rule does not know: a reseller's booking. */
async function refusalFor(db: Db, order: OrderRow, pkg: typeof packages.$inferSelect, now: Date) {
  // A reseller's customer changes the time through the reseller (OCTO), which must hear of it first.
  if (order.resellerId) return RESCHEDULE_MESSAGES.reseller;
  return rescheduleRefusal(db, order, pkg, now);
}

/** What the ticket link's 'Change date or time' shows. */
export async function rescheduleOptions(
  db: Db,
  ticket: TicketFacts,
  day?: string,
  now = new Date(),
): Promise<RescheduleOptions> {
  const [row] = await db
    .select({ order: orders, pkg: packages })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, ticket.orderId));
  const reason = await refusalFor(db, row.order, row.pkg, now);
  const made = await movesMade(db, row.order.id);
  const open = reason
    ? []
    : await openTimesFor(
        db,
        row.order,
        { around: null, limit: TIMES_SEEN, until: new Date(now.getTime() + RESCHEDULE_DAYS * 86_400_000) },
        now,
      );
  // A time that costs more than was paid is not offered (decision 067: no second payment).
  const offered = open
    .map(({ slot, remaining }) => ({ slot, remaining, price: movePrice(row.pkg, row.order, slot) }))
    .filter((t) => t.price.refund >= 0)
    .map(({ slot, remaining, price }) => ({
      id: slot.id,
      starts_at: slot.startsAt.toISOString(),
      ...romeParts(slot.startsAt),
      remaining,
      refund: price.refund > 0 ? centsToDecimal(price.refund) : null,
    }));
  const costsMore = !reason && open.length > 0 && offered.length === 0;
  const dates = [...new Set(offered.map((t) => t.date))];
  const date = day && dates.includes(day) ? day : (dates[0] ?? null);
  return {
    allowed: !reason && !costsMore,
    reason: reason ?? (costsMore ? RESCHEDULE_MESSAGES.costsMore : null),
    moves_left: Math.max(0, MAX_TICKET_MOVES - made),
    until: ticket.cancelUntil?.toISOString() ?? null,
    dates,
    date,
    times: offered.filter((t) => t.date === date),
  };
}

/** The buyer's address for the new ticket e-mail: the account's, or the guest's (decision 035). */
async function buyerAddress(db: Db, order: OrderRow): Promise<string | null> {
  if (!order.userId) return order.guestEmail;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  return u?.email ?? null;
}

/**
 * Moves the link's ticket to `slotId`. Under the order's row lock: the rule (refusals as 409 with the
 * buyer's words), the new time (same product, open, room for the places under its lock), its price
 * (a dearer time 409; a cheaper one refunds the difference after the commit through the refund
 * path, settled again by the refund timer if the provider is down), the new code and QR, the move's
 * record, and the new ticket e-mail with one more link. Asked again for the time it was just moved
 * to (a retry after a lost answer), it answers as before and changes and sends nothing.
 */
export async function rescheduleByLink(
  deps: RescheduleDeps,
  ticket: TicketFacts,
  slotId: string,
  now = new Date(),
): Promise<{ message: string; when: string; refund: string | null }> {
  const done = await deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const [order] = await t.select().from(orders).where(eq(orders.id, ticket.orderId)).for('update');
    const [pkg] = await t.select().from(packages).where(eq(packages.id, order.packageId));
    if (order.slotId === slotId && order.status === 'paid') {
      const last = await lastMove(t, order.id);
      if (last?.toSlotId === slotId && last.channel === 'link')
        return { order, moveId: null, refund: last.refundCents + last.giftCardBackCents, fromSlotId: null };
      throw conflict(RESCHEDULE_MESSAGES.sameTime, ERROR_CODES.orderState);
    }
    const refusal = await refusalFor(t, order, pkg, now);
    if (refusal)
      throw conflict(
        refusal,
        refusal === RESCHEDULE_MESSAGES.afterCutoff
          ? ERROR_CODES.cancelCutoff
          : refusal === RESCHEDULE_MESSAGES.used
            ? ERROR_CODES.ticketClaimed
            : ERROR_CODES.orderState,
      );
    const wrongSlot = () => badRequest(RESCHEDULE_MESSAGES.chooseTime);
    const [target] = await t.select().from(slots).where(eq(slots.id, slotId));
    if (!target) throw wrongSlot();
    const price = movePrice(pkg, order, target);
    if (price.refund < 0) throw conflict(RESCHEDULE_MESSAGES.costsMore, ERROR_CODES.orderState);
    // An invoice (decision 061) is credited whole or not at all: its ticket keeps the price it has.
    if (price.refund > 0 && (await orderDocuments(t, order.id)).invoice)
      throw conflict(RESCHEDULE_MESSAGES.invoiced, ERROR_CODES.orderState);
    const moved = await moveTicket(t, deps, order, slotId, now, {
      wrongSlot,
      extra: cheaperColumns(pkg, order, price),
    });
    const moveId = await recordMove(
      t,
      {
        orderId: order.id,
        fromSlotId: order.slotId,
        toSlotId: slotId,
        channel: 'link',
        refundCents: price.toProvider,
        giftCardBackCents: price.toGiftCard,
      },
      now,
    );
    const [after] = await t.select().from(orders).where(eq(orders.id, order.id));
    const to = await buyerAddress(t, after);
    if (to) {
      const [words] = await t
        .select({ title: orderPackageTitle })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.packageId))
        .where(eq(orders.id, order.id));
      await enqueueMail(
        t,
        ticketMessage(deps.publicUrl, {
          to,
          order: after,
          pkg,
          title: words?.title ?? null,
          startsAt: moved.slot?.startsAt ?? null,
          code: moved.code,
          linkToken: await issueLink(t, order.id, now),
          qrKey: moved.qrKey!,
          changed: { refundCents: price.refund },
        }),
      );
    }
    return { order: after, moveId, refund: price.refund, fromSlotId: order.slotId };
  });
  if (done.moveId) await settleMoveRefund(deps, done.moveId);
  // The old time's places are free: its waiting list is offered them (decision 063).
  await offerFreedSlot(deps, done.fromSlotId);
  const [slot] = await deps.db.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, slotId));
  return {
    message: RESCHEDULE_MESSAGES.moved,
    when: visitText(slot?.startsAt ?? null, done.order.selectedDate, orderLocale(done.order)),
    refund: done.refund > 0 ? centsToDecimal(done.refund) : null,
  };
}
