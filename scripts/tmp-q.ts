import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { seedBase } from '../apps/server/src/db/seed/index';
import * as q from '../apps/server/src/modules/analytics/queries';
import { getDetailedAnalytics } from '../apps/server/src/modules/analytics/service';
const url = 'postgres://postgres@127.0.0.1:5432/rome_tune';
if (process.env.LOAD) {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS rome_tune WITH (FORCE)');
  await admin.query('CREATE DATABASE rome_tune');
  await admin.end();
}
const database = await openPostgres(url);
if (process.env.LOAD) { await seedBase(database.db); process.exit(0); }
const db = database.db;
const tz = 'Asia/Dhaka';
const since = await q.weekStart(db, tz);
const time = async (label: string, f: () => Promise<unknown>) => { await f(); const ts: number[] = []; for (let i = 0; i < 5; i++) { const t0 = performance.now(); await f(); ts.push(performance.now() - t0); } ts.sort((a, b) => a - b); console.log(label.padEnd(40), ts[2].toFixed(1)); };
await time('weekStart', () => q.weekStart(db, tz));
await time('tz', () => q.analyticsTimeZone(db));
for (const m of ['total-visits', 'ticket-views', 'payment-initiations', 'successful-payments', 'cancelled-payments'] as const) {
  await time(`list ${m}`, () => q.listMetricActivities(db, m, 51, 0));
  await time(`trend ${m}`, () => q.dailyMetricCounts(db, m, tz, 7));
  await time(`countSince ${m}`, () => q.countMetricSince(db, m, since));
  await time(`DETAIL ${m}`, () => getDetailedAnalytics(db, m, { page: 1, pageSize: 50 }));
}
await time('visitSummary', () => q.visitSummary(db, since));
await time('ticketViewSummary', () => q.ticketViewSummary(db, since));
await time('mostViewed', () => q.mostViewedTicket(db, since));
await time('paymentSummary', () => q.paymentSummary(db, since));
await database.close();
process.exit(0);
