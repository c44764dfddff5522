import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { localStorage } from '../../storage/storage';
import { cloneTemplateDatabase, testConfig } from '../../test/harness';
import { optionalUser, requireEditor, requireSuperuser, requireUser } from './plugin';
import { bearer, makeUser, tokensFor } from './testing';

let app: FastifyInstance;
let database: Database;
const tokens: Record<'customer' | 'editor' | 'superuser', string> = {
  customer: '',
  editor: '',
  superuser: '',
};

beforeAll(async () => {
  database = await cloneTemplateDatabase();
  app = await buildApp({ config: testConfig(), database, storage: localStorage(inject('mediaDir')) });
  app.mailer.stop();
  // Routes a later module would write, guarded by the plugin's preHandlers.
  app.get('/t/user', { preHandler: requireUser }, async (req) => ({ id: req.user!.id }));
  app.get('/t/editor', { preHandler: requireEditor }, async () => ({ ok: true }));
  app.get('/t/superuser', { preHandler: requireSuperuser }, async () => ({ ok: true }));
  app.get('/t/optional', { preHandler: optionalUser }, async (req) => ({ email: req.user?.email ?? null }));
  await app.ready();
  const customer = await makeUser(database.db);
  const editor = await makeUser(database.db, { isEditor: true });
  const superuser = await makeUser(database.db, { isSuperuser: true });
  tokens.customer = (await tokensFor(app, customer.email, customer.password)).access;
  tokens.editor = (await tokensFor(app, editor.email, editor.password)).access;
  tokens.superuser = (await tokensFor(app, superuser.email, superuser.password)).access;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

describe('role checks', () => {
  it('GET /api/check-editor/ answers is_editor per account, 401 without a token', async () => {
    expect((await get('/api/check-editor/', tokens.customer)).json()).toEqual({ is_editor: false });
    expect((await get('/api/check-editor/', tokens.editor)).json()).toEqual({ is_editor: true });
    expect((await get('/api/check-editor/', tokens.superuser)).json()).toEqual({ is_editor: true });
    const none = await get('/api/check-editor/');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
  });

  it('GET /api/check-superuser/ answers is_superuser and a message, 401 without a token', async () => {
    for (const [who, expected] of [
      ['customer', false],
      ['editor', false],
      ['superuser', true],
    ] as const) {
      const res = await get('/api/check-superuser/', tokens[who]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ is_superuser: expected, message: expect.any(String) });
    }
    expect((await get('/api/check-superuser/')).statusCode).toBe(401);
    expect((await get('/api/check-superuser/', 'bad.token.here')).statusCode).toBe(401);
  });

  it('requireUser / requireEditor / requireSuperuser guard routes with 401 and 403', async () => {
    expect((await get('/t/user')).statusCode).toBe(401);
    expect((await get('/t/user', tokens.customer)).statusCode).toBe(200);

    expect((await get('/t/editor')).statusCode).toBe(401);
    const c = await get('/t/editor', tokens.customer);
    expect(c.statusCode).toBe(403);
    expect(c.json()).toMatchObject(FORBIDDEN);
    expect((await get('/t/editor', tokens.editor)).statusCode).toBe(200);
    expect((await get('/t/editor', tokens.superuser)).statusCode).toBe(200);

    expect((await get('/t/superuser')).statusCode).toBe(401);
    expect((await get('/t/superuser', tokens.customer)).json()).toMatchObject(FORBIDDEN);
    expect((await get('/t/superuser', tokens.editor)).statusCode).toBe(403);
    expect((await get('/t/superuser', tokens.superuser)).statusCode).toBe(200);
  });

  it('optionalUser sets the user when a good token is sent and never refuses', async () => {
    expect((await get('/t/optional')).json()).toEqual({ email: null });
    expect((await get('/t/optional', 'junk')).json()).toEqual({ email: null });
    expect((await get('/t/optional', tokens.editor)).json().email).toMatch(/@example\.com$/);
  });
});
