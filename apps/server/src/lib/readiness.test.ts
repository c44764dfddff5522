/**
 * GET /readyz (issue #21): /healthz only asks the database, so an instance whose media storage or
 * outbox folder cannot be written said ok. Readiness checks all three and answers 503 naming the part.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localStorage } from '../storage/storage';
import { createTestApp } from '../test/harness';

const apps: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function appWith(opts: { mediaBlocked?: boolean; outboxBlocked?: boolean }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-ready-'));
  // A plain file where a folder should be: nobody, not even root, can write beneath it.
  const mediaDir = path.join(dataDir, 'media');
  if (opts.mediaBlocked) writeFileSync(mediaDir, 'not a folder');
  else mkdirSync(mediaDir);
  if (opts.outboxBlocked) writeFileSync(path.join(dataDir, 'outbox'), 'not a folder');
  const t = await createTestApp({ dataDir, smtpUrl: undefined }, { storage: localStorage(mediaDir) });
  t.app.mailer.stop();
  apps.push(t);
  return t;
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
