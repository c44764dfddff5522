/** The database connections: embedded PGlite, or a PostgreSQL pool (db/open.ts opens the shop's). */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A transaction as a `Db`, for the functions that run alone or inside a caller's transaction. Drizzle
 * types a transaction apart (it has `rollback`, and no `$client`), though every query builder is the
 * same, so the one cast the shop needs for it is here.
 */
export const txDb = (tx: Tx): Db => tx as unknown as Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool, for LISTEN/NOTIFY and health checks (PostgreSQL only). */
  pool?: pg.Pool;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/**
 * `settings` are PostgreSQL settings for this instance (`-c name=value` after PGlite's own start
 * parameters); the test harness makes its short-lived copies with a smaller buffer pool.
 */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  settings: Record<string, string> = {},
): Promise<Database> {
  const extra = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    ...(extra.length ? { startParams: [...PGlite.defaultStartParams, ...extra] } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * A pool of `max` connections. A request waits at most `connectionTimeoutMillis` for one (5 s, then the
 * shop answers 503 'try again'); the API tests wait longer, as their 200-buyer races queue hundreds of
 * statements on 5 connections and a slow shared machine is not an outage.
 */
export async function openPostgres(url: string, max = 10, connectionTimeoutMillis = 5000): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps two instances from racing. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock (on PGlite: just runs it), so that start-up
 * work such as seeding happens once when several instances start together.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') return work();
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
    client.release();
  }
}

/** Lock keys of start-up work (migrations use 727001). */
export const SEED_LOCK = 727002;
