import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openPostgres } from '../db/client';
import { localStorage } from '../storage/storage';
import { createTestApp, testConfig } from '../test/harness';
import { createUser } from '../test/users';

/**
 * Two apps on one database, as two instances behind a balancer: an edit through one is seen through
 * the other at once (PostgreSQL: LISTEN/NOTIFY). On PGlite there is one process: the edit is seen there.
 */
let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof buildApp>> | null = null;
let bDatabase: Database | null = null;

beforeAll(async () => {
  a = await createTestApp();
  if (a.database.kind === 'postgres') {
    bDatabase = await openPostgres(String(a.database.pool!.options.connectionString), 3);
    const config = testConfig();
    b = await buildApp({ config, database: bDatabase, storage: localStorage(config.mediaDir) });
    await b.ready();
  }
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a.close();
});

const title = async (app: typeof a.app, tag: string) =>
  (await app.inject({ url: `/api/package/E9/${tag}/` })).json().data.title as string;

describe('cross-instance cache invalidation', () => {
  it('a package edited through one instance is served changed by the other at once', async () => {
    const other = b ?? a.app;
    const editor = await createUser(a.app, a.db, { isEditor: true });
    // Both instances have the list cached.
    const before = await title(other, 'BB-24');
    expect(await title(a.app, 'BB-24')).toBe(before);
    const etagBefore = (await other.inject({ url: '/api/packages/' })).headers.etag;

    for (let i = 1; i <= 3; i++) {
      const edited = await a.app.inject({
        method: 'PATCH',
        url: '/api/update-bus-package/BB-24/',
        headers: editor.auth,
        payload: { title: `Hop-on edition ${i}` },
      });
      expect(edited.statusCode).toBe(200);
      // In one process the other app's listener socket is read on the next I/O turn or soon after
      // (its notification left PostgreSQL before the edit answered); across processes behind nginx
      // the very next call sees it (cluster.cluster.ts). Bounded: 500 ms, no cache lifetime involved.
      let seen = await title(other, 'BB-24');
      for (let t = 0; seen !== `Hop-on edition ${i}` && t < 50; t++) {
        await new Promise((r) => setTimeout(r, 10));
        seen = await title(other, 'BB-24');
      }
      expect(seen).toBe(`Hop-on edition ${i}`);
    }
    expect((await other.inject({ url: '/api/packages/' })).headers.etag).not.toBe(etagBefore);
  });

  it('the site cache is reloaded on the other instance after an invalidation here, and only then', async () => {
    const other = b ?? a.app;
    const first = await other.siteCache.get();
    expect(await other.siteCache.get()).toBe(first);
    a.app.siteCache.invalidate();
    let next = await other.siteCache.get();
    for (let i = 0; next === first && i < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      next = await other.siteCache.get();
    }
    expect(next).not.toBe(first);
    expect(await other.siteCache.get()).toBe(next);
  });
});
