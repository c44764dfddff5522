import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_ACTION_NAMES,
  ACTIVITY_ACTIONS,
  ANALYTICS_METRICS,
  analyticsDetailedResponseSchema,
  analyticsResponseSchema,
} from '@rome/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../db/schema';
import { recordServerEvent } from '../../lib/server-events';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { DESCRIBE_ACTION, describeActivity } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let customer: TestUser;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DHAKA_OFFSET = 6 * HOUR; // Asia/Dhaka is UTC+6 all year.

/** YYYY-MM-DD of an instant in Dhaka. */
const dhakaDay = (ms: number) => new Date(ms + DHAKA_OFFSET).toISOString().slice(0, 10);
/** The instant Dhaka's day `daysAgo` days before today begins. */
function dhakaMidnight(daysAgo: number): number {
  const today = dhakaDay(Date.now());
  return Date.parse(`${today}T00:00:00Z`) - DHAKA_OFFSET - daysAgo * DAY;
}

const userX = randomUUID();
const payer1 = randomUUID();
const payer2 = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { isSuperuser: true });
  customer = await createUser(t.app, t.db);
  const now = Date.now();
  const at = (ms: number) => new Date(ms);
  const pv = (
    ms: number,
    ip: string,
    device: string | null,
    extra: Partial<typeof activityEvents.$inferInsert> = {},
  ) => ({
    action: 'page_view',
    occurredAt: at(ms),
    ipAddress: ip,
    device,
    page: '/',
    country: 'Italy',
    countryCode: 'IT',
    city: 'Rome',
    ...extra,
  });
  const boundary = dhakaMidnight(1); // start of yesterday in Dhaka
  await t.db.insert(activityEvents).values([
    // Two page views in the last half hour of the day before yesterday (Dhaka), three in the first
    // half hour of yesterday: the same UTC day, different Dhaka days.
    pv(boundary - 30 * 60_000, '1.1.1.1', 'mobile'),
    pv(boundary - 20 * 60_000, '1.1.1.1', 'mobile'),
    pv(boundary + 10 * 60_000, '2.2.2.2', 'desktop'),
    pv(boundary + 20 * 60_000, '2.2.2.2', 'desktop'),
    pv(boundary + 30 * 60_000, '2.2.2.2', 'desktop', { userId: userX, userEmail: 'x@example.com' }),
    pv(now - 10 * DAY, '3.3.3.3', 'desktop'),
    pv(now - 40 * DAY, '4.4.4.4', 'desktop'),
    ...[1, 2, 3, 4].map((i) => ({
      action: 'ticket_view',
      occurredAt: at(now - HOUR - i * 1000),
      ipAddress: '5.5.5.5',
      page: '/manageBookings/1/x',
      details: { package_tag: i === 4 ? 'VAT-2' : 'COL-1' },
    })),
    ...[1000, 2000, 3000, 4000].map((cents, i) => ({
      action: 'payment_initiated',
      source: 'server' as const,
      occurredAt: at(now - 2 * HOUR + i * 1000),
      userId: i % 2 ? payer2 : payer1,
      userEmail: i % 2 ? 'p2@example.com' : 'p1@example.com',
      amountCents: cents,
      status: 'pending',
      details: { order: `order-${i}`, package: 'Colosseum Tour' },
    })),
    {
      action: 'payment_completed',
      source: 'server' as const,
      occurredAt: at(now - HOUR),
      userId: payer1,
      userEmail: 'p1@example.com',
      amountCents: 1000,
      status: 'completed',
      details: { order: 'order-0', package: 'Colosseum Tour' },
    },
    {
      action: 'payment_completed',
      source: 'server' as const,
      occurredAt: at(now - HOUR + 1000),
      userId: payer2,
      userEmail: 'p2@example.com',
      amountCents: 3000,
      status: 'completed',
      details: { order: 'order-2' },
    },
    {
      action: 'payment_completed',
      source: 'server' as const,
      occurredAt: at(now - HOUR + 2000),
      userId: payer2,
      amountCents: 2000,
      status: 'failed',
      details: { order: 'order-1', reason: 'amount_mismatch' },
    },
    {
      action: 'payment_cancelled',
      source: 'server' as const,
      occurredAt: at(now - HOUR + 3000),
      userId: payer1,
      amountCents: 4000,
      status: 'cancelled',
      details: { order: 'order-3', reason: 'cancelled' },
    },
    { action: 'login', occurredAt: at(now - 5000), userId: userX, userEmail: 'x@example.com' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'GET', url, headers });

const EXPECTED_INSIGHTS = {
  totalVisits: 7,
  ticketViews: 4,
  paymentInitiations: 4,
  successfulPayments: 2,
  cancelledPayments: 1,
};

describe('GET /api/analytics/', () => {
  it('refuses anonymous callers (401) and customers (403) without data', async () => {
    const anon = await get('/api/analytics/', {});
    expect(anon.statusCode).toBe(401);
    expect(anon.body).not.toContain('insights');
    const cust = await get('/api/analytics/', customer.auth);
    expect(cust.statusCode).toBe(403);
    expect(cust.json()).toMatchObject({ detail: expect.any(String) });
    for (const m of ANALYTICS_METRICS) {
      expect((await get(`/api/analytics/detailed/${m}/`, {})).statusCode).toBe(401);
      const res = await get(`/api/analytics/detailed/${m}/`, customer.auth);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('activities');
    }
  });

  it('counts each card exactly as defined', async () => {
    const res = await get('/api/analytics/');
    expect(res.statusCode).toBe(200);
    const body = analyticsResponseSchema.parse(res.json());
    expect(body.timeZone).toBe('Asia/Dhaka');
    expect(body.insights).toEqual(EXPECTED_INSIGHTS);
  });

  it('lists the latest activities newest first, paged', async () => {
    const first = analyticsResponseSchema.parse((await get('/api/analytics/?page=1&page_size=2')).json());
    expect(first.userActivities).toHaveLength(2);
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, hasMore: true });
    // The sign-in of the fixture is the newest event (users created for the test add none).
    expect(first.userActivities[0]).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      user: 'x@example.com',
      action: 'login',
      country: null,
      countryCode: null,
      city: null,
      ipAddress: null,
    });
    const all = analyticsResponseSchema.parse((await get('/api/analytics/?page_size=200')).json());
    expect(all.userActivities).toHaveLength(20);
    expect(all.pagination.hasMore).toBe(false);
    const times = all.userActivities.map((a) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.userActivities.at(-1)).toMatchObject({
      action: 'page_view',
      ipAddress: '4.4.4.4',
      user: '',
      countryCode: 'IT',
    });
    expect((await get('/api/analytics/?page_size=201')).statusCode).toBe(400);
    expect((await get('/api/analytics/?page=0')).statusCode).toBe(400);
  });

  it("answers a query outside the contract's with its message in the one error shape", async () => {
    for (const url of [
      '/api/analytics/?page_size=abc',
      '/api/analytics/?page=-1',
      '/api/analytics/detailed/total-visits/?page_size=0',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        error: 'page must be 1 or more and page_size between 1 and 200.',
        code: 'invalid_request',
      });
      expect(res.body).not.toContain('insights');
    }
    const unknown = await get('/api/analytics/detailed/revenue/');
    expect(unknown.json()).toMatchObject({ error: 'Unknown metric.', code: 'not_found' });
    // The slug's case does not matter.
    const upper = await get('/api/analytics/detailed/Total-Visits/');
    expect(upper.statusCode).toBe(200);
    expect(upper.json().metric).toBe('total-visits');
    expect(upper.headers['cache-control']).toBe('no-store');
  });

  it('does not let browsers forge payment figures', async () => {
    // Through the API: a client event named like a payment, with an amount and status.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/track-activity/',
      headers: admin.auth,
      payload: [
        { action: 'payment_completed', status: 'completed', amountCents: 500_000, amount: 5000 },
        { action: 'payment_initiated', amount: 5000 },
        { action: 'payment_cancelled' },
      ],
    });
    expect(res.statusCode).toBe(204);
    await t.app.activity.flush();
    // Straight into the table as if a client row somehow carried money: still not counted.
    await t.db.insert(activityEvents).values({
      action: 'payment_completed',
      source: 'client',
      status: 'completed',
      amountCents: 900_000,
      occurredAt: new Date(Date.now() - HOUR),
    });
    const body = analyticsResponseSchema.parse((await get('/api/analytics/')).json());
    expect(body.insights).toEqual(EXPECTED_INSIGHTS);
    const paid = analyticsDetailedResponseSchema.parse(
      (await get('/api/analytics/detailed/successful-payments/')).json(),
    );
    expect(paid.activities).toHaveLength(2);
    expect(paid.statistics.kpi.total_revenue).toBe('€40.00');
    const started = analyticsDetailedResponseSchema.parse(
      (await get('/api/analytics/detailed/payment-initiations/')).json(),
    );
    expect(started.activities).toHaveLength(4);
  });
});

describe('GET /api/analytics/detailed/{metric}/', () => {
  const days = () => Array.from({ length: 7 }, (_, i) => dhakaDay(Date.now() - (6 - i) * DAY));

  it('answers 404 for an unknown metric', async () => {
    expect((await get('/api/analytics/detailed/revenue/')).statusCode).toBe(404);
    expect((await get('/api/analytics/detailed/total-visits/')).statusCode).toBe(200);
  });

  it('total-visits: activities, conversion, Dhaka-day trends and KPIs', async () => {
    const res = await get('/api/analytics/detailed/total-visits/?page_size=3');
    expect(res.statusCode).toBe(200);
    const body = analyticsDetailedResponseSchema.parse(res.json());
    expect(body.timeZone).toBe('Asia/Dhaka');
    expect(body.activities).toHaveLength(3);
    expect(body.pagination.hasMore).toBe(true);
    expect(body.activities[0]).toMatchObject({
      user: 'x@example.com',
      details: 'Viewed /',
      ipAddress: '2.2.2.2',
      countryCode: 'IT',
      amount: null,
      status: null,
    });
    expect(body.statistics.weeklyTrends.labels).toEqual(days());
    // Boundary events: 2 on the day before yesterday, 3 yesterday (Dhaka days); 10 and 40 days ago are
    // outside the week.
    expect(body.statistics.weeklyTrends.data).toEqual([0, 0, 0, 0, 2, 3, 0]);
    // The week's statistics: the 5 boundary page views (10 and 40 days ago are outside), by 1.1.1.1,
    // 2.2.2.2 and the signed-in x@example.com.
    expect(body.statistics.conversionRates).toEqual({
      'Visits to ticket views': 80,
      'Visits to payment initiations': 80,
      'Visits to successful payments': 40,
    });
    expect(body.statistics.kpi).toEqual({
      visits_last_7_days: '5',
      unique_visitors: '3',
      views_per_visitor: '1.7',
      mobile_share: 40,
      signed_in_share: 20,
    });
  });

  it('follows the display zone setting', async () => {
    await t.db.execute(
      // UTC: both boundary groups fall on the same day.
      `UPDATE website_settings SET analytics_time_zone = 'UTC'` as any,
    );
    try {
      const body = analyticsDetailedResponseSchema.parse(
        (await get('/api/analytics/detailed/total-visits/')).json(),
      );
      expect(body.timeZone).toBe('UTC');
      const utcDays = Array.from({ length: 7 }, (_, i) =>
        new Date(Date.now() - (6 - i) * DAY).toISOString().slice(0, 10),
      );
      expect(body.statistics.weeklyTrends.labels).toEqual(utcDays);
      const boundaryUtcDay = new Date(dhakaMidnight(1)).toISOString().slice(0, 10);
      const expected = utcDays.map((d) => (d === boundaryUtcDay ? 5 : 0));
      expect(body.statistics.weeklyTrends.data).toEqual(expected);
    } finally {
      await t.db.execute(`UPDATE website_settings SET analytics_time_zone = 'Asia/Dhaka'` as any);
    }
  });

  it('ticket-views', async () => {
    const body = analyticsDetailedResponseSchema.parse(
      (await get('/api/analytics/detailed/ticket-views/')).json(),
    );
    expect(body.activities).toHaveLength(4);
    expect(body.activities[0].details).toBe('Viewed ticket COL-1');
    const today = dhakaDay(Date.now() - HOUR);
    const data = days().map((d) => (d === today ? 4 : 0));
    expect(body.statistics.weeklyTrends.data).toEqual(data);
    expect(body.statistics.conversionRates).toEqual({
      'Ticket views to payment initiations': 100,
      'Ticket views to successful payments': 50,
    });
    expect(body.statistics.kpi).toEqual({
      ticket_views_last_7_days: '4',
      unique_viewers: '1',
      views_per_viewer: '4.0',
      most_viewed_ticket: 'COL-1',
      mobile_share: 0,
    });
  });

  it('payment-initiations: amounts in euro and the outcome split', async () => {
    const body = analyticsDetailedResponseSchema.parse(
      (await get('/api/analytics/detailed/payment-initiations/')).json(),
    );
    expect(body.activities.map((a) => a.amount)).toEqual([40, 30, 20, 10]);
    expect(body.activities.map((a) => a.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(body.activities[0]).toMatchObject({
      user: 'p2@example.com',
      details: 'Checkout started for Colosseum Tour (order order-3)',
    });
    expect(body.statistics.weeklyTrends.data.reduce((a, b) => a + b, 0)).toBe(4);
    expect(body.statistics.conversionRates).toEqual({
      Completed: 50,
      Cancelled: 25,
      'Open or abandoned': 25,
    });
    expect(body.statistics.kpi).toEqual({
      payment_initiations_last_7_days: '4',
      initiated_value: '€100.00',
      average_basket: '€25.00',
      completion_rate: 50,
      cancellation_rate: 25,
    });
  });

  it('successful-payments: only completed server payments', async () => {
    const body = analyticsDetailedResponseSchema.parse(
      (await get('/api/analytics/detailed/successful-payments/')).json(),
    );
    expect(body.activities.map((a) => [a.amount, a.status])).toEqual([
      [30, 'completed'],
      [10, 'completed'],
    ]);
    expect(body.activities[1].details).toBe('Payment completed for Colosseum Tour (order order-0)');
    expect(body.statistics.conversionRates).toEqual({
      'Initiations to successful payments': 50,
      'Visits to successful payments': 40,
    });
    expect(body.statistics.kpi).toEqual({
      successful_payments_last_7_days: '2',
      total_revenue: '€40.00',
      average_order_value: '€20.00',
      paying_customers: '2',
      completion_rate: 50,
      failed_payments: '1',
      // Every completed sale here came through the web shop (resellers' channel: reseller/octo.test.ts).
      sales_web_shop: '2 · €40.00',
    });
  });

  it('cancelled-payments', async () => {
    const body = analyticsDetailedResponseSchema.parse(
      (await get('/api/analytics/detailed/cancelled-payments/')).json(),
    );
    expect(body.activities).toEqual([
      expect.objectContaining({
        amount: 40,
        status: 'cancelled',
        details: 'Checkout cancelled (order order-3)',
      }),
    ]);
    expect(body.statistics.kpi).toEqual({
      cancelled_payments_last_7_days: '1',
      cancellation_rate: 25,
      cancelled_value: '€40.00',
      average_cancelled_value: '€40.00',
    });
  });
});

describe('activity actions', () => {
  const row = (action: string, details: Record<string, unknown> | null = null) => ({
    action,
    page: '/somewhere',
    full_url: null,
    status: action === 'payment_completed' ? 'completed' : null,
    details,
  });

  it('every action of the contract has a meaning and a Details line of its own', () => {
    expect(Object.keys(DESCRIBE_ACTION).sort()).toEqual([...ACTIVITY_ACTION_NAMES].sort());
    for (const action of ACTIVITY_ACTION_NAMES) {
      expect(ACTIVITY_ACTIONS[action].length, action).toBeGreaterThan(10);
      const line = describeActivity(row(action));
      expect(line, action).toBeTruthy();
      // Not the fallback for stored actions outside the list.
      expect(line, action).not.toBe(`${action} on /somewhere`);
      expect(line, action).not.toContain(action);
    }
  });

  it('describes with the event details, and names an action outside the list as stored', () => {
    expect(describeActivity(row('ticket_search', { ticketType: '24 hours' }))).toBe(
      'Searched for 24 hours tickets',
    );
    expect(describeActivity(row('booking_manage', { operation: 'download_qr', package: 'Colosseum' }))).toBe(
      'Managed a booking (download qr) for Colosseum',
    );
    expect(describeActivity(row('retired_action'))).toBe('retired_action on /somewhere');
  });
});

describe('location', () => {
  it('reads the same for one address in the activity log and in the detail view', async () => {
    // The buyer's page view comes through tracking (located when it arrives); the payment is recorded
    // by the shop with the address only. Both are from one local address.
    const email = `local-${randomUUID()}@example.com`;
    const user = { id: randomUUID(), email };
    await t.app.activity.ingest([{ action: 'page_view', page: '/pay/x', device: null }], {
      ip: '127.0.0.1',
      userAgent: undefined,
      user,
    });
    await t.app.activity.flush();
    await recordServerEvent(t.db, {
      action: 'payment_completed',
      userId: null,
      userEmail: email,
      amountCents: 3000,
      status: 'completed',
      details: {},
      ipAddress: '127.0.0.1',
    });
    const log = analyticsResponseSchema
      .parse((await get('/api/analytics/?page_size=200')).json())
      .userActivities.filter((a) => a.user === email);
    const paid = analyticsDetailedResponseSchema
      .parse((await get('/api/analytics/detailed/successful-payments/?page_size=200')).json())
      .activities.filter((a) => a.user === email);
    expect(log.map((a) => [a.action, a.country])).toEqual([
      ['payment_completed', 'Local network'],
      ['page_view', 'Local network'],
    ]);
    expect(paid.map((a) => [a.country, a.countryCode, a.city])).toEqual([['Local network', null, null]]);
  });
});
