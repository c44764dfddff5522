/**
 * `npm run bench`: the shop's reads, GET /api/packages/ and GET /, on the embedded database (PGlite)
 * with the demo catalogue, against a baseline measured in the same run: a bare Fastify route answering
 * the same JSON.
 *
 * The shop and the bare route each run as a child process of their own; the load (autocannon) comes
 * from this process, so each server's CPU time (read from /proc) is its own. Per target: requests per
 * second, p50/p99, errors (failures, timeouts, non-2xx), the server's CPU time per request, and both
 * as a ratio to the bare route.
 *
 * Exits 1 on an error or non-2xx answer, or when the shop's package list is not the demo catalogue
 * the bare route serves. Aim: the package list at BENCH_AIM_PACKAGES_PCT (50) % of the bare route's
 * requests per second or more; printed, and with --enforce a miss exits 1.
 *
 * Settings: BENCH_SECONDS (per target, default 5), BENCH_CONNECTIONS (default 20).
 * BENCH_CPU_PROF=<dir> has the shop (and the bare server) write a V8 CPU profile there when they stop.
 */
import { type Instance, startInstance } from '../apps/server/src/cluster/harness';
import { type BareServer, benchAims, cannon, shopNodeArgs, startBareServer } from './bench-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const AIM_PACKAGES_PCT = Number(process.env.BENCH_AIM_PACKAGES_PCT ?? 50);
const aims = benchAims();

let shop: Instance | null = null;
let bare: BareServer | null = null;
let failed = false;
const fail = (msg: string) => {
  failed = true;
  console.error(`FAIL: ${msg}`);
};

try {
  // An empty DATABASE_URL: the embedded database, as on a fresh clone.
  shop = await startInstance({
    id: 'bench',
    databaseUrl: '',
    env: { SEED_DEMO: 'true', LOG_LEVEL: 'error' },
    readyMs: 300_000,
    nodeArgs: shopNodeArgs(),
  });
  const res = await fetch(`${shop.url}/api/packages/`);
  const json = await res.text();
  const count = (JSON.parse(json) as { bus_data?: unknown[] }).bus_data?.length ?? 0;
  if (res.status !== 200 || count === 0)
    throw new Error(`GET /api/packages/: ${res.status}, ${count} packages`);
  bare = await startBareServer(json);
  const bareJson = await (await fetch(`${bare.url}/packages`)).text();
  if (bareJson !== json) fail('the bare route does not answer the same JSON as the shop');

  console.log(
    `bench: ${SECONDS} s per target, ${CONNECTIONS} connections, payload ${(json.length / 1024).toFixed(1)} KiB (${count} packages), embedded PGlite`,
  );
  console.log('  servers are child processes; load (autocannon) from this process');
  // A short warm-up of each (JIT, caches), not counted.
  for (const [url, pid] of [
    [`${bare.url}/packages`, bare.pid],
    [`${shop.url}/api/packages/`, shop.proc.pid],
    [`${shop.url}/`, shop.proc.pid],
  ] as const)
    await cannon(url, pid, 1, CONNECTIONS);

  const results = {
    bare: await cannon(`${bare.url}/packages`, bare.pid, SECONDS, CONNECTIONS),
    packages: await cannon(`${shop.url}/api/packages/`, shop.proc.pid, SECONDS, CONNECTIONS),
    home: await cannon(`${shop.url}/`, shop.proc.pid, SECONDS, CONNECTIONS),
  };
  console.log(
    `  ${'target'.padEnd(9)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'CPU ms/req'.padStart(11)}  vs bare (req/s, CPU)`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `  ${name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${r.cpuPerRequest.toFixed(3).padStart(11)}  ${((r.rps / results.bare.rps) * 100).toFixed(0)}%, ${(r.cpuPerRequest / results.bare.cpuPerRequest).toFixed(1)}x`,
    );
    if (r.errors) fail(`${name}: ${r.errors} errors or non-2xx answers`);
    if (!r.requests) fail(`${name}: no request answered`);
  }
  const share = (results.packages.rps / results.bare.rps) * 100;
  aims.aim(
    share >= AIM_PACKAGES_PCT,
    `the package list at ${AIM_PACKAGES_PCT}% or more of the bare route's requests/s (${share.toFixed(0)}%)`,
  );
  if (aims.report()) failed = true;
} catch (err) {
  fail((err as Error).message);
  if (shop) console.error(shop.output().slice(-2000));
} finally {
  await bare?.stop();
  await shop?.stop();
}
process.exit(failed ? 1 : 0);
