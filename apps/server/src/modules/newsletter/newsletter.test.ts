import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema';
import { createTestApp } from '../../test/harness';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe/',
    payload: payload as any,
    remoteAddress: ip,
  });
const stored = async () => (await t.db.select({ n: count() }).from(newsletterSubscriptions))[0].n;

describe('POST /api/newsletter/subscribe/', () => {
  it('subscribes once and answers the spec error for the same address again, whatever its case', async () => {
    const first = await subscribe({ email: 'Anna@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBeTruthy();
    const dup = await subscribe({ email: 'anna@example.com ' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ error: 'Email already subscribed', code: 'already_subscribed' });
    expect(await stored()).toBe(1);
  });

  it('refuses a malformed or missing address with a clear 400 and stores nothing', async () => {
    const before = await stored();
    for (const payload of [{ email: 'not-an-email' }, { email: '' }, {}, { email: 42 }, { email: 'a@b' }]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/email/i);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at .*\.ts/);
    expect(await stored()).toBe(before);
  });

  it('limits how often one address may call', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await subscribe({ email: `bulk${i}@example.com` }, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
  });
});
