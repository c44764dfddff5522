/**
 * `npm run bench:checkout`: the purchase path (create a checkout with a hold, pay it through the test
 * checkout: the same fulfilment as a Stripe webhook, with QR, ticket link, PDF and the e-mail in the
 * outbox) on PostgreSQL, measured on the shop alone (issue #22).
 *
 * The shop runs as a child process; the load comes from this process. BENCH_BUYERS buyers make
 * BENCH_PER_BUYER purchases each (under the per-buyer checkout limit), BENCH_CONCURRENCY at a time,
 * over four open-dated packages. Baseline in the same run: a bare PostgreSQL transaction that inserts a
 * row and updates it, BENCH_CONCURRENCY at a time, from this process.
 *
 * Prints purchases per second, p50/p99 of a purchase (both calls), the server's CPU time per purchase
 * (during the run, and until the mail sender has sent every ticket e-mail with its PDF and QR picture),
 * the baseline's transactions per second and p50, and payments, paid orders, tickets, e-mails and places
 * taken. Exits 1 on an unexpected answer or when those counts differ.
 *
 * BENCH_CPU_PROF=<dir> has the shop write a V8 CPU profile (.cpuprofile) there when it stops.
 *
 * Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomUUID } from 'node:crypto';
import {
  createClusterDatabase,
  type Instance,
  sleep,
  startInstance,
} from '../apps/server/src/cluster/harness';
import { accountsWithTokens, cpuMs, pct, runLoad, shopNodeArgs } from './bench-kit';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);
// Under the per-buyer checkout limit (30 per 10 minutes).
const PER_BUYER = Math.min(30, Number(process.env.BENCH_PER_BUYER ?? 15));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TAGS = ['BB-24', 'GL-48', 'CS-72', 'RM-3PASS'];
const TOTAL = BUYERS * PER_BUYER;

const db = await createClusterDatabase();
let shop: Instance | null = null;
let failed = false;
const fail = (msg: string) => {
  failed = true;
  console.error(`FAIL: ${msg}`);
};

const spawned = performance.now();
try {
  shop = await startInstance({
    id: 'checkout',
    databaseUrl: db.url,
    nodeArgs: shopNodeArgs(),
    env: { SEED_DEMO: 'true', LOG_LEVEL: 'error' },
  });
  const base = shop.url;

  const buyerTokens = await accountsWithTokens(db, BUYERS);

  const unexpected: string[] = [];
  const post = async (url: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const purchase = async (i: number) => {
    const token = buyerTokens[i % BUYERS];
    const created = await post('/api/create-checkout-session/', token, {
      adult_count: String(1 + (i % 3)),
      youth_count: String(i % 2),
      package_identifier: TAGS[i % TAGS.length],
    });
    if (created.status !== 200) {
      unexpected.push(`create ${created.status} ${JSON.stringify(created.body).slice(0, 120)}`);
      return false;
    }
    const paid = await post(`/api/test-checkout/${created.body.id}/pay/`, token);
    if (paid.status !== 200 || paid.body?.result !== 'fulfilled') {
      unexpected.push(`pay ${paid.status} ${JSON.stringify(paid.body).slice(0, 120)}`);
      return false;
    }
    return true;
  };

  // Warm-up (route compilation, pool connections, the QR and PDF code paths), not counted.
  const WARM = Math.min(20, BUYERS);
  await runLoad(WARM, CONCURRENCY, (i) => purchase(TOTAL + i));

  // The shop's mail sender makes each ticket's PDF and QR picture after the payment: CPU the run only
  // partly sees. Measured from an empty outbox (the warm-up's e-mails sent) to an empty outbox again.
  const pendingMails = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'`))[0]
      .n;
  const outboxEmpty = async (ms: number) => {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(50))
      if ((await pendingMails()) === 0) return true;
    return false;
  };
  if (!(await outboxEmpty(60_000))) fail('the warm-up e-mails were not sent within 60 s');

  const runFrom = (performance.now() - spawned) / 1000;
  const cpuBefore = cpuMs(shop.proc.pid);
  const run = await runLoad(TOTAL, CONCURRENCY, purchase);
  const cpu = (cpuMs(shop.proc.pid) - cpuBefore) / TOTAL;
  const runTo = (performance.now() - spawned) / 1000;
  const sendStart = performance.now();
  if (!(await outboxEmpty(120_000))) fail('the ticket e-mails were not sent within 120 s');
  const cpuWithMail = (cpuMs(shop.proc.pid) - cpuBefore) / TOTAL;
  const sendSeconds = (performance.now() - sendStart) / 1000;

  // Baseline: a bare insert-and-update transaction, as many, as concurrently, from here.
  await db.query('CREATE TABLE bench_baseline (id uuid PRIMARY KEY, n int NOT NULL, at timestamptz)');
  const baseline = await runLoad(TOTAL, CONCURRENCY, async () => {
    const client = await db.pool.connect();
    try {
      const id = randomUUID();
      await client.query('BEGIN');
      await client.query('INSERT INTO bench_baseline (id, n) VALUES ($1, 0)', [id]);
      await client.query('UPDATE bench_baseline SET n = n + 1, at = now() WHERE id = $1', [id]);
      await client.query('COMMIT');
      return true;
    } finally {
      client.release();
    }
  });

  // Tickets equal payments equal places taken; every ticket has its e-mail in the outbox.
  const made = TOTAL + WARM - (run.failures + 0);
  const [counts] = await db.query<{ paid: number; tickets: number; linked: number; places: number }>(
    `SELECT count(*)::int AS paid,
            count(*) FILTER (WHERE claim_code_hash IS NOT NULL AND qr_file_key IS NOT NULL)::int AS tickets,
            count(*) FILTER (WHERE link_token_hash IS NOT NULL)::int AS linked,
            coalesce(sum(adult_count + youth_count), 0)::int AS places
       FROM orders WHERE status = 'paid'`,
  );
  const [mails] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE subject ILIKE '%ticket%'`,
  );
  const [expected] = [
    Array.from({ length: TOTAL + WARM }, (_, k) => 1 + (k % 3) + (k % 2)).reduce((a, b) => a + b, 0),
  ];

  const rate = TOTAL / run.seconds;
  const baseRate = TOTAL / baseline.seconds;
  console.log(`bench:checkout  PostgreSQL, one shop process, load from another process`);
  console.log(`  purchases        ${TOTAL} (${BUYERS} buyers x ${PER_BUYER}, ${CONCURRENCY} at a time)`);
  console.log(`  purchases/s      ${rate.toFixed(1)}`);
  console.log(
    `  latency          p50 ${pct(run.times, 0.5).toFixed(1)} ms, p99 ${pct(run.times, 0.99).toFixed(1)} ms`,
  );
  console.log(`  server CPU       ${cpu.toFixed(2)} ms per purchase during the run`);
  console.log(
    `  with the e-mails ${cpuWithMail.toFixed(2)} ms per purchase (until every ticket e-mail was sent, ${sendSeconds.toFixed(1)} s after the run)`,
  );
  console.log(
    `  baseline         ${baseRate.toFixed(0)} insert+update transactions/s, p50 ${pct(baseline.times, 0.5).toFixed(1)} ms (purchase = ${(baseRate / rate).toFixed(1)}x a bare transaction)`,
  );
  console.log(
    `  counts           paid ${counts.paid}, tickets ${counts.tickets}, links ${counts.linked}, ticket e-mails ${mails.n}, places ${counts.places} (expected ${made} paid, ${expected} places)`,
  );
  if (process.env.BENCH_CPU_PROF)
    console.log(
      `  profile          in ${process.env.BENCH_CPU_PROF}; measured run about ${runFrom.toFixed(1)}-${runTo.toFixed(1)} s after the shop's start, e-mails sent by ${(runTo + sendSeconds).toFixed(1)} s (node scripts/cpuprofile-top.mjs <file> 30 --from=${runFrom.toFixed(1)} --to=${runTo.toFixed(1)})`,
    );
  if (unexpected.length)
    fail(`${unexpected.length} unexpected answers, e.g. ${unexpected.slice(0, 3).join(' | ')}`);
  if (counts.paid !== made || counts.tickets !== made || counts.linked !== made)
    fail(`paid ${counts.paid}, tickets ${counts.tickets}, links ${counts.linked}: expected ${made} each`);
  if (mails.n !== made) fail(`ticket e-mails ${mails.n} != ${made}`);
  if (counts.places !== expected) fail(`places ${counts.places} != ${expected}`);
} catch (err) {
  fail((err as Error).message);
  if (shop) console.error(shop.output().slice(-2000));
} finally {
  await shop?.stop();
  await db.drop();
}
process.exit(failed ? 1 : 0);
