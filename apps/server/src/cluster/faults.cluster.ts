/**
 * The usual faults, each against a real shop process on loopback, each bounded in time:
 * a SIGKILL between payment and fulfilment, a PostgreSQL restart, SMTP down, a graceful shutdown, a
 * SIGKILL of the instance whose webhook POST is in flight.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, romeToday } from '@rome/contract';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type StandinSession,
  type StripeStandin,
  sessionEvent,
  startStripeStandin,
} from '../test/stripe-standin';
import {
  addUser,
  createClusterDatabase,
  formBody,
  freePort,
  sleep,
  startInstance,
  startNginx,
  startSmtpSink,
  WEBHOOK_SECRET,
  waitFor,
} from './harness';

const stripe = new Stripe('sk_test_faults');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function database() {
  const db = await createClusterDatabase();
  cleanups.push(() => db.drop());
  return db;
}
async function instance(opts: Parameters<typeof startInstance>[0]) {
  const i = await startInstance(opts);
  cleanups.push(() => i.stop());
  return i;
}

async function json(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers };
}

async function signIn(base: string, user: { email: string; password: string }) {
  const r = await json(base, 'POST', '/api/api/token/', { username: user.email, password: user.password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.access as string;
}

async function createCheckout(base: string, token: string) {
  const form = await formBody({ adult_count: '2', youth_count: '0', package_identifier: 'CS-48' });
  const res = await fetch(`${base}/api/create-checkout-session/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    body: new Uint8Array(form.body),
    signal: AbortSignal.timeout(15_000),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url: string };
}

function deliver(base: string, event: unknown) {
  const payload = JSON.stringify(event);
  return fetch(`${base}/api/payments/stripe/webhook/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
}

describe('the server is killed (SIGKILL) between payment and fulfilment', () => {
  let standin: StripeStandin;

  it('the retried webhook issues each ticket once after the restart; nothing is lost or doubled', async () => {
    const db = await database();
    standin = await startStripeStandin();
    cleanups.push(() => standin.close());
    const env = {
      SEED_DEMO: 'true',
      STRIPE_SECRET_KEY: 'sk_test_faults',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(standin.port),
      STRIPE_API_PROTOCOL: 'http',
    };
    const first = await instance({ id: 'k1', databaseUrl: db.url, env });
    const buyers = [await addUser(db.query), await addUser(db.query)];
    const sessions: StandinSession[] = [];
    for (const b of buyers) {
      const { id } = await createCheckout(first.url, await signIn(first.url, b));
      const s = standin.sessions.get(id)!;
      s.status = 'complete';
      s.payment_status = 'paid';
      sessions.push(s);
    }
    const events = sessions.map((s) => sessionEvent('checkout.session.completed', s));
    // The first event's delivery is in flight when the process dies; the second is never delivered.
    const inFlight = deliver(first.url, events[0]).then(
      (r) => r.status,
      () => 'cut',
    );
    await sleep(5);
    first.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const late = await deliver(first.url, events[1]).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(late).toBe('refused');
    await inFlight;

    // Restarted on the same port and data folder; Stripe retries every event it got no 2xx for.
    const second = await instance({
      id: 'k2',
      databaseUrl: db.url,
      env,
      port: first.port,
      dataDir: first.dataDir,
    });
    for (const e of events) {
      const r = await deliver(second.url, e);
      expect(r.status).toBe(200);
    }
    // ... and may retry again (the first answer lost on the way): nothing changes.
    for (const e of events) {
      const r = await deliver(second.url, e);
      expect(r.status).toBe(200);
      expect(((await r.json()) as { outcome: string }).outcome).toBe('duplicate');
    }
    for (const [i, s] of sessions.entries()) {
      const orders = await db.query(
        'SELECT status, claim_code_hash FROM orders WHERE provider_session_id = $1',
        [s.id],
      );
      expect(orders.map((o) => o.status)).toEqual(['paid']);
      expect(orders[0].claim_code_hash).toBeTruthy();
      const mails = await db.query('SELECT id FROM mail_outbox WHERE "to" = $1', [buyers[i].email]);
      expect(mails).toHaveLength(1);
      const [{ n }] = await db.query(
        'SELECT count(*)::int AS n FROM payment_events WHERE id = $1 AND processed_at IS NOT NULL',
        [events[i].id],
      );
      expect(n).toBe(1);
    }
  });
});

/** The local PostgreSQL cluster this test may restart (root, Debian's pg_ctlcluster, 127.0.0.1). */
function localCluster(): { version: string } | null {
  const url = process.env.TEST_DATABASE_URL ?? '';
  if (!/@(127\.0\.0\.1|localhost)(:5432)?\//.test(url)) return null;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/etc/postgresql'))
    return null;
  const version = readdirSync('/etc/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return version ? { version } : null;
}
const pgctl = (version: string, action: 'start' | 'stop') =>
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', version, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])],
    { stdio: 'pipe', timeout: 30_000 },
  );
const pgReady = () => {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q'], { timeout: 5000 });
    return true;
  } catch {
    return false;
  }
};

describe('PostgreSQL restarts while the shop serves', () => {
  const cluster = localCluster();

  it.skipIf(!cluster)('answers 503 quickly during the outage and recovers by itself', async () => {
    const db = await database();
    const shop = await instance({ id: 'pg', databaseUrl: db.url });
    const user = await addUser(db.query);
    const token = await signIn(shop.url, user);
    expect((await json(shop.url, 'GET', '/api/profile/', undefined, token)).status).toBe(200);
    const listening = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'`,
          [db.name],
        )
      )[0].n === 1;
    await waitFor('the change feed to listen', listening, 10_000);

    const during: { status: number; ms: number; body: any; retryAfter: string | null }[] = [];
    try {
      pgctl(cluster!.version, 'stop');
      for (const call of ['profile', 'signin', 'healthz', 'profile'] as const) {
        const started = Date.now();
        const r =
          call === 'profile'
            ? await json(shop.url, 'GET', '/api/profile/', undefined, token)
            : call === 'signin'
              ? await json(shop.url, 'POST', '/api/api/token/', {
                  username: user.email,
                  password: user.password,
                })
              : await json(shop.url, 'GET', '/healthz');
        during.push({
          status: r.status,
          ms: Date.now() - started,
          body: r.body,
          retryAfter: r.headers.get('retry-after'),
        });
      }
    } finally {
      // Whatever happened above, PostgreSQL runs again before this test ends.
      if (!pgReady()) pgctl(cluster!.version, 'start');
      await waitFor('PostgreSQL to accept connections', async () => pgReady(), 30_000);
    }
    expect(during.map((d) => d.status)).toEqual([503, 503, 503, 503]);
    for (const d of during) expect(d.ms).toBeLessThan(2000);
    expect(during[0].body).toEqual({
      error: 'The service is temporarily unavailable. Please try again shortly.',
      code: 'unavailable',
      detail: 'The service is temporarily unavailable. Please try again shortly.',
    });
    expect(during[0].retryAfter).toBe('5');

    // Back without a restart of the shop: the pool reconnects, and so does the change feed's listener.
    await waitFor(
      'the shop to answer again',
      async () => (await json(shop.url, 'GET', '/api/profile/', undefined, token)).status === 200,
      30_000,
    );
    expect(
      (await json(shop.url, 'POST', '/api/api/token/', { username: user.email, password: user.password }))
        .status,
    ).toBe(200);
    await waitFor('the change feed to listen again', listening, 15_000);
    expect(shop.proc.exitCode).toBeNull();
  });
});

describe('the shipped nginx site (deploy/nginx/rome-shop.conf) in front of two instances', () => {
  const cluster = localCluster();

  it.skipIf(!cluster)(
    "passes the shop's 503 with Retry-After through in a database outage, and moves reads off a killed instance",
    async () => {
      const db = await database();
      const shops = await Promise.all(['ng-a', 'ng-b'].map((id) => instance({ id, databaseUrl: db.url })));
      const nginx = await startNginx(shops.map((s) => s.port));
      cleanups.push(() => nginx.stop());
      const user = await addUser(db.query);
      const token = await signIn(nginx.url, user);
      const get = async (url: string) => {
        const res = await fetch(`${nginx.url}${url}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(15_000),
        });
        return {
          status: res.status,
          instance: res.headers.get('x-instance'),
          retryAfter: res.headers.get('retry-after'),
          type: res.headers.get('content-type') ?? '',
          body: await res.text(),
        };
      };

      // Visitors had the home page from both instances: its catalogue and texts are in their memory.
      for (let i = 0; i < 2; i++) expect((await get('/')).status).toBe(200);

      // The database goes away. Many more answers than the 3 failures that would mark an instance
      // down: calls that need it get the shop's own 503 with Retry-After, from both instances; the
      // home page still comes from memory; nothing turns into nginx's 502.
      const during: Awaited<ReturnType<typeof get>>[] = [];
      try {
        pgctl(cluster!.version, 'stop');
        for (let i = 0; i < 16; i++) during.push(await get(i % 4 === 3 ? '/' : '/api/profile/'));
      } finally {
        if (!pgReady()) pgctl(cluster!.version, 'start');
        await waitFor('PostgreSQL to accept connections', async () => pgReady(), 30_000);
      }
      const api = during.filter((_, i) => i % 4 !== 3);
      const pages = during.filter((_, i) => i % 4 === 3);
      expect(api.map((d) => `${d.status} ${d.retryAfter}`)).toEqual(Array(12).fill('503 5'));
      expect(api[0].body).toContain('The service is temporarily unavailable. Please try again shortly.');
      expect(pages.map((d) => `${d.status} ${d.type.split(';')[0]}`)).toEqual(Array(4).fill('200 text/html'));
      expect(new Set(during.map((d) => d.instance))).toEqual(new Set(['ng-a', 'ng-b']));

      await waitFor(
        'the shop to answer through nginx again',
        async () => (await get('/api/profile/')).status === 200,
        30_000,
      );

      // One instance dies: every read still gets an answer, from the other, without a visitor's retry.
      shops[0].kill('SIGKILL');
      await shops[0].exited;
      const after: Awaited<ReturnType<typeof get>>[] = [];
      for (let i = 0; i < 8; i++) after.push(await get(i % 2 ? '/' : '/api/profile/'));
      expect(after.map((a) => `${a.status} ${a.instance}`)).toEqual(Array(8).fill('200 ng-b'));
    },
  );
});

describe('the SMTP server is down', () => {
  it('tickets and reset codes still complete; their e-mails wait in the outbox and go out once when it is back', async () => {
    const db = await database();
    const smtpPort = await freePort(); // nothing listens here yet
    const shop = await instance({
      id: 'mail',
      databaseUrl: db.url,
      env: { SEED_DEMO: 'true', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
    const buyer = await addUser(db.query);
    const token = await signIn(shop.url, buyer);
    const { id: session } = await createCheckout(shop.url, token);
    const paid = await json(shop.url, 'POST', `/api/test-checkout/${session}/pay/`, {}, token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const ticket = await json(
      shop.url,
      'GET',
      paid.body.redirect.replace('/success/', '/api/success/'),
      undefined,
      token,
    );
    expect(ticket.status).toBe(200);
    const reset = await json(shop.url, 'POST', '/api/request-password-reset/', { email: buyer.email });
    expect(reset.status).toBe(200);

    // Both mails were tried, failed, and wait for their next try.
    await waitFor(
      'both mails to have failed once',
      async () => {
        const rows = await db.query(`SELECT status, attempts, last_error FROM mail_outbox WHERE "to" = $1`, [
          buyer.email,
        ]);
        return (
          rows.length === 2 && rows.every((r) => r.status === 'pending' && r.attempts >= 1 && r.last_error)
        );
      },
      15_000,
    );

    const smtp = await startSmtpSink(smtpPort);
    cleanups.push(() => smtp.close());
    await waitFor(
      'the outbox to send both mails',
      async () => {
        const rows = await db.query(`SELECT status FROM mail_outbox WHERE "to" = $1`, [buyer.email]);
        return rows.every((r) => r.status === 'sent');
      },
      45_000,
    );
    await sleep(2500);
    const mine = smtp.received.filter((m) => m.to.includes(buyer.email));
    expect(mine).toHaveLength(2);
    expect(mine.some((m) => /reset code/i.test(m.subject))).toBe(true);
  });
});

describe('graceful shutdown', () => {
  it('finishes every in-flight request on SIGTERM, cuts none, and exits 0', async () => {
    const db = await database();
    const shop = await instance({ id: 'term', databaseUrl: db.url, env: { TRUST_PROXY: '127.0.0.1' } });
    const users = await Promise.all(Array.from({ length: 24 }, () => addUser(db.query)));
    const agent = new http.Agent({ keepAlive: false });

    /** A raw request; `chunks` are written `gapMs` apart (a slow upload). */
    const request = (
      path: string,
      body: string,
      headers: Record<string, string> = {},
      chunks = 1,
      gapMs = 0,
    ) =>
      new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: shop.port,
            path,
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...headers,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, at: Date.now() }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        const size = Math.ceil(body.length / chunks);
        let i = 0;
        const writeNext = () => {
          const part = body.slice(i * size, (i + 1) * size);
          i++;
          if (i >= chunks) req.end(part);
          else {
            req.write(part);
            setTimeout(writeNext, gapMs);
          }
        };
        writeNext();
      });

    // A slow upload (a sign-up whose body takes ~1.5 s to arrive) and 24 sign-ins (password hashing
    // keeps them busy), all started before the signal.
    const signup = request(
      '/api/register/',
      JSON.stringify({
        full_name: 'Slow Uploader',
        email: 'slow-uploader@example.com',
        phone_number: '3912345678',
        password: 'Sunny-Piazza-Navona-42',
        padding: 'x'.repeat(20_000),
      }),
      {},
      15,
      100,
    );
    const signIns = users.map((u, i) =>
      request('/api/api/token/', JSON.stringify({ username: u.email, password: u.password }), {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      }),
    );
    // Every sign-in has reached the shop (its per-address counter exists) before the signal: a
    // connection whose request has not arrived yet is not in flight, and closing it is fair.
    const arrived = async () =>
      (
        await db.query(`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'loginPerIp:198.51.100.%'`)
      )[0].n === users.length;
    for (const until = Date.now() + 10_000; !(await arrived()) && Date.now() < until; ) await sleep(5);
    const sigtermAt = Date.now();
    shop.kill('SIGTERM');
    const results = await Promise.allSettled([signup, ...signIns]);
    const cut = results.filter((r) => r.status === 'rejected');
    const cutAt = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []));
    expect(
      cut,
      `${cutAt} ${String((cut[0] as PromiseRejectedResult | undefined)?.reason)}\n${shop.output().slice(-4000)}`,
    ).toHaveLength(0);
    const answers = results.map(
      (r) => (r as PromiseFulfilledResult<{ status: number; body: string; at: number }>).value,
    );
    expect(answers[0].status, answers[0].body).toBe(201);
    // The upload was still arriving when the signal came.
    expect(answers[0].at).toBeGreaterThan(sigtermAt);
    for (const a of answers.slice(1)) {
      expect(a.status, a.body).toBe(200);
      expect(JSON.parse(a.body).access).toBeTruthy();
    }
    const code = await Promise.race([shop.exited, sleep(15_000).then(() => 'still running')]);
    expect(code).toBe(0);
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM users WHERE email = 'slow-uploader@example.com'`,
    );
    expect(n).toBe(1);
    // After the shutdown nothing listens on the port any more.
    await expect(fetch(`${shop.url}/healthz`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  });
});

/** The process (of `pids`) that owns the loopback TCP connection whose local port is `port`. */
function ownerOfPort(port: number, pids: number[]): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`)) inodes.add(f[9]);
    }
  }
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const link = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return null;
}

describe("a reseller's webhook while the instance sending it is killed (SIGKILL), two instances", () => {
  it('the other instance delivers it once its claim runs out, then the next event of the booking, each once, in order', async () => {
    const db = await database();
    // A POST may take 1.5 s: a claim lasts 2 x 1.5 s + 5 s (webhook-sender.ts), retries are quick.
    const env = {
      SEED_DEMO: 'true',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_CLAIM_MARGIN_MS: '5000',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_RETRY_MAX_MS: '500',
    };
    // Both start at once on the empty database (migrations and the demo data under a lock).
    const [a, b] = await Promise.all(
      ['hook-a', 'hook-b'].map((id) => instance({ id, databaseUrl: db.url, env })),
    );

    // The partner's receiver: holds its first request open (the POST in flight), then answers 204.
    let hold = true;
    const held: { body: string; port: number }[] = [];
    const got: any[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (hold) {
          held.push({ body, port: req.socket.remotePort! });
          return; // never answered: the sender that made it is killed below
        }
        got.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanups.push(() => {
      receiver.closeAllConnections();
      return new Promise((r) => receiver.close(() => r(undefined)));
    });
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    // A reseller key, stored as the shop stores them (its SHA-256).
    const key = `rbt_octo_faults-${randomBytes(16).toString('hex')}`;
    await db.query(
      `INSERT INTO resellers (name, key_prefix, key_hash, rate_per_minute) VALUES ('Faults Tours', $1, $2, 1000)`,
      [key.slice(0, 15), createHash('sha256').update(key).digest('hex')],
    );
    const octo = (base: string, method: string, url: string, body?: unknown) =>
      json(base, method, `/octo${url}`, body, key);
    const hook = await octo(a.url, 'POST', '/webhooks', { url: hookUrl, event: 'booking_update' });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);

    const avail = await octo(a.url, 'POST', '/availability', {
      productId: 'RM-COL',
      optionId: 'DEFAULT',
      localDateStart: addDays(romeToday(), 2),
      localDateEnd: addDays(romeToday(), 20),
      units: [{ id: 'adult', quantity: 1 }],
    });
    expect(avail.status, JSON.stringify(avail.body)).toBe(200);
    const slot = (avail.body as { id: string; available: boolean }[]).find((x) => x.available)!;
    const uuid = crypto.randomUUID();
    const reserved = await octo(a.url, 'POST', '/bookings', {
      uuid,
      productId: 'RM-COL',
      optionId: 'DEFAULT',
      availabilityId: slot.id,
      unitItems: [{ unitId: 'adult' }],
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const confirmed = await octo(a.url, 'POST', `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Ada Tourist' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    // One instance's sender has the confirmation's POST in flight: kill that one.
    await waitFor('the first POST', async () => held.length > 0, 20_000);
    const pids = [a.proc.pid!, b.proc.pid!];
    const owner = ownerOfPort(held[0].port, pids);
    expect(owner, 'the sending process').not.toBeNull();
    const [sender, survivor] = owner === a.proc.pid ? [a, b] : [b, a];
    sender.kill('SIGKILL');
    expect(await sender.exited).toBe('SIGKILL');
    hold = false;

    // Meanwhile the booking changes on the survivor: that event waits behind the one claimed.
    const changed = await octo(survivor.url, 'PATCH', `/bookings/${uuid}`, { notes: 'Wheelchair user' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await waitFor('both events at the receiver', async () => got.length >= 2, 60_000);
    await sleep(1500);
    const first = JSON.parse(held[0].body);
    expect(got.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(got[0].id).toBe(first.id);
    expect(new Set(got.map((e) => e.id)).size).toBe(2);
    expect(got.every((e) => e.booking.uuid === uuid)).toBe(true);
    const rows = await db.query(`SELECT status FROM webhook_deliveries ORDER BY seq`);
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered']);
  });
});
