/**
 * `npm run db:backup` / `npm run db:restore` as an operator runs them (the real script, in a child
 * process): a round trip for the embedded database and for PostgreSQL, and the refusals.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { seedBase } from '../db/seed/index';
import { createClusterDatabase, REPO_ROOT } from './harness';

function script(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
const fileIn = (out: string) => /Backup written: (\S+)/.exec(out)?.[1] ?? '';

describe('embedded database (PGlite)', () => {
  it('backs up, and restores the state of the backup, keeping the replaced folder aside', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-backup-data-'));
    const outDir = path.join(dataDir, 'backups');
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const database = await openDatabase({ dataDir });
    await seedBase(database.db);
    await database.db.execute(`UPDATE website_settings SET website_email = 'kept@example.com'` as any);

    // A running shop's folder is refused.
    const busy = script(['backup', '--out', outDir], env);
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(/in use/);
    await database.close();

    const backup = script(['backup', '--out', outDir], env);
    expect(backup.code, backup.out).toBe(0);
    const file = fileIn(backup.out);
    expect(file).toMatch(/pglite-.*\.tar\.gz$/);

    // Changes after the backup ...
    const later = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    await later.query(`UPDATE website_settings SET website_email = 'after@example.com'`);
    // ... a restore over a folder in use is refused.
    const refused = script(['restore', file], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/in use/);
    await later.close();

    const restored = script(['restore', file], env);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/before-restore-/);
    const check = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const rows = (await check.query<{ v: string }>('SELECT website_email AS v FROM website_settings')).rows;
    await check.close();
    expect(rows.map((r) => r.v)).toEqual(['kept@example.com']);
    // The shop starts on the restored folder (migrations are up to date).
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  }, 300_000); // PGlite on disk is slow to create (initdb, fsync): several opens here
});

describe('PostgreSQL', () => {
  it.skipIf(!existsSync('/usr/bin/pg_dump'))(
    'backs up with pg_dump and restores with pg_restore',
    async () => {
      const db = await createClusterDatabase();
      try {
        const database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: db.url });
        await seedBase(database.db);
        await database.close();
        await db.query(`UPDATE website_settings SET website_email = 'before@example.com'`);
        const outDir = mkdtempSync(path.join(os.tmpdir(), 'rome-backup-pg-'));
        const env = { DATABASE_URL: db.url };
        const backup = script(['backup', '--out', outDir], env);
        expect(backup.code, backup.out).toBe(0);
        const file = fileIn(backup.out);
        expect(file).toMatch(/postgres-.*\.dump$/);
        await db.query(`UPDATE website_settings SET website_email = 'after@example.com'`);
        // The test's own connections count as a running shop: refused without --force.
        const refused = script(['restore', file], env);
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(/other session/);
        const restored = script(['restore', file, '--force'], env);
        expect(restored.code, restored.out).toBe(0);
        const [row] = await db.query('SELECT website_email FROM website_settings');
        expect(row.website_email).toBe('before@example.com');
      } finally {
        await db.drop();
      }
    },
  );
});
