/**
 * Opens the shop's database, migrated: PostgreSQL when a URL is given, else PGlite in the data folder.
 *
 * A new embedded database starts from a migrated empty one kept on this machine (lib/local-cache.ts)
 * instead of PGlite's initdb and every migration: about 8 s of CPU against 2 (measured on a busy
 * 2-core machine), paid by `npm start`'s first run, each browser-test shard, the test template and
 * each benchmark's server. The snapshot is PGlite's own dump of its data folder right after the
 * migrations, named by a hash of PGlite's version and every migration file, so a new or changed
 * migration (or another PGlite) makes a new snapshot; the first database of each kind migrates from
 * nothing as before. The test harness copies its template the same way (test/harness.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cacheKey, keepCached, readCached } from '../lib/local-cache';
import { type Database, MIGRATIONS_DIR, migrate, openPglite, openPostgres } from './client';

/** PGlite's version and each migration file's name and text: what decides the migrated database. */
function snapshotKey(): string {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageFile = path.join(
    pglite.slice(0, pglite.lastIndexOf(`${path.sep}dist${path.sep}`)),
    'package.json',
  );
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  const migrations = files(MIGRATIONS_DIR).flatMap((f) => [
    path.relative(MIGRATIONS_DIR, f),
    readFileSync(f),
  ]);
  return `${cacheKey(readFileSync(packageFile), ...migrations)}.tar`;
}

/**
 * PGlite in `dataDir` (undefined: in memory), migrated. A folder that does not exist yet starts from
 * the snapshot, or makes it.
 */
export async function openMigratedPglite(dataDir: string | undefined): Promise<Database> {
  const fresh = dataDir === undefined || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  const key = fresh ? snapshotKey() : null;
  const kept = key ? readCached('pglite-snapshots', key) : null;
  const database = await openPglite(dataDir, kept ? new Blob([new Uint8Array(kept)]) : undefined);
  await migrate(database);
  if (key && !kept) {
    const dump: Blob = await (database.db as any).$client.dumpDataDir('none');
    keepCached('pglite-snapshots', key, new Uint8Array(await dump.arrayBuffer()));
  }
  return database;
}

/** Opens the database: embedded PGlite under the data folder, or PostgreSQL when a URL is given; migrated. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (!opts.databaseUrl) return openMigratedPglite(path.join(opts.dataDir, 'pglite'));
  const database = await openPostgres(opts.databaseUrl);
  await migrate(database);
  return database;
}
