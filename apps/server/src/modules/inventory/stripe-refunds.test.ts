/**
 * Refunds through the real Stripe SDK against the local stand-in (Stripe's wire format): the refund
 * call and its idempotency key, a provider outage left pending and settled later, and `charge.refunded`
 * webhooks applied once whatever their number or order.
 */
import { orderReference } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderPartialRefunds, orders, promoCodes } from '../../db/schema';
import { openCheckout } from '../../test/buy';
import { type StripeTestApp, stripeTestApp } from '../../test/stripe-app';
import { chargeRefundedEvent, sessionEvent } from '../../test/stripe-standin';
import { createUser, type TestUser } from '../../test/users';
import { settlePendingRefunds } from '../orders/refunds';

let t: StripeTestApp;
let buyer: TestUser;

beforeAll(async () => {
  // The shop's own settling every second (REFUND_SETTLE_SECONDS; five minutes by default).
  t = await stripeTestApp({ webhookSecret: 'whsec_refund_suite', refundSettleSeconds: 1 });
  buyer = await createUser(t.app, t.db, { name: 'Rita Refund' });
});
afterAll(() => t?.close());

/** A BB-24 pass (open-dated: cancellable until used) checked out and paid at Stripe. */
async function paidSession(opts: { fulfil?: boolean } = { fulfil: true }) {
  const session = t.paidAtStripe(await openCheckout(t.app, buyer, { adult_count: '1', youth_count: '1' }));
  if (opts.fulfil !== false) {
    expect((await t.deliver(sessionEvent('checkout.session.completed', session))).json().outcome).toBe(
      'fulfilled',
    );
  }
  const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
  return { session, order };
}

const refundMails = async () =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).filter((m) =>
    m.subject.includes('refunded'),
  );

/** The buyer's own cancellation of a ticket (refunded at once through the provider). */
const cancelAsBuyer = (uniqueId: string) =>
  t.app.inject({ method: 'POST', url: `/api/tickets/${uniqueId}/cancel/`, headers: buyer.auth });

describe('refunds at Stripe', () => {
  it("a buyer's cancellation refunds the payment intent once, with an idempotency key", async () => {
    const { session, order } = await paidSession();
    const before = t.standin.refunds.length;
    const res = await cancelAsBuyer(order.uniqueId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund_status).toBe('done');
    expect(t.standin.refunds.slice(before)).toEqual([
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 2900 + 1900 }),
    ]);
    expect(t.standin.idempotencyKeys).toContain(`refund-${order.id}`);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: 'refunded',
      refundStatus: 'done',
      refundId: t.standin.refunds.at(-1)!.id,
    });

    // The refund e-mail names the order as the success page, the ticket e-mail and the PDF do.
    const refundMail = (await refundMails()).at(-1)!;
    expect(refundMail.text).toContain(`order ${orderReference(order.uniqueId)})`);
    // Stripe then reports the refund it made: applied once, no second e-mail.
    const mails = (await refundMails()).length;
    const event = chargeRefundedEvent(session, { refundId: row.refundId! });
    expect((await t.deliver(event)).json().outcome).toBe('already_refunded');
    expect((await t.deliver(event)).json().outcome).toBe('duplicate');
    expect((await refundMails()).length).toBe(mails);
  });

  it('a discounted order (promo code, decision 050) is charged and refunded what was paid, not the full price', async () => {
    await t.db
      .insert(promoCodes)
      .values({ code: 'REFUND-TEST', codeKey: 'REFUNDTEST', kind: 'amount', value: 500 });
    const id = await openCheckout(t.app, buyer, {
      adult_count: '1',
      youth_count: '1',
      promo_code: 'refund-test',
    });
    const session = t.paidAtStripe(id);
    expect(session.amount_total).toBe(2900 + 1900 - 500);
    expect((await t.deliver(sessionEvent('checkout.session.completed', session))).json().outcome).toBe(
      'fulfilled',
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, id));
    const before = t.standin.refunds.length;
    const res = await cancelAsBuyer(order.uniqueId);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.standin.refunds.slice(before)).toEqual([
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 2900 + 1900 - 500 }),
    ]);
  });

  it('a provider outage leaves the refund pending; settling later refunds once', async () => {
    const { order } = await paidSession();
    t.standin.failRefunds = true;
    const before = t.standin.refunds.length;
    const res = await cancelAsBuyer(order.uniqueId);
    t.standin.failRefunds = false;
    // The buyer's cancellation stands (the places are free again); the money follows.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refund_status: 'pending' });
    const deps = { db: t.db, provider: t.app.payments, publicUrl: 'http://localhost' };
    expect(await settlePendingRefunds(deps)).toEqual({ done: 1, pending: 0 });
    expect(await settlePendingRefunds(deps)).toEqual({ done: 0, pending: 0 });
    expect(t.standin.refunds.length).toBe(before + 1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.refundStatus).toBe('done');
  });

  it('a refund stranded as pending by a crash is settled by the shop itself, once', async () => {
    const { order } = await paidSession();
    const before = t.standin.refunds.length;
    // The state a crash leaves between the two steps: cancelled and refunded here, money not yet
    // asked back (or asked, and the answer lost), a while ago.
    await t.db
      .update(orders)
      .set({
        status: 'refunded',
        refundStatus: 'pending',
        refundReason: 'customer',
        refundedAt: new Date(),
        updatedAt: new Date(Date.now() - 120_000),
      })
      .where(eq(orders.id, order.id));
    await expect
      .poll(async () => (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].refundStatus, {
        timeout: 45_000,
      })
      .toBe('done');
    expect(t.standin.refunds.length).toBe(before + 1);
    expect(t.standin.idempotencyKeys).toContain(`refund-${order.id}`);
  });

  it('a refund made in the Stripe dashboard cancels the ticket once, however often it is reported', async () => {
    const { session, order } = await paidSession();
    const mails = (await refundMails()).length;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => t.deliver(chargeRefundedEvent(session)).then((r) => r.json().outcome)),
    );
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'refunded').every((o) => o === 'already_refunded')).toBe(true);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'refunded', refundReason: 'provider', refundStatus: 'done' });
    expect((await refundMails()).length).toBe(mails + 1);
  });

  it('a refund reported before the payment itself leaves no valid ticket behind', async () => {
    const { session, order } = await paidSession({ fulfil: false });
    expect((await t.deliver(chargeRefundedEvent(session))).json().outcome).toBe('refunded');
    expect((await t.deliver(sessionEvent('checkout.session.completed', session))).json().outcome).toBe(
      'already_paid',
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'refunded', claimCodeHash: null, qrFileKey: null });
  });

  it('a partial refund leaves the ticket valid, is recorded once with its date, and a later full refund gives back the rest', async () => {
    const { session, order } = await paidSession();
    const event = chargeRefundedEvent(session, { refunded: false });
    expect((await t.deliver(event)).json().outcome).toBe('partial_refund_recorded');
    // The same report again (a new event id, Stripe's retry of a lost one) records nothing more.
    expect((await t.deliver({ ...event, id: `${event.id}_again` })).json().outcome).toBe(
      'partial_refund_unchanged',
    );
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.status, 'paid')));
    expect(row).toBeDefined();
    const half = Math.floor(session.amount_total / 2);
    const parts = await t.db
      .select()
      .from(orderPartialRefunds)
      .where(eq(orderPartialRefunds.orderId, order.id));
    expect(parts).toEqual([expect.objectContaining({ cents: half, source: 'provider' })]);
    // The buyer cancels later: the provider is asked for what is left, not the whole payment again.
    const before = t.standin.refunds.length;
    const res = await cancelAsBuyer(order.uniqueId);
    expect(res.statusCode, res.body).toBe(200);
    expect(t.standin.refunds.slice(before)).toEqual([
      expect.objectContaining({ amount: session.amount_total - half }),
    ]);
  });
});
