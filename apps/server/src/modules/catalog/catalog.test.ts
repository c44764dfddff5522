import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema';
import { createTestApp } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/packages/', () => {
  it('lists the seeded packages with the spec fields and the folders', async () => {
    const res = await t.app.inject({ url: '/api/packages/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.bus_data.length).toBeGreaterThanOrEqual(20);
    expect(body.folders.map((f: any) => f.company_slug)).toEqual(
      expect.arrayContaining(['big-bus', 'i-love-rome', 'green-line', 'city-sightseeing']),
    );
    const bb = body.bus_data.find((p: any) => p.package_tag === 'BB-24');
    expect(bb).toMatchObject({
      company: 'Big Bus',
      duration: '24 hours',
      adult_price: '29.00',
      off_price: '35.00',
    });
    expect(bb.thumbnail_large).toMatch(/^\/media\/[\w-]+\.webp$/);
    expect(bb.thumbnail_small).not.toBe(bb.thumbnail_large);
    // All eight ticket types are on sale.
    const types = new Set(body.bus_data.map((p: any) => p.duration));
    for (const d of [
      'half day',
      '1 day',
      '24 hours',
      '48 hours',
      '72 hours',
      'daily tour',
      'one run',
      '3 pass',
    ]) {
      expect(types.has(d)).toBe(true);
    }
  });

  it('answers 304 to a matching If-None-Match and a new ETag after an edit invalidates the cache', async () => {
    const first = await t.app.inject({ url: '/api/packages/' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/packages', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    await t.db.update(packages).set({ title: 'Renamed tour' }).where(eq(packages.packageTag, 'BB-24'));
    // Without invalidation the cache still serves the old list...
    expect((await t.app.inject({ url: '/api/packages/' })).headers.etag).toBe(etag);
    t.app.catalog.invalidate();
    const fresh = await t.app.inject({ url: '/api/packages/', headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().bus_data.find((p: any) => p.package_tag === 'BB-24').title).toBe('Renamed tour');
  });

  it('the cached list is exactly what the contract declares (the reference cannot drift from the answer)', async () => {
    // The list goes out as a ready string, past the serialiser: parse it with the declared 200 schema
    // and require that nothing was stripped (an undeclared field) or missing (a declared one).
    const snap = await t.app.catalog.get();
    const raw = JSON.parse(snap.json);
    const declared = API['GET /api/packages/'].responses[200];
    expect(declared.parse(raw)).toEqual(raw);
    // The same holds for the bytes on the wire, plain and compressed.
    const decode = { identity: (b: Buffer) => b, gzip: gunzipSync, br: brotliDecompressSync };
    for (const [encoding, unpack] of Object.entries(decode)) {
      const res = await t.app.inject({ url: '/api/packages/', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const wire = JSON.parse(unpack(res.rawPayload).toString('utf8'));
      expect(declared.parse(wire), encoding).toEqual(raw);
    }
    // One package answers the same shape.
    const one = await t.app.inject({ url: '/api/package/E9/BB-24/' });
    expect(API['GET /api/package/:status/:packageTag/'].responses[200].parse(one.json())).toEqual(one.json());
  });

  it('answers 304 with no body', async () => {
    const etag = (await t.app.inject({ url: '/api/packages/' })).headers.etag as string;
    const res = await t.app.inject({ url: '/api/packages/', headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('hides inactive packages', async () => {
    await t.db.update(packages).set({ status: 'inactive' }).where(eq(packages.packageTag, 'GL-72'));
    t.app.catalog.invalidate();
    const body = (await t.app.inject({ url: '/api/packages/' })).json();
    expect(body.bus_data.some((p: any) => p.package_tag === 'GL-72')).toBe(false);
    expect((await t.app.inject({ url: '/api/package/E9/GL-72/' })).statusCode).toBe(404);
  });
});

describe('GET /api/package/{status}/{package_tag}/', () => {
  it('answers one package as data', async () => {
    const res = await t.app.inject({ url: '/api/package/E9/CS-48/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      package_tag: 'CS-48',
      company: 'City Sightseeing',
      youth_price: '20.00',
    });
  });

  it('answers 404 JSON for an unknown package or status', async () => {
    for (const url of ['/api/package/E9/NOPE/', '/api/package/X1/CS-48/', '/api/package/E9/%3Cscript%3E/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toEqual({
        error: 'Package not found.',
        code: 'not_found',
        detail: 'Package not found.',
      });
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, never the web app', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /healthz', () => {
  it('reports ok when the database answers', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
