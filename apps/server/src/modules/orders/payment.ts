/**
 * The one way an order becomes a ticket. Every payment path (Stripe webhook, reconciliation, the test
 * checkout's Pay) ends here. Idempotent: however often and however concurrently it is called for a
 * session, the order is marked paid once, one ticket is made and one e-mail is queued.
 */
import {
  ACTION,
  callPath,
  type FulfilResult,
  type InvoiceBuyer,
  localizedPath,
  nextOrderStatus,
  type OrderStatus,
  pagePath,
  ticketLinkPath,
  ticketQrText,
} from '@rome/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { filled, placeholders, preparedPerDb, preparedSql } from '../../db/prepared';
import { activityEvents, mailOutbox, orders, packages, slots, ticketQrSources, users } from '../../db/schema';
import { ifMovedSql, whenMoved } from '../../db/write-together';
import { serverI18n } from '../../i18n/catalog';
import { HttpError } from '../../lib/errors';
import { EVENT_COLUMNS, recordServerEvent, serverEventRow } from '../../lib/server-events';
import { enqueueMail, type MailMessage, OUTBOX_COLUMNS, outboxError, outboxRow } from '../../mail/outbox';
import { ticketMail } from '../../mail/ticket-mail';
import { closeComboParts, comboPartOrders, partShares } from './combo';
import { giftCardHeld, giftCardStillFits } from './gift-card';
import { fulfilGiftCardSession } from './gift-card-sale';
import { holdStands, stillFits } from './hold';
import { issueInvoice } from './invoice-record';
import { promoStillFits, promoUseHeld } from './promo';
import { markRefunded, offerRefundedPlaces, type RefundDeps, settleRefund, visitText } from './refunds';
import type { OrderFacts } from './signed-ticket';
import { moveOrder, type OrderChanges, type OrderRow, orderLocale, orderMoveSet } from './state';
import { issueTicket, ticketQrTextFor } from './ticket-issue';
import { orderPackageTitle } from './words';

export type { FulfilResult };

/**
 * With `provider`, a payment refunded at once (its places had gone) is also given back at once. With
 * `signingSecret` (the server secret), the QR also carries the ticket signed for the agents' app.
 */
export type FulfilDeps = {
  db: Db;
  publicUrl: string;
  provider?: RefundDeps['provider'];
  signingSecret?: string;
  /** Where a payment path's quiet failure is told (the request's logger); never personal data. */
  log?: { warn: (facts: object, message: string) => void };
  /** How long a waiting-list offer of the places a payment refunded at once frees holds them (decision 063). */
  waitlistOfferMinutes?: number;
};

/**
 * The order of a payment session with what its ticket needs: the buyer's address, the package (its
 * title in the order's language for the e-mail) and the slot's start, in one statement.
 */
const sessionOrder = (db: Db) =>
  db
    .select({
      order: orders,
      // An account's address, or a guest's (decision 035).
      buyerEmail: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})`,
      pkg: packages,
      title: orderPackageTitle,
      startsAt: slots.startsAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId));
type SessionOrder = Awaited<ReturnType<ReturnType<typeof sessionOrder>['where']>>[number];

/** The same read without a lock, prepared once (the usual payment's first statement, decision 028). */
const sessionOrderNow = preparedPerDb((db) =>
  sessionOrder(db)
    .where(eq(orders.providerSessionId, sql.placeholder('sessionId')))
    .prepare('fulfil_session_order'),
);

/**
 * A buyer's own payment session, prepared once: the test checkout's page reads it, and its Pay hands
 * it to `fulfilPaidSession` (one read of the order, not two, decision 029).
 */
export const buyerSessionOrder = preparedPerDb((db) =>
  sessionOrder(db)
    .where(
      and(
        eq(orders.providerSessionId, sql.placeholder('sessionId')),
        eq(orders.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('test_checkout_own_session'),
);
/** A guest's payment session, by the browser's guest token (decision 035): the test checkout's reads. */
export const guestSessionOrder = preparedPerDb((db) =>
  sessionOrder(db)
    .where(
      and(
        eq(orders.providerSessionId, sql.placeholder('sessionId')),
        isNull(orders.userId),
        eq(orders.guestTokenHash, sql.placeholder('guestTokenHash')),
      ),
    )
    .prepare('test_checkout_guest_session'),
);
export type { SessionOrder };

type Paid = { amountCents: number; currency: string | null };
/** What the provider is paid for an order: its total less a gift card's part (decision 053). */
export const chargeCents = (order: Pick<OrderRow, 'totalCents' | 'giftCardCents'>): number =>
  order.totalCents - order.giftCardCents;
const amountMatches = (order: OrderRow, paid: Paid) =>
  paid.amountCents === chargeCents(order) && (paid.currency ?? 'eur').toLowerCase() === order.currency;

/** `read`: the session's order as the caller has just read it (`buyerSessionOrder`), else read here. */
export async function fulfilPaidSession(
  deps: FulfilDeps,
  sessionId: string,
  paid: Paid,
  read?: SessionOrder,
): Promise<FulfilResult> {
  if (await fulfilAtOnce(deps, sessionId, paid, read)) return 'fulfilled';
  const result = await fulfilInTransaction(deps, sessionId, paid);
  // No order has the session: a gift card's purchase may (decision 053), paid through the same path.
  if (result.outcome === 'unknown_session') return fulfilGiftCardSession(deps, sessionId, paid);
  const refundedAtOnce =
    result.outcome === 'refunded_sold_out' ||
    result.outcome === 'refunded_promo_used_up' ||
    result.outcome === 'refunded_gift_card_spent';
  if (refundedAtOnce && deps.provider && result.orderId) {
    await settleRefund({ db: deps.db, provider: deps.provider, publicUrl: deps.publicUrl }, result.orderId);
  }
  // What the refunded order still held (its own standing hold, a combo's other parts' holds) is free
  // now: the times' waiting lists are offered it at once, as after any refund (decision 063).
  if (result.refunded) await offerRefundedPlaces(deps, result.refunded);
  return result.outcome;
}

/**
 * The ticket e-mail of an order, in its language: at payment, and again when its holder moves it to
 * another time (decision 067: `changed`, with the new code, link and QR). `claimUrl` is the agents'.
 */
export function ticketMessage(
  publicUrl: string,
  m: {
    to: string;
    order: OrderRow;
    pkg: Pick<typeof packages.$inferSelect, 'availabilityType' | 'passHours' | 'validityDays'> | null;
    title: string | null;
    startsAt: Date | null;
    code: string;
    linkToken: string;
    qrKey: string;
    changed?: { refundCents: number };
  },
): MailMessage {
  const { order, pkg } = m;
  const locale = orderLocale(order);
  return {
    to: m.to,
    ...ticketMail(
      {
        title: m.title ?? 'Your ticket',
        uniqueId: order.uniqueId,
        counts: {
          adults: order.adultCount,
          youths: order.youthCount,
          infants: order.infantCount,
          extras: order.extraTickets,
        },
        totalCents: order.totalCents,
        // Rome's date (and the slot's time), as the buyer will meet it, in the order's language.
        visit: visitText(m.startsAt, order.selectedDate, locale),
        timed: order.slotId !== null && pkg?.availabilityType === 'START_TIME',
        pass:
          pkg?.availabilityType === 'PASS' ? { hours: pkg.passHours, validityDays: pkg.validityDays } : null,
        claimUrl: `${publicUrl}${pagePath('/verify/:code', { code: m.code }, { slash: true })}`,
        // The buyer's pages in the order's language (decision 024); the claim link is the agents'.
        historyUrl: `${publicUrl}${localizedPath(locale, pagePath('/yourticket'))}`,
        linkUrl: `${publicUrl}${localizedPath(locale, ticketLinkPath(m.linkToken))}`,
        pdfUrl: `${publicUrl}/api/${callPath('GET /api/ticket-links/:token/pdf/', { token: m.linkToken }).path}`,
        changed: m.changed,
        invoice: order.invoiceRequest !== null,
      },
      { locale, i18n: serverI18n(locale) },
    ),
    // The QR only: the PDF is a link, made when it is opened (decision 048). The QR picture is drawn
    // by the mail sender, after the payment's transaction: the payment does not wait for it.
    attachments: [
      {
        filename: 'ticket_qr_code.png',
        contentType: 'image/png',
        cid: 'ticket-qr',
        render: { kind: 'ticket-qr', qrFileKey: m.qrKey },
      },
    ],
  };
}

/**
 * What paying `found` writes (`payWrite`'s values): the order moved to paid with its claim code's and
 * ticket link's hashes, what its QR says, the ticket e-mail, the payment event.
 * The secrets (claim code, link token) are made here and leave only in the QR text and the e-mail.
 */
async function payValues(deps: FulfilDeps, db: Db, found: SessionOrder, paid: Paid) {
  const order = found.order;
  const pkg = found.pkg ?? undefined;
  const buyer = found.buyerEmail === null ? undefined : { email: found.buyerEmail };
  // The QR's signed ticket carries the payment's time (a pass's window): the one recorded below.
  const paidAt = new Date();
  // The claim code, the ticket link's token and the QR picture's key (ticket-issue.ts): only their
  // hashes and the key are stored; the code and the token leave in the QR text and the e-mail.
  const { code, linkToken, qrKey, columns } = issueTicket({}, paidAt);
  // What the QR says, kept with the payment; the picture is drawn after it, by the mail sender or
  // whoever reads it first (tickets/qr.ts, decision 027).
  const facts: OrderFacts | null = pkg
    ? {
        uniqueId: order.uniqueId,
        packageTag: pkg.packageTag,
        selectedDate: order.selectedDate,
        startsAt: found.startsAt,
        adults: order.adultCount,
        youths: order.youthCount,
        infants: order.infantCount,
        paidAt: order.paidAt,
        availabilityType: pkg.availabilityType,
        validityDays: pkg.validityDays,
        extraTickets: order.extraTickets,
      }
    : null;
  // The keys are read through the transaction when the cache is stale (PGlite has one connection).
  const qrText = facts
    ? await ticketQrTextFor({ ...deps, reader: db }, code, { facts }, { paidAt })
    : ticketQrText(deps.publicUrl, code, null);
  const mail = ticketMessage(deps.publicUrl, {
    to: buyer!.email,
    order,
    pkg: pkg ?? null,
    title: found.title,
    startsAt: found.startsAt,
    code,
    linkToken: linkToken!,
    qrKey: qrKey!,
  });
  const title = found.title ?? 'Your ticket';
  return {
    ...filled('order_', {
      ...orderMoveSet(order, 'pay', {
        paidAt,
        amountPaidCents: paid.amountCents,
        ...columns,
      }),
      id: order.id,
      from: order.status,
    }),
    ...filled('qr_', { fileKey: qrKey!, qrText }),
    ...filled('mail_', outboxRow(mail)),
    ...filled(
      'event_',
      serverEventRow({
        action: ACTION.payment_completed,
        userId: order.userId,
        // A guest's address stays with the order only (decision 035).
        userEmail: order.userId ? (buyer?.email ?? null) : null,
        amountCents: paid.amountCents,
        status: 'completed',
        details: { order: order.uniqueId, package: title, package_tag: pkg?.packageTag },
      }),
    ),
  };
}

/**
 * Pays a combo's order (decision 071), locked in `t` with its parts: the combo's order records the
 * payment (no ticket of its own); each part becomes its own ticket (claim code, link, QR, e-mail) with
 * its operator's share of what was paid (`partShares`: the parts add up to it to the cent).
 */
async function payCombo(deps: FulfilDeps, t: Db, found: SessionOrder, paid: Paid): Promise<void> {
  const order = found.order;
  const paidAt = new Date();
  const moved = await moveOrder(t, order, 'pay', { paidAt, amountPaidCents: paid.amountCents });
  if (!moved) throw new Error('The locked order moved under its payment.');
  await recordServerEvent(t, {
    action: ACTION.payment_completed,
    userId: order.userId,
    // A guest's address stays with the order only (decision 035).
    userEmail: order.userId ? found.buyerEmail : null,
    amountCents: paid.amountCents,
    status: 'completed',
    details: { order: order.uniqueId, package: found.title, package_tag: found.pkg?.packageTag, combo: true },
  });
  const parts = await comboPartOrders(t, order.id, true);
  const shares = partShares(
    paid.amountCents + order.giftCardCents,
    parts.map((p) => p.order),
  );
  for (const [i, part] of parts.entries()) {
    const [read] = await sessionOrder(t).where(eq(orders.id, part.order.id));
    const { code, linkToken, qrKey, columns } = issueTicket({}, paidAt);
    const pkg = part.pkg;
    const qrText = await ticketQrTextFor(
      { ...deps, reader: t },
      code,
      {
        facts: {
          uniqueId: part.order.uniqueId,
          packageTag: pkg.packageTag,
          selectedDate: part.order.selectedDate,
          startsAt: part.startsAt,
          adults: part.order.adultCount,
          youths: part.order.youthCount,
          infants: part.order.infantCount,
          paidAt: null,
          availabilityType: pkg.availabilityType,
          validityDays: pkg.validityDays,
        },
      },
      { paidAt },
    );
    const paidPart = await moveOrder(t, part.order, 'pay', {
      paidAt,
      comboShareCents: shares[i],
      ...columns,
    });
    if (!paidPart) throw new Error('The locked order moved under its payment.');
    await t.insert(ticketQrSources).values({ fileKey: qrKey!, qrText });
    if (found.buyerEmail)
      await enqueueMail(
        t,
        ticketMessage(deps.publicUrl, {
          to: found.buyerEmail,
          order: paidPart,
          pkg,
          title: read?.title ?? pkg.title,
          startsAt: part.startsAt,
          code,
          linkToken: linkToken!,
          qrKey: qrKey!,
        }),
      );
  }
}

/**
 * What paying an order writes, as one statement built once (decision 029: drizzle's builder cost more
 * CPU than the write): the order moved from the status it was read in, with its claim code's and
 * ticket link's hashes; what its QR says; the ticket e-mail; the payment event. Guarded like
 * `ifMovedSql`: when the move finds the order moved, nothing of it is written.
 */
const PAY_SET = [
  'status',
  'updatedAt',
  'paidAt',
  'amountPaidCents',
  'claimCodeHash',
  'qrFileKey',
  'linkTokenHash',
  'linkIssuedAt',
] as const;
const payWrite = preparedSql('fulfil_pay_write', (db) =>
  ifMovedSql(
    db
      .update(orders)
      .set(placeholders<Required<OrderChanges> & { status: OrderStatus; updatedAt: Date }>('order_', PAY_SET))
      .where(
        and(eq(orders.id, sql.placeholder('order_id')), eq(orders.status, sql.placeholder('order_from'))),
      )
      .returning({ id: orders.id }),
    db.insert(ticketQrSources).values(placeholders('qr_', ['fileKey', 'qrText'])),
    db.insert(mailOutbox).values(placeholders<ReturnType<typeof outboxRow>>('mail_', OUTBOX_COLUMNS)),
    db
      .insert(activityEvents)
      .values(placeholders<ReturnType<typeof serverEventRow>>('event_', EVENT_COLUMNS)),
  ),
);

/**
 * The usual payment: a pending order of a buyer, paid the right amount, its places still held. Read
 * without a lock and written in one statement that moves the order only from the state it was read in
 * (`payWrite`, `whenMoved`): two round trips instead of four (BEGIN, the locked read, the write,
 * COMMIT). False for anything else, and when another delivery of the same payment moved the order
 * first: the careful path (`fulfilInTransaction`) then decides under the row lock, as before.
 */
async function fulfilAtOnce(
  deps: FulfilDeps,
  sessionId: string,
  paid: Paid,
  read: SessionOrder | undefined,
): Promise<boolean> {
  const found = read ?? (await sessionOrderNow(deps.db).execute({ sessionId }))[0];
  // A web buyer's order (an account's or a guest's) with an address for its ticket.
  if (!found || !(found.order.userId || found.order.guestEmail) || found.buyerEmail === null) return false;
  const { order } = found;
  if (order.status !== 'pending' || !nextOrderStatus(order.status, 'pay')) return false;
  // An invoice asked for at checkout (decision 069) is issued with the payment, in its transaction.
  if (order.invoiceRequest) return false;
  // A combo's parts are paid with it under their locks (decision 071): the careful path.
  if (order.isCombo) return false;
  const now = new Date();
  // A hold gone (places or a promo code's use): the transaction below counts again under the locks.
  if (
    !amountMatches(order, paid) ||
    !holdStands(order, found.pkg ?? undefined, now) ||
    !promoUseHeld(order, now) ||
    !giftCardHeld(order, now)
  )
    return false;
  try {
    return await whenMoved(payWrite.execute(deps.db, await payValues(deps, deps.db, found, paid)));
  } catch (err) {
    throw outboxError(err);
  }
}

async function fulfilInTransaction(
  deps: FulfilDeps,
  sessionId: string,
  paid: Paid,
): Promise<{ outcome: FulfilResult; orderId?: string; refunded?: OrderRow }> {
  const outcome = (value: FulfilResult, orderId?: string, refunded?: OrderRow) => ({
    outcome: value,
    orderId,
    refunded,
  });
  return deps.db.transaction(async (tx) => {
    // The row lock serialises concurrent deliveries of the same event across instances. The buyer,
    // the package and the slot's start come in the same statement (one round trip, not
    // four); only the order's row is locked, as before.
    const [found] = await sessionOrder(txDb(tx))
      .where(eq(orders.providerSessionId, sessionId))
      .for('update', { of: orders });
    if (!found) return outcome('unknown_session');
    const order = found.order;
    if (order.status === 'paid' || order.status === 'refunded') return outcome('already_paid');
    // A closed order (cancelled, expired, amount mismatch) is not paid after all: the state table says.
    if (!nextOrderStatus(order.status, 'pay')) return outcome('order_closed');
    // Only the web shop's orders have a payment session: each has a buyer's account or a guest's address.
    if (!order.userId && !order.guestEmail) return outcome('unknown_session');
    const buyer = found.buyerEmail === null ? undefined : { email: found.buyerEmail };
    const pkg = found.pkg ?? undefined;

    if (!amountMatches(order, paid)) {
      await moveOrder(txDb(tx), order, 'amount_mismatch', { amountPaidCents: paid.amountCents });
      await recordServerEvent(txDb(tx), {
        action: ACTION.payment_completed,
        userId: order.userId,
        // A guest's address stays with the order only (decision 035).
        userEmail: order.userId ? (buyer?.email ?? null) : null,
        amountCents: paid.amountCents,
        status: 'failed',
        details: { order: order.uniqueId, reason: 'amount_mismatch', expected: chargeCents(order) },
      });
      return outcome('amount_mismatch');
    }

    // Paid after the hold had gone: honoured if the places are still free and the promo code, if any,
    // still has a use (decision 050); else refunded at once.
    const now = new Date();
    const refundAtOnce = async (reason: 'sold_out' | 'promo_used_up' | 'gift_card_spent') => {
      const paidOrder = await moveOrder(txDb(tx), order, 'pay', {
        paidAt: now,
        amountPaidCents: paid.amountCents,
      });
      const refunded = await markRefunded(txDb(tx), paidOrder!, reason, { now });
      await recordServerEvent(txDb(tx), {
        action: ACTION.payment_completed,
        userId: order.userId,
        // A guest's address stays with the order only (decision 035).
        userEmail: order.userId ? (buyer?.email ?? null) : null,
        amountCents: paid.amountCents,
        status: 'failed',
        details: { order: order.uniqueId, reason, package_tag: pkg?.packageTag },
      });
      return outcome(
        reason === 'sold_out'
          ? 'refunded_sold_out'
          : reason === 'promo_used_up'
            ? 'refunded_promo_used_up'
            : 'refunded_gift_card_spent',
        order.id,
        refunded,
      );
    };
    // The code's lock before the slot's, in the order a checkout takes them (no deadlock between the two).
    if (!(await promoStillFits(txDb(tx), order, now))) return refundAtOnce('promo_used_up');
    // The card's lock after the code's and before the slot's, as at checkout (decision 053).
    if (!(await giftCardStillFits(txDb(tx), order, now))) return refundAtOnce('gift_card_spent');
    if (!(await stillFits(txDb(tx), order, pkg, now))) return refundAtOnce('sold_out');
    // A combo (decision 071): every part must still fit, or the whole payment goes back.
    if (order.isCombo) {
      const t = txDb(tx);
      const parts = await comboPartOrders(t, order.id, true);
      for (const p of parts)
        if (p.order.status !== 'pending' || !(await stillFits(t, p.order, p.pkg, now)))
          return refundAtOnce('sold_out');
      await payCombo(deps, t, found, paid);
      return outcome('fulfilled');
    }

    // The order paid, its QR's text kept, the e-mail queued and the payment recorded in one statement
    // (one round trip, not four). The row is locked: nobody moved it since it was read, so
    // the move cannot miss. An error names the database's code only (the statement carries the e-mail).
    const t = txDb(tx);
    let moved: boolean;
    try {
      moved = await whenMoved(payWrite.execute(t, await payValues(deps, t, found, paid)));
    } catch (err) {
      throw outboxError(err);
    }
    // Cannot happen under the row lock; were it to, the guard's error has ended the transaction.
    if (!moved) throw new Error('The locked order moved under its payment.');
    if (order.invoiceRequest) await invoiceWithPayment(deps, t, order.id, order.invoiceRequest);
    return outcome('fulfilled');
  });
}

/**
 * The invoice the buyer asked for at checkout (decision 069), issued in the payment's transaction under
 * the order's lock: the order is paid once, so it is issued once (`issueInvoice` also answers an
 * invoice already there). In a savepoint of its own: should it fail (the operator's seller data was
 * removed since), the payment stands and the buyer can still ask from the ticket link; the log names
 * the order's id only, never the billing details.
 */
async function invoiceWithPayment(
  deps: FulfilDeps,
  tx: Db,
  orderId: string,
  buyer: InvoiceBuyer,
): Promise<void> {
  try {
    await issueInvoice(tx, orderId, buyer);
  } catch (err) {
    const reason = err instanceof HttpError ? String(err.body.code ?? err.statusCode) : 'error';
    deps.log?.warn({ order: orderId, reason }, 'invoice asked at checkout not issued with the payment');
  }
}

/**
 * A session that ended without payment (cancelled, expired, failed): its open order is closed.
 * 'closed' when this call closed it; 'unchanged' when it already was (by this same event); 'refused'
 * when the state table does not allow it (a paid order is not cancelled); 'unknown_session'.
 */
export async function closeUnpaidSession(
  db: Db,
  sessionId: string,
  event: 'cancel' | 'expire',
): Promise<'closed' | 'unchanged' | 'refused' | 'unknown_session'> {
  const [current] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  if (!current) return 'unknown_session';
  // Where this event takes an open order: an order already there was closed by it before.
  if (current.status === nextOrderStatus('pending', event)) return 'unchanged';
  if (!nextOrderStatus(current.status, event)) return 'refused';
  const order = await moveOrder(db, current, event);
  // Another request moved it first (paid or closed it): this close no longer applies.
  if (!order) return 'refused';
  // A combo's parts let their places go with it (decision 071).
  if (order.isCombo) await closeComboParts(db, order.id, event);
  const [buyer] = order.userId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId))
    : [];
  await recordServerEvent(db, {
    action: ACTION.payment_cancelled,
    userId: order.userId,
    userEmail: buyer?.email ?? null,
    amountCents: order.totalCents,
    status: 'cancelled',
    details: { order: order.uniqueId, reason: order.status },
  });
  return 'closed';
}
