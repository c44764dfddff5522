/**
 * Two shop processes on one PostgreSQL database behind nginx (round robin, loopback): whatever one
 * instance does, the other knows. Run with `npm run test:cluster` (needs TEST_DATABASE_URL).
 */

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, romeLocalIso, romeToday } from '@rome/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FOLDERS, DEMO_PACKAGES } from '../db/seed/data';
import { type StripeStandin, sessionEvent, startStripeStandin } from '../test/stripe-standin';
import {
  addUser,
  createClusterDatabase,
  formBody,
  type Instance,
  type Nginx,
  sleep,
  startInstance,
  startNginx,
  startSmtpSink,
  WEBHOOK_SECRET,
  waitFor,
} from './harness';

let db: Awaited<ReturnType<typeof createClusterDatabase>>;
let standin: StripeStandin;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let instances: Instance[] = [];
let nginx: Nginx;
const stripe = new Stripe('sk_test_cluster');

beforeAll(async () => {
  db = await createClusterDatabase();
  standin = await startStripeStandin();
  smtp = await startSmtpSink();
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'rome-cluster-media-'));
  const env = {
    SEED_DEMO: 'true',
    TRUST_PROXY: '127.0.0.1',
    MEDIA_DIR: mediaDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    STRIPE_SECRET_KEY: 'sk_test_cluster',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_cluster',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(standin.port),
    STRIPE_API_PROTOCOL: 'http',
  };
  // Both start at the same moment on an empty database: migrations and seeding must not race.
  instances = await Promise.all(
    ['a', 'b'].map((id) => startInstance({ id, databaseUrl: db.url, env: { ...env, INSTANCE_ID: id } })),
  );
  nginx = await startNginx(instances.map((i) => i.port));
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((i) => i.stop()));
  await smtp?.close();
  await standin?.close();
  await db?.drop();
});

type Answer = { status: number; instance: string; body: any; headers: Headers };

/** A call through nginx; `instance` is the x-instance header of whoever answered. */
async function call(
  method: string,
  url: string,
  opts: {
    json?: unknown;
    token?: string;
    body?: Buffer;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: RequestInit['body'];
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) {
    headers['content-type'] = opts.contentType!;
    body = new Uint8Array(opts.body);
  }
  const res = await fetch(`${nginx.url}${url}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return {
    status: res.status,
    instance: res.headers.get('x-instance') ?? '?',
    body: parsed,
    headers: res.headers,
  };
}

/** Makes the next call through nginx land on `id` (round robin over two: the one after the other). */
async function nextGoesTo(id: string) {
  for (let i = 0; i < 4; i++) {
    const r = await call('GET', '/healthz');
    if (r.instance !== id) return;
  }
  throw new Error('nginx does not alternate between the instances');
}

const other = (id: string) => (id === 'a' ? 'b' : 'a');

async function signIn(user: { email: string; password: string }) {
  const r = await call('POST', '/api/api/token/', {
    json: { username: user.email, password: user.password },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { access: r.body.access as string, refresh: r.body.refresh as string, instance: r.instance };
}

describe('two instances behind nginx', () => {
  it('started together, they migrated and seeded the demo shop once', async () => {
    const [{ n: folders }] = await db.query('SELECT count(*)::int AS n FROM folders');
    const [{ n: pkgs }] = await db.query('SELECT count(*)::int AS n FROM packages');
    const [{ n: demo }] = await db.query(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE '%@demo.example'`,
    );
    expect(folders).toBe(DEMO_FOLDERS.length);
    expect(pkgs).toBe(DEMO_PACKAGES.length);
    expect(demo).toBe(3);
  });

  it('nginx spreads calls over both, and each serves the pictures the other stored', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await call('GET', '/api/packages/')).instance);
    expect([...seen].sort()).toEqual(['a', 'b']);
    const list = (await call('GET', '/api/packages/')).body.bus_data;
    const picture = list.find((p: any) => p.image_big)?.image_big as string;
    expect(picture).toBeTruthy();
    const pictureUrl = new URL(picture, 'http://x').pathname;
    const served = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${nginx.url}${pictureUrl}`, { signal: AbortSignal.timeout(5000) });
      expect(r.status).toBe(200);
      served.add(r.headers.get('x-instance')!);
      await r.arrayBuffer();
    }
    expect(served.size).toBe(2);
  });

  it('a customer signed in on one instance is served by the other', async () => {
    const user = await addUser(db.query, { name: 'Carla Cluster' });
    const tokens = await signIn(user);
    await nextGoesTo(other(tokens.instance));
    const profile = await call('GET', '/api/profile/', { token: tokens.access });
    expect(profile.instance).toBe(other(tokens.instance));
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).toContain(user.email);
    // The refresh token issued by one is rotated by the other, and the spent one is refused by both.
    await nextGoesTo(other(tokens.instance));
    const rotated = await call('POST', '/api/api/token/refresh/', { json: { refresh: tokens.refresh } });
    expect(rotated.status).toBe(200);
    expect(rotated.instance).toBe(other(tokens.instance));
    await nextGoesTo(tokens.instance);
    const reused = await call('POST', '/api/api/token/refresh/', { json: { refresh: tokens.refresh } });
    expect(reused.instance).toBe(tokens.instance);
    expect(reused.status).toBe(401);
  });

  it('a checkout created on one instance is fulfilled once by a webhook delivered to the other', async () => {
    const buyer = await addUser(db.query, { name: 'Bruno Buyer' });
    const { access } = await signIn(buyer);
    const form = await formBody({ adult_count: '1', youth_count: '1', package_identifier: 'CS-48' });
    const created = await call('POST', '/api/create-checkout-session/', {
      token: access,
      body: form.body,
      contentType: form.contentType,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const session = standin.sessions.get(created.body.id)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    const event = sessionEvent('checkout.session.completed', session);
    const deliver = (e: unknown) => {
      const payload = JSON.stringify(e);
      return call('POST', '/api/payments/stripe/webhook/', {
        body: Buffer.from(payload),
        contentType: 'application/json',
        headers: {
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
    };
    await nextGoesTo(other(created.instance));
    const first = await deliver(event);
    expect(first.instance).toBe(other(created.instance));
    expect(first.status).toBe(200);
    expect(first.body.outcome).not.toBe('duplicate');
    // Stripe retries and sends a second event for the same session: both instances see them.
    const again = await Promise.all([deliver(event), deliver(event), deliver(event), deliver(event)]);
    expect(new Set(again.map((r) => r.instance)).size).toBe(2);
    expect(again.every((r) => r.status === 200 && r.body.outcome === 'duplicate')).toBe(true);
    expect((await deliver(sessionEvent('checkout.session.async_payment_succeeded', session))).status).toBe(
      200,
    );

    const orders = await db.query(
      'SELECT status, claim_code_hash FROM orders WHERE provider_session_id = $1',
      [session.id],
    );
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe('paid');
    expect(orders[0].claim_code_hash).toMatch(/^[0-9a-f]{64}$/);
    const mails = await db.query('SELECT id FROM mail_outbox WHERE "to" = $1', [buyer.email]);
    expect(mails).toHaveLength(1);
    const tickets = await call('GET', '/api/dashboard/', { token: access });
    expect(tickets.status).toBe(200);
  });

  it('sign-in attempts count across both instances', async () => {
    const user = await addUser(db.query);
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        await call('POST', '/api/api/token/', { json: { username: user.email, password: 'wrong-password' } }),
      );
    // The account's limit is 10 per 15 minutes: counted per instance, the 11th would pass (6 each).
    expect(new Set(answers.map((a) => a.instance)).size).toBe(2);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers[10].status).toBe(429);
    // Even the right password waits now, on either instance.
    const right = await call('POST', '/api/api/token/', {
      json: { username: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
  });

  it('reset-code tries count across both instances', async () => {
    const user = await addUser(db.query);
    const requested = await call('POST', '/api/request-password-reset/', { json: { email: user.email } });
    expect(requested.status).toBe(200);
    const tries: Answer[] = [];
    for (let i = 0; i < 16; i++) {
      tries.push(
        await call('POST', '/api/verify-reset-code/', {
          json: { email: user.email, code: String(100000 + i), new_password: 'Sunny-Piazza-Navona-42' },
        }),
      );
    }
    expect(new Set(tries.map((a) => a.instance)).size).toBe(2);
    expect(tries.slice(0, 15).every((a) => a.status === 400)).toBe(true);
    expect(tries[15].status).toBe(429);
  });

  it('an edit on one instance is seen on the other at once', async () => {
    const editor = await addUser(db.query, { editor: true, name: 'Elena Editor' });
    const { access } = await signIn(editor);
    // Both instances hold the list in memory.
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/package/E9/BB-24/')).status).toBe(200);
    for (let round = 1; round <= 3; round++) {
      const edited = await call('PATCH', '/api/update-bus-package/BB-24/', {
        token: access,
        json: { title: `Cluster tour ${round}` },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      // The very next call lands on the other instance (round robin), with no wait in between.
      const read = await call('GET', '/api/package/E9/BB-24/');
      expect(read.instance).toBe(other(edited.instance));
      expect(read.body.data.title).toBe(`Cluster tour ${round}`);
    }
    const etags = new Map<string, string>();
    for (let i = 0; i < 2; i++) {
      const r = await call('GET', '/api/packages/');
      etags.set(r.instance, r.headers.get('etag')!);
    }
    expect(etags.size).toBe(2);
    expect(etags.get('a')).toBe(etags.get('b'));
  });

  it('the mail outbox is drained by both instances, each message sent once', async () => {
    const batch = `batch-${Date.now()}`;
    const rows = Array.from({ length: 40 }, (_, i) => [`reader${i}@example.com`, `${batch} #${i}`]);
    for (const [to, subject] of rows)
      await db.query(`INSERT INTO mail_outbox ("to", subject, text) VALUES ($1, $2, 'Hello from Rome')`, [
        to,
        subject,
      ]);
    await waitFor(
      'every outbox row to be sent',
      async () => {
        const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'sent'`);
        return n === 0;
      },
      30_000,
    );
    await sleep(2500); // two more drain passes on each instance: nothing may go out again
    const subjects = smtp.received.map((m) => m.subject).filter((s) => s.startsWith(batch));
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    // And everything sent earlier (the ticket, the reset code) went out once too.
    const all = smtp.received.map((m) => `${m.to.join(',')}|${m.subject}`);
    expect(new Set(all).size).toBe(all.length);
    const [{ n: sentRows }] = await db.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(smtp.received).toHaveLength(sentRows);
  });

  it('200 buyers at the last 10 places of a slot, spread over both instances: exactly 10 sold', async () => {
    const editor = await addUser(db.query, { editor: true, name: 'Ines Inventory' });
    const { access: editorToken } = await signIn(editor);
    const tag = 'CS-HALF';
    const put = await call('PUT', `/api/editor/packages/${tag}/availability/`, {
      token: editorToken,
      json: {
        availability_type: 'START_TIME',
        cutoff_minutes: 0,
        cancel_cutoff_hours: 24,
        infants_take_place: false,
        pass_hours: null,
        validity_days: null,
        daily_cap: null,
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const date = addDays(romeToday(), 20);
    const add = await call('POST', `/api/editor/packages/${tag}/slots/`, {
      token: editorToken,
      json: { from: date, to: date, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['10:00'], capacity: 10 },
    });
    expect(add.body).toMatchObject({ created: 1 });
    const list = await call('GET', `/api/packages/${tag}/availability/?from=${date}&to=${date}`);
    const slotId = list.body.slots[0].id as string;
    // Forty buyers, one checkout each (a buyer's next checkout would replace their hold), all at once
    // through nginx.
    const buyers = await Promise.all(Array.from({ length: 40 }, () => addUser(db.query)));
    const tokens = [];
    for (const b of buyers) tokens.push((await signIn(b)).access);
    const answers = await Promise.all(
      tokens.map((token) =>
        call('POST', '/api/create-checkout-session/', {
          token,
          json: { package_identifier: tag, slot_id: slotId, adult_count: '1', youth_count: '0' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['a', 'b']));
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error).toBe('Sold out');
    const [{ held }] = await db.query(
      `SELECT coalesce(sum(places), 0)::int AS held FROM orders WHERE slot_id = $1 AND status = 'pending'`,
      [slotId],
    );
    expect(held).toBe(10);
  });

  it('resellers (OCTO) and web buyers at the last 8 places, over both instances: exactly 8 taken', async () => {
    const editor = await addUser(db.query, { editor: true, name: 'Rita Reseller-Desk' });
    const { access: editorToken } = await signIn(editor);
    // CS-HALF is timed by the test above; this slot is a day later.
    const tag = 'CS-HALF';
    const date = addDays(romeToday(), 21);
    const add = await call('POST', `/api/editor/packages/${tag}/slots/`, {
      token: editorToken,
      json: { from: date, to: date, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['11:00'], capacity: 8 },
    });
    expect(add.body).toMatchObject({ created: 1 });
    const list = await call('GET', `/api/packages/${tag}/availability/?from=${date}&to=${date}`);
    const slot = list.body.slots[0] as { id: string; starts_at: string };
    const availabilityId = romeLocalIso(new Date(slot.starts_at));
    // A reseller key, stored as the shop stores them (its SHA-256).
    const key = `rbt_octo_cluster-${randomBytes(16).toString('hex')}`;
    await db.query(
      `INSERT INTO resellers (name, key_prefix, key_hash, rate_per_minute) VALUES ('Cluster Tours', $1, $2, 1000)`,
      [key.slice(0, 15), createHash('sha256').update(key).digest('hex')],
    );
    // One checkout per web buyer (a buyer's next checkout would replace their hold).
    const buyers = await Promise.all(Array.from({ length: 40 }, () => addUser(db.query)));
    const tokens = [];
    for (const b of buyers) tokens.push((await signIn(b)).access);
    const web = tokens.map((token) =>
      call('POST', '/api/create-checkout-session/', {
        token,
        json: { package_identifier: tag, slot_id: slot.id, adult_count: '1', youth_count: '0' },
      }),
    );
    const octo = Array.from({ length: 40 }, () =>
      call('POST', '/octo/bookings', {
        token: key,
        json: { productId: tag, optionId: 'DEFAULT', availabilityId, unitItems: [{ unitId: 'adult' }] },
      }),
    );
    const answers = await Promise.all([...web, ...octo]);
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(8);
    expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(['a', 'b']));
    const [{ held }] = await db.query(
      `SELECT coalesce(sum(places), 0)::int AS held FROM orders WHERE slot_id = $1 AND status = 'pending'`,
      [slot.id],
    );
    expect(held).toBe(8);
    // Each channel's refusals speak its own language.
    for (const a of answers.slice(40).filter((x) => x.status !== 200))
      expect(a.body).toEqual({ error: 'UNPROCESSABLE_ENTITY', errorMessage: 'Sold out' });
  });

  it('logged nothing alarming', () => {
    for (const i of instances) expect(i.output()).not.toMatch(/"level":(50|60)/);
  });
});
