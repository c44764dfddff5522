/**
 * The catalogues are read when the app is built, not by requests: every language is in memory before
 * the first request, no request reads a .po file, and a catalogue that cannot be read stops the app
 * from starting (naming the file) instead of failing the first page in that language.
 *
 * The tests run in order: the module's catalogues start empty in this file and the first test's failed
 * start must leave them so.
 */
import type * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { mailOutbox } from '../db/schema';
import { localStorage } from '../storage/storage';
import { type DistHarness, distHarness } from '../test/dist';
import { cloneTemplateDatabase, testConfig } from '../test/harness';
import { createUser } from '../test/users';
import { CATALOGUE_FILES, loadedLocales } from './catalog';

/** Every file read through node:fs while recording; `unreadable` is refused as a broken disk would. */
const files = vi.hoisted(() => ({ read: [] as string[], unreadable: '' }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const readFileSync = ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    const name = String(file);
    files.read.push(name);
    if (files.unreadable && name.endsWith(files.unreadable)) {
      throw Object.assign(new Error(`EIO: i/o error, open '${name}'`), { code: 'EIO' });
    }
    return (real.readFileSync as (...a: unknown[]) => unknown)(file, ...rest);
  }) as typeof real.readFileSync;
  return { ...real, default: { ...real, readFileSync }, readFileSync };
});

const catalogueReads = () => files.read.filter((f) => f.endsWith('.po'));

let t: DistHarness | undefined;
afterAll(() => t?.close());

describe('catalogues at start-up', () => {
  // Building apps is slow on a busy machine: these tests do what a beforeAll would.
  const BUILD = { timeout: 60_000 };

  it(
    'a catalogue that cannot be read stops the app from starting, naming it, and keeps no language',
    BUILD,
    async () => {
      expect(loadedLocales()).toEqual([]);
      files.unreadable = path.join('locales', 'fr', 'messages.po');
      const database = await cloneTemplateDatabase();
      const config = testConfig();
      try {
        const start = buildApp({ config, database, storage: localStorage(path.join(os.tmpdir(), 'x')) });
        await expect(start).rejects.toThrow(/EIO.*locales\/fr\/messages\.po/);
      } finally {
        files.unreadable = '';
        await database.close();
      }
      expect(loadedLocales()).toEqual([]);
    },
  );

  it('every language is in memory once the app is built', BUILD, async () => {
    files.read.length = 0;
    t = await distHarness();
    expect(loadedLocales()).toEqual([...LOCALES]);
    expect(catalogueReads().length).toBe(LOCALES.length * CATALOGUE_FILES.length);
  });

  it('no request reads a catalogue: pages and e-mails in every language', BUILD, async () => {
    const app = t!;
    const users = await Promise.all(LOCALES.map(() => createUser(app.app, app.db)));
    files.read.length = 0;
    const subjects = await Promise.all(
      LOCALES.map(async (locale, i) => {
        const page = await app.app.inject({ url: locale === 'en' ? '/aboutus' : `/${locale}/aboutus` });
        expect(page.statusCode, locale).toBe(200);
        expect(page.body, locale).toContain(`<html lang="${locale}">`);
        // An e-mail written in the request's language (the password-reset code).
        const mail = await app.app.inject({
          method: 'POST',
          url: '/api/request-password-reset/',
          payload: { email: users[i].email },
          headers: { 'accept-language': locale },
          remoteAddress: `198.51.100.${i + 1}`,
        });
        expect(mail.statusCode, locale).toBe(200);
        const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, users[i].email));
        return sent.subject;
      }),
    );
    // Each in its own language.
    expect(new Set(subjects).size).toBe(LOCALES.length);
    expect(catalogueReads()).toEqual([]);
  });
});
