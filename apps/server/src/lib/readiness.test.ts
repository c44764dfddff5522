/**
 * GET /readyz (issue #21): /healthz only asks the database, so an instance whose media storage or
 * outbox folder cannot be written said ok. Readiness checks all three and answers 503 naming the part.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaItems } from '../db/schema';
import { localStorage } from '../storage/storage';
import { createTestApp } from '../test/harness';
import { multipart } from '../test/multipart';
import { createUser } from '../test/users';

const apps: { close(): Promise<void> }[] = [];
afterAll(async () => {
  // The first app owns the database the others were built on: closed last.
  for (const a of apps.reverse()) await a.close();
});

let working: Promise<Awaited<ReturnType<typeof createTestApp>>> | undefined;

async function build(
  opts: { mediaBlocked?: boolean; outboxBlocked?: boolean },
  database?: Awaited<ReturnType<typeof createTestApp>>['database'],
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-ready-'));
  // A plain file where a folder should be: nobody, not even root, can write beneath it.
  const mediaDir = path.join(dataDir, 'media');
  if (opts.mediaBlocked) writeFileSync(mediaDir, 'not a folder');
  else mkdirSync(mediaDir);
  if (opts.outboxBlocked) writeFileSync(path.join(dataDir, 'outbox'), 'not a folder');
  const t = await createTestApp(
    { dataDir, smtpUrl: undefined },
    { storage: localStorage(mediaDir), database },
  );
  t.app.mailer.stop();
  apps.push(t);
  return t;
}

/**
 * The working app, made once, or an app with a blocked folder on the working app's database: what
 * readiness answers for media and the outbox does not depend on the database, and a test app's copy of
 * it is most of its cost.
 */
async function appWith(opts: { mediaBlocked?: boolean; outboxBlocked?: boolean }) {
  working ??= build({});
  if (!opts.mediaBlocked && !opts.outboxBlocked) return working;
  return build(opts, (await working).database);
}

describe('GET /readyz', () => {
  it('is ready when the database, media storage and outbox folder all work', async () => {
    const t = await appWith({});
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', media: 'ok', outbox: 'ok' },
    });
  });

  it('answers 503 when media storage cannot be written, while /healthz still says ok', async () => {
    const t = await appWith({ mediaBlocked: true });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', media: 'failed', outbox: 'ok' },
    });
    expect(res.body).not.toContain(os.tmpdir());
  });

  it('answers 503 when the outbox folder cannot be written (no SMTP_URL)', async () => {
    const t = await appWith({ outboxBlocked: true });
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toEqual({ database: 'ok', media: 'ok', outbox: 'failed' });
  });

  it('answers 503 when the database is gone', async () => {
    // The working app of the first test: nothing here depends on a fresh one, and a test app is a
    // copy of the database.
    const t = await appWith({});
    const original = t.app.db.execute.bind(t.app.db);
    (t.app.db as any).execute = async () => {
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    };
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe('failed');
    } finally {
      (t.app.db as any).execute = original;
    }
  });
});

/**
 * A real small disk: a tmpfs of 1 MiB, mounted for this test (root only, as in CI; skipped elsewhere,
 * for no other way makes a real full disk).
 */
function smallDisk(): { dir: string; fill(): void; readOnly(): void; unmount(): void } | null {
  if (process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return {
    dir,
    fill() {
      // Up to the last byte: writeFileSync throws ENOSPC once it is full.
      try {
        writeFileSync(path.join(dir, 'filler'), Buffer.alloc(2 * 1024 * 1024));
      } catch {}
    },
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'ignore' }),
    unmount: () => execFileSync('umount', [dir], { stdio: 'ignore' }),
  };
}

describe('a full or read-only disk', () => {
  const disk = smallDisk();
  afterAll(() => disk?.unmount());

  it.skipIf(!disk)(
    'an upload answers 507 and stores nothing, and /readyz fails for media and the outbox',
    async () => {
      const dataDir = path.join(disk!.dir, 'data');
      const mediaDir = path.join(dataDir, 'media');
      mkdirSync(mediaDir, { recursive: true });
      const t = await createTestApp(
        { dataDir, smtpUrl: undefined },
        { storage: localStorage(mediaDir), database: (await appWith({})).database },
      );
      t.app.mailer.stop();
      apps.push(t);
      const editor = await createUser(t.app, t.db, { isEditor: true });
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2b6' } })
        .png()
        .toBuffer();
      const upload = async () => {
        const body = await multipart(
          { name: 'Green', alt_text: 'A green square', media_type: 'image' },
          { name: 'green.png', type: 'image/png', data: png },
        );
        return t.app.inject({
          method: 'POST',
          url: '/api/media-library/create/',
          headers: { ...body.headers, ...editor.auth },
          payload: body.payload,
        });
      };
      const items = async () => (await t.db.select({ n: count() }).from(mediaItems))[0].n;
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect((await upload()).statusCode).toBe(201);
      const before = { items: await items(), files: readdirSync(mediaDir).sort() };

      disk!.fill();
      for (const state of ['full', 'read-only'] as const) {
        if (state === 'read-only') disk!.readOnly();
        const res = await upload();
        expect(res.statusCode, state).toBe(507);
        expect(res.json()).toEqual({
          error: 'The file cannot be stored right now. Please try again later.',
          message: 'The file cannot be stored right now. Please try again later.',
          code: 'storage_unavailable',
        });
        expect(await items(), state).toBe(before.items);
        expect(readdirSync(mediaDir).sort(), `${state}: no file left behind`).toEqual(before.files);

        const ready = await t.app.inject({ url: '/readyz' });
        expect(ready.statusCode, state).toBe(503);
        expect(ready.json().checks, state).toEqual({ database: 'ok', media: 'failed', outbox: 'failed' });
      }
    },
  );
});
