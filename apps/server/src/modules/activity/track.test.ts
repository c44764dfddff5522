import { ACTIVITY_ACTION_NAMES } from '@rome/contract';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, activityHourVisitors, activityTotals } from '../../db/schema';
import { anonymiseIp, isPrivateIp, normaliseIp } from '../../lib/ip';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let proxied: TestApp;
let anon: TestApp;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [proxied, anon] = await Promise.all([
    createTestApp({ trustProxy: ['127.0.0.1'] }),
    createTestApp({
      analytics: {
        ...t.config.analytics,
        retentionDays: 30,
        anonymizeIp: true,
        eventsPerAddressPerMinute: 120,
      },
    }),
  ]);
  customer = await createUser(t.app, t.db);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close(), anon?.close()]);
});

async function track(
  app: TestApp,
  payload: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/track-activity/',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'content-type': 'application/json', ...opts.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  await app.app.activity.flush();
  return res;
}

async function eventsWhere(app: TestApp, marker: string) {
  const rows = await app.db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.page, marker))
    .orderBy(activityEvents.id);
  return rows;
}

const uid = () => `/t/${Math.random().toString(36).slice(2)}`;

describe('POST /api/track-activity/', () => {
  it('stores one event with the server deciding address and place, extra fields as details', async () => {
    const page = uid();
    const res = await track(
      t,
      {
        action: 'page_view',
        timestamp: new Date().toISOString(),
        page,
        fullUrl: `https://shop.example${page}`,
        ipAddress: '9.9.9.9',
        country: 'Narnia',
        countryCode: 'NA',
        city: 'Cair Paravel',
        region: 'North',
        userAgent: 'Vitest',
        screenResolution: '1920x1080',
        device: 'desktop',
        referrer: 'https://search.example/',
      },
      { ip: '192.168.1.20' },
    );
    expect(res.statusCode).toBe(204);
    const [row] = await eventsWhere(t, page);
    expect(row).toMatchObject({
      action: 'page_view',
      source: 'client',
      ipAddress: '192.168.1.20',
      country: 'Local network',
      countryCode: null,
      city: null,
      region: null,
      userAgent: 'Vitest',
      screenResolution: '1920x1080',
      device: 'desktop',
      userId: null,
      details: { referrer: 'https://search.example/' },
    });
  });

  it('records the signed-in user from the Bearer token, not from the body', async () => {
    const page = uid();
    await track(t, { action: 'login', page, user: 'someone@else.example' }, { headers: customer.auth });
    const [row] = await eventsWhere(t, page);
    expect(row.userId).toBe(customer.id);
    expect(row.userEmail).toBe(customer.email);
    expect(row.details).toEqual({ user: 'someone@else.example' });
  });

  it('takes batches as an array and as {events: [...]}', async () => {
    const page = uid();
    const many = Array.from({ length: 5 }, (_, i) => ({ action: i % 2 ? 'ticket_view' : 'page_view', page }));
    expect((await track(t, many)).statusCode).toBe(204);
    expect((await track(t, { events: many.slice(0, 3) })).statusCode).toBe(204);
    const rows = await eventsWhere(t, page);
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.action === 'ticket_view')).toHaveLength(3);
  });

  it('takes a sendBeacon body (JSON sent as text/plain)', async () => {
    const page = uid();
    const res = await track(t, JSON.stringify({ action: 'page_view', page }), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.statusCode).toBe(204);
    expect(await eventsWhere(t, page)).toHaveLength(1);
  });

  it('answers 400 to malformed bodies and stores nothing', async () => {
    const page = uid();
    const before = await t.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .orderBy(desc(activityEvents.id))
      .limit(1);
    const bad: [unknown, Record<string, string>?][] = [
      ['{"action": "page_view", ', undefined],
      ['not json at all', { 'content-type': 'text/plain' }],
      [{ page }, undefined],
      [{ action: '', page }, undefined],
      [{ action: 'x'.repeat(65), page }, undefined],
      [{ action: 42, page }, undefined],
      [[], undefined],
      [Array.from({ length: 51 }, () => ({ action: 'page_view', page })), undefined],
      [[{ action: 'page_view', page }, { page }], undefined],
      [{ action: 'page_view', page, blob: 'x'.repeat(5000) }, undefined],
      ['"just a string"', undefined],
    ];
    for (const [payload, headers] of bad) {
      const res = await track(t, payload, { headers });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'invalid_request' });
    }
    const after = await t.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .orderBy(desc(activityEvents.id))
      .limit(1);
    expect(after[0]?.id).toBe(before[0]?.id);
    expect(await eventsWhere(t, page)).toHaveLength(0);
  });

  it('replaces timestamps far from the server clock, keeps close ones, cuts long strings', async () => {
    const page = uid();
    const close = new Date(Date.now() - 60_000);
    const t0 = Date.now();
    await track(t, [
      { action: 'page_view', case: 'close', page, timestamp: close.toISOString() },
      {
        action: 'page_view',
        case: 'shifted',
        page,
        timestamp: new Date(Date.now() + 6 * 3600_000).toISOString(),
      },
      { action: 'page_view', case: 'old', page, timestamp: '2001-01-01T00:00:00Z' },
      {
        action: 'page_view',
        case: 'garbage',
        page,
        timestamp: 'yesterday-ish',
        fullUrl: `https://x.example/${'q'.repeat(3000)}`,
      },
    ]);
    const rows = await eventsWhere(t, page);
    const by = Object.fromEntries(rows.map((r) => [(r.details as { case: string }).case, r]));
    expect(by.close.occurredAt.getTime()).toBe(close.getTime());
    for (const c of ['shifted', 'old', 'garbage']) {
      expect(Math.abs(by[c].occurredAt.getTime() - t0)).toBeLessThan(10_000);
    }
    expect(by.garbage.fullUrl).toHaveLength(2048);
  });

  it("takes only the contract's actions: one unknown action refuses the whole batch", async () => {
    const page = uid();
    for (const body of [
      { action: 'page_viewed', page },
      [
        { action: 'page_view', page },
        { action: 'checkout_hacked', page },
      ],
      { events: [{ action: ' login ', page }] },
    ]) {
      const res = await track(t, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: expect.stringMatching(/^Invalid request \(/),
        code: 'invalid_request',
      });
    }
    expect(await eventsWhere(t, page)).toHaveLength(0);
    // Every listed action is taken.
    const all = ACTIVITY_ACTION_NAMES.map((action) => ({ action, page }));
    expect((await track(t, all)).statusCode).toBe(204);
    expect((await eventsWhere(t, page)).map((r) => r.action).sort()).toEqual(
      [...ACTIVITY_ACTION_NAMES].sort(),
    );
  });

  it('answers errors in the one shape {error, code}', async () => {
    const notJson = await track(t, 'not json', { headers: { 'content-type': 'text/plain' } });
    expect(notJson.json()).toEqual({ error: 'The body is not valid JSON.', code: 'invalid_request' });
    const big = await track(t, { action: 'page_view', page: uid(), blob: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('stores a forged payment event as a client event without amount or status', async () => {
    const page = uid();
    await track(t, {
      action: 'payment_completed',
      page,
      amountCents: 999_999,
      amount: 9999.99,
      status: 'completed',
    });
    const [row] = await eventsWhere(t, page);
    expect(row.source).toBe('client');
    expect(row.amountCents).toBeNull();
    expect(row.status).toBeNull();
  });

  it('honours X-Forwarded-For only from a trusted proxy', async () => {
    const page = uid();
    await track(
      t,
      { action: 'page_view', page },
      { ip: '127.0.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } },
    );
    await track(
      proxied,
      { action: 'page_view', page },
      { ip: '127.0.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } },
    );
    // A proxy that is not on the list cannot vouch for anyone.
    await track(
      proxied,
      { action: 'page_view', page },
      { ip: '10.1.2.3', headers: { 'x-forwarded-for': '8.8.4.4' } },
    );
    const [untrusted] = await eventsWhere(t, page);
    expect(untrusted.ipAddress).toBe('127.0.0.1');
    expect(untrusted.country).toBe('Local network');
    const [viaProxy, spoofed] = await eventsWhere(proxied, page);
    expect(viaProxy.ipAddress).toBe('8.8.8.8');
    expect(viaProxy.countryCode).toBe('US');
    expect(viaProxy.country).toBe('United States');
    expect(spoofed.ipAddress).toBe('10.1.2.3');
  });

  it('locates a public address and leaves private ones unlocated', async () => {
    const page = uid();
    await track(t, { action: 'page_view', page }, { ip: '8.8.8.8' });
    await track(t, { action: 'page_view', page }, { ip: '::1' });
    await track(t, { action: 'page_view', page }, { ip: '10.0.0.7' });
    const [pub, loop, priv] = await eventsWhere(t, page);
    expect(pub).toMatchObject({ ipAddress: '8.8.8.8', countryCode: 'US', country: 'United States' });
    expect(pub.city).toBeTruthy();
    for (const r of [loop, priv]) {
      expect(r.country).toBe('Local network');
      expect(r.countryCode).toBeNull();
      expect(r.city).toBeNull();
    }
  });

  it('anonymises addresses when asked to, locating from the full address', async () => {
    const page = uid();
    await track(anon, { action: 'page_view', page }, { ip: '8.8.8.8' });
    await track(anon, { action: 'page_view', page }, { ip: '2001:4860:4860::8888' });
    const [v4, v6] = await eventsWhere(anon, page);
    expect(v4.ipAddress).toBe('8.8.8.0');
    expect(v4.countryCode).toBe('US');
    expect(v6.ipAddress).toBe('2001:4860:4860::');
  });

  it('limits each address to 600 events a minute', async () => {
    const ip = '203.0.113.9';
    const batch = Array.from({ length: 50 }, () => ({ action: 'page_view', page: '/rate' }));
    const codes: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/track-activity/',
        remoteAddress: ip,
        payload: batch,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 12).every((c) => c === 204)).toBe(true);
    expect(codes[12]).toBe(429);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/track-activity/',
      remoteAddress: ip,
      payload: batch,
    });
    expect(over.json()).toEqual({
      error: 'Too many attempts. Please wait a while and try again.',
      code: 'rate_limited',
      retry_after: 60,
    });
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/track-activity/',
      remoteAddress: '203.0.113.10',
      payload: batch,
    });
    expect(other.statusCode).toBe(204);
  });

  it('takes its limit from ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE', async () => {
    const batch = Array.from({ length: 50 }, () => ({ action: 'page_view', page: '/rate-setting' }));
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await anon.app.inject({
        method: 'POST',
        url: '/api/track-activity/',
        remoteAddress: '203.0.113.11',
        payload: batch,
      });
      codes.push(res.statusCode);
    }
    // 100 events fit under 120 a minute; the next 50 would pass it.
    expect(codes).toEqual([204, 204, 429]);
  });
});

describe('retention', () => {
  it('deletes events older than ANALYTICS_RETENTION_DAYS only, in batches', async () => {
    const page = uid();
    const day = 86_400_000;
    const now = Date.now();
    const ages = [31, 45, 400, 29, 1, 0];
    await anon.db
      .insert(activityEvents)
      .values(ages.map((d) => ({ action: `age_${d}`, page, occurredAt: new Date(now - d * day - 60_000) })));
    // Server events age out too: the retention period is the whole table's.
    await anon.db.insert(activityEvents).values({
      action: 'payment_completed',
      source: 'server',
      page,
      status: 'completed',
      amountCents: 1000,
      occurredAt: new Date(now - 60 * day),
    });
    // Page views 400 and 1 days old: their hours' visitor registers (migration 0038) go with the old one.
    await anon.db.insert(activityEvents).values(
      [400, 1].map((d) => ({
        action: 'page_view',
        page,
        ipAddress: '198.51.100.7',
        occurredAt: new Date(now - d * day - 60_000),
      })),
    );
    const hoursSeen = async () =>
      (
        await anon.db
          .select({ hour: activityHourVisitors.hour })
          .from(activityHourVisitors)
          .where(eq(activityHourVisitors.action, 'page_view'))
      ).map((r) => r.hour.getTime());
    const cutoff = now - 30 * day;
    expect((await hoursSeen()).some((h) => h < cutoff - 3_600_000)).toBe(true);
    const deleted = await anon.app.activity.purgeExpired();
    expect(deleted).toBeGreaterThanOrEqual(5);
    const seenAfter = await hoursSeen();
    expect(seenAfter.some((h) => h < cutoff - 3_600_000)).toBe(false);
    expect(seenAfter.some((h) => h > now - 2 * day)).toBe(true);
    const left = (await eventsWhere(anon, page)).map((r) => r.action).sort();
    expect(left).toEqual(['age_0', 'age_1', 'age_29', 'page_view']);
    // The all-time totals the dashboard reads follow the deletion (triggers on activity_events).
    const totals = await anon.db
      .select({ action: activityTotals.action, events: activityTotals.events })
      .from(activityTotals)
      .where(like(activityTotals.action, 'age_%'));
    expect(Object.fromEntries(totals.map((r) => [r.action, r.events]))).toMatchObject({
      age_0: 1,
      age_1: 1,
      age_29: 1,
      age_31: 0,
      age_45: 0,
      age_400: 0,
    });
  });

  it('keeps everything when retention is off', async () => {
    const page = uid();
    await t.db
      .insert(activityEvents)
      .values({ action: 'ancient', page, occurredAt: new Date('2001-01-01T00:00:00Z') });
    expect(await t.app.activity.purgeExpired()).toBe(0);
    expect(await eventsWhere(t, page)).toHaveLength(1);
  });
});

describe('addresses', () => {
  it('normalises, classifies and anonymises', () => {
    expect(normaliseIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normaliseIp('nonsense')).toBeNull();
    expect(isPrivateIp('172.20.1.1')).toBe(true);
    expect(isPrivateIp('172.32.1.1')).toBe(false);
    expect(isPrivateIp('fd00::1')).toBe(true);
    expect(isPrivateIp('2001:db8::1')).toBe(false);
    expect(anonymiseIp('81.2.69.142')).toBe('81.2.69.0');
    expect(anonymiseIp('2a00:1450:4001:81b::200e')).toBe('2a00:1450:4001::');
  });
});
