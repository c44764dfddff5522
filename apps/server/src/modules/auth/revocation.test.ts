import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { run } from '../../cli';
import { type Database, openPostgres } from '../../db/client';
import { users } from '../../db/schema';
import { localStorage } from '../../storage/storage';
import { createTestApp, testConfig } from '../../test/harness';
import { bearer, ip, makeUser, tokensFor } from './testing';

/**
 * Issue #21, item 7: a signed-out access token stops working at once, here and on another instance
 * that had the account cached (two apps on one PostgreSQL database, as in change-feed.test.ts; on
 * PGlite there is one process and `other` is the same app).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let b: FastifyInstance | null = null;
let bDatabase: Database | null = null;
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
  if (t.database.kind === 'postgres') {
    bDatabase = await openPostgres(String(t.database.pool!.options.connectionString), 3);
    const config = { ...testConfig(), jwtSecret: t.config.jwtSecret }; // one secret, as in production
    b = await buildApp({ config, database: bDatabase, storage: localStorage(config.mediaDir) });
    await b.ready();
    b.mailer.stop();
  }
  other = b ?? t.app;
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await t.close();
});

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(token) });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as any, headers, remoteAddress: ip() });

/**
 * The other instance's status for a token. The change's answer left after PostgreSQL handed the
 * notification out; inside one test process the other app's listener socket is read on the next I/O
 * turn, so a few turns are allowed (bounded at 500 ms; no cache lifetime is involved).
 */
async function settledStatus(app: FastifyInstance, token: string, want: number): Promise<number> {
  let status = (await me(app, token)).statusCode;
  for (let i = 0; status !== want && i < 50 && app !== t.app; i++) {
    await new Promise((r) => setTimeout(r, 10));
    status = (await me(app, token)).statusCode;
  }
  return status;
}

describe('revocation takes effect at once (issue #21, item 7)', () => {
  it('serves a signed-in account from memory: repeated calls read nothing from the database', async () => {
    const u = await makeUser(t.db);
    const pair = await tokensFor(t.app, u.email, u.password);
    expect((await me(other, pair.access)).statusCode).toBe(200);
    const loads = other.tokens.sessions.loads;
    for (let i = 0; i < 5; i++) expect((await me(other, pair.access)).statusCode).toBe(200);
    expect(other.tokens.sessions.loads).toBe(loads);
  });

  it('logout: the access token of that sign-in answers 401 at once on both instances; others keep working', async () => {
    const u = await makeUser(t.db);
    const session = await tokensFor(t.app, u.email, u.password);
    const otherDevice = await tokensFor(t.app, u.email, u.password);
    // Both instances know the account (cached).
    for (const app of [t.app, other]) expect((await me(app, session.access)).statusCode).toBe(200);

    expect((await post('/api/api/token/blacklist/', { refresh: session.refresh })).statusCode).toBe(200);

    expect((await me(t.app, session.access)).statusCode).toBe(401);
    expect((await me(t.app, session.access)).json()).toMatchObject({ code: 'token_not_valid' });
    expect(await settledStatus(other, session.access, 401)).toBe(401);
    expect((await post('/api/api/token/verify/', { token: session.access })).statusCode).toBe(401);
    // The other sign-in of the same account is untouched.
    for (const app of [t.app, other]) expect((await me(app, otherDevice.access)).statusCode).toBe(200);
  });

  it('refresh-token reuse: every access token of the family answers 401 at once', async () => {
    const u = await makeUser(t.db);
    const first = await tokensFor(t.app, u.email, u.password);
    const second = (await post('/api/api/token/refresh/', { refresh: first.refresh })).json();
    for (const app of [t.app, other]) expect((await me(app, second.access)).statusCode).toBe(200);
    // The first refresh token presented again: someone holds a copy.
    expect((await post('/api/api/token/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
    for (const token of [first.access, second.access]) {
      expect((await me(t.app, token)).statusCode).toBe(401);
      expect(await settledStatus(other, token, 401)).toBe(401);
    }
  });

  it('password change on one device: the other device is signed out at once on the other instance', async () => {
    const u = await makeUser(t.db);
    const phone = await tokensFor(t.app, u.email, u.password);
    const laptop = await tokensFor(t.app, u.email, u.password);
    expect((await me(other, phone.access)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change-password/',
      headers: bearer(laptop.access),
      payload: { current_password: u.password, new_password: 'another long passphrase 42' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await settledStatus(other, phone.access, 401)).toBe(401);
    expect(await settledStatus(other, changed.json().access, 200)).toBe(200);
  });

  it('a role change reaches the cached account on the other instance', async () => {
    const u = await makeUser(t.db);
    const pair = await tokensFor(t.app, u.email, u.password);
    const check = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/check-editor/', headers: bearer(pair.access) });
    expect((await check(other)).json()).toEqual({ is_editor: false });
    if (t.database.kind === 'postgres') {
      // The admin CLI, a separate process: it notifies every running instance itself.
      expect(await run(t.database, 'user:grant', { email: u.email, role: 'editor' })).toMatch(
        /is now an editor/,
      );
    } else {
      // One process (PGlite): the change is made through the app, which forgets the account itself.
      await t.db.update(users).set({ isEditor: true }).where(eq(users.id, u.id));
      t.app.tokens.userChanged(u.id);
    }
    let seen = (await check(other)).json();
    for (let i = 0; !seen.is_editor && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 10));
      seen = (await check(other)).json();
    }
    expect(seen).toEqual({ is_editor: true });
    for (const app of [t.app, other]) expect((await check(app)).json()).toEqual({ is_editor: true });
  });
});
