/**
 * `npm run bench:checkout`: concurrent create-checkout-session plus fulfilment (the test checkout's
 * Pay, the same fulfilment path as a Stripe webhook) against the app listening on loopback.
 * Prints sessions per second, p50/p99 of the pair, and tickets issued against payments made.
 * Bounded: BENCH_ORDERS (default 300) orders at BENCH_CONCURRENCY (default 10).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { orders, users } from '../apps/server/src/db/schema';
import { seedBase, seedCatalog } from '../apps/server/src/db/seed/index';
import { hashSecret } from '../apps/server/src/lib/passwords';
import { localStorage } from '../apps/server/src/storage/storage';

const total = Number(process.env.BENCH_ORDERS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-checkout-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir, port: 0 });
const database = await openDatabase({ dataDir, databaseUrl });
const storage = localStorage(path.join(dataDir, 'media'));
await seedBase(database.db);
await seedCatalog(database.db, storage);
const app = await buildApp({ config, database, storage });
app.mailer.stop();
const base = await app.listen({ port: 0, host: '127.0.0.1' });

// One buyer per worker, signed in once.
const tokens: string[] = [];
for (let i = 0; i < concurrency; i++) {
  const email = `bench-${i}-${Date.now()}@example.com`;
  await database.db
    .insert(users)
    .values({ email, fullName: `Bench ${i}`, passwordHash: await hashSecret('bench-password-1') });
  const res = await fetch(`${base}/api/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'bench-password-1' }),
  });
  tokens.push((await res.json()).access);
}

const latencies: number[] = [];
let errors = 0;
let next = 0;
const tags = ['BB-24', 'GL-48', 'CS-72', 'RM-3PASS'];
async function worker(w: number) {
  const auth = { authorization: `Bearer ${tokens[w]}`, 'content-type': 'application/json' };
  while (next < total) {
    const i = next++;
    const t0 = performance.now();
    const created = await fetch(`${base}/api/create-checkout-session/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        adult_count: 1 + (i % 3),
        youth_count: i % 2,
        package_identifier: tags[i % tags.length],
      }),
    });
    if (!created.ok) {
      errors++;
      continue;
    }
    const { id } = await created.json();
    const paid = await fetch(`${base}/api/test-checkout/${id}/pay/`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    });
    if (!paid.ok) errors++;
    latencies.push(performance.now() - t0);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(0);

const [{ n: paidOrders }] = await database.db
  .select({ n: count() })
  .from(orders)
  .where(eq(orders.status, 'paid'));
const [{ n: tickets }] = await database.db
  .select({ n: count() })
  .from(orders)
  .where(and(eq(orders.status, 'paid'), isNotNull(orders.claimCodeHash), isNotNull(orders.qrFileKey)));
console.log(`Checkout benchmark on ${database.kind}: ${total} orders, ${concurrency} concurrent buyers`);
console.log(
  `sessions/s ${(latencies.length / seconds).toFixed(1)}   p50 ${pct(50)} ms   p99 ${pct(99)} ms   errors ${errors}`,
);
console.log(
  `payments made ${latencies.length}, paid orders ${paidOrders}, tickets issued ${tickets}: ${tickets === latencies.length && paidOrders === tickets ? 'equal' : 'MISMATCH'}`,
);
await app.close();
await database.close();
if (tickets !== latencies.length || errors > 0) process.exit(1);
