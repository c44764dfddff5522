import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANSWER_FLOORS_MS, loadConfig } from './config';

const secret = 'x'.repeat(40);
const PUBLIC_URL = 'https://romebustickets.example';

describe('configuration', () => {
  it("keeps the timing floors of the reset calls and 'Find my tickets' at 300 and 400 ms", () => {
    // The API tests check that the routes wait out ANSWER_FLOORS_MS; these are the values shipped.
    expect(ANSWER_FLOORS_MS).toEqual({ passwordReset: 300, findTickets: 400 });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-config-'));
    expect(loadConfig({ DATA_DIR: dir }).answerFloorsMs).toEqual(ANSWER_FLOORS_MS);
  });

  it('a production start without Stripe keys refuses to run unless test payments are switched on', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
      /STRIPE_SECRET_KEY.*ALLOW_TEST_PAYMENTS/s,
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      ALLOW_TEST_PAYMENTS: 'true',
      PUBLIC_URL,
    });
    expect(c.allowTestPayments).toBe(true);
    expect(c.seedDemo).toBe(false);
    const s = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      STRIPE_SECRET_KEY: 'sk_live_x',
      PUBLIC_URL,
    });
    expect(s.allowTestPayments).toBe(false);
  });

  it('production needs a JWT secret; development keeps a random one in the data folder', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', PUBLIC_URL })).toThrow(
      /JWT_SECRET/,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-config-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(a.seedDemo).toBe(true);
  });

  it('production needs PUBLIC_URL; elsewhere links follow the visitor (issue #21)', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ALLOW_TEST_PAYMENTS: 'true' }),
    ).toThrow(/PUBLIC_URL must be set in production/);
    const prod = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      ALLOW_TEST_PAYMENTS: 'true',
      PUBLIC_URL,
    });
    expect(prod).toMatchObject({ publicUrl: PUBLIC_URL, publicUrlSet: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-config-'));
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: '' })).toMatchObject({
      publicUrl: 'http://localhost:3000',
      publicUrlSet: false,
    });
  });

  it('refuses bad settings with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid environment:\n {2}PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it("takes the head code's connect-src origins from HEAD_CODE_CONNECT_SRC, https origins only (issue #21)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-config-'));
    expect(loadConfig({ DATA_DIR: dir }).connectSrc).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dir,
        HEAD_CODE_CONNECT_SRC: 'https://region1.google-analytics.com, https://collector.example/',
      }).connectSrc,
    ).toEqual(['https://region1.google-analytics.com', 'https://collector.example']);
    // Anything wider than one https origin would reopen what the policy closes.
    for (const bad of ['https:', '*', 'http://collector.example', 'https://collector.example/path'])
      expect(() => loadConfig({ DATA_DIR: dir, HEAD_CODE_CONNECT_SRC: bad }), bad).toThrow(
        /HEAD_CODE_CONNECT_SRC/,
      );
  });
});
