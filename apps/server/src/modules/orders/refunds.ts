/**
 * Cancellations and refunds. A refund is two steps: (1) in one transaction the order becomes
 * 'refunded' (its places return to the slot at once, because only paid and holding orders count), the
 * buyer's e-mail is queued, and the refund is marked pending; (2) the money is given back through the
 * provider with an idempotency key, and the refund marked done. If (2) fails (provider down), the order
 * stays refunded-pending and `settlePendingRefunds` (the shop's own timer, admin CLI `refunds:settle`,
 * and every later refund) finishes it: the buyer never loses the cancellation, and the provider never refunds twice.
 */
import {
  CANCEL_MESSAGES,
  cancellableUntil,
  DEFAULT_LOCALE,
  DEFAULT_WAITLIST_OFFER_MINUTES,
  ERROR_CODES,
  escapeHtml,
  formatEuro,
  formatRomeDate,
  formatRomeDateTime,
  INVENTORY_MESSAGES,
  type Locale,
  ORDER_STATE_MESSAGES,
  orderReference,
  romeInstant,
  TICKET_MESSAGES,
} from '@rome/contract';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, txDb } from '../../db/client';
import { orders, packages, slots, ticketMoves, users } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { conflict, notFound } from '../../lib/errors';
import { repeatEvery } from '../../lib/timing';
import { enqueueMail } from '../../mail/outbox';
import type { PaymentProvider } from '../../payments/provider';
import { closeComboParts, comboCancellable, comboPartOrders, lockOrderAndCombo } from './combo';
import { keepReturnedBalance } from './gift-card';
import { issueCreditNote } from './invoice-record';
import { partlyRefundedCents } from './partial-refunds';
import { moveOrder, type OrderRow, orderLocale } from './state';
import { offerFreedPlacesSoon } from './waitlist';
import { orderPackageTitle } from './words';

/** Who or what refunded: the buyer, a superuser, a late payment for gone places, Stripe, a reseller, a closure. */
export type RefundReason =
  | 'customer'
  | 'superuser'
  | 'sold_out'
  | 'promo_used_up'
  | 'gift_card_spent'
  | 'provider'
  | 'reseller'
  /** The buyer chose their money back after a closure (decision 058). */
  | 'disruption';
export type RefundDeps = {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log?: FastifyBaseLogger;
  /** How long a waiting-list offer of the places a refund frees holds them (decision 063). */
  waitlistOfferMinutes?: number;
};

/** When the buyer's right to cancel ends (null: until used, for an open-dated ticket). */
export function cancelDeadline(
  order: { selectedDate: string | null },
  slotStart: Date | null,
  cancelCutoffHours: number,
): Date | null {
  const dayStart = order.selectedDate ? romeInstant(order.selectedDate, '00:00') : null;
  return cancellableUntil({ startsAt: slotStart, dayStartsAt: dayStart }, cancelCutoffHours);
}

/** Whether the buyer may cancel this order now. */
export function canCancel(
  order: Pick<OrderRow, 'status' | 'qrCodeScanned' | 'selectedDate'>,
  slotStart: Date | null,
  cancelCutoffHours: number,
  now: Date,
): boolean {
  if (order.status !== 'paid' || order.qrCodeScanned) return false;
  const until = cancelDeadline(order, slotStart, cancelCutoffHours);
  return until === null || until > now;
}

/**
 * The buyer's e-mail about a refund, in the order's language (decision 024; English as it was), naming
 * the package by its title in that language (`packageTitle`).
 */
function refundMail(order: OrderRow, packageTitle: string | undefined, when: string, reason: RefundReason) {
  const locale = orderLocale(order);
  const i18n = serverI18n(locale);
  const title = packageTitle ?? i18n._('Your ticket');
  const amount = formatEuro(order.amountPaidCents ?? order.totalCents, locale);
  // The order's reference as the success page, the ticket e-mail and the PDF show it.
  const shortId = orderReference(order.uniqueId);
  const why =
    reason === 'sold_out'
      ? i18n._(
          'Your payment arrived after the places held for you had been released, and the last places had gone meanwhile. We are sorry: nothing was booked, and your payment is refunded in full.',
        )
      : reason === 'promo_used_up'
        ? i18n._(
            'Your payment arrived after the checkout held for you had been released, and the promo code had been used up meanwhile. We are sorry: nothing was booked, and your payment is refunded in full.',
          )
        : reason === 'gift_card_spent'
          ? i18n._(
              'Your payment arrived after the checkout held for you had been released, and the gift card had been spent meanwhile. We are sorry: nothing was booked, and your payment is refunded in full.',
            )
          : reason === 'customer'
            ? i18n._('Your ticket is cancelled as you asked, and your payment is refunded in full.')
            : i18n._('Your ticket has been cancelled and your payment is refunded in full.');
  const subject =
    reason === 'sold_out'
      ? i18n._('Sold out, payment refunded: {title}', { title })
      : reason === 'promo_used_up'
        ? i18n._('Promo code used up, payment refunded: {title}', { title })
        : reason === 'gift_card_spent'
          ? i18n._('Gift card spent, payment refunded: {title}', { title })
          : i18n._('Ticket cancelled and refunded: {title}', { title });
  const refundText = i18n._('Refund: {amount} (Rome Bus Tickets order {order}).', {
    amount,
    order: shortId,
  });
  const refundHtml = i18n._('Refund: {amount} (order {order})', { amount, order: shortId });
  // A gift card's part goes back to the card at once (decision 053), not to the bank card.
  const gift =
    order.giftCardCents > 0 && reason !== 'gift_card_spent'
      ? i18n._('{amount} is back on your gift card.', { amount: formatEuro(order.giftCardCents, locale) })
      : '';
  const card = i18n._('The money reaches your card within 5-10 working days.');
  const giftLine = gift ? `${gift}\n` : '';
  return {
    subject,
    text: `${why}\n\n${title}${when ? `, ${when}` : ''}\n${refundText}\n${giftLine}${card}\n`,
    html: `<p>${escapeHtml(why)}</p><p><strong>${escapeHtml(title)}</strong>${when ? `, ${escapeHtml(when)}` : ''}<br>${escapeHtml(refundHtml)}</p>${gift ? `<p>${escapeHtml(gift)}</p>` : ''}<p>${escapeHtml(card)}</p>`,
  };
}

/** The Rome date and time of a visit in words, in `locale` ('' for an open-dated ticket). */
export function visitText(
  slotStart: Date | null,
  selectedDate: string | null,
  locale: Locale = DEFAULT_LOCALE,
): string {
  if (slotStart) return formatRomeDateTime(slotStart, locale);
  return selectedDate ? formatRomeDate(selectedDate, locale) : '';
}

/** The Rome date and time of an order's visit, as e-mails write it (in the order's language). */
export async function visitWhen(
  db: Db,
  order: Pick<OrderRow, 'slotId' | 'selectedDate'>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const [slot] = order.slotId
    ? await db.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, order.slotId))
    : [];
  return visitText(slot?.startsAt ?? null, order.selectedDate, locale);
}

/**
 * Step (1) for an order already locked in `tx`: moves it to refunded and queues the e-mail. For a
 * customer's cancellation the rules are checked here, under the lock (a claim racing this refund waits
 * for it, then finds the order refunded).
 */
export async function markRefunded(
  tx: Db,
  order: OrderRow,
  reason: RefundReason,
  opts: { now: Date; refundId?: string } = { now: new Date() },
): Promise<OrderRow> {
  // A combo's part is refunded with its whole combo (decision 071): the money was paid for the combo.
  if (order.comboOrderId) {
    const [combo] = await tx.select().from(orders).where(eq(orders.id, order.comboOrderId)).for('update');
    if (combo && combo.status === 'paid') {
      await markRefunded(tx, combo, reason, opts);
      const [self] = await tx.select().from(orders).where(eq(orders.id, order.id));
      if (self?.status === 'refunded') return self;
    }
  }
  // The package's title in the order's language, as the ticket e-mail named it (orders/words.ts).
  const [pkg] = await tx
    .select({ title: orderPackageTitle })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(eq(orders.id, order.id));
  const moved = await moveOrder(tx, order, 'refund', {
    refundReason: reason,
    refundedAt: opts.now,
    refundStatus: opts.refundId ? 'done' : 'pending',
    refundId: opts.refundId ?? null,
  });
  if (!moved) throw conflict(ORDER_STATE_MESSAGES.refund, ERROR_CODES.orderState);
  // A combo's parts give their places back with it; the buyer hears of the combo once, below.
  if (order.isCombo) await closeComboParts(tx, order.id, 'refund', { reason, now: opts.now });
  if (order.giftCardId && order.giftCardCents > 0) await keepReturnedBalance(tx, order.giftCardId, opts.now);
  // An invoiced order's refund issues its credit note with it (decision 061): both or neither.
  await issueCreditNote(tx, order.id, opts.now);
  // A reseller's booking has no account here: the reseller tells its own customer. A guest is told at
  // the address they bought with (decision 035).
  const [buyer] = order.userId
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
    : order.guestEmail
      ? [{ email: order.guestEmail }]
      : [];
  if (buyer)
    await enqueueMail(tx, {
      to: buyer.email,
      ...refundMail(moved, pkg?.title, await visitWhen(tx, order, orderLocale(order)), reason),
    });
  return moved;
}

/** Step (2): gives the money back for a refunded order whose refund is pending. */
export async function settleRefund(deps: RefundDeps, orderId: string): Promise<'done' | 'pending'> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'refunded') return 'pending';
  // A combo's part: the money moves with its combo's order (decision 071).
  if (order.comboOrderId) return settleRefund(deps, order.comboOrderId);
  if (order.refundStatus === 'done') return 'done';
  if (!order.providerSessionId || order.amountPaidCents === null) return 'pending';
  // Paid by a gift card alone (decision 053): nothing to give back at the provider; the card's part
  // returned with the refund itself (a refunded order spends none of the card).
  if (order.amountPaidCents === 0) {
    await deps.db
      .update(orders)
      .set({ refundStatus: 'done', updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return 'done';
  }
  // What partial refunds gave back already is not the provider's to give twice (decision 068).
  const left = order.amountPaidCents - (await partlyRefundedCents(deps.db, order.id));
  if (left <= 0) {
    await deps.db
      .update(orders)
      .set({ refundStatus: 'done', updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return 'done';
  }
  try {
    const { id } = await deps.provider.refund({
      sessionId: order.providerSessionId,
      amountCents: left,
      idempotencyKey: `refund-${order.id}`,
    });
    await deps.db
      .update(orders)
      .set({ refundStatus: 'done', refundId: id, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return 'done';
  } catch (err) {
    // Logged without the buyer's data; the refund stays pending for refunds:settle.
    deps.log?.warn(
      { order: order.id, err: (err as Error).message },
      'refund at the provider failed; left pending',
    );
    return 'pending';
  }
}

/**
 * Step (2) for a move to a cheaper time (decision 067): the difference back through the provider,
 * with the move's own idempotency key (a retry is one refund; the order's full refund keeps its own).
 * The order already records what is left paid, so a later cancellation refunds only that.
 */
export async function settleMoveRefund(deps: RefundDeps, moveId: string): Promise<'done' | 'pending'> {
  const [row] = await deps.db
    .select({ move: ticketMoves, sessionId: orders.providerSessionId })
    .from(ticketMoves)
    .innerJoin(orders, eq(orders.id, ticketMoves.orderId))
    .where(eq(ticketMoves.id, moveId));
  if (row?.move.refundStatus !== 'pending') return 'done';
  const done = (refundId: string | null) =>
    deps.db.update(ticketMoves).set({ refundStatus: 'done', refundId }).where(eq(ticketMoves.id, moveId));
  if (row.move.refundCents <= 0 || !row.sessionId) {
    await done(null);
    return 'done';
  }
  try {
    const { id } = await deps.provider.refund({
      sessionId: row.sessionId,
      amountCents: row.move.refundCents,
      idempotencyKey: `move-refund-${moveId}`,
    });
    await done(id);
    return 'done';
  } catch (err) {
    deps.log?.warn(
      { move: moveId, err: (err as Error).message },
      "a move's refund at the provider failed; left pending",
    );
    return 'pending';
  }
}

/**
 * Finishes every refund left pending (provider outage, crash between the two steps). `quietFor` leaves
 * refunds changed in the last milliseconds to the request still settling them (the shop's own timer);
 * the provider's idempotency key makes a second try harmless anyway.
 */
export async function settlePendingRefunds(
  deps: RefundDeps,
  quietForMs = 0,
): Promise<{ done: number; pending: number }> {
  const rows = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'refunded'),
        eq(orders.refundStatus, 'pending'),
        isNotNull(orders.providerSessionId),
        quietForMs > 0 ? lt(orders.updatedAt, new Date(Date.now() - quietForMs)) : undefined,
      ),
    );
  // A move's difference (decision 067) is settled the same way.
  const moves = await deps.db
    .select({ id: ticketMoves.id })
    .from(ticketMoves)
    .where(
      and(
        eq(ticketMoves.refundStatus, 'pending'),
        quietForMs > 0 ? lt(ticketMoves.movedAt, new Date(Date.now() - quietForMs)) : undefined,
      ),
    );
  let done = 0;
  for (const r of rows) if ((await settleRefund(deps, r.id)) === 'done') done++;
  for (const m of moves) if ((await settleMoveRefund(deps, m.id)) === 'done') done++;
  return { done, pending: rows.length + moves.length - done };
}

/**
 * The shop settles its pending refunds by itself, every `everyMs`: a refund the provider made while
 * the shop crashed before writing 'done' needs no one to run `refunds:settle`.
 */
export function startRefundSettler(deps: RefundDeps, everyMs: number): { stop(): Promise<void> } {
  return repeatEvery(everyMs, () =>
    // A refund changed in the last minute is left to the request settling it now.
    settlePendingRefunds(deps, 60_000).catch((err) =>
      deps.log?.warn({ err: (err as Error).message }, 'settling pending refunds failed'),
    ),
  );
}

/** What offering freed places needs of a refund's callers (the Stripe webhook's logger is a plain one). */
type OfferingDeps = Pick<RefundDeps, 'db' | 'publicUrl' | 'waitlistOfferMinutes'> & {
  log?: { warn: (facts: object, message: string) => void };
};

/** Places times got back (a refund, a move away) are offered to their waiting lists now (decision 063). */
const offerFreedSlots = (deps: OfferingDeps, slotIds: (string | null)[]) =>
  offerFreedPlacesSoon(
    {
      db: deps.db,
      publicUrl: deps.publicUrl,
      offerMinutes: deps.waitlistOfferMinutes ?? DEFAULT_WAITLIST_OFFER_MINUTES,
    },
    slotIds,
    deps.log,
  );

/** The places a slot got back (a move away) are offered to its waiting list now (decision 063). */
export const offerFreedSlot = (deps: OfferingDeps, slotId: string | null) => offerFreedSlots(deps, [slotId]);

/**
 * After a refund has committed: the places it gave back are offered to the waiting lists now
 * (decision 063), the order's own time's, or for a combo or any of its parts every part's time
 * (decision 071), for the whole combo was refunded. A walk that fails waits for the periodic pass.
 */
export async function offerRefundedPlaces(
  deps: OfferingDeps,
  order: Pick<OrderRow, 'slotId' | 'isCombo' | 'comboOrderId' | 'id'>,
): Promise<void> {
  const comboId = order.isCombo ? order.id : order.comboOrderId;
  const slotIds = comboId
    ? (await comboPartOrders(deps.db, comboId)).map((p) => p.order.slotId)
    : [order.slotId];
  await offerFreedSlots(deps, slotIds);
}

/**
 * A refund asked for by the buyer (`byUser` set: only their own order, only before the cut-off, only
 * unused) or by a superuser (any paid order, used or not).
 */
export async function refundOrder(
  deps: RefundDeps,
  uniqueId: string,
  by: { reason: 'customer'; userId: string } | { reason: 'superuser' },
  now = new Date(),
): Promise<{ status: 'refunded'; msg: string; refund_status: 'pending' | 'done' }> {
  const order = await deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    // A combo's part: its combo locked first, as every combo refund locks them (no deadlock).
    const row = await lockOrderAndCombo(t, eq(orders.uniqueId, uniqueId));
    if (!row || (by.reason === 'customer' && row.userId !== by.userId))
      throw notFound(TICKET_MESSAGES.notFound);
    if (row.status !== 'paid' && !(by.reason === 'superuser' && row.status === 'amount_mismatch')) {
      throw conflict(
        row.status === 'refunded' ? INVENTORY_MESSAGES.alreadyRefunded : INVENTORY_MESSAGES.cancelNotPaid,
        ERROR_CODES.orderState,
      );
    }
    const comboId = row.isCombo ? row.id : row.comboOrderId;
    if (by.reason === 'customer' && comboId) {
      // A combo (decision 071): no part used, and before the strictest part's cut-off (or the combo's own).
      const parts = await comboPartOrders(t, comboId);
      if (parts.some((p) => p.order.qrCodeScanned))
        throw conflict(INVENTORY_MESSAGES.cancelClaimed, ERROR_CODES.ticketClaimed);
      if (!(await comboCancellable(t, comboId, now)))
        throw conflict(INVENTORY_MESSAGES.cancelAfterCutoff, ERROR_CODES.cancelCutoff);
    } else if (by.reason === 'customer') {
      if (row.qrCodeScanned) throw conflict(INVENTORY_MESSAGES.cancelClaimed, ERROR_CODES.ticketClaimed);
      const [pkg] = await t.select().from(packages).where(eq(packages.id, row.packageId));
      const [slot] = row.slotId ? await t.select().from(slots).where(eq(slots.id, row.slotId)) : [];
      if (!canCancel(row, slot?.startsAt ?? null, pkg?.cancelCutoffHours ?? 24, now)) {
        throw conflict(INVENTORY_MESSAGES.cancelAfterCutoff, ERROR_CODES.cancelCutoff);
      }
    }
    return markRefunded(t, row, by.reason, { now });
  });
  const refundStatus = await settleRefund(deps, order.id);
  // The places came back: the times' waiting lists are offered them now (decision 063).
  await offerRefundedPlaces(deps, order);
  return {
    status: 'refunded',
    msg:
      by.reason === 'customer'
        ? CANCEL_MESSAGES.refunded
        : 'The order is refunded and the buyer told by e-mail.',
    refund_status: refundStatus,
  };
}
