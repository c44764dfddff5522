import { randomUUID } from 'node:crypto';
import { numberedWords } from '@rome/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, packages, slots, users } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { bearer, ip, login, makeUser, tokensFor } from '../auth/testing';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
});
afterAll(() => t.close());

const register = (payload: unknown, remoteAddress = ip()) =>
  t.app.inject({ method: 'POST', url: '/api/register/', payload: payload as any, remoteAddress });
const good = (over: Record<string, unknown> = {}) => ({
  full_name: 'Anna Verdi',
  email: `anna-${randomUUID().slice(0, 8)}@example.com`,
  phone_number: '3901234567',
  password: 'colosseum at dawn',
  ...over,
});

describe('POST /api/register/', () => {
  it('creates an account (201 {registered: true}) that can sign in with the e-mail in any casing', async () => {
    const body = good({ email: 'New.Person@Example.com' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ registered: true });
    expect((await login(t.app, 'new.person@example.com', body.password)).statusCode).toBe(200);
  });

  it('answers an address that already has an account as any other, makes nothing, and tells the owner', async () => {
    const body = good();
    expect((await register(body)).statusCode).toBe(201);
    const before = await t.db.select().from(users).where(eq(users.email, body.email));
    const dup = await register({ ...body, email: body.email.toUpperCase(), password: 'another pass word' });
    // Nobody learns from the answer that the address has an account here.
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual({ registered: true });
    // The account is as it was: its own password signs in, the new one does not.
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual(before);
    expect((await login(t.app, body.email, body.password)).statusCode).toBe(200);
    expect((await login(t.app, body.email, 'another pass word')).statusCode).toBe(401);
    // The owner is told by e-mail.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mails.map((m) => m.subject)).toContain(
      'Someone tried to create a Rome Bus Tickets account with your address',
    );
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ phone_number: '12345' }, 'Phone number must be at least 10 digits and numeric.'],
    [{ phone_number: '39012345ab' }, 'Phone number must be at least 10 digits and numeric.'],
    [{ phone_number: '+39 012 345 6789' }, 'Phone number must be at least 10 digits and numeric.'],
    [{ password: 'short7!' }, 'Password must be at least 8 characters long'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters long.'],
    [{ password: 'password' }, 'This password is too common.'],
    [{ password: 'Password1' }, 'This password is too common.'],
    [{ password: 'qwertyuiop' }, 'This password is too common.'],
    [{ password: 'iloveyou' }, 'This password is too common.'],
    [{ phone_number: '1'.repeat(21) }, 'Phone number must be at least 10 digits and numeric.'],
    [{ full_name: 'x'.repeat(151) }, 'Full name must be at most 150 characters long.'],
    [{ full_name: '' }, 'All fields are required.'],
    [{ full_name: '   ' }, 'All fields are required.'],
    [{ phone_number: '' }, 'All fields are required.'],
  ])('refuses %j with 400 and the reason', async (over, error) => {
    const res = await register(good(over));
    expect(res.statusCode).toBe(400);
    // A reason built from the shop's numbers also names its catalogue message (issue #20).
    expect(res.json()).toEqual({
      registered: false,
      error,
      code: 'invalid_request',
      ...numberedWords(error),
    });
  });

  it('accepts a phone number of 10 to 20 digits (the one rule of client and server)', async () => {
    for (const phone_number of ['1'.repeat(10), '1'.repeat(20)])
      expect((await register(good({ phone_number }))).statusCode).toBe(201);
  });

  it('refuses a body without the four string fields with 400 from the contract, storing nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const email = `shape-${randomUUID().slice(0, 8)}@example.com`;
    for (const payload of [
      {},
      good({ email: undefined }),
      good({ password: undefined }),
      good({ email, phone_number: 3901234567 }),
      good({ email, full_name: ['Anna'] }),
      [good({ email })],
      null,
    ]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        registered: false,
        error: 'All fields are required.',
        code: 'invalid_request',
      });
    }
    const [{ n: after }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toBe(before);
  });

  it('limits sign-ups per client address with 429', async () => {
    const from = '10.77.77.77';
    for (let i = 0; i < 10; i++) expect((await register(good(), from)).statusCode).toBe(201);
    const res = await register(good(), from);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/Too many attempts/);
  });

  it('limits sign-up attempts per e-mail address with 429, so its owner gets at most a few notices', async () => {
    const email = 'target@example.com';
    expect((await register(good({ email }))).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) expect((await register(good({ email }))).statusCode).toBe(201);
    expect((await register(good({ email }))).statusCode).toBe(429);
    const notices = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(notices).toHaveLength(4);
  });
});

async function addOrder(
  userId: string,
  kind: 'bus_tour' | 'museum',
  cents: number,
  o: Partial<typeof orders.$inferInsert> = {},
) {
  const [pkg] = await t.db.select().from(packages).where(eq(packages.ticketType, kind)).limit(1);
  await t.db.insert(orders).values({
    uniqueId: randomUUID(),
    userId,
    packageId: pkg.id,
    adultCount: 2,
    youthCount: 1,
    infantCount: 1,
    adultPriceCents: 1000,
    youthPriceCents: 500,
    totalCents: cents,
    status: 'paid',
    provider: 'test',
    paidAt: new Date(),
    ...o,
  });
  return pkg.title;
}

describe('GET /api/profile/ and /api/profile/statistics/', () => {
  it('answers zeros for an account with no purchases', async () => {
    const u = await makeUser(t.db, { fullName: 'Marta Neri' });
    const { access } = await tokensFor(t.app, u.email, u.password);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) });
    expect(profile.statusCode).toBe(200);
    const data = profile.json().data;
    expect(data).toEqual({
      username: 'Marta Neri',
      email: u.email,
      phone_number: '3912345678',
      total_bookings: 0,
      member_since: expect.any(String),
      total_spent: 0,
    });
    expect(Math.abs(Date.parse(data.member_since) - Date.now())).toBeLessThan(60_000);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/profile/statistics/',
      headers: bearer(access),
    });
    expect(stats.json()).toEqual({
      data: {
        total_purchases: 0,
        total_spent: 0,
        recent_purchases: 0,
        recent_spent: 0,
        purchase_breakdown: { bus_tours: 0, museum_tickets: 0 },
        recent_tickets: [],
      },
    });
  });

  it("counts only the account's paid orders, splits bus tours from museums and the last 30 days", async () => {
    const u = await makeUser(t.db);
    const other = await makeUser(t.db);
    const old = new Date(Date.now() - 40 * 86400_000);
    await addOrder(u.id, 'bus_tour', 2500, { paidAt: old, createdAt: old });
    const museum = await addOrder(u.id, 'museum', 1850, {
      selectedDate: '2030-05-01',
      paidAt: new Date(Date.now() - 1000),
    });
    // A timed departure: the recent list says when the visit is, beside when it was bought.
    const [pkg] = await t.db.select().from(packages).where(eq(packages.ticketType, 'bus_tour')).limit(1);
    const startsAt = new Date('2030-06-02T08:30:00Z');
    const [slot] = await t.db.insert(slots).values({ packageId: pkg.id, startsAt, capacity: 50 }).returning();
    const bus = await addOrder(u.id, 'bus_tour', 1500, { slotId: slot.id });
    await addOrder(u.id, 'bus_tour', 9999, { status: 'pending', paidAt: null });
    await addOrder(u.id, 'museum', 7777, { status: 'cancelled', paidAt: null });
    await addOrder(other.id, 'museum', 4000);
    const { access } = await tokensFor(t.app, u.email, u.password);

    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) })
    ).json();
    expect(profile.data.total_bookings).toBe(3);
    expect(profile.data.total_spent).toBe(58.5);

    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/profile/statistics/', headers: bearer(access) })
    ).json();
    expect(stats.data).toMatchObject({
      total_purchases: 3,
      total_spent: 58.5,
      recent_purchases: 2,
      recent_spent: 33.5,
      purchase_breakdown: { bus_tours: 2, museum_tickets: 1 },
    });
    expect(stats.data.recent_tickets.map((r: any) => r.package)).toEqual([bus, museum, expect.any(String)]);
    expect(stats.data.recent_tickets[0]).toMatchObject({ package: bus, visit_at: startsAt.toISOString() });
    expect(stats.data.recent_tickets[1]).toEqual({
      package: museum,
      date: expect.any(String),
      selected_date: '2030-05-01',
      visit_at: null,
      ticket_count: 3,
      total_price: 18.5,
    });
  });

  it('needs a token', async () => {
    for (const url of ['/api/profile/', '/api/profile/statistics/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('PUT /api/profile/update/', () => {
  const update = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile/update/',
      headers: bearer(token),
      payload: payload as any,
    });

  it('changes e-mail and phone and answers the profile; the new e-mail signs in', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const res = await update(access, {
      email: ' Changed.Address@Example.com ',
      phone_number: '0612345678',
      current_password: u.password, // a new address takes the password (issue #21; email-change.test.ts)
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    expect(res.json().data).toMatchObject({
      email: 'changed.address@example.com',
      phone_number: '0612345678',
    });
    expect((await login(t.app, 'changed.address@example.com', u.password)).statusCode).toBe(200);
    // Same address again (its own) is fine.
    expect(
      (await update(access, { email: 'changed.address@example.com', phone_number: '0612345679' })).statusCode,
    ).toBe(200);
  });

  it('refuses a bad address, a taken address, a bad phone and missing fields with 400 {error}', async () => {
    const u = await makeUser(t.db);
    const taken = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const cases: [unknown, string][] = [
      [{ email: 'nope', phone_number: '0612345678' }, 'Please enter a valid email address.'],
      [
        { email: taken.email.toUpperCase(), phone_number: '0612345678' },
        'This email address is already used by another account.',
      ],
      [{ email: u.email, phone_number: '12345' }, 'Phone number must be at least 10 digits and numeric.'],
      [
        { email: u.email, phone_number: '06-1234-5678' },
        'Phone number must be at least 10 digits and numeric.',
      ],
      [{ email: u.email }, 'Email and phone number are required.'],
      [{ email: u.email, phone_number: ' ' }, 'Email and phone number are required.'],
      [{ email: u.email, phone_number: 3912345678 }, 'Email and phone number are required.'],
      [{ email: [u.email], phone_number: '0612345678' }, 'Email and phone number are required.'],
    ];
    for (const [payload, error] of cases) {
      const res = await update(access, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error, code: 'invalid_request' });
    }
    // Nothing changed.
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(access) });
    expect(profile.json().data).toMatchObject({ email: u.email, phone_number: '3912345678' });
    // Without a token the answer is 401 whatever the body: the token is checked before the body.
    for (const payload of [{}, { email: 'x@y.it', phone_number: '0612345678' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/profile/update/', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        detail: 'Authentication credentials were not provided.',
        error: 'Authentication credentials were not provided.',
      });
    }
  });
});

describe('POST /api/profile/change-password/', () => {
  const change = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/change-password/',
      headers: bearer(token),
      payload: payload as any,
    });

  it('refuses a wrong current password, a weak new one and missing fields, changing nothing', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const cases: [unknown, string][] = [
      [
        { current_password: 'wrong-password', new_password: 'a new long passphrase' },
        'Current password is incorrect.',
      ],
      [
        { current_password: u.password, new_password: 'short' },
        'Password must be at least 8 characters long',
      ],
      [{ current_password: u.password, new_password: 'sunshine' }, 'This password is too common.'],
      [
        { current_password: u.password, new_password: u.password },
        'The new password must be different from the current password.',
      ],
      [{ current_password: u.password }, 'All fields are required.'],
      [{ current_password: u.password, new_password: '' }, 'All fields are required.'],
      [{ current_password: u.password, new_password: 12345678 }, 'All fields are required.'],
      [{ current_password: null, new_password: 'a new long passphrase' }, 'All fields are required.'],
    ];
    for (const [payload, error] of cases) {
      const res = await change(access, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error });
    }
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/profile/change-password/',
      payload: { current_password: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sets the new password, answers a working pair and e-mails a notice', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const res = await change(access, { current_password: u.password, new_password: 'via appia antica 42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Password changed successfully',
      access: expect.any(String),
      refresh: expect.any(String),
    });
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t.app, u.email, 'via appia antica 42')).statusCode).toBe(200);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).not.toContain('via appia antica 42');
  });

  it('limits wrong current-password guesses per account with 429', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    for (let i = 0; i < 10; i++)
      expect(
        (await change(access, { current_password: `guess-${i}`, new_password: 'another passphrase' }))
          .statusCode,
      ).toBe(400);
    expect(
      (await change(access, { current_password: u.password, new_password: 'another passphrase' })).statusCode,
    ).toBe(429);
    await t.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'changePasswordPerUser:%'`);
    expect(
      (await change(access, { current_password: u.password, new_password: 'another passphrase' })).statusCode,
    ).toBe(200);
  });
});
