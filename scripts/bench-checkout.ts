/**
 * `npm run bench:checkout`: the purchase path (create a checkout with a hold, pay it through the test
 * checkout: the same fulfilment as a Stripe webhook, with QR, ticket link, PDF and the e-mail in the
 * outbox) on PostgreSQL, measured on the shop alone.
 *
 * The shop runs as a child process; the load comes from this process. BENCH_SHOPS=2 runs two shop
 * processes on the same database and media folder (docs/operations.md's shape), each request to the
 * next in turn as nginx's round robin would: on the 2-core machine, where PostgreSQL and the load
 * generator need CPU too, that measured slower than one (docs/performance.md). BENCH_BUYERS buyers
 * make BENCH_PER_BUYER purchases each (under the per-buyer checkout limit), BENCH_CONCURRENCY at a
 * time (defaults 40 x 25 = 1,000 purchases, 16 at a time: a rush, where this 2-core machine is full,
 * docs/performance.md), over four open-dated packages. Baseline in the same run: a bare PostgreSQL transaction that
 * inserts a row and updates it, BENCH_CONCURRENCY at a time, from this process.
 *
 * Prints purchases per second, p50/p99 of a purchase (both calls), the server's CPU time per purchase
 * (during the run, and until the mail sender has sent every ticket e-mail with its PDF and QR picture),
 * PostgreSQL's and this process's CPU per purchase during the run, the baseline's transactions per
 * second and p50, whether the shop's aim (300/s, p99 under 100 ms, docs/performance.md) was met in the run, and payments, paid orders, tickets, e-mails, QR pictures drawn and places taken.
 * Exits 1 on an unexpected answer or when those counts differ.
 *
 * BENCH_CPU_PROF=<dir> has each shop write a V8 CPU profile (.cpuprofile) there when it stops.
 *
 * Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { addDays, romeToday } from '@rome/contract';
import {
  createClusterDatabase,
  type Instance,
  sleep,
  startInstance,
} from '../apps/server/src/cluster/harness';
import {
  accountsWithTokens,
  cpuMs,
  type EditorCall,
  pct,
  processesCpuMs,
  runLoad,
  shopNodeArgs,
  timedSlots,
} from './bench-kit';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 40);
// Under the per-buyer checkout limit (30 per 10 minutes).
const PER_BUYER = Math.min(30, Number(process.env.BENCH_PER_BUYER ?? 25));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TAGS = ['BB-24', 'GL-48', 'CS-72', 'RM-3PASS'];
/**
 * BENCH_TIMED=1: every purchase is of a timed departure instead (a START_TIME package's slot, its places
 * counted under the slot's lock and held until paid: the inventory path), spread over TIMED_SLOTS slots
 * with room for all.
 */
const TIMED = process.env.BENCH_TIMED === '1';
const TIMED_TAG = 'CS-HALF';
const TIMED_SLOTS = 12;
const TOTAL = BUYERS * PER_BUYER;

const db = await createClusterDatabase();
// node:http with kept-alive connections: fetch (undici's full Fetch API) cost this process some
// 2.5 ms of CPU per purchase, on the same two cores the shop and PostgreSQL share.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const SHOPS = Math.max(1, Number(process.env.BENCH_SHOPS ?? 1));
const shops: Instance[] = [];
let failed = false;
const fail = (msg: string) => {
  failed = true;
  console.error(`FAIL: ${msg}`);
};

const starts: number[] = [];
// One media folder for all (docs/operations.md): a ticket's QR drawn by one shop is read by another.
const media = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-media-'));
try {
  // The first seeds the demo catalogue; the others start on it.
  for (let n = 0; n < SHOPS; n++) {
    starts.push(performance.now());
    shops.push(
      await startInstance({
        id: `checkout-${n + 1}`,
        databaseUrl: db.url,
        nodeArgs: shopNodeArgs(),
        env: { SEED_DEMO: n === 0 ? 'true' : 'false', LOG_LEVEL: 'error', MEDIA_DIR: media },
      }),
    );
  }
  let turn = 0;
  const nextBase = () => shops[turn++ % SHOPS].url;
  const shopsCpuMs = () => shops.reduce((sum, s) => sum + cpuMs(s.proc.pid), 0);

  const buyerTokens = await accountsWithTokens(db, BUYERS);
  const slotIds = TIMED ? await benchSlots() : [];

  const unexpected: string[] = [];
  const post = (url: string, token: string, body?: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : '';
      const req = http.request(
        `${nextBase()}${url}`,
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
  /** BENCH_TIMED: the package made a timed one, with TIMED_SLOTS slots a month ahead, room for all. */
  async function benchSlots(): Promise<string[]> {
    const [editor] = await accountsWithTokens(db, 1, { editor: true, name: 'Bench Editor' });
    const call: EditorCall = async (method, url, body) => {
      const res = await fetch(`${shops[0].url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${editor}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    const date = addDays(romeToday(), 30);
    const times = Array.from({ length: TIMED_SLOTS }, (_, k) => `${String(8 + k).padStart(2, '0')}:00`);
    // Every purchase takes at most 4 places (adults 1-3, youths 0-1): room for all.
    const capacity = Math.ceil(((TOTAL + 20) * 4) / TIMED_SLOTS);
    return timedSlots(call, TIMED_TAG, { date, times, capacity });
  }

  const purchase = async (i: number, tokens = buyerTokens, promoCode?: string) => {
    const token = tokens[i % BUYERS];
    const created = await post('/api/create-checkout-session/', token, {
      ...(promoCode ? { promo_code: promoCode } : {}),
      adult_count: String(1 + (i % 3)),
      youth_count: String(i % 2),
      ...(TIMED
        ? { package_identifier: TIMED_TAG, slot_id: slotIds[i % slotIds.length] }
        : { package_identifier: TAGS[i % TAGS.length] }),
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

  const runFrom = performance.now();
  const cpuBefore = shopsCpuMs();
  const dbCpuBefore = processesCpuMs('postgres');
  const loadCpuBefore = process.cpuUsage();
  const run = await runLoad(TOTAL, CONCURRENCY, purchase);
  const cpu = (shopsCpuMs() - cpuBefore) / TOTAL;
  const dbCpu = (processesCpuMs('postgres') - dbCpuBefore) / TOTAL;
  const loadCpuUsed = process.cpuUsage(loadCpuBefore);
  const loadCpu = (loadCpuUsed.user + loadCpuUsed.system) / 1000 / TOTAL;
  const runTo = performance.now();
  const sendStart = performance.now();
  if (!(await outboxEmpty(120_000))) fail('the ticket e-mails were not sent within 120 s');
  const cpuWithMail = (shopsCpuMs() - cpuBefore) / TOTAL;
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
  // Every ticket's QR drawn (by the mail sender, after the payment): both files in the shared media
  // folder, and no QR text left waiting in the table.
  const keys = await db.query<{ k: string }>(`SELECT qr_file_key AS k FROM orders WHERE status = 'paid'`);
  const drawn = keys.filter(
    ({ k }) => existsSync(path.join(media, k)) && existsSync(path.join(media, k.replace(/\.png$/, '.svg'))),
  ).length;
  const [waiting] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ticket_qr_sources`);
  const [mails] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE subject ILIKE '%ticket%'`,
  );
  const [expected] = [
    Array.from({ length: TOTAL + WARM }, (_, k) => 1 + (k % 3) + (k % 2)).reduce((a, b) => a + b, 0),
  ];

  const rate = TOTAL / run.seconds;
  const baseRate = TOTAL / baseline.seconds;
  console.log(
    `bench:checkout  PostgreSQL, ${SHOPS === 1 ? 'one shop process' : `${SHOPS} shop processes`}, load from another process`,
  );
  console.log(
    `  purchases        ${TOTAL} (${BUYERS} buyers x ${PER_BUYER}, ${CONCURRENCY} at a time)${TIMED ? `, timed departures (${TIMED_TAG}, ${slotIds.length} slots)` : ''}`,
  );
  console.log(`  purchases/s      ${rate.toFixed(1)}`);
  console.log(
    `  latency          p50 ${pct(run.times, 0.5).toFixed(1)} ms, p99 ${pct(run.times, 0.99).toFixed(1)} ms`,
  );
  console.log(`  server CPU       ${cpu.toFixed(2)} ms per purchase during the run`);
  console.log(
    `  beside it        PostgreSQL ${dbCpu.toFixed(2)} ms, this load generator ${loadCpu.toFixed(2)} ms per purchase (the machine's other CPU users during the run)`,
  );
  console.log(
    `  with the e-mails ${cpuWithMail.toFixed(2)} ms per purchase (until every ticket e-mail was sent, ${sendSeconds.toFixed(1)} s after the run)`,
  );
  console.log(
    `  baseline         ${baseRate.toFixed(0)} insert+update transactions/s, p50 ${pct(baseline.times, 0.5).toFixed(1)} ms (purchase = ${(baseRate / rate).toFixed(1)}x a bare transaction)`,
  );
  // Issue #22's aim, said beside the figures (a speed target is read, not enforced: the host's
  // neighbours move it; a wrong count is what fails the run).
  const p99 = pct(run.times, 0.99);
  const aimMet = rate >= 300 && p99 < 100;
  console.log(
    `  aim              300 purchases/s with p99 under 100 ms: ${aimMet ? 'met' : 'not met'} in this run (${rate.toFixed(0)}/s, p99 ${p99.toFixed(0)} ms)`,
  );
  console.log(
    `  counts           paid ${counts.paid}, tickets ${counts.tickets}, links ${counts.linked}, ticket e-mails ${mails.n}, QR pictures ${drawn}, places ${counts.places} (expected ${made} paid, ${expected} places)`,
  );
  if (process.env.BENCH_CPU_PROF) {
    // Each shop's profile counts from its own start.
    const at = (t: number, n: number) => ((t - starts[n]) / 1000).toFixed(1);
    console.log(`  profiles         in ${process.env.BENCH_CPU_PROF}, one per shop (and per worker thread):`);
    shops.forEach((s, n) => {
      console.log(
        `    ${s.proc.pid}: measured run ${at(runFrom, n)}-${at(runTo, n)} s, e-mails sent by ${at(runTo + sendSeconds * 1000, n)} s (node scripts/cpuprofile-top.mjs <file> 30 --from=${at(runFrom, n)} --to=${at(runTo, n)})`,
      );
    });
  }
  if (unexpected.length)
    fail(`${unexpected.length} unexpected answers, e.g. ${unexpected.slice(0, 3).join(' | ')}`);
  if (counts.paid !== made || counts.tickets !== made || counts.linked !== made)
    fail(`paid ${counts.paid}, tickets ${counts.tickets}, links ${counts.linked}: expected ${made} each`);
  if (mails.n !== made) fail(`ticket e-mails ${mails.n} != ${made}`);
  if (drawn !== made || waiting.n !== 0)
    fail(`QR pictures drawn ${drawn}, texts waiting ${waiting.n}: expected ${made}, 0`);
  if (counts.places !== expected) fail(`places ${counts.places} != ${expected}`);
  if (TIMED) {
    // Every purchase held its places on its slot: the slots' paid places are the same count.
    const [slotted] = await db.query<{ n: number; places: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(places), 0)::int AS places
         FROM orders WHERE status = 'paid' AND slot_id = ANY($1)`,
      [slotIds],
    );
    console.log(`  on the slots     ${slotted.n} paid orders, ${slotted.places} places`);
    if (slotted.n !== made || slotted.places !== expected)
      fail(`on the slots: ${slotted.n} orders, ${slotted.places} places; expected ${made}, ${expected}`);
  }

  // The same purchases with a promo code (decision 050: the code's row locked and its uses counted in
  // the checkout's transaction), by other buyers (each buyer's checkout limit), in the same run.
  const promoTokens = await accountsWithTokens(db, BUYERS);
  await db.query(
    `INSERT INTO promo_codes (code, code_key, kind, value, max_uses) VALUES ('BENCH-PROMO', 'BENCHPROMO', 'percent', 10, $1)`,
    [TOTAL * 2],
  );
  const promoRun = await runLoad(TOTAL, CONCURRENCY, (i) => purchase(i, promoTokens, 'BENCH-PROMO'));
  const promoRate = TOTAL / promoRun.seconds;
  console.log(
    `  with a promo code ${promoRate.toFixed(1)} purchases/s, p50 ${pct(promoRun.times, 0.5).toFixed(1)} ms, p99 ${pct(promoRun.times, 0.99).toFixed(1)} ms (plain purchase above: ${rate.toFixed(1)}/s, p50 ${pct(run.times, 0.5).toFixed(1)} ms)`,
  );
  const [promoPaid] = await db.query<{ n: number; off: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(discount_cents), 0)::int AS off FROM orders o
       JOIN promo_codes p ON p.id = o.promo_code_id WHERE p.code_key = 'BENCHPROMO' AND o.status = 'paid'`,
  );
  if (promoPaid.n !== TOTAL - promoRun.failures || promoPaid.off <= 0)
    fail(`promo run: ${promoPaid.n} paid orders with the code, expected ${TOTAL - promoRun.failures}`);
} catch (err) {
  fail((err as Error).message);
  for (const s of shops) console.error(s.output().slice(-2000));
} finally {
  agent.destroy();
  await Promise.all(shops.map((s) => s.stop()));
  await db.drop();
  rmSync(media, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
