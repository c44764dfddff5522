/**
 * `npm run bench:inventory`: holds against slot capacity on PostgreSQL with two shop instances.
 *
 * Two shop processes (child processes, so the load generator here shares no event loop with them) on a
 * fresh PostgreSQL database. BENCH_SLOTS slots of BENCH_CAPACITY places each; BENCH_BUYERS x
 * BENCH_PER_BUYER one-place checkouts, each by an account of its own (a buyer's new checkout replaces
 * their earlier hold, orders/hold-limits.ts), spread evenly over the slots and alternately over the two
 * instances, BENCH_CONCURRENCY at a time. More checkouts are sent than there are places, so every slot
 * sells out. Then every hold is paid (the test checkout: the fulfilment path), and tickets are counted.
 *
 * Prints holds per second, sold-out answers, p50/p99, the servers' CPU time per checkout, and tickets
 * against capacity. Exits 1 when a slot sold more or fewer places than it has, when tickets differ from
 * capacity, or on any answer other than 200 and 'Sold out'.
 *
 * Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { addDays, romeToday } from '@rome/contract';
import { createClusterDatabase, type Instance, startInstance } from '../apps/server/src/cluster/harness';
import { accountsWithTokens, cpuMs, timedSlots } from './bench-kit';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const SLOTS = Number(process.env.BENCH_SLOTS ?? 10);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 60);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 40);
// BUYERS x PER_BUYER checkouts, one account each.
const PER_BUYER = Math.min(30, Number(process.env.BENCH_PER_BUYER ?? 20));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TAG = 'CS-HALF';

// Every buyer here is this one machine: the cap on what one address holds unpaid is lifted.
const SHOP_ENV = { LOG_LEVEL: 'error', HOLD_PLACES_PER_ADDRESS: '1000000' };

const db = await createClusterDatabase();
const instances: Instance[] = [];
let failed = false;
const fail = (msg: string) => {
  failed = true;
  console.error(`FAIL: ${msg}`);
};

try {
  // The first seeds the demo shop; the second starts on it.
  instances.push(
    await startInstance({ id: 'a', databaseUrl: db.url, env: { SEED_DEMO: 'true', ...SHOP_ENV } }),
  );
  instances.push(await startInstance({ id: 'b', databaseUrl: db.url, env: SHOP_ENV }));

  // Buyers and an editor, with tokens made by the shop's own token service.
  const [editorToken] = await accountsWithTokens(db, 1, { editor: true, name: 'Bench Editor' });
  const buyerTokens = await accountsWithTokens(db, BUYERS * PER_BUYER);

  const call = async (base: string, method: string, url: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  const a = instances[0].url;
  const date = addDays(romeToday(), 30);
  const times = Array.from(
    { length: SLOTS },
    (_, i) => `${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
  );
  const slotIds = await timedSlots((method, url, body) => call(a, method, url, editorToken, body), TAG, {
    date,
    times,
    capacity: CAPACITY,
  });

  // The rush.
  const jobs = buyerTokens.map((token, n) => ({ token, slot: slotIds[n % SLOTS] }));
  const latencies: number[] = [];
  const sessions: { base: string; token: string; id: string }[] = [];
  let soldOut = 0;
  const unexpected: string[] = [];
  let next = 0;
  const cpuBefore = instances.map((i) => cpuMs(i.proc.pid));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const n = next++;
        const job = jobs[n];
        const base = instances[n % 2].url;
        const t0 = performance.now();
        const res = await call(base, 'POST', '/api/create-checkout-session/', job.token, {
          package_identifier: TAG,
          slot_id: job.slot,
          adult_count: '1',
          youth_count: '0',
        });
        latencies.push(performance.now() - t0);
        if (res.status === 200) sessions.push({ base, token: job.token, id: res.body.id });
        else if (res.status === 409 && res.body?.error === 'Sold out') soldOut++;
        else unexpected.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = instances.reduce((s, i, k) => s + cpuMs(i.proc.pid) - cpuBefore[k], 0);
  latencies.sort((x, y) => x - y);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];

  // Every hold is paid: tickets must equal capacity.
  let paid = 0;
  for (const s of sessions) {
    const r = await call(s.base, 'POST', `/api/test-checkout/${s.id}/pay/`, s.token);
    if (r.status === 200 && r.body?.result === 'fulfilled') paid++;
    else unexpected.push(`pay ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
  }
  const perSlot = await db.query<{ slot_id: string; places: number }>(
    `SELECT slot_id, coalesce(sum(places), 0)::int AS places FROM orders
      WHERE slot_id = ANY($1) AND status = 'paid' GROUP BY slot_id`,
    [slotIds],
  );
  const tickets = perSlot.reduce((s, r) => s + r.places, 0);
  const capacity = SLOTS * CAPACITY;

  console.log(`bench:inventory  PostgreSQL, 2 instances, ${SLOTS} slots x ${CAPACITY} places = ${capacity}`);
  console.log(
    `  checkouts sent     ${jobs.length} (${BUYERS} x ${PER_BUYER}, one account each, ${CONCURRENCY} at a time)`,
  );
  console.log(
    `  holds              ${sessions.length} in ${seconds.toFixed(2)} s = ${(jobs.length / seconds).toFixed(0)} checkouts/s, ${(sessions.length / seconds).toFixed(0)} holds/s`,
  );
  console.log(`  sold-out answers   ${soldOut}`);
  console.log(`  latency            p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`);
  console.log(`  server CPU         ${(cpu / jobs.length).toFixed(2)} ms per checkout (both instances)`);
  console.log(`  tickets/capacity   ${tickets}/${capacity} (paid ${paid})`);
  if (unexpected.length)
    fail(`${unexpected.length} unexpected answers, e.g. ${unexpected.slice(0, 3).join(' | ')}`);
  if (sessions.length !== capacity) fail(`holds ${sessions.length} != capacity ${capacity}`);
  if (soldOut !== jobs.length - capacity) fail(`sold-out answers ${soldOut} != ${jobs.length - capacity}`);
  if (tickets !== capacity) fail(`tickets ${tickets} != capacity ${capacity}`);
  for (const r of perSlot)
    if (r.places !== CAPACITY) fail(`slot ${r.slot_id} sold ${r.places} of ${CAPACITY}`);
} catch (err) {
  fail((err as Error).message);
} finally {
  await Promise.all(instances.map((i) => i.stop()));
  await db.drop();
}
process.exit(failed ? 1 : 0);
