import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('page HTML', () => {
  it('puts a package page title, description and Product JSON-LD in the head', async () => {
    const res = await t.app.inject({ url: '/manageBookings/E9/BB-24' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Big Bus Rome Classic 24h | Rome Bus Tickets</title>');
    expect(res.body).toMatch(/<meta name="description" content="[^"]*Big Bus[^"]*">/);
    expect(res.body).toContain('"@type":"Product"');
    expect(res.body).toContain('"priceCurrency":"EUR"');
  });

  it('titles a company page after the spec pattern', async () => {
    const res = await t.app.inject({ url: '/bus/big-bus/big%20bus' });
    expect(res.body).toContain('<title>Explore Rome with Big Bus | Book Tickets at Rome Bus Tickets</title>');
  });

  it('answers 404 for unknown pages and unknown packages, still with the app', async () => {
    for (const url of ['/no/such/page', '/manageBookings/E9/NOPE', '/bus/nobody/nobody']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Page Not Found');
    }
  });

  it('escapes what it echoes from the URL', async () => {
    const res = await t.app.inject({ url: '/viewsimilar/24%20hours/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });
});
