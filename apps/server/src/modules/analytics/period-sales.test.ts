/**
 * The dashboard beside the spec (decision 037): a period and a clock on every figure, the activity log's
 * filters, a payment initiation's status as its order's, and the sales report with refunds and its CSV.
 */
import {
  addDays,
  analyticsDetailedResponseSchema,
  analyticsResponseSchema,
  centsToDecimal,
  orderReference,
  romeInstant,
  romeToday,
  salesReportSchema,
  signedDecimalToCents,
} from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, orders, packages } from '../../db/schema';
import { type Bought, buyTicket, openCheckout, payTestCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { markRefunded } from '../orders/refunds';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let buyer: TestUser;
const bought: Bought[] = [];
const today = romeToday();
/** A Rome day `n` days before today. */
const daysAgo = (n: number) => addDays(today, -n);
/** Noon in Rome, `n` days ago. */
const noonAgo = (n: number) => romeInstant(daysAgo(n), '12:00')!;

const get = (url: string, user: TestUser = admin) => t.app.inject({ url, headers: user.auth });
/** An answer's decimal (a net or a refund line may be negative) in cents. */
const cents = (decimal: string) => signedDecimalToCents(decimal)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { isSuperuser: true });
  buyer = await createUser(t.app, t.db);
  // A product title a spreadsheet would run as a formula: the CSV must write it as text.
  await t.db
    .update(packages)
    .set({ title: '=HYPERLINK("http://x")' })
    .where(eq(packages.packageTag, 'GL-24'));
  bought.push(await buyTicket(t.app, t.db, buyer)); // BB-24, paid today
  bought.push(
    await buyTicket(t.app, t.db, buyer, { package_identifier: 'GL-24', adult_count: '1', youth_count: '0' }),
  );
  bought.push(await buyTicket(t.app, t.db, buyer)); // BB-24, moved to 40 days ago below
  // The third sale was paid 40 days ago; the first is refunded 3 days ago (after it was paid: its
  // payment is moved to 5 days ago).
  await t.db
    .update(orders)
    .set({ paidAt: noonAgo(40) })
    .where(eq(orders.id, bought[2].order.id));
  await t.db
    .update(orders)
    .set({ paidAt: noonAgo(5) })
    .where(eq(orders.id, bought[0].order.id));
  const [first] = await t.db.select().from(orders).where(eq(orders.id, bought[0].order.id));
  await markRefunded(t.db, first, 'superuser', { now: noonAgo(3) });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/analytics/sales/', () => {
  it('answers sales, refunds and net by channel, operator and product; the lines add up to the totals', async () => {
    const res = await get('/api/analytics/sales/?clock=rome');
    expect(res.statusCode, res.body).toBe(200);
    const report = salesReportSchema.parse(res.json());
    const paid = bought.map((b) => b.order.amountPaidCents!);
    expect(report.totals).toEqual({
      orders: 3,
      gross: centsToDecimal(paid[0] + paid[1] + paid[2]),
      refunds: 1,
      refunded: centsToDecimal(paid[0]),
      net: centsToDecimal(paid[1] + paid[2]),
    });
    expect(report.timeZone).toBe('Europe/Rome');
    expect(report.byChannel.map((l) => l.label)).toEqual(['Web shop']);
    expect(report.byProduct.map((l) => l.key).sort()).toEqual(['BB-24', 'GL-24']);
    for (const lines of [report.byChannel, report.byOperator, report.byProduct]) {
      const sum = (k: 'gross' | 'refunded' | 'net') => lines.reduce((n, l) => n + cents(l[k]), 0);
      expect(sum('gross')).toBe(cents(report.totals.gross));
      expect(sum('refunded')).toBe(cents(report.totals.refunded));
      expect(sum('net')).toBe(cents(report.totals.net));
      expect(lines.reduce((n, l) => n + l.orders, 0)).toBe(3);
    }
    // The operator is the package's company folder.
    expect(report.byOperator.every((l) => l.label !== '')).toBe(true);
  });

  it('counts a sale on the day it was paid and a refund on the day it was refunded', async () => {
    const paid = bought.map((b) => b.order.amountPaidCents!);
    const last30 = salesReportSchema.parse(
      (await get(`/api/analytics/sales/?clock=rome&from=${daysAgo(29)}&to=${today}`)).json(),
    );
    expect(last30.totals.orders).toBe(2);
    expect(last30.totals.refunds).toBe(1);
    expect(cents(last30.totals.net)).toBe(paid[1]);
    // Two adjacent periods add up to the whole: days 40..4 ago and 3 days ago..today.
    const before = salesReportSchema.parse(
      (await get(`/api/analytics/sales/?clock=rome&from=${daysAgo(40)}&to=${daysAgo(4)}`)).json(),
    );
    const after = salesReportSchema.parse(
      (await get(`/api/analytics/sales/?clock=rome&from=${daysAgo(3)}&to=${today}`)).json(),
    );
    expect(before.totals).toMatchObject({ orders: 2, refunds: 0, net: centsToDecimal(paid[0] + paid[2]) });
    expect(after.totals).toMatchObject({ orders: 1, refunds: 1, net: centsToDecimal(paid[1] - paid[0]) });
    expect(cents(before.totals.net) + cents(after.totals.net)).toBe(paid[1] + paid[2]);
    expect(after.period).toEqual({ from: daysAgo(3), to: today, clock: 'rome' });
  });

  it('downloads the same lines as CSV: one a sale or refund, a refund negative, formulas written as text', async () => {
    const res = await get(`/api/analytics/sales/csv/?clock=rome&from=${daysAgo(29)}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales_${daysAgo(29)}_${today}.csv"`,
    );
    const [header, ...lines] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('kind,time,order,channel,operator,product,package_tag,amount_eur');
    expect(lines).toHaveLength(3);
    const amounts = lines.map((l) => cents(l.split(',').at(-1)!));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(bought[1].order.amountPaidCents);
    const refund = lines.find((l) => l.startsWith('refund,'))!;
    expect(refund).toContain(orderReference(bought[0].uniqueId));
    expect(refund).toContain(`${daysAgo(3)} 12:00:00`);
    expect(refund.split(',').at(-1)).toBe(`-${centsToDecimal(bought[0].order.amountPaidCents!)}`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
  });

  it('is for superusers only, and refuses a period it cannot read', async () => {
    expect((await get('/api/analytics/sales/', buyer)).statusCode).toBe(403);
    expect((await get('/api/analytics/sales/csv/', buyer)).statusCode).toBe(403);
    for (const [query, message] of [
      ['from=2026-13-01', 'from and to are dates written YYYY-MM-DD.'],
      [`from=${today}&to=${daysAgo(1)}`, 'from must come before to, at most 400 days apart.'],
      [`from=${daysAgo(500)}&to=${today}`, 'from must come before to, at most 400 days apart.'],
      ['clock=utc', "clock is 'rome' or 'display'."],
    ]) {
      const res = await get(`/api/analytics/sales/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: message, code: 'invalid_request' });
    }
  });
});

describe('GET /api/analytics/ with a period, a clock and filters', () => {
  beforeAll(async () => {
    const base = {
      page: '/',
      ipAddress: '10.1.2.3',
      country: 'Italy',
      countryCode: 'IT',
      city: 'Rome',
    };
    await t.db.insert(activityEvents).values([
      { ...base, action: 'page_view', occurredAt: noonAgo(10), page: '/period-test' },
      { ...base, action: 'page_view', occurredAt: noonAgo(10), page: '/period-test' },
      { ...base, action: 'page_view', occurredAt: noonAgo(2), city: 'Ostia', page: '/period-test' },
      { ...base, action: 'login', occurredAt: noonAgo(2), userEmail: 'ada.lovelace@example.com' },
      // 23:30 in Rome on the day 10 days ago is already the next day in Dhaka.
      { ...base, action: 'ticket_view', occurredAt: romeInstant(daysAgo(10), '23:30')! },
    ]);
  });

  it('counts the cards in the period, in the clock asked for', async () => {
    const day = daysAgo(10);
    const rome = analyticsResponseSchema.parse(
      (await get(`/api/analytics/?clock=rome&from=${day}&to=${day}`)).json(),
    );
    expect(rome.timeZone).toBe('Europe/Rome');
    expect(rome.period).toEqual({ from: day, to: day, clock: 'rome' });
    expect(rome.insights.totalVisits).toBe(2);
    expect(rome.insights.ticketViews).toBe(1);
    // The spec's display zone (Asia/Dhaka): the late ticket view falls on the next day there.
    const dhaka = analyticsResponseSchema.parse((await get(`/api/analytics/?from=${day}&to=${day}`)).json());
    expect(dhaka.timeZone).toBe('Asia/Dhaka');
    expect(dhaka.insights.ticketViews).toBe(0);
    // Without a period, the all-time figures the spec shows.
    const all = analyticsResponseSchema.parse((await get('/api/analytics/')).json());
    expect(all.insights.totalVisits).toBeGreaterThanOrEqual(3);
    expect(all.period).toEqual({ from: null, to: null, clock: 'display' });
  });

  it('filters the log by action, user and a search; a period limits it', async () => {
    const log = async (query: string) =>
      analyticsResponseSchema.parse((await get(`/api/analytics/?clock=rome&${query}`)).json()).userActivities;
    const logins = await log('action=login');
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((a) => a.action === 'login')).toBe(true);
    expect((await log('user=LOVELACE')).map((a) => a.user)).toEqual(['ada.lovelace@example.com']);
    const anonymous = await log('user=anonymous&action=page_view');
    expect(anonymous.length).toBeGreaterThanOrEqual(3);
    expect(anonymous.every((a) => a.user === '')).toBe(true);
    expect((await log('q=ostia')).map((a) => a.city)).toEqual(['Ostia']);
    // A search's % and _ are letters, not patterns.
    expect(await log('q=%25')).toEqual([]);
    const period = await log(`from=${daysAgo(10)}&to=${daysAgo(10)}&action=page_view`);
    expect(period).toHaveLength(2);
    const bad = await get('/api/analytics/?action=teleport');
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/analytics/?q=${'x'.repeat(201)}`)).json().error).toBe(
      'A search is at most 200 characters.',
    );
  });
});

describe('GET /api/analytics/detailed/payment-initiations/', () => {
  it("shows an initiation's order as it is now: completed once paid, pending while open", async () => {
    const open = await openCheckout(t.app, buyer);
    const paidSession = await openCheckout(t.app, buyer, { package_identifier: 'BB-48' });
    const paid = await payTestCheckout(t.app, t.db, buyer, paidSession);
    const res = await get('/api/analytics/detailed/payment-initiations/?clock=rome');
    const detail = analyticsDetailedResponseSchema.parse(res.json());
    const byOrder = (uniqueId: string) =>
      detail.activities.find((a) => a.details.includes(uniqueId.slice(0, 10)));
    const [openOrder] = await t.db.select().from(orders).where(eq(orders.providerSessionId, open));
    expect(byOrder(paid.uniqueId)?.status).toBe('completed');
    expect(byOrder(openOrder.uniqueId)?.status).toBe('pending');
    // The refunded first purchase reads as refunded.
    expect(byOrder(bought[0].uniqueId)?.status).toBe('refunded');
    expect(detail.timeZone).toBe('Europe/Rome');
  });

  it("computes a period's KPIs, named for the period, and its last 7 days' trends", async () => {
    const day = daysAgo(10);
    const res = await get(`/api/analytics/detailed/total-visits/?clock=rome&from=${daysAgo(12)}&to=${day}`);
    const detail = analyticsDetailedResponseSchema.parse(res.json());
    expect(detail.statistics.kpi.visits_in_period).toBe('2');
    expect(detail.statistics.weeklyTrends.labels.at(-1)).toBe(day);
    expect(detail.statistics.weeklyTrends.data.at(-1)).toBe(2);
    expect(
      detail.activities.every((a) => a.timestamp.startsWith(noonAgo(10).toISOString().slice(0, 10))),
    ).toBe(true);
  });
});
