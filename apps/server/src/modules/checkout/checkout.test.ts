import { AUTH_MESSAGES, addDays, CHECKOUT_MESSAGES, romeInstant, romeToday } from '@rome/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, mailOutbox, orders, packages, slots } from '../../db/schema';
import { makeTimed } from '../../test/inventory';
import { type StripeTestApp, stripeTestApp } from '../../test/stripe-app';
import { sessionEvent } from '../../test/stripe-standin';
import { createUser, type TestUser } from '../../test/users';
import { reconcileStripe } from './stripe-webhook';

let t: StripeTestApp;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await stripeTestApp({
    webhookSecret: 'whsec_test_secret_for_the_suite',
    publishableKey: 'pk_test_public',
  });
  buyer = await createUser(t.app, t.db, { name: 'Anna Buyer' });
  other = await createUser(t.app, t.db, { name: 'Otto Other' });
});
afterAll(() => t.close());

const checkout = (fields: Record<string, string>, user: TestUser | null = buyer) => t.checkout(fields, user);
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;
const eventCount = async () => (await t.db.select({ n: count() }).from(activityEvents))[0].n;

describe('create-checkout-session with Stripe', () => {
  it('tells the client the provider and the publishable key, and offers no test checkout', async () => {
    expect((await t.app.inject({ url: '/api/payments/config/' })).json()).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_public',
      test_mode: false,
    });
    expect((await t.app.inject({ url: '/api/test-checkout/x/', headers: buyer.auth })).statusCode).toBe(404);
  });

  it('prices from the database, ignores client prices, and answers the session id and URL', async () => {
    const res = await checkout({
      title: 'Free ticket!',
      description: 'x',
      image: 'http://evil.example/x.png',
      adult_count: '2',
      youth_count: '1',
      infant_count: '1',
      package_id: '',
      package_identifier: 'BB-24',
      adult_price: '0.01',
    });
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    const session = t.standin.sessions.get(id)!;
    expect(url).toBe(session.url);
    expect(session.amount_total).toBe(2 * 2900 + 1900);
    expect(session.line_items.map((l) => [l.unit_amount, l.quantity])).toEqual([
      [2900, 2],
      [1900, 1],
    ]);
    expect(session.currency).toBe('eur');
    expect(session.success_url).toMatch(/\/success\/[\w-]{20,}\/$/);
    expect(session.cancel_url).toMatch(/\/cancel\/$/);
    expect(t.standin.idempotencyKeys.at(-1)).toMatch(/^checkout-/);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, id));
    expect(order).toMatchObject({
      status: 'pending',
      totalCents: 7700,
      adultCount: 2,
      youthCount: 1,
      infantCount: 1,
      userId: buyer.id,
      language: 'en',
      provider: 'stripe',
    });
    expect(order.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    // The payment's start, written in the same statement as the order (decision 029).
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.action, 'payment_initiated'));
    expect(events.find((e) => (e.details as any).order === order.uniqueId)).toMatchObject({
      source: 'server',
      status: 'pending',
      userId: buyer.id,
      userEmail: buyer.email,
      amountCents: 7700,
      details: { order: order.uniqueId, package: expect.any(String), package_tag: 'BB-24' },
    });
  });

  it('a checkout Stripe cannot open leaves nothing: no order, no payment event, no places held', async () => {
    // Open-dated: the session is asked for first and nothing is written (decision 029).
    const before = { orders: await orderCount(), events: await eventCount() };
    t.standin.failSessions = true;
    try {
      const res = await checkout({ adult_count: '1', youth_count: '0', package_identifier: 'BB-24' });
      // The provider's outage: 503 with a plain message and when to try again, not a 500.
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: CHECKOUT_MESSAGES.paymentUnavailable });
      expect(res.headers['retry-after']).toBe('30');
      expect(res.body).not.toMatch(/stack|Stand-in|at .*\.ts/);
      expect({ orders: await orderCount(), events: await eventCount() }).toEqual(before);

      // Timed: the places are counted and held first, and given back when no session comes.
      const editor = await createUser(t.app, t.db, { isEditor: true });
      expect(await makeTimed(t.app, editor, 'GL-48')).toBe(200);
      const date = addDays(romeToday(), 4);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/editor/packages/GL-48/slots/',
        headers: editor.auth,
        payload: { from: date, to: date, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['11:00'], capacity: 2 },
      });
      expect(added.statusCode, added.body).toBe(200);
      const [slot] = await t.db
        .select({ id: slots.id })
        .from(slots)
        .innerJoin(packages, eq(packages.id, slots.packageId))
        .where(and(eq(packages.packageTag, 'GL-48'), eq(slots.startsAt, romeInstant(date, '11:00')!)));
      const timed = (fields: Record<string, string>) =>
        checkout({ slot_id: slot.id, youth_count: '0', package_identifier: 'GL-48', ...fields });
      const refused = await timed({ adult_count: '2' });
      expect(refused.statusCode, refused.body).toBe(503);
      const [held] = await t.db.select().from(orders).where(eq(orders.slotId, slot.id));
      expect(held.status).toBe('cancelled');
      expect(await eventCount()).toBe(before.events);
      t.standin.failSessions = false;
      // Both places are free again.
      expect((await timed({ adult_count: '2' })).statusCode).toBe(200);
    } finally {
      t.standin.failSessions = false;
    }
  });

  it("a buyer's checkouts past 30 in ten minutes are refused with 429 and store nothing; others still buy", async () => {
    expect(t.config.checkoutsPerAccount).toBe(30);
    const hasty = await createUser(t.app, t.db, { name: 'Hasty Buyer' });
    const one = { adult_count: '1', youth_count: '0', package_identifier: 'BB-24' };
    // A tag that is not on sale counts too (guessing costs attempts), and so does a body that cannot be read.
    expect((await checkout({ ...one, package_identifier: 'NOPE-1' }, hasty)).statusCode).toBe(400);
    expect((await checkout({ adult_count: '1' }, hasty)).statusCode).toBe(400);
    for (let i = 0; i < t.config.checkoutsPerAccount - 2; i++) {
      expect((await checkout(one, hasty)).statusCode).toBe(200);
    }
    const before = {
      orders: await orderCount(),
      events: await eventCount(),
      sessions: t.standin.sessions.size,
    };
    const refused = await checkout(one, hasty);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await checkout({ adult_count: '1' }, hasty)).statusCode).toBe(429);
    expect({
      orders: await orderCount(),
      events: await eventCount(),
      sessions: t.standin.sessions.size,
    }).toEqual(before);
    expect((await checkout(one, other)).statusCode).toBe(200);
  });

  it('takes the number of checkouts an account may open from CHECKOUTS_PER_ACCOUNT', async () => {
    const kept = t.config.checkoutsPerAccount;
    t.config.checkoutsPerAccount = 2;
    try {
      const desk = await createUser(t.app, t.db, { name: 'Agency Desk' });
      const one = { adult_count: '1', youth_count: '0', package_identifier: 'BB-24' };
      expect((await checkout(one, desk)).statusCode).toBe(200);
      expect((await checkout(one, desk)).statusCode).toBe(200);
      expect((await checkout(one, desk)).statusCode).toBe(429);
      expect((await checkout(one, other)).statusCode).toBe(200);
    } finally {
      t.config.checkoutsPerAccount = kept;
    }
  });

  it('needs a signed-in buyer', async () => {
    const res = await checkout({ adult_count: '1', youth_count: '0', package_identifier: 'BB-24' }, null);
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad orders with a clear 400 and stores nothing', async () => {
    const before = await orderCount();
    const dated = (await t.app.inject({ url: '/api/package/E9/BB-NIGHT/' })).json().data;
    const cases: [Record<string, string>, RegExp][] = [
      // The contract's checkoutPayloadSchema: required fields, with the checkout's own messages.
      [{ adult_count: '1', youth_count: '0' }, /^This ticket is not available\.$/],
      [{ adult_count: '1', youth_count: '0', package_identifier: '   ' }, /^This ticket is not available\.$/],
      [{ youth_count: '1', package_identifier: 'BB-24' }, /whole numbers/],
      [{ adult_count: 'x'.repeat(30), youth_count: '0', package_identifier: 'BB-24' }, /whole numbers/],
      [{ adult_count: '1', youth_count: '0', package_identifier: 'NOPE' }, /not available/],
      [
        { adult_count: '1', youth_count: '0', package_identifier: 'BB-24', package_id: '999999' },
        /not available/,
      ],
      [{ adult_count: '-1', youth_count: '2', package_identifier: 'BB-24' }, /whole numbers/],
      [{ adult_count: '1.5', youth_count: '0', package_identifier: 'BB-24' }, /whole numbers/],
      [
        { adult_count: '0', youth_count: '0', infant_count: '2', package_identifier: 'BB-24' },
        /at least one/,
      ],
      [{ adult_count: '51', youth_count: '0', package_identifier: 'BB-24' }, /At most 50/],
      [{ adult_count: '1', youth_count: '0', package_identifier: 'BB-NIGHT' }, /Please select a date first/],
      [
        { adult_count: '1', youth_count: '0', package_identifier: 'BB-NIGHT', date: '2020-01-01' },
        /not available/,
      ],
      [
        { adult_count: '1', youth_count: '0', package_identifier: 'BB-NIGHT', date: 'tomorrow' },
        /not available/,
      ],
      [
        { adult_count: '1', youth_count: '0', package_identifier: 'BB-24', date: dated.dates[0] },
        /no date choice/,
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await checkout(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toMatch(message);
      expect(res.json().code).toBe('invalid_request');
    }
    // A JSON body is parsed by the same schema: a count that is no scalar is refused.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: buyer.auth,
      payload: { adult_count: { n: 1 }, youth_count: '0', package_identifier: 'BB-24' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      error: 'Ticket counts must be whole numbers of 0 or more.',
      code: 'invalid_request',
    });
    expect(await orderCount()).toBe(before);
    const ok = await checkout({
      adult_count: '1',
      youth_count: '0',
      package_identifier: 'BB-NIGHT',
      date: dated.dates[0],
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('Stripe webhooks and fulfilment', () => {
  const newPaidSession = async () => {
    const res = await checkout({ adult_count: '1', youth_count: '1', package_identifier: 'CS-48' });
    return t.paidAtStripe(res.json().id);
  };

  it("a guest's Stripe payment becomes one ticket, e-mailed to the guest's address", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest-checkout-session/',
      payload: {
        adult_count: '1',
        youth_count: '0',
        package_identifier: 'CS-48',
        email: 'stripe-guest@example.com',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Stripe's page is told the address, as for an account.
    expect(t.standin.sessions.get(res.json().id)!.customer_email).toBe('stripe-guest@example.com');
    const session = await t.paidAtStripe(res.json().id);
    expect((await t.deliver(sessionEvent('checkout.session.completed', session))).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order).toMatchObject({ status: 'paid', userId: null });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stripe-guest@example.com'));
    expect(mails).toHaveLength(1);
  });

  it('refuses a forged signature and issues nothing', async () => {
    const session = await newPaidSession();
    const res = await t.deliver(sessionEvent('checkout.session.completed', session), 'whsec_wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid signature.', code: 'invalid_request' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(sessionEvent('checkout.session.completed', session)),
    });
    expect(unsigned.statusCode).toBe(400);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order.status).toBe('pending');
  });

  it('the same completed event delivered 10 times at once gives one ticket and one e-mail', async () => {
    const session = await newPaidSession();
    const event = sessionEvent('checkout.session.completed', session);
    // The outbox's ids before: its rows come back in no set order, so the new one is the one not seen.
    const mailsBefore = new Set((await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id));
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.deliver(event)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // A second event id for the same session (Stripe may send completed and async succeeded) changes nothing.
    expect(
      (await t.deliver(sessionEvent('checkout.session.async_payment_succeeded', session))).statusCode,
    ).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order.status).toBe('paid');
    expect(order.claimCodeHash).toMatch(/^[0-9a-f]{64}$/);
    const mails = (await t.db.select().from(mailOutbox)).filter((m) => !mailsBefore.has(m.id));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(buyer.email);
    expect((mails[0].attachments as any[])[0].filename).toBe('ticket_qr_code.png');
    const completed = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.action, 'payment_completed'));
    expect(completed.filter((e) => (e.details as any).order === order.uniqueId)).toHaveLength(1);
  });

  it('acts on the session as Stripe reports it, not on the event copy', async () => {
    const res = await checkout({ adult_count: '1', youth_count: '0', package_identifier: 'GL-24' });
    const session = t.standin.sessions.get(res.json().id)!;
    // The event claims it is paid; Stripe says it is not: no ticket.
    await t.deliver(sessionEvent('checkout.session.completed', { ...session, payment_status: 'paid' }));
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order.status).toBe('pending');
  });

  it('a tampered amount issues no ticket', async () => {
    const session = await newPaidSession();
    session.amount_total = 100;
    await t.deliver(sessionEvent('checkout.session.completed', session));
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order.status).toBe('amount_mismatch');
    expect(order.claimCodeHash).toBeNull();
    expect(order.qrFileKey).toBeNull();
  });

  it('an expired session closes its pending order', async () => {
    const res = await checkout({ adult_count: '1', youth_count: '0', package_identifier: 'GL-24' });
    const session = t.standin.sessions.get(res.json().id)!;
    session.status = 'expired';
    await t.deliver(sessionEvent('checkout.session.expired', session));
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order.status).toBe('expired');
    // A late completed event for it issues no ticket: an expired order is closed for good.
    session.status = 'complete';
    session.payment_status = 'paid';
    const late = await t.deliver(sessionEvent('checkout.session.completed', session));
    expect(late.json()).toEqual({ received: true, outcome: 'order_closed' });
    const [after] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(after.status).toBe('expired');
    expect(after.claimCodeHash).toBeNull();
  });

  it('only the buyer reads the success data and the dashboard lists only own tickets', async () => {
    const session = await newPaidSession();
    await t.deliver(sessionEvent('checkout.session.completed', session));
    const uniqueId = session.success_url.match(/\/success\/([\w-]+)\/$/)![1];
    const mine = await t.app.inject({ url: `/api/success/${uniqueId}/`, headers: buyer.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().url).toMatch(/^\/media\/[\w-]+\.png$/);
    const qr = await t.app.inject({ url: mine.json().url });
    expect(qr.headers['content-type']).toBe('image/png');
    const theirs = await t.app.inject({ url: `/api/success/${uniqueId}/`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/success/${uniqueId}/` })).statusCode).toBe(401);
    const dashboard = (await t.app.inject({ url: '/api/dashboard/', headers: buyer.auth })).json().data;
    expect(dashboard.some((d: any) => d.unique_id === uniqueId)).toBe(true);
    expect((await t.app.inject({ url: '/api/dashboard/', headers: other.auth })).json().data).toEqual([]);
  });

  it('reconciliation processes events that never arrived, once', async () => {
    const session = await newPaidSession();
    t.standin.events.push(sessionEvent('checkout.session.completed', session));
    const deps = {
      db: t.db,
      storage: t.app.storage,
      publicUrl: t.config.publicUrl,
      provider: t.app.payments,
    };
    const first = await reconcileStripe(deps, t.stripe);
    expect(first.processed).toBeGreaterThanOrEqual(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
    expect(order.status).toBe('paid');
    const again = await reconcileStripe(deps, t.stripe);
    expect(again.processed).toBe(0);
  });
});
