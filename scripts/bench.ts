/**
 * `npm run bench`: throughput of GET /api/packages/ and GET / on the real app (embedded database,
 * demo catalogue), against a bare Fastify route answering the same JSON, in one run. Prints the ratio.
 * Loopback only; each run is bounded (BENCH_SECONDS, default 5 s per target).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedBase, seedCatalog } from '../apps/server/src/db/seed/index';
import { localStorage } from '../apps/server/src/storage/storage';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function measure(url: string) {
  const r = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir, port: 0 });
const database = await openDatabase({ dataDir });
const storage = localStorage(path.join(dataDir, 'media'));
await seedBase(database.db);
await seedCatalog(database.db, storage);
const app = await buildApp({ config, database, storage });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const json = (await app.inject({ url: '/api/packages/' })).body;
const bare = Fastify();
bare.get('/packages', (_req, reply) => reply.type('application/json').send(json));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `Benchmark: ${seconds}s per target, ${connections} connections, payload ${(json.length / 1024).toFixed(1)} KiB`,
);
const results = {
  bare: await measure(`${bareUrl}/packages`),
  packages: await measure(`${appUrl}/api/packages/`),
  home: await measure(`${appUrl}/`),
};
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(10)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`,
  );
}
console.log(
  `packages / bare: ${((results.packages.rps / results.bare.rps) * 100).toFixed(0)}% (aim: 50% or more)`,
);
console.log(`home / bare:     ${((results.home.rps / results.bare.rps) * 100).toFixed(0)}%`);
await app.close();
await bare.close();
await database.close();
