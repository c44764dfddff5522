import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_FLOORS_MS } from '../../config';
import { mailOutbox, passwordResets } from '../../db/schema';
import { createTestApp, timedWithShopFloors } from '../../test/harness';
import { bearer, ip, login, makeUser, tokensFor } from '../auth/testing';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop(); // the messages stay in the outbox, where the test reads the codes
});
afterAll(() => t.close());

const requestReset = (email: unknown, remoteAddress = ip()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/request-password-reset/',
    payload: { email } as any,
    remoteAddress,
  });
const verify = (payload: unknown, remoteAddress = ip()) =>
  t.app.inject({ method: 'POST', url: '/api/verify-reset-code/', payload: payload as any, remoteAddress });
const resetMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, '%reset code%')))
    .orderBy(desc(mailOutbox.createdAt));
async function latestCode(to: string): Promise<string> {
  const [mail] = await resetMails(to);
  const m = /reset code is: (\d{6})/.exec(mail.text);
  if (!m) throw new Error('no code in the mail');
  return m[1];
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const INVALID = { error: 'Invalid or expired code.', code: 'invalid_request' };

describe('POST /api/request-password-reset/', () => {
  it('writes the code e-mail in the language of the page that asked (Accept-Language; issue #20)', async () => {
    const u = await makeUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset/',
      payload: { email: u.email },
      headers: { 'accept-language': 'it' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mail.subject).toBe('Il codice per reimpostare la password di Rome Bus Tickets');
    expect(mail.text).toMatch(/Il tuo codice per reimpostare la password è: \d{6}/);
    expect(mail.text).toContain('Scade tra 10 minuti');
    expect(mail.html).toMatch(/è: <strong[^>]*>\d{6}<\/strong>/);
  });

  it('answers the same status and body for an unknown address as for an account, and mails only the account', async () => {
    const u = await makeUser(t.db);
    const known = await requestReset(u.email.toUpperCase());
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(await resetMails(u.email)).toHaveLength(1);
    expect(await resetMails('nobody-at-all@example.com')).toHaveLength(0);
    const [mail] = await resetMails(u.email);
    expect(mail.text).toMatch(/reset code is: \d{6}/);
    expect(mail.text).toMatch(/expires in 10 minutes/);
    expect(mail.html).toMatch(/expires in 10 minutes/);
    // Stored hashed, never as the code.
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(await latestCode(u.email));
  });

  it('refuses a malformed address with 400', async () => {
    for (const email of ['', 'nope', 42, ['a@b.co'], undefined]) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Please enter a valid email address', code: 'invalid_request' });
    }
  });

  it('limits requests per address with 429, for unknown addresses alike', async () => {
    const u = await makeUser(t.db);
    for (const email of [u.email, 'ghost-limit@example.com']) {
      for (let i = 0; i < 5; i++) expect((await requestReset(email)).statusCode).toBe(200);
      const res = await requestReset(email);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/Too many attempts/);
    }
  });

  it('limits requests per client address with 429', async () => {
    const from = '10.66.66.66';
    for (let i = 0; i < 10; i++)
      expect((await requestReset(`someone${i}@example.com`, from)).statusCode).toBe(200);
    expect((await requestReset('someone-else@example.com', from)).statusCode).toBe(429);
  });
});

describe('POST /api/verify-reset-code/', () => {
  it('sets the new password with the mailed code, once; old tokens stop working and a notice is mailed', async () => {
    const u = await makeUser(t.db);
    const before = await tokensFor(t.app, u.email, u.password);
    await requestReset(u.email);
    const code = await latestCode(u.email);
    const res = await verify({ email: u.email, code, new_password: 'trastevere by night' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect((await login(t.app, u.email, 'trastevere by night')).statusCode).toBe(200);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: bearer(before.access) }))
        .statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/api/token/refresh/',
      payload: { refresh: before.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const notices = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, u.email), like(mailOutbox.subject, '%was reset%')));
    expect(notices).toHaveLength(1);
    // Single use.
    const again = await verify({ email: u.email, code, new_password: 'another new passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(INVALID);
    expect((await login(t.app, u.email, 'trastevere by night')).statusCode).toBe(200);
  });

  it('answers the same 400 for a wrong code, an unknown address and a malformed code', async () => {
    const u = await makeUser(t.db);
    await requestReset(u.email);
    const code = await latestCode(u.email);
    for (const payload of [
      { email: u.email, code: wrongCode(code), new_password: 'pantheon dome 2024' },
      { email: 'nobody-here@example.com', code, new_password: 'pantheon dome 2024' },
      { email: u.email, code: '12345', new_password: 'pantheon dome 2024' },
      { email: u.email, code: 'abcdef', new_password: 'pantheon dome 2024' },
    ]) {
      const res = await verify(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(INVALID);
    }
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses a short or common new password without spending the code', async () => {
    const u = await makeUser(t.db);
    await requestReset(u.email);
    const code = await latestCode(u.email);
    const short = await verify({ email: u.email, code, new_password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'Password must be at least 8 characters long' });
    const common = await verify({ email: u.email, code, new_password: 'baseball' });
    expect(common.json()).toMatchObject({ error: 'This password is too common.' });
    for (const payload of [
      { email: u.email, code },
      { email: u.email, code: Number(code), new_password: 'spanish steps 135' },
      { email: [u.email], code, new_password: 'spanish steps 135' },
      { email: u.email, code: '', new_password: 'spanish steps 135' },
    ])
      expect((await verify(payload)).json()).toEqual({
        error: 'All fields are required.',
        code: 'invalid_request',
      });
    expect((await verify({ email: u.email, code, new_password: 'spanish steps 135' })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const u = await makeUser(t.db);
    await requestReset(u.email);
    const code = await latestCode(u.email);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    // Valid for 10 minutes from the request.
    expect(Math.abs(row.expiresAt!.getTime() - row.updatedAt.getTime() - 10 * 60_000)).toBeLessThan(5000);
    await t.db.execute(
      sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = ${u.id}`,
    );
    const res = await verify({ email: u.email, code, new_password: 'circus maximus run' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(INVALID);
  });

  it('a new request replaces the old code', async () => {
    const u = await makeUser(t.db);
    await requestReset(u.email);
    const first = await latestCode(u.email);
    await requestReset(u.email);
    const second = await latestCode(u.email);
    if (first !== second)
      expect(
        (await verify({ email: u.email, code: first, new_password: 'villa borghese walk' })).statusCode,
      ).toBe(400);
    expect(
      (await verify({ email: u.email, code: second, new_password: 'villa borghese walk' })).statusCode,
    ).toBe(200);
  });

  it('locks the reset for an hour after 5 wrong codes; a new request neither unlocks it nor resets the count', async () => {
    const u = await makeUser(t.db);
    await requestReset(u.email);
    let code = await latestCode(u.email);
    for (let i = 0; i < 3; i++)
      expect(
        (await verify({ email: u.email, code: wrongCode(code), new_password: 'piazza navona 1' })).statusCode,
      ).toBe(400);
    // A fresh code does not buy five more guesses.
    await requestReset(u.email);
    code = await latestCode(u.email);
    for (let i = 0; i < 2; i++)
      expect(
        (await verify({ email: u.email, code: wrongCode(code), new_password: 'piazza navona 1' })).statusCode,
      ).toBe(400);
    const locked = await verify({ email: u.email, code, new_password: 'piazza navona 1' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject(INVALID);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);

    // While locked, a request answers as always but sends no code.
    const mailsBefore = (await resetMails(u.email)).length;
    expect((await requestReset(u.email)).statusCode).toBe(200);
    expect(await resetMails(u.email)).toHaveLength(mailsBefore);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);

    // Once the hour has passed, a new code works.
    await t.db.execute(
      sql`UPDATE password_resets SET locked_until = now() - interval '1 second' WHERE user_id = ${u.id}`,
    );
    await requestReset(u.email);
    expect(await resetMails(u.email)).toHaveLength(mailsBefore + 1);
    const fresh = await latestCode(u.email);
    expect((await verify({ email: u.email, code: fresh, new_password: 'piazza navona 1' })).statusCode).toBe(
      200,
    );
  });

  it('limits code attempts per address with 429, for unknown addresses alike', async () => {
    for (const email of ['ghost-verify@example.com']) {
      for (let i = 0; i < 15; i++)
        expect((await verify({ email, code: '000000', new_password: 'long enough pass' })).statusCode).toBe(
          400,
        );
      expect((await verify({ email, code: '000000', new_password: 'long enough pass' })).statusCode).toBe(
        429,
      );
    }
  });
});

describe("the reset calls' timing", () => {
  it('answers no sooner than the floor, for an account or not, a code right or wrong', async () => {
    const u = await makeUser(t.db);
    await requestReset(u.email);
    const code = await latestCode(u.email);
    const nobody = 'nobody-timed@example.com';
    const timings = await timedWithShopFloors(t.config, [
      () => requestReset(u.email),
      () => requestReset(nobody),
      () => requestReset('not-an-address'),
      () => verify({ email: u.email, code: wrongCode(code), new_password: 'long enough pass' }),
      () => verify({ email: nobody, code, new_password: 'long enough pass' }),
      () => verify({ email: u.email, code: '', new_password: 'long enough pass' }),
    ]);
    expect(timings.map((x) => x.status)).toEqual([200, 200, 400, 400, 400, 400]);
    // Timers settle on whole milliseconds: a hair under the floor is the clocks', not an early answer.
    for (const { ms } of timings) expect(ms).toBeGreaterThanOrEqual(ANSWER_FLOORS_MS.passwordReset - 1);
  });
});
