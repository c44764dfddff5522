/**
 * `npm run db:backup` and `npm run db:restore -- <file>`: the shop's database, whichever it uses.
 *
 *   Embedded (no DATABASE_URL): the PGlite folder `$DATA_DIR/pglite` as `backups/pglite-<time>.tar.gz`
 *   (PGlite's own dumpDataDir). PGlite is one process: stop the shop first; a running shop's folder
 *   is refused (`--force` copies it anyway, as after a crash).
 *   Restore: the current folder is moved aside to `pglite.before-restore-<time>`, the backup unpacked
 *   in its place. Refused while a shop runs on it, unless `--force`.
 *
 *   PostgreSQL (DATABASE_URL set): `pg_dump -Fc` to `backups/postgres-<time>.dump`, online, consistent.
 *   Restore: `pg_restore --clean --if-exists --no-owner` into DATABASE_URL; refused while other
 *   sessions use that database (the shop's instances), unless `--force`.
 *
 * Options: --out DIR (default ./backups), --force. Media files are not in the database: back up
 * MEDIA_DIR (default $DATA_DIR/media) alongside, see docs/operations.md.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);

/** PGlite writes postmaster.pid while a process has the folder open (and leaves it after a kill). */
export const pgliteInUse = (dir: string) => existsSync(path.join(dir, 'postmaster.pid'));

export async function backupPglite(dir: string, outDir: string, force = false): Promise<string> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dir}.`);
  let source = dir;
  let copy: string | null = null;
  if (pgliteInUse(dir)) {
    if (!force)
      throw new Error(
        `${dir} is in use (postmaster.pid): stop the shop first, or pass --force for a copy taken as after a crash.`,
      );
    copy = mkdtempSync(path.join(os.tmpdir(), 'rome-backup-'));
    cpSync(dir, copy, { recursive: true });
    rmSync(path.join(copy, 'postmaster.pid'), { force: true });
    source = copy;
  }
  try {
    const db = await PGlite.create({ dataDir: source });
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `pglite-${stamp()}.tar.gz`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return file;
  } finally {
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

export async function restorePglite(
  file: string,
  dir: string,
  force = false,
): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new Error(`No such backup: ${file}`);
  if (pgliteInUse(dir) && !force)
    throw new Error(`${dir} is in use by a running shop (postmaster.pid): stop it first, or pass --force.`);
  let movedAside: string | null = null;
  if (existsSync(dir)) {
    movedAside = `${dir}.before-restore-${stamp()}`;
    renameSync(dir, movedAside);
  }
  const blob = new Blob([readFileSync(file)]);
  const db = await PGlite.create({ dataDir: dir, loadDataDir: blob });
  await db.query('SELECT 1');
  await db.close();
  return { movedAside };
}

function pgTool(name: string): string {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return name;
  } catch {
    throw new Error(`${name} is not installed (Debian: apt-get install -y postgresql-client).`);
  }
}

export function backupPostgres(url: string, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `postgres-${stamp()}.dump`);
  execFileSync(pgTool('pg_dump'), ['-Fc', '--no-owner', '-f', file, '-d', url], { stdio: 'inherit' });
  return file;
}

export async function restorePostgres(file: string, url: string, force = false): Promise<void> {
  if (!existsSync(file)) throw new Error(`No such backup: ${file}`);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    if (rows[0].n > 0 && !force)
      throw new Error(
        `${rows[0].n} other session(s) use this database (running instances?): stop them first, or pass --force.`,
      );
  } finally {
    await client.end();
  }
  execFileSync(
    pgTool('pg_restore'),
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '-d', url, file],
    {
      stdio: 'inherit',
    },
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const [command, file] = positionals;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const pgliteDir = path.join(dataDir, 'pglite');
  const outDir = path.resolve(values.out ?? 'backups');
  if (command === 'backup') {
    const out = databaseUrl
      ? backupPostgres(databaseUrl, outDir)
      : await backupPglite(pgliteDir, outDir, values.force);
    console.log(`Backup written: ${out}`);
  } else if (command === 'restore') {
    if (!file) throw new Error('Usage: npm run db:restore -- <backup file> [--force]');
    if (databaseUrl) {
      await restorePostgres(path.resolve(file), databaseUrl, values.force);
      console.log('Restored into the PostgreSQL database. Start the shop: it applies any newer migrations.');
    } else {
      const { movedAside } = await restorePglite(path.resolve(file), pgliteDir, values.force);
      console.log(
        `Restored into ${pgliteDir}${movedAside ? ` (the previous database is kept in ${movedAside})` : ''}. ` +
          'Start the shop: it applies any newer migrations.',
      );
    }
  } else {
    throw new Error('Usage: npm run db:backup  |  npm run db:restore -- <backup file> [--force]');
  }
}

// Only when run as the script (tests import the functions).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
