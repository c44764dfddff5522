/**
 * Resellers' webhooks through HTTP, to a real receiver (node:http on a random port): registration and
 * its refusals, events written with the change (confirmed, changed, cancelled; places of a slot), a
 * receiver that is down (connection refused, then 503) and then up gets every event once, in order per
 * booking, each signed so the documented check passes (and fails with another secret or an old
 * timestamp); the delivery log of a key's own deliveries; a sender killed mid-try; giving up.
 * Retry times are shortened through the config (WEBHOOK_RETRY_BASE_MS, ...): the hour is not waited.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zBooking } from '@octocloud/types';
import { addDays, romeInstant, romeLocalIso, romeToday } from '@rome/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli';
import { orders, slots, webhookAttempts, webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { claimDelivery } from './webhook-sender';
import {
  checkWebhookUrl,
  isInternalAddress,
  REPLAY_WINDOW_SECONDS,
  verifyWebhookSignature,
} from './webhooks';

type Json = Record<string, any>;
type Received = { headers: IncomingMessage['headers']; body: string; json: Json };

/** A partner's receiver: answers `mode` ('ok' 200, 'busy' 503) or is not listening at all ('down'). */
class Receiver {
  server: Server | null = null;
  port = 0;
  mode: 'ok' | 'busy' = 'ok';
  got: Received[] = [];
  refusedTries = 0;

  async up(mode: 'ok' | 'busy' = 'ok') {
    this.mode = mode;
    if (this.server) return;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (this.mode === 'busy') {
          res.writeHead(503).end();
          return;
        }
        this.got.push({ headers: req.headers, body, json: JSON.parse(body) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down() {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }
}

/** Retries after 40-80 ms, at most 150 ms apart: the receiver's hour of downtime in a second. */
const FAST = { retryBaseMs: 80, retryMaxMs: 150, giveUpHours: 72, timeoutMs: 2000, claimMarginMs: 30_000 };
const TAG = 'CS-HALF';
const CAPS = 'octo/pricing, octo/content';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let superuser: TestUser;

const octo = (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/octo${url}`,
    headers: { authorization: `Bearer ${key}`, 'octo-capabilities': CAPS },
    ...(payload ? { payload } : {}),
  });

async function makeKey(name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers/',
    headers: superuser.auth,
    payload: { name: `${name} ${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json().key;
}

async function addSlot(date: string, time: string, capacity: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/editor/packages/${TAG}/slots/`,
    headers: editor.auth,
    payload: { from: date, to: date, weekdays: [0, 1, 2, 3, 4, 5, 6], times: [time], except: [], capacity },
  });
  expect(res.statusCode).toBe(200);
  return romeLocalIso(romeInstant(date, time)!);
}

async function register(key: string, url: string, event: string) {
  const res = await octo(key, 'POST', '/webhooks', { url, event });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

/** Reserves and confirms a booking of `units` on `availabilityId`; answers its uuid. */
async function book(key: string, availabilityId: string, units: string[]): Promise<string> {
  const uuid = crypto.randomUUID();
  const res = await octo(key, 'POST', '/bookings', {
    uuid,
    productId: TAG,
    optionId: 'DEFAULT',
    availabilityId,
    unitItems: units.map((unitId) => ({ unitId })),
  });
  expect(res.statusCode, res.body).toBe(200);
  const ok = await octo(key, 'POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Ada Tourist' } });
  expect(ok.statusCode, ok.body).toBe(200);
  return uuid;
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const pendingCount = async () =>
  (
    await t.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))
  )[0].n;
const attemptCount = async () => (await t.db.select({ n: count() }).from(webhookAttempts))[0].n;

beforeAll(async () => {
  t = await createTestApp({ webhooks: FAST });
  [editor, superuser] = await Promise.all([
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('registering a webhook', () => {
  it('answers the secret once, lists and deletes only its own, and refuses bad input storing nothing', async () => {
    const key = await makeKey('Reg');
    const other = await makeKey('Other');
    const made = await register(key, 'http://localhost:9/x', 'booking_update');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.capabilities).toEqual(['octo/pricing', 'octo/content']);
    const [row] = await t.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, made.id));
    // Stored sealed: the secret is in no column.
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(6));

    const list = await octo(key, 'GET', '/webhooks');
    expect(list.json().map((w: Json) => w.id)).toEqual([made.id]);
    expect(list.body).not.toContain(made.secret);
    expect((await octo(other, 'GET', '/webhooks')).json()).toEqual([]);
    // Another key's webhook is not found, and stays.
    expect((await octo(other, 'DELETE', `/webhooks/${made.id}`)).statusCode).toBe(404);
    expect((await octo(key, 'GET', '/webhooks')).json()).toHaveLength(1);

    const before = (await t.db.select({ n: count() }).from(webhookSubscriptions))[0].n;
    for (const [body, says] of [
      [{ url: 'http://example.com/x', event: 'booking_update' }, 'https is required'],
      [{ url: 'ftp://localhost/x', event: 'booking_update' }, 'https is required'],
      [{ url: 'https://user:pw@example.com/x', event: 'booking_update' }, 'no credentials'],
      [{ url: 'not a url', event: 'booking_update' }, 'not a valid URL'],
      [{ url: 'https://example.com/x', event: 'booking_created' }, 'event'],
      [{ event: 'booking_update' }, 'url'],
      [{ url: `https://example.com/${'x'.repeat(2100)}`, event: 'booking_update' }, 'at most'],
    ] as const) {
      const res = await octo(key, 'POST', '/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('BAD_REQUEST');
      expect(res.json().errorMessage).toContain(says);
    }
    expect((await t.db.select({ n: count() }).from(webhookSubscriptions))[0].n).toBe(before);

    expect((await octo(key, 'DELETE', `/webhooks/${made.id}`)).statusCode).toBe(200);
    expect((await octo(key, 'GET', '/webhooks')).json()).toEqual([]);
    expect((await octo(key, 'DELETE', `/webhooks/${made.id}`)).statusCode).toBe(404);
    expect((await octo(key, 'DELETE', '/webhooks/not-a-uuid')).statusCode).toBe(404);
  });

  it('in production, refuses plain http and private or internal addresses (no SSRF)', async () => {
    for (const url of [
      'http://localhost:3000/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.0.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:10.0.0.1]/x',
    ])
      await expect(checkWebhookUrl(url, true), url).rejects.toThrow();
    await expect(checkWebhookUrl('https://93.184.215.14/hook', true)).resolves.toBe(
      'https://93.184.215.14/hook',
    );
    for (const ip of [
      '10.0.0.1',
      '172.20.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.215.14', '2606:4700::1111']) expect(isInternalAddress(ip), ip).toBe(false);
  });
});

describe('delivery', () => {
  it('a receiver down (refused, then 503) and then up gets every event once, in order, verifiably signed', async () => {
    const key = await makeKey('Partner');
    const bystander = await makeKey('Bystander');
    const receiver = new Receiver();
    await receiver.up();
    await receiver.down(); // its port now refuses connections
    const bookingsHook = await register(key, receiver.url, 'booking_update');
    const placesHook = await register(key, receiver.url, 'availability_update');

    const date = addDays(romeToday(), 6);
    const first = await addSlot(date, '10:00', 10);
    const second = await addSlot(date, '11:00', 10);
    // Booking 1: confirmed, its contact changed, moved to 11:00, cancelled (refunded).
    const b1 = await book(key, first, ['adult', 'adult']);
    expect(
      (await octo(key, 'PATCH', `/bookings/${b1}`, { contact: { fullName: 'Ada Lovelace' } })).statusCode,
    ).toBe(200);
    expect((await octo(key, 'PATCH', `/bookings/${b1}`, { availabilityId: second })).statusCode).toBe(200);
    expect((await octo(key, 'POST', `/bookings/${b1}/cancel`, { reason: 'plans changed' })).statusCode).toBe(
      200,
    );
    // Booking 2 by this key, and one by another key: only its own bookings reach this receiver.
    const b2 = await book(key, first, ['youth']);
    await book(bystander, first, ['adult']);

    // Down for a while: tries are refused and logged, nothing is lost.
    await until('refused tries', async () => (await attemptCount()) >= 6);
    const refused = await t.db.select().from(webhookAttempts);
    expect(refused.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ''))).toBe(true);
    // Then answering 503 for a while.
    await receiver.up('busy');
    await until('503 tries', async () =>
      (await t.db.select().from(webhookAttempts)).some((a) => a.statusCode === 503),
    );
    expect(receiver.got).toHaveLength(0);
    // Then up: everything arrives.
    receiver.mode = 'ok';
    await until('every delivery', async () => (await pendingCount()) === 0);
    await receiver.down();

    const ids = receiver.got.map((r) => r.json.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of receiver.got) {
      expect(r.headers['webhook-id']).toBe(r.json.id);
      expect(r.headers['webhook-event']).toBe(r.json.event);
    }
    const bookingEvents = receiver.got.filter((r) => r.json.event === 'booking_update');
    const of = (uuid: string) =>
      bookingEvents.filter((r) => r.json.booking.uuid === uuid).map((r) => r.json.action);
    expect(of(b1)).toEqual(['created', 'updated', 'updated', 'cancelled']);
    expect(of(b2)).toEqual(['created']);
    // Only this key's bookings; each the booking as OCTO's GET answers it.
    expect(bookingEvents).toHaveLength(5);
    for (const r of bookingEvents) {
      expect(r.json.webhook.id).toBe(bookingsHook.id);
      zBooking.parse(r.json.booking);
    }
    const last = bookingEvents.filter((r) => r.json.booking.uuid === b1).at(-1)!.json.booking;
    expect(last.status).toBe('CANCELLED');
    // Places: every change of the two slots' places, any key's, each with the places left then or later.
    const places = receiver.got.filter((r) => r.json.event === 'availability_update');
    expect(places.every((r) => r.json.webhook.id === placesHook.id)).toBe(true);
    expect(new Set(places.map((r) => r.json.availability.id))).toEqual(new Set([first, second]));
    for (const r of places) {
      expect(r.json.availability.productId).toBe(TAG);
      expect(typeof r.json.availability.vacancies).toBe('number');
    }

    // The documented check: the receiver's own secret, the raw body, the header, its clock.
    for (const r of receiver.got) {
      const secret = r.json.event === 'booking_update' ? bookingsHook.secret : placesHook.secret;
      const header = String(r.headers['webhook-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(secret, header, r.body)).toMatchObject({ ok: true });
      // Another secret, a changed body, a replay after the window: refused.
      expect(
        verifyWebhookSignature(
          placesHook.secret === secret ? bookingsHook.secret : placesHook.secret,
          header,
          r.body,
        ),
      ).toEqual({
        ok: false,
        reason: 'signature',
      });
      expect(verifyWebhookSignature(secret, header, r.body.replace('"', ' "'))).toEqual({
        ok: false,
        reason: 'signature',
      });
      const t0 = Number(/t=(\d+)/.exec(header)![1]);
      expect(verifyWebhookSignature(secret, header, r.body, t0 + REPLAY_WINDOW_SECONDS + 1)).toEqual({
        ok: false,
        reason: 'too_old',
      });
    }

    // The delivery log: the key's own deliveries with their tries, no body, no secret.
    const log = await octo(key, 'GET', '/webhooks/deliveries?limit=500');
    expect(log.statusCode).toBe(200);
    const entries = log.json() as Json[];
    expect(entries.length).toBe(receiver.got.length);
    // Every one delivered; the first of each booking or slot was tried while the receiver was down (the
    // ones after it waited their turn).
    expect(entries.every((e) => e.status === 'delivered')).toBe(true);
    expect(entries.some((e) => e.tries.some((x: Json) => /ECONNREFUSED/.test(x.error ?? '')))).toBe(true);
    expect(entries.some((e) => e.tries.some((x: Json) => x.status === 503))).toBe(true);
    expect(log.body).not.toContain(bookingsHook.secret);
    expect(log.body).not.toContain('Ada');
    const theirs = (await octo(bystander, 'GET', '/webhooks/deliveries')).json() as Json[];
    expect(theirs).toEqual([]);
    expect((await octo(key, 'GET', '/webhooks/deliveries?status=bogus')).statusCode).toBe(400);
  });

  it('a sender killed after its claim loses nothing: the claim runs out and another delivers it once', async () => {
    const key = await makeKey('Crash');
    const receiver = new Receiver();
    await receiver.up('busy'); // the app's own sender keeps failing until the crash below is staged
    const hook = await register(key, receiver.url, 'booking_update');
    const date = addDays(romeToday(), 7);
    const uuid = await book(key, await addSlot(date, '12:00', 5), ['adult']);
    await until('a first try', async () => (await attemptCount()) > 0);
    // The 'crashed' sender: claims the delivery for 400 ms and never finishes.
    let claimed = null;
    await until('a claim', async () => {
      claimed = await claimDelivery(t.db, 400);
      return claimed !== null;
    });
    receiver.mode = 'ok';
    await until('the delivery', async () => receiver.got.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.got.map((r) => r.json.booking.uuid)).toEqual([uuid]);
    expect(receiver.got[0].json.webhook.id).toBe(hook.id);
    // The crashed sender's token no longer marks anything.
    const [row] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, receiver.got[0].json.id));
    expect(row.status).toBe('delivered');
    expect(row.claimToken).not.toBe((claimed as unknown as { claim_token: string }).claim_token);
    await receiver.down();
  });
});

describe('other channels', () => {
  it("a superuser's refund of a reseller's booking reaches its webhook as cancelled, verified as docs/octo.md shows", async () => {
    const key = await makeKey('Refunded');
    const receiver = new Receiver();
    await receiver.up();
    const hook = await register(key, receiver.url, 'booking_update');
    const uuid = await book(key, await addSlot(addDays(romeToday(), 8), '10:00', 5), ['adult']);
    const [order] = await t.db.select().from(orders).where(eq(orders.bookingUuid, uuid));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.uniqueId}/refund/`,
      headers: superuser.auth,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await until('both events', () => receiver.got.length === 2);
    await receiver.down();
    expect(receiver.got.map((r) => [r.json.booking.uuid, r.json.action])).toEqual([
      [uuid, 'created'],
      [uuid, 'cancelled'],
    ]);
    // The receiver's check exactly as docs/octo.md prints it.
    function verify(secret: string, header: string, rawBody: string, now = Math.floor(Date.now() / 1000)) {
      const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
      const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      return (
        given.length === expected.length &&
        timingSafeEqual(given, expected) &&
        Math.abs(now - Number(parts.t)) <= 300
      );
    }
    for (const r of receiver.got) {
      const header = String(r.headers['webhook-signature']);
      expect(verify(hook.secret, header, r.body)).toBe(true);
      expect(verify(`${hook.secret}x`, header, r.body)).toBe(false);
      expect(verify(hook.secret, header, r.body, Number(/t=(\d+)/.exec(header)![1]) + 301)).toBe(false);
    }
  });
});

describe("the superusers' view", () => {
  it("lists every key's webhooks and deliveries without secrets, and deletes one", async () => {
    const key = await makeKey('Seen');
    const hook = await register(key, 'http://127.0.0.1:9/none', 'availability_update');
    const admin = (method: 'GET' | 'DELETE', url: string, user: TestUser = superuser) =>
      t.app.inject({ method, url, headers: user.auth });
    const list = await admin('GET', '/api/admin/webhooks/');
    expect(list.statusCode).toBe(200);
    const mine = list.json().webhooks.find((w: Json) => w.id === hook.id);
    expect(mine).toMatchObject({ event: 'availability_update', url: hook.url, pending: 0, failed: 0 });
    expect(mine.reseller_name).toMatch(/^Seen /);
    expect(list.body).not.toContain(hook.secret);
    expect((await admin('GET', '/api/admin/webhooks/', editor)).statusCode).toBe(403);

    // An editor closes a slot: an event waits for this webhook (its receiver is not there), and shows.
    const availabilityId = await addSlot(addDays(romeToday(), 9), '15:00', 3);
    const [slot] = await t.db
      .select()
      .from(slots)
      .where(eq(slots.startsAt, new Date(availabilityId)));
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/editor/slots/${slot.id}/`,
      headers: editor.auth,
      payload: { closed: true },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const log = await admin('GET', '/api/admin/webhooks/deliveries/?limit=50');
    expect(log.statusCode).toBe(200);
    expect(log.body).not.toContain(hook.secret);
    expect(log.json().deliveries.find((d: Json) => d.webhook_id === hook.id)).toMatchObject({
      event: 'availability_update',
      action: 'closed',
    });
    expect((await admin('GET', '/api/admin/webhooks/deliveries/?status=nope')).statusCode).toBe(400);

    const gone = await admin('DELETE', `/api/admin/webhooks/${hook.id}/`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().webhook.id).toBe(hook.id);
    expect((await admin('DELETE', `/api/admin/webhooks/${hook.id}/`)).statusCode).toBe(404);
    expect((await octo(key, 'GET', '/webhooks')).json()).toEqual([]);
    const after = await admin('GET', '/api/admin/webhooks/deliveries/?limit=500');
    const ofHook = after.json().deliveries.filter((d: Json) => d.webhook_id === hook.id);
    expect(ofHook.every((d: Json) => d.status !== 'pending')).toBe(true);
  });
});

describe('giving up', () => {
  it('marks a delivery failed once its time is up, with each try in the log', async () => {
    // An app whose deliveries are given up after 0.7 s; the file's helpers work on it meanwhile.
    const main = t;
    t = await createTestApp({ webhooks: { ...FAST, giveUpHours: 0.0002 } });
    try {
      [editor, superuser] = await Promise.all([
        createUser(t.app, t.db, { isEditor: true }),
        createUser(t.app, t.db, { isSuperuser: true }),
      ]);
      expect(await makeTimed(t.app, editor, TAG)).toBe(200);
      const key = await makeKey('Gone');
      const receiver = new Receiver();
      await receiver.up();
      await receiver.down();
      const hook = await register(key, receiver.url, 'booking_update');
      const uuid = await book(key, await addSlot(addDays(romeToday(), 5), '09:00', 4), ['adult']);
      const failed = async () =>
        (await t.db.select().from(webhookDeliveries)).filter((d) => d.status === 'failed');
      await until('given up', async () => (await failed()).length === 1);
      const [d] = await failed();
      expect(d.attempts).toBeGreaterThanOrEqual(1);
      const tries = await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id));
      expect(tries).toHaveLength(d.attempts);
      expect(tries.every((x) => /ECONNREFUSED/.test(x.error ?? ''))).toBe(true);
      expect(await pendingCount()).toBe(0);

      // The receiver is back after its outage; `webhooks:retry` puts what was given up back in line. A
      // deleted webhook's delivery stays failed.
      const other = await makeKey('Deleted');
      const otherHook = await register(other, receiver.url, 'booking_update');
      await book(other, await addSlot(addDays(romeToday(), 5), '10:00', 4), ['adult']);
      await until('given up too', async () => (await failed()).length === 2);
      expect((await octo(other, 'DELETE', `/webhooks/${otherHook.id}`)).statusCode).toBe(200);
      // Back, but still busy at the first try after the retry: the delivery's time counts from the retry,
      // so it is tried again rather than given up at once. The window is made long from here on and the
      // delivery's own start put far behind it: counted from its start it would be given up at the busy
      // try, and a slow machine's pause between two tries cannot outlast a window of 0.7 s.
      t.app.config.webhooks.giveUpHours = 72;
      await t.db
        .update(webhookDeliveries)
        .set({ createdAt: new Date(Date.now() - 100 * 3_600_000) })
        .where(eq(webhookDeliveries.id, d.id));
      await receiver.up('busy');
      await expect(run(t.database, 'webhooks:retry', { reseller: 'not-a-uuid' })).rejects.toThrow(
        /reseller id/,
      );
      // Another key's: nothing of this one's moves.
      expect(await run(t.database, 'webhooks:retry', { reseller: crypto.randomUUID() })).toMatch(
        /^No webhook/,
      );
      expect(await run(t.database, 'webhooks:retry', {})).toMatch(
        /^1 webhook delivery given up is in line again/,
      );
      const busyTries = async () =>
        (await t.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id))).filter(
          (a) => a.statusCode === 503,
        ).length;
      await until('a busy try', async () => (await busyTries()) > 0);
      receiver.mode = 'ok';
      await until('the delivery after the outage', () => receiver.got.length === 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.got).toHaveLength(1);
      expect(receiver.got[0].json.id).toBe(d.eventId);
      const got = receiver.got[0];
      expect(got.json.booking.uuid).toBe(uuid);
      expect(verifyWebhookSignature(hook.secret, String(got.headers['webhook-signature']), got.body).ok).toBe(
        true,
      );
      const [back] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id));
      expect(back.status).toBe('delivered');
      expect(back.requeuedAt).not.toBeNull();
      expect(await run(t.database, 'webhooks:retry', {})).toMatch(/^No webhook/);
    } finally {
      await t.close();
      t = main;
    }
    // Two give-ups, a retry and a delivery, each awaited by `until`: a busy machine's CI needs the room.
  }, 90_000);
});
