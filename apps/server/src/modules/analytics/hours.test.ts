/**
 * The hourly roll-ups of page views and ticket views (migration 0038, decision 076): kept by triggers
 * through inserts, updates and deletes, read for windows of whole hours with the same figures as the
 * events, not read for a zone whose days start off the hour, and unique visitors estimated past the
 * exact limit.
 */
import { ACTION } from '@rome/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../db/schema';
import { rowsOf } from '../../lib/limits';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { onWholeHours } from './hours';
import * as q from './queries';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A whole UTC hour three days ago: the events below sit around it. */
const base = Math.floor(Date.now() / HOUR) * HOUR - 72 * HOUR;
const at = (ms: number) => new Date(ms);
// Fixed accounts, so that the visitors' hashes (and so the registers) are the same on every run.
const ann = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

type Event = typeof activityEvents.$inferInsert;
const view = (action: string, ms: number, extra: Partial<Event> = {}): Event => ({
  action,
  occurredAt: at(ms),
  ipAddress: '10.0.0.1',
  page: '/',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { isSuperuser: true });
  // In several statements, so that later ones add to the hours the first ones made.
  await t.db.insert(activityEvents).values([
    view(ACTION.page_view, base, { device: 'mobile' }),
    view(ACTION.page_view, base - 1, { device: 'desktop', ipAddress: '10.0.0.2' }),
    view(ACTION.page_view, base + 30 * MINUTE, { device: null, userId: ann, userEmail: 'ann@example.com' }),
    view(ACTION.page_view, base + HOUR - 1, { device: 'mobile', ipAddress: null }),
    view(ACTION.page_view, base - 30 * HOUR, { device: 'mobile', ipAddress: '10.0.0.3' }),
    // Neither account nor address: a view, but no visitor.
    view(ACTION.page_view, base + 2 * HOUR, { ipAddress: null }),
  ]);
  await t.db.insert(activityEvents).values([
    view(ACTION.page_view, base + 5 * MINUTE, {
      device: 'mobile',
      userId: bob,
      userEmail: 'bob@example.com',
    }),
    view(ACTION.ticket_view, base + MINUTE, { details: { package_tag: 'COL-1' }, device: 'mobile' }),
    view(ACTION.ticket_view, base + 2 * MINUTE, { details: { packageTag: 'COL-1' }, ipAddress: '10.0.0.4' }),
    view(ACTION.ticket_view, base + 3 * MINUTE, { details: { title: 'Vatican' }, userId: ann }),
    view(ACTION.ticket_view, base + 4 * MINUTE, { details: { package: 'Vatican' } }),
    view(ACTION.ticket_view, base + HOUR, { page: '/manageBookings/1/x' }),
    view(ACTION.ticket_view, base + HOUR + 1, { page: null }),
    // A label of a few KB (the browser's details may be 4 KB): keyed by its digest.
    view(ACTION.ticket_view, base - 2 * HOUR, { details: { title: 'x'.repeat(3000) } }),
    // Not rolled up: the dashboard counts these from their own indexes.
    view(ACTION.login, base),
    {
      action: ACTION.payment_initiated,
      source: 'server',
      occurredAt: at(base),
      amountCents: 1000,
      status: 'pending',
    },
  ]);
});

afterAll(async () => {
  await t?.close();
});

/** Every hour's roll-up as the events say it should be, and as the triggers keep it. */
async function hoursFromEvents() {
  return rowsOf(
    await t.db.execute(sql`
      SELECT action, date_trunc('hour', occurred_at, 'UTC') AS hour,
             CASE WHEN action = 'ticket_view' THEN coalesce(details->>'package_tag', details->>'packageTag',
                       details->>'title', details->>'package', page, '') ELSE '' END AS label,
             count(*)::int AS events, (count(*) FILTER (WHERE device = 'mobile'))::int AS mobile,
             count(device)::int AS with_device, count(user_id)::int AS signed_in
      FROM activity_events WHERE action IN ('page_view', 'ticket_view')
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
  );
}
async function hoursKept() {
  return rowsOf(
    await t.db.execute(sql`
      SELECT action, hour, label, events::int AS events, mobile::int AS mobile,
             with_device::int AS with_device, signed_in::int AS signed_in
      FROM activity_hours WHERE events <> 0 ORDER BY 1, 2, 3`),
  );
}

/** A figure of the window counted from the events: the definition the roll-ups must agree with. */
async function fromEvents(action: string, w: q.Window) {
  const until: SQL = w.until ? sql`AND occurred_at < ${w.until.toISOString()}::timestamptz` : sql``;
  const [r] = rowsOf<Record<string, unknown>>(
    await t.db.execute(sql`
      SELECT count(*)::int AS views, (count(*) FILTER (WHERE device = 'mobile'))::int AS mobile,
             count(device)::int AS with_device, count(user_id)::int AS signed_in,
             count(DISTINCT coalesce(user_id::text, ip_address))::int AS visitors
      FROM activity_events
      WHERE action = ${action} AND occurred_at >= ${w.since.toISOString()}::timestamptz ${until}`),
  );
  return r;
}

/** Page views per calendar day of `zone`, counted from the events, for the days of `trends`. */
async function daysFromEvents(zone: string, trends: { day: string }[]) {
  const byDay = rowsOf<{ day: string; n: number }>(
    await t.db.execute(sql`
      SELECT to_char((occurred_at AT TIME ZONE ${zone})::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM activity_events WHERE action = 'page_view' GROUP BY 1`),
  );
  const counted = Object.fromEntries(byDay.map((r) => [r.day, r.n]));
  return trends.map(({ day }) => ({ day, n: counted[day] ?? 0 }));
}

const WINDOWS: q.Window[] = [
  { since: at(base - 48 * HOUR), until: null },
  { since: at(base), until: at(base + HOUR) },
  { since: at(base - 24 * HOUR), until: at(base + 2 * HOUR) },
  { since: at(base + HOUR), until: null },
];

async function expectHoursToMatchEvents() {
  expect(await hoursKept()).toEqual(await hoursFromEvents());
  for (const w of WINDOWS) {
    expect(onWholeHours(w)).toBe(true);
    const visits = await fromEvents(ACTION.page_view, w);
    expect(await q.visitSummary(t.db, w)).toEqual({
      views: visits.views,
      visitors: visits.visitors,
      visitorsEstimated: false,
      mobile: visits.mobile,
      withDevice: visits.with_device,
      signedIn: visits.signed_in,
    });
    const tickets = await fromEvents(ACTION.ticket_view, w);
    expect(await q.ticketViewSummary(t.db, w)).toEqual({
      views: tickets.views,
      viewers: tickets.visitors,
      viewersEstimated: false,
      mobile: tickets.mobile,
      withDevice: tickets.with_device,
    });
    expect(await q.countMetricIn(t.db, 'total-visits', w)).toBe(visits.views);
    expect(await q.countMetricIn(t.db, 'ticket-views', w)).toBe(tickets.views);
  }
}

describe('hourly roll-ups', () => {
  it('are kept by the triggers and give the figures the events give', async () => {
    await expectHoursToMatchEvents();
    // The hours are what the window reads: 4 page views in the hour starting at `base` (not the one a
    // millisecond before it, nor the one on its last millisecond's neighbour).
    expect((await q.visitSummary(t.db, { since: at(base), until: at(base + HOUR) })).views).toBe(4);
    expect(await q.mostViewedTicket(t.db, { since: at(base), until: at(base + 2 * HOUR) })).toEqual({
      label: 'COL-1',
      views: 2,
    });
    // A view naming nothing is never the most viewed ticket.
    expect(await q.mostViewedTicket(t.db, { since: at(base + HOUR), until: at(base + 2 * HOUR) })).toEqual({
      label: '/manageBookings/1/x',
      views: 1,
    });
  });

  it('follow updates (an account erased) and deletes (the retention job)', async () => {
    await t.db.execute(sql`
      UPDATE activity_events SET user_id = NULL, user_email = NULL, ip_address = NULL
      WHERE user_id = ${ann}`);
    await expectHoursToMatchEvents();
    const gone = await t.db.execute(sql`
      DELETE FROM activity_events WHERE action IN ('page_view', 'ticket_view')
        AND occurred_at < ${at(base).toISOString()}::timestamptz`);
    expect(Number((gone as any).rowCount ?? (gone as any).affectedRows)).toBe(3);
    await expectHoursToMatchEvents();
    // Emptied hours go with their events.
    const [left] = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        SELECT count(*)::int AS n FROM activity_hours WHERE hour < ${at(base).toISOString()}::timestamptz`),
    );
    expect(left.n).toBe(0);
  });

  it('counts the days of a zone whose midnight is off the hour from the events', async () => {
    // Kolkata is UTC+5:30: its midnight is 18:30 UTC, inside an hour of the roll-ups. Two views in the
    // same UTC hour fall on two Kolkata days.
    const midnight = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 24 * HOUR + 18.5 * HOUR;
    await t.db
      .insert(activityEvents)
      .values([
        view(ACTION.page_view, midnight - 10 * MINUTE),
        view(ACTION.page_view, midnight + 10 * MINUTE),
      ]);
    const kolkataDay = (ms: number) => new Date(ms + 5.5 * HOUR).toISOString().slice(0, 10);
    const trends = await q.dailyMetricCounts(t.db, 'total-visits', 'Asia/Kolkata', 7);
    expect(trends).toEqual(await daysFromEvents('Asia/Kolkata', trends));
    expect(trends.find((d) => d.day === kolkataDay(midnight - 10 * MINUTE))?.n).toBeGreaterThanOrEqual(1);
    expect(trends.find((d) => d.day === kolkataDay(midnight + 10 * MINUTE))?.n).toBeGreaterThanOrEqual(1);
    // Rome's days start on whole hours: the same counts, read from the hours.
    const rome = await q.dailyMetricCounts(t.db, 'total-visits', 'Europe/Rome', 7);
    expect(rome).toEqual(await daysFromEvents('Europe/Rome', rome));
  });

  it('estimates unique visitors past the exact limit, within 3%, and says so', async () => {
    // 40,000 page views in the last two hours from 30,000 addresses (each of the first 10,000 twice).
    await t.db.execute(sql`
      INSERT INTO activity_events (occurred_at, action, source, ip_address, page, device)
      SELECT now() - (g % 7200) * interval '1 second', 'page_view', 'client',
             '172.' || ((g % 30000) / 250) || '.' || ((g % 30000) % 250) || '.9', '/', 'mobile'
      FROM generate_series(1, 40000) g`);
    const w = { since: at(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR), until: null };
    const exact = (await fromEvents(ACTION.page_view, w)).visitors as number;
    expect(exact).toBeGreaterThanOrEqual(30_000);
    const summary = await q.visitSummary(t.db, w);
    expect(summary.visitorsEstimated).toBe(true);
    expect(Math.abs(summary.visitors - exact) / exact).toBeLessThan(0.03);
    // Below the limit the same window is counted exactly.
    expect(await q.visitSummary(t.db, w, 1_000_000)).toMatchObject({
      visitors: exact,
      visitorsEstimated: false,
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/detailed/total-visits/',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const kpi = res.json().statistics.kpi as Record<string, string>;
    expect(kpi.unique_visitors).toMatch(/^≈ \d{1,3}(,\d{3})*$/);
    const shown = Number(kpi.unique_visitors.replace(/[^\d]/g, ''));
    expect(Math.abs(shown - exact) / exact).toBeLessThan(0.03);
    expect(kpi.views_per_visitor).toMatch(/^≈ \d+\.\d$/);
    // The count of views stays exact.
    expect(kpi.visits_last_7_days).not.toContain('≈');
  });

  it('lose nothing and do not deadlock when writers share hours', async () => {
    // Eight statements at once (on PostgreSQL, eight connections), each with 125 page views and 125
    // ticket views from its own visitors, all in the same two hours. Each names its own ticket, so the
    // writers share no row of the counts, only the hours' visitor registers.
    const start = Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR;
    // The hours' rows exist already, as they do in a live shop: each writer reads them and writes back.
    await t.db
      .insert(activityEvents)
      .values(
        [0, 1].flatMap((h) => [
          view(ACTION.page_view, start + h * HOUR, { ipAddress: null }),
          view(ACTION.ticket_view, start + h * HOUR, { ipAddress: '192.168.9.9' }),
        ]),
      );
    await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        t.db.execute(sql`
          INSERT INTO activity_events (occurred_at, action, source, ip_address, page, device)
          SELECT ${at(start).toISOString()}::timestamptz + (g * 27) * interval '1 second',
                 CASE WHEN g % 2 = 0 THEN 'page_view' ELSE 'ticket_view' END, 'client',
                 '192.168.' || ${k} || '.' || g, '/tickets/' || ${k}, 'mobile'
          FROM generate_series(1, 250) g`),
      ),
    );
    expect(await hoursKept()).toEqual(await hoursFromEvents());
    // Every writer's visitors reached the registers: a lost update would drop an eighth of them.
    const w = { since: at(start), until: at(start + 2 * HOUR) };
    const exact = (await fromEvents(ACTION.page_view, w)).visitors as number;
    expect(exact).toBe(1000);
    const estimated = await q.visitSummary(t.db, w, 0);
    expect(estimated.visitorsEstimated).toBe(true);
    expect(Math.abs(estimated.visitors - exact) / exact).toBeLessThan(0.03);
    const viewers = (await fromEvents(ACTION.ticket_view, w)).visitors as number;
    expect(viewers).toBe(1001);
    const tickets = await q.ticketViewSummary(t.db, w, 0);
    expect(tickets.viewersEstimated).toBe(true);
    expect(Math.abs(tickets.viewers - viewers) / viewers).toBeLessThan(0.03);
  });
});
