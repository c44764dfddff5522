import { randomBytes } from 'node:crypto';
import { orderReference } from '@rome/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, UsageError } from '../../cli';
import {
  activityEvents,
  mailOutbox,
  orders,
  passwordResets,
  paymentEvents,
  refreshTokens,
  users,
} from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { bearer, ip, login, makeUser, tokensFor } from '../auth/testing';

/** GDPR (issue #21): a customer downloads and deletes their data; a superuser does both by CLI. */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
});
afterAll(() => t.close());

const rowsOf = (result: any): any[] => result.rows ?? result;
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(token) });
const download = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile/data/', headers: bearer(token) });
const remove = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/delete/',
    headers: bearer(token),
    payload: { password },
  });

let customers = 0;
/** A customer with a paid order, an activity event, a newsletter subscription, a reset and a mail. */
async function customerWithHistory() {
  const u = await makeUser(t.db);
  const pair = await tokensFor(t.app, u.email, u.password);
  const n = ++customers;
  const ips = [`203.0.113.${n}`, `198.51.100.${n}`];
  const [pkg] = rowsOf(await t.db.execute(sql`SELECT id, title FROM packages ORDER BY id LIMIT 1`));
  const uniqueId = randomBytes(12).toString('base64url');
  const claimCodeHash = randomBytes(32).toString('hex');
  await t.db.insert(orders).values({
    uniqueId,
    userId: u.id,
    packageId: pkg.id,
    selectedDate: '2026-12-01',
    adultCount: 2,
    youthCount: 1,
    adultPriceCents: 3000,
    youthPriceCents: 1500,
    totalCents: 7500,
    status: 'paid',
    provider: 'test',
    amountPaidCents: 7500,
    paidAt: new Date(),
    claimCodeHash,
  });
  await t.db.insert(paymentEvents).values({
    id: `evt_${uniqueId}`,
    provider: 'stripe',
    type: 'checkout.session.completed',
    payload: { data: { object: { customer_details: { email: u.email.toUpperCase() } } } },
  });
  await t.db.insert(activityEvents).values([
    { action: 'page_view', userId: u.id, userEmail: u.email, ipAddress: ips[0], city: 'Rome', page: '/' },
    { action: 'login', userEmail: u.email, ipAddress: ips[1], details: { email: u.email, n } },
  ]);
  const sub = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe/',
    payload: { email: u.email },
    remoteAddress: ip(),
  });
  expect(sub.statusCode).toBe(201);
  await t.app.inject({
    method: 'POST',
    url: '/api/request-password-reset/',
    payload: { email: u.email },
    remoteAddress: ip(),
  });
  return { u, pair, uniqueId, claimCodeHash, pkg, ips, n };
}

describe('GET /api/profile/data/', () => {
  it('answers everything held about the account, and no secret or hash', async () => {
    const { u, pair, uniqueId, claimCodeHash, pkg, ips } = await customerWithHistory();
    const res = await download(pair.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ id: u.id, email: u.email, phone_number: '3912345678' });
    expect(data.orders).toEqual([
      expect.objectContaining({
        order_reference: orderReference(uniqueId),
        package: pkg.title,
        status: 'paid',
        adults: 2,
        youths: 1,
        total_price: 75,
      }),
    ]);
    expect(data.activity.map((e: any) => e.action).sort()).toEqual(['login', 'page_view']);
    expect(data.activity.find((e: any) => e.action === 'page_view').ip_address).toBe(ips[0]);
    expect(data.newsletter.subscribed).toBe(true);
    expect(data.sign_ins.length).toBeGreaterThanOrEqual(1);
    expect(data.password_reset).toMatchObject({ failed_attempts: 0 });

    const text = res.body;
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    const [reset] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    const tokenIds = (await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id))).map(
      (r) => r.id,
    );
    for (const secret of [
      row.passwordHash,
      reset.codeHash!,
      claimCodeHash,
      pair.access,
      pair.refresh,
      u.password,
      ...tokenIds,
    ])
      expect(text).not.toContain(secret);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/profile/data/' })).statusCode).toBe(401);
  });
});

describe('POST /api/profile/delete/', () => {
  it('refuses a wrong or missing password, changing nothing', async () => {
    const { u, pair } = await customerWithHistory();
    const wrong = await remove(pair.access, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'Current password is incorrect.' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/profile/delete/',
      headers: bearer(pair.access),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Enter your password to delete your account.' });
    expect((await me(pair.access)).json().data.email).toBe(u.email);
  });

  it('erases the person, keeps the order anonymised, and ends every sign-in at once', async () => {
    const { u, pair, uniqueId, ips, n } = await customerWithHistory();
    const other = await tokensFor(t.app, u.email, u.password);
    expect((await me(other.access)).statusCode).toBe(200); // cached
    const res = await remove(pair.access, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });
    // Limits keyed by the address are gone (checked before the failed sign-in below makes new ones).
    expect(
      rowsOf(await t.db.execute(sql`SELECT key FROM rate_limits WHERE position(${u.email} in key) > 0`)).map(
        (r) => r.key,
      ),
    ).toEqual([]);

    for (const token of [pair.access, other.access]) expect((await me(token)).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);

    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row.email).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
    expect(row).toMatchObject({ fullName: 'Deleted account', phoneNumber: '', isEditor: false });
    expect(row.passwordHash).not.toMatch(/argon2/);
    expect(row.deletedAt).not.toBeNull();
    // The order stays for accounting: amounts, dates, package.
    const [order] = await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId));
    expect(order).toMatchObject({
      totalCents: 7500,
      status: 'paid',
      userId: u.id,
      selectedDate: '2026-12-01',
    });
    // Activity events lose the person.
    const events = rowsOf(
      await t.db.execute(
        sql`SELECT * FROM activity_events WHERE ip_address IN (${ips[0]}, ${ips[1]}) OR user_id = ${u.id} OR user_email = ${u.email}`,
      ),
    );
    expect(events).toEqual([]);
    const [login_] = await t.db
      .select()
      .from(activityEvents)
      .where(sql`${activityEvents.details}->>'n' = ${String(n)} AND ${activityEvents.action} = 'login'`);
    expect(login_).toBeDefined(); // the event stays, counted in the analytics
    expect(JSON.stringify(login_)).not.toContain(u.email);
    // No tokens, reset, subscription, mail or limits keyed by the address are left.
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id))).toEqual([]);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).toEqual([]);
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `evt_${uniqueId}`));
    expect(event.payload).toBeNull();
    expect(
      rowsOf(await t.db.execute(sql`SELECT 1 FROM newsletter_subscriptions WHERE email = ${u.email}`)),
    ).toEqual([]);
    // The address is free again.
    const again = await makeUser(t.db, { email: u.email });
    expect((await login(t.app, again.email, again.password)).statusCode).toBe(200);
  });
});

describe('admin CLI: user:export and user:delete', () => {
  it('prints the same download as JSON, then deletes the account', async () => {
    const { u, uniqueId } = await customerWithHistory();
    const printed = JSON.parse(await run(t.database, 'user:export', { email: u.email.toUpperCase() }));
    expect(printed.account.email).toBe(u.email);
    expect(printed.orders[0].order_reference).toBe(orderReference(uniqueId));
    const out = await run(t.database, 'user:delete', { email: u.email });
    expect(out).toMatch(/^Deleted the account of /);
    await expect(run(t.database, 'user:export', { email: u.email })).rejects.toBeInstanceOf(UsageError);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row.deletedAt).not.toBeNull();
    await expect(run(t.database, 'user:delete', {})).rejects.toThrow('Missing --email');
  });
});
