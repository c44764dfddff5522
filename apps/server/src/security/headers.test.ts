/**
 * Security headers on every kind of answer (pages, JSON, media files, 404s, errors), HSTS only in
 * production, and tokens never taken from or put into URLs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/harness';
import { createSecurityApp, type SecurityApp } from './fixtures';

let s: SecurityApp;
beforeAll(async () => {
  s = await createSecurityApp();
});
afterAll(() => s?.close());

type Sample = {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  auth?: boolean;
  payload?: unknown;
  status: number;
};

/** One of each kind of answer. */
const samples = (fx: SecurityApp['fx']): Sample[] => [
  { name: 'home page', url: '/', status: 200 },
  { name: 'company page', url: '/bus/big-bus/big%20bus', status: 200 },
  { name: 'ticket page', url: `/manageBookings/E9/${fx.packageTag}`, status: 200 },
  { name: 'unknown page (app 404)', url: '/no/such/page', status: 404 },
  { name: 'JSON list', url: '/api/packages/', status: 200 },
  { name: 'JSON with a token', url: '/api/profile/', auth: true, status: 200 },
  { name: 'JSON 401', url: '/api/profile/', status: 401 },
  { name: 'JSON 400', method: 'POST', url: '/api/api/token/', payload: {}, status: 400 },
  { name: 'JSON 404 (unknown API path)', url: '/api/nope/', status: 404 },
  {
    name: 'JSON 413',
    method: 'POST',
    url: '/api/register/',
    payload: { x: 'x'.repeat(1_100_000) },
    status: 413,
  },
  { name: 'JSON 415', method: 'POST', url: '/api/register/', payload: 'a=b', status: 415 },
  { name: 'media file', url: `/media/${fx.mediaKey}`, status: 200 },
  { name: 'media 404', url: '/media/nothing-here.png', status: 404 },
  { name: 'robots.txt', url: '/robots.txt', status: 200 },
  { name: 'sitemap.xml', url: '/sitemap.xml', status: 200 },
  { name: 'offers JSON', url: '/bus.json', status: 200 },
];

async function call(app: FastifyInstance, sample: Sample, auth: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = sample.auth ? { ...auth } : {};
  if (sample.name === 'JSON 415') headers['content-type'] = 'application/x-www-form-urlencoded';
  return app.inject({
    method: sample.method ?? 'GET',
    url: sample.url,
    headers,
    payload: sample.payload as any,
  });
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0], d.slice(d.indexOf(' ') + 1)] as [string, string]),
  );
}

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    for (const sample of samples(s.fx)) {
      const res = await call(s.app, sample, s.users.customerA.auth);
      const what = `${sample.name} (${sample.url.slice(0, 60)})`;
      expect(res.statusCode, what).toBe(sample.status);
      const h = res.headers;
      expect(h['x-content-type-options'], what).toBe('nosniff');
      expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(h['x-frame-options'], what).toBe('SAMEORIGIN');
      expect(h['x-powered-by'], what).toBeUndefined();
      expect(h['strict-transport-security'], `${what}: no HSTS outside production`).toBeUndefined();
      expect(h['set-cookie'], `${what}: the shop sets no cookies`).toBeUndefined();
      const csp = directives(String(h['content-security-policy'] ?? ''));
      expect(csp.get('frame-ancestors'), what).toBe("'self'");
      expect(csp.has('default-src'), what).toBe(true);
      if (String(h['content-type']).startsWith('text/html')) {
        expect(csp.get('script-src'), what).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
        expect(csp.get('object-src'), what).toBe("'none'");
        expect(csp.get('base-uri'), what).toBe("'none'");
        expect(csp.get('script-src'), what).not.toContain('unsafe-inline');
        expect(csp.get('script-src'), what).not.toContain('unsafe-eval');
        // A script in the page (the editors' head code) can send what it reads to the shop only.
        expect(csp.get('connect-src'), what).toBe("'self'");
      } else if (sample.url.startsWith('/media/') && res.statusCode === 200) {
        // Stored files run nothing, even opened on their own.
        expect(csp.get('default-src'), what).toBe("'none'");
        expect(csp.has('sandbox'), what).toBe(true);
      } else {
        expect(csp.get('object-src'), what).toBe("'none'");
        expect(csp.get('base-uri'), what).toBe("'none'");
        expect(csp.get('script-src'), what).toBe("'self'");
      }
    }
  });

  it('gives each page a fresh nonce that the head code scripts carry, and no other script runs', async () => {
    const set = await s.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      headers: s.users.editor.auth,
      payload: { global_head_code: '<script src="https://tags.example/gtm.js"></script>' },
    });
    expect(set.statusCode).toBe(200);
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await s.app.inject({ url: '/aboutus' });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
      nonces.add(nonce);
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });

  it('leaves the head code out of the pages where people sign in, pay, claim and see analytics', async () => {
    const set = await s.app.inject({
      method: 'PATCH',
      url: '/api/website-settings/global-head-code/',
      headers: s.users.editor.auth,
      payload: { global_head_code: '<script src="https://tags.example/marker-tag.js"></script>' },
    });
    expect(set.statusCode).toBe(200);
    for (const url of ['/', '/aboutus', '/search', '/offer'])
      expect((await s.app.inject({ url })).body, url).toContain('marker-tag.js');
    for (const url of [
      '/login',
      '/profile',
      '/analytics',
      '/yourticket',
      '/verify/abcdefghijklmnopq/',
      '/pay/cs_x',
    ])
      expect((await s.app.inject({ url })).body, url).not.toContain('marker-tag.js');
  });
});

describe('HSTS', () => {
  it('is sent in production only', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rome-prod-'));
    const prod = loadConfig(
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        JWT_SECRET: randomBytes(32).toString('hex'),
        // A production config refuses to start without Stripe keys unless test payments are allowed.
        ALLOW_TEST_PAYMENTS: 'true',
        // Production links never follow the request's Host: the address is configured.
        PUBLIC_URL: 'https://tickets.example',
      },
      { dataDir, webDistDir: '/nonexistent' },
    );
    expect(prod.env).toBe('production');
    const t = await createTestApp(prod);
    try {
      for (const url of ['/', '/api/packages/', '/api/profile/', '/api/nope/']) {
        const res = await t.app.inject({ url });
        const hsts = String(res.headers['strict-transport-security'] ?? '');
        expect(hsts, url).toMatch(/max-age=(\d+)/);
        expect(Number(/max-age=(\d+)/.exec(hsts)![1]), url).toBeGreaterThanOrEqual(15_552_000);
        expect(hsts, url).toContain('includeSubDomains');
      }
    } finally {
      await t.close();
    }
  });
});

describe('tokens in URLs', () => {
  it('are never accepted: the access token counts only in the Authorization header', async () => {
    const token = s.users.customerA.token;
    for (const q of ['token', 'access', 'access_token', 'jwt', 'auth']) {
      const res = await s.app.inject({ url: `/api/profile/?${q}=${token}` });
      expect(res.statusCode, q).toBe(401);
    }
  });

  it('are never built by the web client (only the claim path carries a secret, and the client POSTs it)', () => {
    const root = path.resolve(import.meta.dirname, '../../../web/src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(p);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(10);
    const patterns = [
      /[?&](?:token|access|refresh|access_token|refresh_token|jwt|code|security_code)=/i,
      /searchParams\.(?:set|append)\(\s*['"`](?:token|access|refresh|access_token|refresh_token|security_code)['"`]/i,
      /[`'"]claim\/\$\{/, // the GET claim path with the security code in it
    ];
    const hits = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return patterns.filter((p) => p.test(text)).map((p) => `${path.relative(root, f)}: ${p}`);
    });
    expect(hits).toEqual([]);
  });
});
