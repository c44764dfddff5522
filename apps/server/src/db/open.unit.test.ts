/**
 * A new embedded database starts from the migrated snapshot kept on this machine (db/open.ts): the
 * first one migrates and keeps it, the next is loaded from it, and a folder that holds a database
 * is opened as it is.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const root = mkdtempSync(path.join(os.tmpdir(), 'shop-cache-'));
const folder = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'open-test-')), 'pglite');
let open: typeof import('./open');
let client: typeof import('./client');

beforeAll(async () => {
  vi.stubEnv('SHOP_CACHE_DIR', root);
  vi.resetModules();
  open = await import('./open');
  client = await import('./client');
});
// The worker's later files share its modules (vitest.config.ts): they load them again, with the
// machine's own cache folder.
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const tables = async (db: import('./client').Db) =>
  ((await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as any).rows.map(
    (r: { tablename: string }) => r.tablename,
  ) as string[];

describe('a new embedded database', () => {
  it('migrates once, keeps the snapshot, and the next new database is loaded from it', async () => {
    const first = folder();
    const a = await open.openMigratedPglite(first);
    expect(await tables(a.db)).toContain('packages');
    await a.db.execute(sql`INSERT INTO rate_limits (key, count, reset_at) VALUES ('kept.here', 7, now())`);
    await a.close();
    const kept = readdirSync(path.join(root, 'pglite-snapshots'));
    expect(kept).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.tar$/)]);

    // Mark the snapshot (a table no migration makes): a database loaded from it has the mark.
    const marked = await client.openPglite(
      undefined,
      new Blob([new Uint8Array(await readSnapshot(kept[0]!))]),
    );
    await marked.db.execute(sql`CREATE TABLE snapshot_mark (id int)`);
    const dump: Blob = await (marked.db as any).$client.dumpDataDir('none');
    await marked.close();
    const { keepCached } = await import('../lib/local-cache');
    keepCached('pglite-snapshots', kept[0]!, new Uint8Array(await dump.arrayBuffer()));

    const b = await open.openMigratedPglite(folder());
    expect(await tables(b.db)).toEqual(expect.arrayContaining(['packages', 'snapshot_mark']));
    await b.close();

    // The first folder already holds a database: opened as it is, its rows there, no mark.
    const again = await open.openMigratedPglite(first);
    expect(await tables(again.db)).not.toContain('snapshot_mark');
    const row = (await again.db.execute(sql`SELECT count FROM rate_limits WHERE key = 'kept.here'`)) as any;
    expect(row.rows).toEqual([{ count: 7 }]);
    await again.close();
    // Four databases opened, one from nothing (PGlite's initdb): some 10 s of CPU. A bound, not a wait:
    // beside two `npm test` runs (load average 19) it ran past 180 s.
  }, 600_000);
});

async function readSnapshot(name: string): Promise<Buffer> {
  return readFileSync(path.join(root, 'pglite-snapshots', name));
}
