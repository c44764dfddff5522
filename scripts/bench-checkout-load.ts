/**
 * bench:checkout's client: the load generator in a process of its own (forked with IPC by
 * scripts/bench-checkout.ts), so its CPU is neither the shop's nor the bench's, and so it can be
 * checked against a bare route at a rate above the shop's (`bare`).
 *
 * Commands (a message each, answered with `{ result }`), every one with this process's CPU time:
 * - `init`: the buyers' tokens, the packages (or a timed package's slots) and the shops' URLs.
 * - `closed`: `count` purchases, `concurrency` at a time (a burst: the machine full); with `variant`
 *   each with the promo code ('promo') or its own gift card ('gift').
 * - `paced`: purchases started at `rate` a second for `seconds`, whether or not the earlier ones have
 *   been answered (an open loop: a slow shop meets the same arrivals, and its wait counts in the
 *   latency, measured from when each purchase was due).
 * - `bare`: requests like a purchase's calls (POST, JSON, a bearer token) at `rate` a second to a bare
 *   route: what this generator can make when the server costs nothing.
 * - `baseline`: `count` bare transactions (insert a row, update it) `concurrency` at a time, on
 *   PostgreSQL (`databaseUrl`) or, without one, on an embedded database (PGlite in memory) of this
 *   process: the bench's unit of database work.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';

type Init = {
  tokens: string[];
  bases: string[];
  tags: string[];
  timed: { tag: string; slotIds: string[] } | null;
  /** The promo-code slice's code, and the gift-card slice's codes (one card a purchase). */
  promoCode: string;
  giftCodes: string[];
};
type Variant = 'promo' | 'gift';
type Answer = { ok: boolean; session?: string; problem?: string; i?: number };

let init: Init;
let turn = 0;
// node:http with kept-alive connections: fetch (undici's full Fetch API) cost some 2.5 ms of CPU per
// purchase. Enough sockets for an open loop's arrivals while a slow answer is awaited.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const cpuMsNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function post(url: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : '';
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let parsed: any = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: reported as an unexpected answer by the caller.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One purchase: the checkout, then the test checkout's Pay (the same fulfilment as Stripe's webhook). */
async function purchase(i: number, variant?: Variant, k = 0): Promise<Answer> {
  const base = init.bases[turn++ % init.bases.length];
  const token = init.tokens[i % init.tokens.length];
  try {
    const created = await post(`${base}/api/create-checkout-session/`, token, {
      adult_count: String(1 + (i % 3)),
      youth_count: String(i % 2),
      ...(variant === 'promo' ? { promo_code: init.promoCode } : {}),
      ...(variant === 'gift' ? { gift_card_code: init.giftCodes[k] } : {}),
      ...(init.timed
        ? { package_identifier: init.timed.tag, slot_id: init.timed.slotIds[i % init.timed.slotIds.length] }
        : { package_identifier: init.tags[i % init.tags.length] }),
    });
    if (created.status !== 200)
      return { ok: false, problem: `create ${created.status} ${JSON.stringify(created.body).slice(0, 120)}` };
    const paid = await post(`${base}/api/test-checkout/${created.body.id}/pay/`, token);
    if (paid.status !== 200 || paid.body?.result !== 'fulfilled')
      return { ok: false, problem: `pay ${paid.status} ${JSON.stringify(paid.body).slice(0, 120)}` };
    return { ok: true, session: created.body.id, i };
  } catch (err) {
    return { ok: false, problem: String((err as Error).message) };
  }
}

/** What a run of calls answers: durations (ms, ascending), the calls that went wrong, and when each ended. */
type Run = {
  times: number[];
  failures: number;
  problems: string[];
  /** [session id, Date.now() when the purchase was answered, its number] of each answered right. */
  answered: [string, number, number][];
  seconds: number;
  cpuMs: number;
  /** How late the generator started a call, at worst and at p99 (ms): a busy generator falls behind. */
  startLagMax: number;
  startLagP99: number;
  /** Calls not started: due while MAX_IN_FLIGHT were waiting (`paced` only). */
  dropped?: number;
  /** Seconds from the first answer to the last (`paced` only): the rate at which answers came. */
  answerSpan?: number;
};

const sortNum = (a: number[]) => a.sort((x, y) => x - y);
const p99 = (sorted: number[]) => (sorted.length ? sorted[Math.floor(sorted.length * 0.99)] : 0);

async function closed(count: number, concurrency: number, offset: number, variant?: Variant): Promise<Run> {
  const cpu0 = cpuMsNow();
  const t0 = performance.now();
  const times: number[] = [];
  const problems: string[] = [];
  const answered: [string, number, number][] = [];
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const s = performance.now();
        const a = await purchase(offset + i, variant, i);
        times.push(performance.now() - s);
        if (a.ok) answered.push([a.session!, Date.now(), a.i!]);
        else {
          failures++;
          if (problems.length < 5) problems.push(a.problem!);
        }
      }
    }),
  );
  return {
    times: sortNum(times),
    failures,
    problems,
    answered,
    seconds: (performance.now() - t0) / 1000,
    cpuMs: cpuMsNow() - cpu0,
    startLagMax: 0,
    startLagP99: 0,
  };
}

/** Calls `one(i)` at `rate` a second for `seconds`, each started when due, answered or not the earlier. */
/**
 * At most this many calls in flight: past it the calls due are not started and count as dropped (a
 * shop that cannot keep up would otherwise gather minutes of queued calls, and the run never end).
 */
const MAX_IN_FLIGHT = 1000;

async function paced(rate: number, seconds: number, one: (i: number) => Promise<Answer>): Promise<Run> {
  const total = Math.round(rate * seconds);
  const cpu0 = cpuMsNow();
  const t0 = performance.now();
  const times: number[] = [];
  const lags: number[] = [];
  const problems: string[] = [];
  const answered: [string, number, number][] = [];
  let failures = 0;
  let started = 0;
  let done = 0;
  let inFlight = 0;
  let dropped = 0;
  let firstAnswer: number | undefined;
  let lastAnswer = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - t0) / 1000) * rate) + 1);
      for (; started < due; started++) {
        const i = started;
        const at = t0 + (i * 1000) / rate;
        if (inFlight >= MAX_IN_FLIGHT) {
          dropped++;
          if (++done === total) resolve();
          continue;
        }
        inFlight++;
        lags.push(performance.now() - at);
        void one(i).then((a) => {
          inFlight--;
          const now = performance.now();
          firstAnswer ??= now;
          lastAnswer = now;
          // From when it was due: a generator or shop that falls behind is charged for it.
          times.push(performance.now() - at);
          if (a.ok) {
            if (a.session) answered.push([a.session, Date.now(), a.i!]);
          } else {
            failures++;
            if (problems.length < 5) problems.push(a.problem!);
          }
          if (++done === total) resolve();
        });
      }
      if (started < total) setTimeout(tick, 1);
    };
    tick();
  });
  sortNum(lags);
  return {
    times: sortNum(times),
    failures,
    problems,
    answered,
    seconds: (performance.now() - t0) / 1000,
    cpuMs: cpuMsNow() - cpu0,
    startLagMax: lags.at(-1) ?? 0,
    startLagP99: p99(lags),
    dropped,
    answerSpan: firstAnswer === undefined ? 0 : (lastAnswer - firstAnswer) / 1000,
  };
}

/** Two POSTs like a purchase's, to a bare route; ok on a 2xx. */
const bareCall =
  (url: string) =>
  async (i: number): Promise<Answer> => {
    try {
      const res = await post(`${url}/api/bare/${i}/`, 'bench-token', { adult_count: '1', youth_count: '0' });
      return res.status >= 200 && res.status < 300
        ? { ok: true }
        : { ok: false, problem: `bare ${res.status}` };
    } catch (err) {
      return { ok: false, problem: String((err as Error).message) };
    }
  };

type Tx = { begin(): Promise<{ q(sql: string, p: unknown[]): Promise<unknown>; end(): Promise<void> }> };
let embedded: Tx | null = null;
let postgres: { url: string; tx: Tx } | null = null;

async function transactions(databaseUrl: string | null, concurrency: number): Promise<Tx> {
  if (databaseUrl) {
    if (postgres?.url === databaseUrl) return postgres.tx;
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
    pool.on('error', () => {});
    await pool.query(
      'CREATE TABLE IF NOT EXISTS bench_baseline (id uuid PRIMARY KEY, n int NOT NULL, at timestamptz)',
    );
    // The connections opened before the first measured transaction (their backends are counted).
    const opened = await Promise.all(Array.from({ length: concurrency }, () => pool.connect()));
    for (const c of opened) c.release();
    const tx: Tx = {
      async begin() {
        const c = await pool.connect();
        return { q: (sql, p) => c.query(sql, p), end: async () => c.release() };
      },
    };
    postgres = { url: databaseUrl, tx };
    return tx;
  }
  if (embedded) return embedded;
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  await db.query('CREATE TABLE bench_baseline (id uuid PRIMARY KEY, n int NOT NULL, at timestamptz)');
  // One connection: transactions take turns, as the shop's on its embedded database do.
  let chain: Promise<unknown> = Promise.resolve();
  embedded = {
    async begin() {
      let release!: () => void;
      const mine = new Promise<void>((r) => {
        release = r;
      });
      const before = chain;
      chain = before.then(() => mine);
      await before;
      return { q: (sql, p) => db.query(sql, p as any[]), end: async () => release() };
    },
  };
  return embedded;
}

async function baseline(databaseUrl: string | null, count: number, concurrency: number): Promise<Run> {
  const tx = await transactions(databaseUrl, concurrency);
  const cpu0 = cpuMsNow();
  const t0 = performance.now();
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const s = performance.now();
        const c = await tx.begin();
        try {
          const id = randomUUID();
          await c.q('BEGIN', []);
          await c.q('INSERT INTO bench_baseline (id, n) VALUES ($1, 0)', [id]);
          await c.q('UPDATE bench_baseline SET n = n + 1, at = now() WHERE id = $1', [id]);
          await c.q('COMMIT', []);
        } finally {
          await c.end();
        }
        times.push(performance.now() - s);
      }
    }),
  );
  return {
    times: sortNum(times),
    failures: 0,
    problems: [],
    answered: [],
    seconds: (performance.now() - t0) / 1000,
    cpuMs: cpuMsNow() - cpu0,
    startLagMax: 0,
    startLagP99: 0,
  };
}

process.on('message', async (m: any) => {
  try {
    let result: unknown = null;
    if (m.cmd === 'init') init = m.init;
    else if (m.cmd === 'closed') result = await closed(m.count, m.concurrency, m.offset, m.variant);
    else if (m.cmd === 'paced') result = await paced(m.rate, m.seconds, (i) => purchase(m.offset + i));
    else if (m.cmd === 'bare') result = await paced(m.rate, m.seconds, bareCall(m.url));
    else if (m.cmd === 'baseline') result = await baseline(m.databaseUrl, m.count, m.concurrency);
    else if (m.cmd === 'exit') {
      agent.destroy();
      process.exit(0);
    }
    process.send!({ result });
  } catch (err) {
    process.send!({ error: String((err as Error)?.stack ?? err) });
  }
});
process.send!({ ready: true });
