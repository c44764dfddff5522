/**
 * `npm run bench:claims`: the agents' app's claims on PostgreSQL (decision 023).
 *
 * One shop process (a child process: the load generated here shares no event loop with it) on a
 * fresh PostgreSQL database with the demo shop. BENCH_ONLINE + BENCH_OFFLINE paid tickets are written
 * straight into the database and signed with the shop's own key (the same code the fulfilment runs);
 * an agent account signs a device in through the API.
 *
 * 1. Online: every ticket's signed payload is claimed once through POST /api/agent/claims/,
 *    BENCH_CONCURRENCY at a time (signature check, ticket lookup, the conditional UPDATE, the record):
 *    claims per second, p50/p99, the server's CPU time per claim. Then a sample is scanned again and
 *    must answer already_claimed.
 * 2. Offline: BENCH_OFFLINE claims made 'offline' are uploaded through POST /api/agent/claims/sync/
 *    in batches of 500: the time to sync them all; then the same batches again (each id counts once).
 *
 * Exits 1 when a claim answers anything but valid, when the tickets claimed or the claim records
 * differ from the claims sent, or when a repeated upload counted anything. Aims: BENCH_AIM_RATE (500)
 * online claims a second or more, p99 under BENCH_AIM_P99_MS (50); printed, and with --enforce a miss
 * exits 1.
 *
 * Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * BENCH_CPU_PROF=<dir> (or BENCH_NODE_OPTIONS) reaches the shop's process only (bench-kit shopNodeArgs).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { romeToday, SYNC_BATCH_MAX } from '@rome/contract';
import {
  createClusterDatabase,
  type Instance,
  JWT_SECRET,
  startInstance,
} from '../apps/server/src/cluster/harness';
import { openPostgres } from '../apps/server/src/db/client';
import { createAgentAccount } from '../apps/server/src/modules/agents/devices';
import { signTicket } from '../apps/server/src/modules/orders/signed-ticket';
import { benchAims, cpuMs, shopNodeArgs } from './bench-kit';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const ONLINE = Number(process.env.BENCH_ONLINE ?? 5000);
const OFFLINE = Number(process.env.BENCH_OFFLINE ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const AIM_RATE = Number(process.env.BENCH_AIM_RATE ?? 500);
const AIM_P99 = Number(process.env.BENCH_AIM_P99_MS ?? 50);
const aims = benchAims();
const TAG = 'BB-24';

const db = await createClusterDatabase();
let instance: Instance | null = null;
let failed = false;
const fail = (msg: string) => {
  failed = true;
  console.error(`FAIL: ${msg}`);
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  instance = await startInstance({
    id: 'a',
    databaseUrl: db.url,
    nodeArgs: shopNodeArgs(),
    env: {
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
    },
  });
  const base = instance.url;
  const database = await openPostgres(db.url, 4);

  // Paid tickets for today, written in one statement (the checkout's QR pictures would cost minutes).
  const today = romeToday();
  const total = ONLINE + OFFLINE;
  const prefix = `bench${randomBytes(3).toString('hex')}`;
  const [{ id: packageId, availability_type, validity_days }] = await db.query<{
    id: number;
    availability_type: string | null;
    validity_days: number | null;
  }>('SELECT id, availability_type, validity_days FROM packages WHERE package_tag = $1', [TAG]);
  const paidAt = Date.now();
  await db.query(
    `INSERT INTO orders (unique_id, package_id, selected_date, adult_count, youth_count, infant_count,
       adult_price_cents, youth_price_cents, total_cents, provider, status, paid_at, amount_paid_cents)
     SELECT $1 || '-' || g, $2, $3, 2, 1, 0, 2500, 1500, 6500, 'test', 'paid', now(), 6500
       FROM generate_series(1, $4) g`,
    [prefix, packageId, today, total],
  );
  const keys = { db: database.db, secret: JWT_SECRET };
  const signed: string[] = [];
  for (let i = 1; i <= total; i++) {
    const s = await signTicket(keys, {
      uniqueId: `${prefix}-${i}`,
      packageTag: TAG,
      date: today,
      slot: null,
      adults: 2,
      youths: 1,
      infants: 0,
      // A version 2 payload, as the fulfilment signs (the pass window).
      availabilityType: availability_type,
      paidAt,
      validityDays: validity_days,
    });
    if (!s) throw new Error('the shop made no signing key at start');
    signed.push(s);
  }
  const online = signed.slice(0, ONLINE);
  const offline = signed.slice(ONLINE);

  // An agent's account, and a device signed in through the API.
  await createAgentAccount(database.db, {
    agentName: 'Bench Agent',
    email: 'bench@agents.example',
    password: 'Bench-pass-1',
  });
  const signIn = await fetch(`${base}/api/agent/devices/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@agents.example', password: 'Bench-pass-1', label: 'Bench' }),
  });
  if (signIn.status !== 201) throw new Error(`device sign-in: ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  // Warm-up: keys, connections, JIT (a few tickets of the offline share, claimed online and left out).
  for (let i = 0; i < 20; i++) await post('/api/agent/claims/', { scan: 'warm-up-not-a-ticket' });

  // 1. Online.
  const latencies: number[] = [];
  const unexpected: string[] = [];
  let next = 0;
  const cpuBefore = cpuMs(instance.proc.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < online.length) {
        const scan = online[next++];
        const t0 = performance.now();
        const res = await post('/api/agent/claims/', { scan });
        latencies.push(performance.now() - t0);
        if (res.status !== 200 || res.body?.result !== 'valid')
          unexpected.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(instance.proc.pid) - cpuBefore;
  latencies.sort((x, y) => x - y);
  let notAgain = 0;
  for (const scan of online.slice(0, 50))
    if ((await post('/api/agent/claims/', { scan })).body?.result !== 'already_claimed') notAgain++;

  // 2. Offline: claims made a minute ago, uploaded in batches.
  const claimedAt = new Date(Date.now() - 60_000).toISOString();
  const claims = offline.map((scan) => ({ id: randomUUID(), scan, claimed_at: claimedAt }));
  const batches: (typeof claims)[] = [];
  for (let i = 0; i < claims.length; i += SYNC_BATCH_MAX) batches.push(claims.slice(i, i + SYNC_BATCH_MAX));
  const upload = async () => {
    const results: { result: string; repeated: boolean }[] = [];
    for (const batch of batches) {
      const res = await post('/api/agent/claims/sync/', { claims: batch });
      if (res.status !== 200)
        throw new Error(`sync: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      results.push(...res.body.results);
    }
    return results;
  };
  const s0 = performance.now();
  const firstUpload = await upload();
  const syncSeconds = (performance.now() - s0) / 1000;
  const r0 = performance.now();
  const again = await upload();
  const resyncSeconds = (performance.now() - r0) / 1000;

  const [{ claimed }] = await db.query<{ claimed: number }>(
    `SELECT count(*)::int AS claimed FROM orders WHERE unique_id LIKE $1 AND qr_code_scanned`,
    [`${prefix}-%`],
  );
  const [{ records }] = await db.query<{ records: number }>(
    `SELECT count(*)::int AS records FROM agent_claims WHERE id = ANY($1::uuid[])`,
    [claims.map((c) => c.id)],
  );

  console.log(
    `bench:claims  PostgreSQL, 1 instance, ${total} signed tickets (${ONLINE} online, ${OFFLINE} offline)`,
  );
  console.log(
    `  online claims      ${online.length} in ${seconds.toFixed(2)} s = ${(online.length / seconds).toFixed(0)} claims/s (${CONCURRENCY} at a time)`,
  );
  console.log(
    `  latency            p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`,
  );
  console.log(`  server CPU         ${(cpu / online.length).toFixed(2)} ms per claim`);
  console.log(
    `  offline sync       ${claims.length} claims in ${syncSeconds.toFixed(2)} s (${batches.length} uploads of <= ${SYNC_BATCH_MAX}); again: ${resyncSeconds.toFixed(2)} s`,
  );
  console.log(`  tickets claimed    ${claimed}/${total}; offline claim records ${records}/${claims.length}`);

  if (unexpected.length)
    fail(`${unexpected.length} online claims not valid, e.g. ${unexpected.slice(0, 3).join(' | ')}`);
  if (notAgain) fail(`${notAgain} second scans did not answer already_claimed`);
  const badSync = firstUpload.filter((r) => r.result !== 'valid' || r.repeated).length;
  if (badSync) fail(`${badSync} offline claims not valid on the first upload`);
  const notRepeated = again.filter((r) => !r.repeated || r.result !== 'valid').length;
  if (notRepeated) fail(`${notRepeated} offline claims counted again on the second upload`);
  if (claimed !== total) fail(`tickets claimed ${claimed} != ${total}`);
  if (records !== claims.length) fail(`offline claim records ${records} != ${claims.length}`);
  aims.aim(
    online.length / seconds >= AIM_RATE,
    `${AIM_RATE} online claims/s or more (${(online.length / seconds).toFixed(0)})`,
  );
  aims.aim(pct(latencies, 99) < AIM_P99, `p99 under ${AIM_P99} ms (${pct(latencies, 99).toFixed(1)})`);
  if (aims.report()) failed = true;
  await database.close();
} catch (err) {
  fail((err as Error).message);
} finally {
  await instance?.stop();
  await db.drop();
}
process.exit(failed ? 1 : 0);
