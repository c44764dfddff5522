/**
 * `npm run bench:load`: a bounded mixed workload against
 *   (a) the cluster: two shop processes on PostgreSQL behind nginx (needs BENCH_DATABASE_URL or
 *       TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test; a fresh database is made
 *       and dropped), and
 *   (b) one shop process on the embedded database (PGlite).
 * The shops are child processes; this process only generates load. Each virtual visitor browses
 * (/ and the package list), opens the search page and a ticket, signs in, buys (checkout and the
 * test provider's Pay) and reports activity, with the weights below. Prints requests per second,
 * p50/p99 and errors per target and per kind of call, and the shops' CPU time per request (their
 * processes' CPU over the requests answered; nginx's own is not counted). Baseline in the same run: a
 * bare Fastify route answering the package list's JSON (a child process of its own, bench-kit), read by
 * as many concurrent visitors for up to 5 s; the shop's figures are printed as a ratio to it.
 * Errors must be 0, and the paid orders and the page views stored must equal the payments and the
 * page views the shop accepted (exit code 1 otherwise).
 *
 * Rate limits stay on: every visitor is its own account with its own address (X-Forwarded-For from
 * this trusted loopback client, which is what a CDN or an outer balancer in front of nginx sends),
 * and no visitor exceeds the shop's per-account and per-address limits within one run.
 *
 * Settings: BENCH_SECONDS (per target, default 15), BENCH_VISITORS (concurrent, default 32),
 * BENCH_TARGETS (cluster,embedded). BENCH_CPU_PROF=<dir>: each shop writes a V8 CPU profile there.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  createClusterDatabase,
  formBody,
  type Instance,
  type Nginx,
  startInstance,
  startNginx,
} from '../apps/server/src/cluster/harness';
import { openDatabase } from '../apps/server/src/db/open';
import { cpuMs, pct, shopNodeArgs, startBareServer } from './bench-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 32);
const TARGETS = (process.env.BENCH_TARGETS ?? 'cluster,embedded').split(',').map((s) => s.trim());
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Per visitor and run: below the shop's limits (sign-in 30 per address per 15 min, checkout 30 per 10 min). */
const MAX_SIGNINS = 25;
const MAX_CHECKOUTS = 25;

type Op = 'home' | 'packages' | 'search' | 'ticket' | 'signin' | 'checkout' | 'pay' | 'track';
const WEIGHTS: [Op | 'buy', number][] = [
  ['home', 20],
  ['packages', 25],
  ['search', 10],
  ['ticket', 20],
  ['signin', 5],
  ['buy', 5],
  ['track', 15],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((s, [, w]) => s + w, 0);

type Visitor = {
  email: string;
  password: string;
  ip: string;
  token: string;
  signins: number;
  checkouts: number;
};
type Stats = { latencies: Map<Op, number[]>; errors: Map<Op, number>; samples: string[] };
/** What the shop accepted, warm-up included: the database must hold as much afterwards. */
type Ledger = { paid: number; pageViews: number };
const ledger = (): Ledger => ({ paid: 0, pageViews: 0 });

async function timed(
  stats: Stats,
  op: Op,
  run: () => Promise<Response>,
  ok: (r: Response) => boolean = (r) => r.ok,
) {
  const started = performance.now();
  let res: Response | null = null;
  let body = '';
  try {
    res = await run();
    body = await res.text();
  } catch (err) {
    body = String(err);
  }
  const ms = performance.now() - started;
  if (!stats.latencies.has(op)) stats.latencies.set(op, []);
  stats.latencies.get(op)!.push(ms);
  if (!res || !ok(res)) {
    stats.errors.set(op, (stats.errors.get(op) ?? 0) + 1);
    if (stats.samples.length < 5)
      stats.samples.push(`${op}: ${res?.status ?? 'no answer'} ${body.slice(0, 200)}`);
    return null;
  }
  return body;
}

const headersFor = (v: Visitor, extra: Record<string, string> = {}) => ({
  'x-forwarded-for': v.ip,
  'user-agent': 'rome-bench-load',
  ...extra,
});

async function signIn(base: string, v: Visitor, stats: Stats | null) {
  const run = () =>
    fetch(`${base}/api/api/token/`, {
      method: 'POST',
      headers: headersFor(v, { 'content-type': 'application/json' }),
      body: JSON.stringify({ username: v.email, password: v.password }),
    });
  v.signins++;
  if (!stats) {
    const r = await run();
    if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
    v.token = (await r.json()).access;
    return;
  }
  const body = await timed(stats, 'signin', run);
  if (body) v.token = JSON.parse(body).access;
}

async function setupVisitors(base: string): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const v: Visitor = {
      email: `bench-${i}-${Date.now().toString(36)}@example.com`,
      password: `Bench-Pass-${i}-Colosseo`,
      ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      token: '',
      signins: 0,
      checkouts: 0,
    };
    const r = await fetch(`${base}/api/register/`, {
      method: 'POST',
      headers: headersFor(v, { 'content-type': 'application/json' }),
      body: JSON.stringify({
        full_name: `Bench Visitor ${i}`,
        email: v.email,
        phone_number: '3912345678',
        password: v.password,
      }),
    });
    if (r.status !== 201) throw new Error(`register failed: ${r.status} ${await r.text()}`);
    await signIn(base, v, null);
    visitors.push(v);
  }
  return visitors;
}

function pick(): Op | 'buy' {
  let n = Math.random() * TOTAL_WEIGHT;
  for (const [op, w] of WEIGHTS) {
    n -= w;
    if (n < 0) return op;
  }
  return 'packages';
}

async function visit(base: string, v: Visitor, stats: Stats, until: number, done: Ledger) {
  const searches = ['colosseum', 'bus', 'vatican', 'night', 'roma'];
  const tags = ['BB-24', 'CS-48', 'BB-NIGHT'];
  while (Date.now() < until) {
    let op = pick();
    if (op === 'signin' && v.signins >= MAX_SIGNINS) op = 'ticket';
    if (op === 'buy' && v.checkouts >= MAX_CHECKOUTS) op = 'packages';
    switch (op) {
      case 'home':
        await timed(stats, 'home', () => fetch(`${base}/`, { headers: headersFor(v) }));
        break;
      case 'packages':
        await timed(stats, 'packages', () => fetch(`${base}/api/packages/`, { headers: headersFor(v) }));
        break;
      case 'search': {
        const q = searches[Math.floor(Math.random() * searches.length)];
        await timed(stats, 'search', () => fetch(`${base}/search?q=${q}`, { headers: headersFor(v) }));
        break;
      }
      case 'ticket': {
        const tag = tags[Math.floor(Math.random() * tags.length)];
        await timed(stats, 'ticket', () =>
          fetch(`${base}/api/package/E9/${tag}/`, { headers: headersFor(v) }),
        );
        break;
      }
      case 'signin':
        await signIn(base, v, stats);
        break;
      case 'buy': {
        v.checkouts++;
        const form = await formBody({ adult_count: '1', youth_count: '1', package_identifier: 'CS-48' });
        const created = await timed(stats, 'checkout', () =>
          fetch(`${base}/api/create-checkout-session/`, {
            method: 'POST',
            headers: headersFor(v, { authorization: `Bearer ${v.token}`, 'content-type': form.contentType }),
            body: new Uint8Array(form.body),
          }),
        );
        if (!created) break;
        const { id } = JSON.parse(created);
        const paid = await timed(stats, 'pay', () =>
          fetch(`${base}/api/test-checkout/${id}/pay/`, {
            method: 'POST',
            headers: headersFor(v, {
              authorization: `Bearer ${v.token}`,
              'content-type': 'application/json',
            }),
            body: '{}',
          }),
        );
        if (paid && JSON.parse(paid).result === 'fulfilled') done.paid++;
        else if (paid) {
          stats.errors.set('pay', (stats.errors.get('pay') ?? 0) + 1);
          stats.samples.push(`pay: not fulfilled ${paid.slice(0, 200)}`);
        }
        break;
      }
      case 'track':
        // A 204 has an empty body: accepted is anything but null.
        if (
          (await timed(
            stats,
            'track',
            () =>
              fetch(`${base}/api/track-activity/`, {
                method: 'POST',
                headers: headersFor(v, {
                  'content-type': 'application/json',
                  authorization: `Bearer ${v.token}`,
                }),
                body: JSON.stringify({
                  action: 'page_view',
                  timestamp: new Date().toISOString(),
                  page: '/',
                  fullUrl: `${base}/`,
                  userAgent: 'rome-bench-load',
                  screenResolution: '1920x1080',
                  device: 'desktop',
                }),
              }),
            (r) => r.status === 204,
          )) !== null
        )
          done.pageViews++;
        break;
    }
  }
}

/** The baseline: the bare route, read by VISITORS concurrent loops, with its process's CPU. */
async function bareBaseline(url: string, pid: number | undefined, seconds: number) {
  const times: number[] = [];
  let errors = 0;
  const cpu0 = cpuMs(pid);
  const started = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await fetch(url).catch(() => null);
        if (!res?.ok) errors++;
        await res?.arrayBuffer();
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, times, errors, cpuPerRequest: (cpuMs(pid) - cpu0) / times.length };
}

type Baseline = Awaited<ReturnType<typeof bareBaseline>>;

/**
 * One target: the visitors' run and its figures against the baseline. Answers the errors and what the
 * shop accepted (for checkCounts, once the shops have stopped and flushed).
 */
async function run(name: string, base: string, pids: (number | undefined)[], baseline: Baseline) {
  const done = ledger();
  const visitors = await setupVisitors(base);
  // A short warm-up (caches, JIT), not counted in the figures (its purchases are in the counts).
  const warm: Stats = { latencies: new Map(), errors: new Map(), samples: [] };
  await Promise.all(visitors.slice(0, 4).map((v) => visit(base, v, warm, Date.now() + 1500, done)));
  const stats: Stats = { latencies: new Map(), errors: new Map(), samples: [] };
  const cpu0 = pids.reduce<number>((s, pid) => s + cpuMs(pid), 0);
  const started = performance.now();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(visitors.map((v) => visit(base, v, stats, until, done)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = pids.reduce<number>((s, pid) => s + cpuMs(pid), 0) - cpu0;

  const all = [...stats.latencies.values()].flat().sort((a, b) => a - b);
  const errors =
    [...stats.errors.values()].reduce((s, n) => s + n, 0) +
    [...warm.errors.values()].reduce((s, n) => s + n, 0);
  const cpuPerRequest = cpu / all.length;
  const rps = all.length / seconds;
  console.log(`\n${name}: ${VISITORS} concurrent visitors for ${seconds.toFixed(1)} s`);
  console.log(
    `  all       ${String(all.length).padStart(7)} requests  ${rps.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${pct(all, 0.5).toFixed(1)} ms  p99 ${pct(all, 0.99).toFixed(1)} ms  errors ${errors}`,
  );
  for (const [op, lat] of [...stats.latencies.entries()].sort()) {
    const s = lat.sort((a, b) => a - b);
    console.log(
      `  ${op.padEnd(9)} ${String(s.length).padStart(7)} requests  ${(s.length / seconds).toFixed(0).padStart(6)} req/s  ` +
        `p50 ${pct(s, 0.5).toFixed(1)} ms  p99 ${pct(s, 0.99).toFixed(1)} ms  errors ${stats.errors.get(op) ?? 0}`,
    );
  }
  console.log(
    `  server CPU ${cpuPerRequest.toFixed(2)} ms per request (${pids.length} shop process${pids.length > 1 ? 'es' : ''}; ` +
      `bare route ${baseline.cpuPerRequest.toFixed(3)} ms: ${(cpuPerRequest / baseline.cpuPerRequest).toFixed(1)}x); ` +
      `req/s ${((rps / baseline.rps) * 100).toFixed(0)}% of the bare route's`,
  );
  for (const s of [...warm.samples, ...stats.samples].slice(0, 5)) console.log(`  error sample: ${s}`);
  return { errors, done };
}

/** Paid orders and the visitors' page views in a shop's database, against what the shop accepted. */
async function checkCounts(
  name: string,
  query: (sql: string) => Promise<{ n: number }[]>,
  done: Ledger,
): Promise<number> {
  const [paid] = await query(`SELECT count(*)::int AS n FROM orders WHERE status = 'paid'`);
  const [views] = await query(
    `SELECT count(*)::int AS n FROM activity_events WHERE action = 'page_view' AND user_agent = 'rome-bench-load'`,
  );
  console.log(
    `  counts    paid orders ${paid.n} (payments fulfilled ${done.paid}), page views stored ${views.n} (accepted ${done.pageViews})`,
  );
  let wrong = 0;
  if (Number(paid.n) !== done.paid) wrong++;
  if (Number(views.n) !== done.pageViews) wrong++;
  if (wrong) console.error(`FAIL: ${name}: the stored counts differ from what the shop accepted`);
  return wrong;
}

const common = {
  SEED_DEMO: 'true',
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ANALYTICS_ANONYMIZE_IP: 'false',
};
let failed = 0;
const hardStop = setTimeout(
  () => {
    console.error('bench:load took too long; stopping.');
    process.exit(2);
  },
  (SECONDS * 2 + 600) * 1000,
);
hardStop.unref();

/** The package list's JSON for the bare route: the demo catalogue, as a shop answers it. */
async function baselineFrom(shopUrl: string): Promise<Baseline> {
  const json = await (await fetch(`${shopUrl}/api/packages/`)).text();
  const bare = await startBareServer(json);
  try {
    await bareBaseline(`${bare.url}/packages`, bare.pid, 1); // warm-up
    const b = await bareBaseline(`${bare.url}/packages`, bare.pid, Math.min(5, SECONDS));
    console.log(
      `\nbaseline: bare Fastify route (own process), same JSON (${(json.length / 1024).toFixed(1)} KiB), ${VISITORS} concurrent: ` +
        `${b.rps.toFixed(0)} req/s, p50 ${pct(b.times, 0.5).toFixed(1)} ms, p99 ${pct(b.times, 0.99).toFixed(1)} ms, ` +
        `server CPU ${b.cpuPerRequest.toFixed(3)} ms per request, errors ${b.errors}`,
    );
    if (b.errors) failed += b.errors;
    return b;
  } finally {
    await bare.stop();
  }
}

let baseline: Baseline | null = null;

if (TARGETS.includes('cluster')) {
  if (!DATABASE_URL) {
    console.log('\ncluster: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
  } else {
    process.env.TEST_DATABASE_URL = DATABASE_URL;
    const db = await createClusterDatabase();
    const media = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-media-'));
    let instances: Instance[] = [];
    let nginx: Nginx | null = null;
    try {
      instances = await Promise.all(
        ['a', 'b'].map((id) =>
          startInstance({
            id,
            databaseUrl: db.url,
            nodeArgs: shopNodeArgs(),
            env: { ...common, INSTANCE_ID: id, MEDIA_DIR: media },
          }),
        ),
      );
      nginx = await startNginx(
        instances.map((i) => i.port),
        'append',
      );
      baseline ??= await baselineFrom(instances[0].url);
      const r = await run(
        'cluster (2 instances + nginx, PostgreSQL)',
        nginx.url,
        instances.map((i) => i.proc.pid),
        baseline,
      );
      failed += r.errors;
      await nginx.stop();
      nginx = null;
      await Promise.all(instances.map((i) => i.stop()));
      failed += await checkCounts('cluster', (q) => db.query(q), r.done);
    } finally {
      await nginx?.stop();
      await Promise.all(instances.map((i) => i.stop()));
      await db.drop();
    }
  }
}

if (TARGETS.includes('embedded')) {
  const shop = await startInstance({
    id: 'embedded',
    databaseUrl: '',
    nodeArgs: shopNodeArgs(),
    env: common,
    readyMs: 300_000,
  });
  let r: Awaited<ReturnType<typeof run>> | null = null;
  try {
    baseline ??= await baselineFrom(shop.url);
    r = await run('single instance (embedded PGlite)', shop.url, [shop.proc.pid], baseline);
    failed += r.errors;
  } finally {
    await shop.stop();
  }
  // The embedded database is the shop's own files: read once it has stopped (and flushed).
  const database = await openDatabase({ dataDir: shop.dataDir });
  try {
    failed += await checkCounts(
      'embedded',
      async (q) => {
        const result = (await database.db.execute(sql.raw(q))) as unknown as { rows?: { n: number }[] };
        return result.rows ?? (result as unknown as { n: number }[]);
      },
      r!.done,
    );
  } finally {
    await database.close();
  }
}

console.log(failed ? `\n${failed} errors` : '\nno errors');
process.exit(failed ? 1 : 0);
