/**
 * `npm run bench:analytics`: the analytics dashboard at scale.
 *
 * Loads BENCH_EVENTS (default 1,000,000) activity events with one INSERT ... SELECT generate_series
 * into a fresh PostgreSQL database (created from TEST_DATABASE_URL / BENCH_DATABASE_URL and dropped at
 * the end) and BENCH_PGLITE_EVENTS (default the same) into a fresh embedded PGlite database, then times
 * GET /api/analytics/ and every detailed endpoint through app.inject (median and max of BENCH_RUNS,
 * default 7, after one warm-up) and the ingest rate of POST /api/track-activity/ (BENCH_INGEST events,
 * default 4,000, after an untimed warm-up of 500; single events and batches of 25, 50 requests in
 * flight, each request from its own public address so the per-address limit and the location lookup
 * are part of the cost).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { seedBase } from '../apps/server/src/db/seed/index';
import { hashSecret } from '../apps/server/src/lib/passwords';
import { localStorage } from '../apps/server/src/storage/storage';
import { ANALYTICS_METRICS } from '../packages/contract/src/analytics';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PGLITE_EVENTS = Number(process.env.BENCH_PGLITE_EVENTS ?? EVENTS);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const INGEST = Number(process.env.BENCH_INGEST ?? 4_000);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Result = {
  db: string;
  events: number;
  loadSeconds: number;
  rows: [string, number, number][];
  ingest: [string, number][];
};

/** 180 days of traffic in time order: 60% page views, 20% ticket views, 15% other browser events, 5% payments. */
async function loadEvents(database: Database, n: number): Promise<number> {
  const t0 = performance.now();
  const chunk = 250_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await database.db.execute(sql`
      INSERT INTO activity_events (occurred_at, action, source, user_id, user_email, page, full_url, ip_address,
        country, country_code, city, region, user_agent, screen_resolution, device, amount_cents, status, details)
      SELECT
        -- Appended in time order, as a live shop writes them, with a few minutes of jitter.
        now() - ((${n}::int - g)::float8 / ${n}::int) * interval '180 days' - r3 * interval '5 minutes',
        a.action,
        CASE WHEN a.action LIKE 'payment_%' AND r2 < 0.9 THEN 'server' ELSE 'client' END,
        CASE WHEN g % 10 = 0 OR a.action LIKE 'payment_%' THEN md5((g % 5000)::text)::uuid END,
        CASE WHEN g % 10 = 0 OR a.action LIKE 'payment_%' THEN 'user' || (g % 5000) || '@example.com' END,
        CASE WHEN a.action = 'ticket_view' THEN '/manageBookings/1/' || (g % 40) ELSE '/' END,
        'https://shop.example/',
        '93.' || (g % 250) || '.' || ((g / 250) % 250) || '.' || (g % 7 + 1),
        'Italy', 'IT', 'Rome', 'Lazio', 'Mozilla/5.0 (bench)', '1920x1080',
        CASE WHEN r2 < 0.55 THEN 'mobile' ELSE 'desktop' END,
        CASE WHEN a.action LIKE 'payment_%' THEN 1000 + (g % 20) * 500 END,
        CASE a.action WHEN 'payment_initiated' THEN 'pending'
                      WHEN 'payment_completed' THEN CASE WHEN r2 < 0.85 THEN 'completed' ELSE 'failed' END
                      WHEN 'payment_cancelled' THEN 'cancelled' END,
        CASE WHEN a.action = 'ticket_view' THEN jsonb_build_object('package_tag', 'PKG-' || (g % 40))
             WHEN a.action LIKE 'payment_%' THEN jsonb_build_object('order', md5(g::text), 'package', 'Colosseum Tour')
        END
      FROM (SELECT g, random() AS r, random() AS r2, random() AS r3 FROM generate_series(${from}::int, ${to}::int) g) s,
      LATERAL (SELECT CASE WHEN r < 0.60 THEN 'page_view' WHEN r < 0.80 THEN 'ticket_view'
                           WHEN r < 0.90 THEN 'ticket_search' WHEN r < 0.95 THEN 'login'
                           WHEN r < 0.975 THEN 'payment_initiated' WHEN r < 0.99 THEN 'payment_completed'
                           ELSE 'payment_cancelled' END AS action) a`);
  }
  await database.db.execute(sql`VACUUM ANALYZE activity_events`);
  return (performance.now() - t0) / 1000;
}

async function superuserToken(app: FastifyInstance, database: Database): Promise<string> {
  const email = `bench-admin-${Date.now()}@example.com`;
  await database.db.insert(users).values({
    email,
    fullName: 'Bench Admin',
    passwordHash: await hashSecret('bench-password-1'),
    isSuperuser: true,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/api/token/',
    payload: { username: email, password: 'bench-password-1' },
  });
  return res.json().access;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeGet(app: FastifyInstance, url: string, token: string): Promise<[number, number]> {
  const once = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  return [median(times), Math.max(...times)];
}

async function ingestRate(
  app: FastifyInstance,
  perRequest: number,
  count = INGEST,
  round = 0,
): Promise<number> {
  const requests = Math.ceil(count / perRequest);
  const inFlight = 50;
  let next = 0;
  let failed = 0;
  const event = (i: number) => ({
    action: i % 3 ? 'page_view' : 'ticket_view',
    timestamp: new Date().toISOString(),
    page: `/bench/${i}`,
    fullUrl: `https://shop.example/bench/${i}`,
    userAgent: 'bench',
    screenResolution: '1920x1080',
    device: i % 2 ? 'mobile' : 'desktop',
  });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < requests) {
        const i = next++;
        const payload =
          perRequest === 1
            ? event(i)
            : Array.from({ length: perRequest }, (_, k) => event(i * perRequest + k));
        const res = await app.inject({
          method: 'POST',
          url: '/api/track-activity/',
          remoteAddress: `${81 + round}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`,
          payload,
        });
        if (res.statusCode !== 204) failed++;
      }
    }),
  );
  await app.activity.flush();
  const seconds = (performance.now() - t0) / 1000;
  if (failed) console.warn(`  ${failed} ingest requests failed`);
  return Math.round((requests * perRequest) / seconds);
}

async function benchOne(label: string, database: Database, n: number, dataDir: string): Promise<Result> {
  process.stdout.write(`${label}: loading ${n.toLocaleString('en')} events... `);
  await seedBase(database.db);
  const loadSeconds = await loadEvents(database, n);
  console.log(`${loadSeconds.toFixed(1)} s`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir, port: 0 });
  const app = await buildApp({ config, database, storage: localStorage(path.join(dataDir, 'media')) });
  app.mailer.stop();
  await app.ready();
  const token = await superuserToken(app, database);
  // Production opens the IP databases at start; the test-mode config used here opens them on first use.
  await app.activity.geo.locate('8.8.8.8');
  const rows: [string, number, number][] = [];
  rows.push(['GET /api/analytics/', ...(await timeGet(app, '/api/analytics/', token))]);
  for (const m of ANALYTICS_METRICS)
    rows.push([
      `GET /api/analytics/detailed/${m}/`,
      ...(await timeGet(app, `/api/analytics/detailed/${m}/`, token)),
    ]);
  rows.push([
    'GET /api/analytics/?page=100&page_size=200',
    ...(await timeGet(app, '/api/analytics/?page=100&page_size=200', token)),
  ]);
  // Warm-up (JIT, connections), untimed; then each mode from fresh addresses.
  await ingestRate(app, 1, 500, 0);
  const ingest: [string, number][] = [
    ['track-activity, 1 event per request', await ingestRate(app, 1, INGEST, 1)],
    ['track-activity, 25 events per request', await ingestRate(app, 25, INGEST, 2)],
  ];
  await app.close();
  return { db: label, events: n, loadSeconds, rows, ingest };
}

const results: Result[] = [];

if (pgBase) {
  const name = `rome_bench_analytics_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-analytics-pg-'));
  try {
    const database = await openDatabase({ dataDir, databaseUrl: url.toString() });
    try {
      results.push(await benchOne('PostgreSQL', database, EVENTS, dataDir));
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
}

if (PGLITE_EVENTS > 0) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-bench-analytics-pglite-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      results.push(await benchOne('PGlite', database, PGLITE_EVENTS, dataDir));
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('');
for (const r of results) {
  console.log(`${r.db}, ${r.events.toLocaleString('en')} events (loaded in ${r.loadSeconds.toFixed(1)} s)`);
  console.log(`  ${'call'.padEnd(48)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)}  under 150 ms`);
  for (const [name, med, max] of r.rows)
    console.log(
      `  ${name.padEnd(48)} ${med.toFixed(1).padStart(10)} ${max.toFixed(1).padStart(8)}  ${med < 150 ? 'yes' : 'NO'}`,
    );
  for (const [name, rate] of r.ingest)
    console.log(`  ${name.padEnd(48)} ${String(rate).padStart(10)} events/s`);
  console.log('');
}
process.exit(0);
