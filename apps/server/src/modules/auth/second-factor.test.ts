/**
 * The second factor (decision 051): sign-in in two steps, codes taken once, recovery codes once,
 * throttled like passwords, required for superusers, reset by a superuser and logged.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES, STEP_UP_HEADER } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, editLog, secondFactors, users } from '../../db/schema';
import { seedDemoAccounts } from '../../db/seed/index';
import { secretBox } from '../../lib/secret-box';
import { createTestApp } from '../../test/harness';
import { demoSecondFactor } from './second-factor';
import { stepUpProof } from './step-up';
import { bearer, enrollFactor, ip, login, makeUser, tokensFor, totpCode } from './testing';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
});
afterAll(() => t.close());

const second = (pending: string, code: string, remoteAddress = ip()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session/second-factor/',
    payload: { pending, code },
    remoteAddress,
  });
const pendingOf = async (email: string, password: string, remoteAddress = ip()) => {
  const res = await login(t.app, email, password, remoteAddress);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ second_factor: 'totp', pending: expect.any(String), expires_in: 300 });
  return body.pending as string;
};
const call = (method: 'GET' | 'POST', url: string, access: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });

describe('turning the authenticator on', () => {
  it('shows a secret, wants a first code, answers 10 recovery codes once, and changes the sign-in', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    expect((await call('GET', '/api/account/second-factor/', access)).json()).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const setup = await call('POST', '/api/account/second-factor/setup/', access);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    // Until confirmed, the sign-in is as before.
    expect((await login(t.app, u.email, u.password)).json().access).toBeTypeOf('string');
    // At rest the secret is sealed, not the base32.
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.userId, u.id));
    expect(row.secret).not.toContain(secret);
    expect(secretBox(t.app.config.jwtSecret, 'second factor secret').open(row.secret, u.id)).toBe(secret);
    expect(secretBox(t.app.config.jwtSecret, 'second factor secret').open(row.secret, 'another')).toBeNull();

    const wrong = await call('POST', '/api/account/second-factor/confirm/', access, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const ok = await call('POST', '/api/account/second-factor/confirm/', access, { code: totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call('GET', '/api/account/second-factor/', access)).json()).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    // Not twice.
    expect((await call('POST', '/api/account/second-factor/setup/', access)).statusCode).toBe(409);

    // Sign-in: the password alone gives no token.
    const res = await login(t.app, u.email, u.password);
    expect(res.json().access).toBeUndefined();
    expect(res.json().refresh).toBeUndefined();
    // The pending proof is no token: no call takes it.
    const pending = res.json().pending as string;
    expect((await call('GET', '/api/account/second-factor/', pending)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/api/token/refresh/',
      payload: { refresh: pending },
    });
    expect(refreshed.statusCode).toBe(401);
    // The confirming code's step is taken: the next step's code signs in (one step of drift allowed).
    const signedIn = await second(pending, totpCode(secret, 1));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });
});

describe('two confirmations at once', () => {
  it('turn it on once: one answers the recovery codes, the other 409, and the codes shown work', async () => {
    const u = await makeUser(t.db);
    const { access } = await tokensFor(t.app, u.email, u.password);
    const { secret } = (await call('POST', '/api/account/second-factor/setup/', access)).json();
    const both = await Promise.all(
      [0, 1].map(() =>
        call('POST', '/api/account/second-factor/confirm/', access, { code: totpCode(secret) }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const codes = both.find((r) => r.statusCode === 200)!.json().recovery_codes as string[];
    expect((await second(await pendingOf(u.email, u.password), codes[0])).statusCode).toBe(200);
  });
});

describe('the second step', () => {
  let u: Awaited<ReturnType<typeof makeUser>>;
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    u = await makeUser(t.db);
    ({ secret, recoveryCodes: recovery } = await enrollFactor(t.app, u.id));
    // The enrolment took this step's code: start the tests on a clean slate.
    await t.db.update(secondFactors).set({ lastStep: null }).where(eq(secondFactors.userId, u.id));
  });

  it('refuses a wrong code, then takes the right one once: the same code again is a replay', async () => {
    const at = ip();
    const pending = await pendingOf(u.email, u.password, at);
    const wrong = await second(pending, totpCode(secret, 5), at);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(ERROR_CODES.secondFactorWrong);
    const code = totpCode(secret);
    expect((await second(pending, code, at)).statusCode).toBe(200);
    const replay = await second(await pendingOf(u.email, u.password, at), code, at);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(ERROR_CODES.secondFactorWrong);
    // An older step's code, also within the drift window, is refused too once a later one was taken.
    await t.db.update(secondFactors).set({ lastStep: null }).where(eq(secondFactors.userId, u.id));
    expect((await second(pending, totpCode(secret, 1), at)).statusCode).toBe(200);
    expect((await second(pending, totpCode(secret), at)).statusCode).toBe(400);
  });

  it('takes a recovery code once, in any casing and with or without its dash', async () => {
    const pending = await pendingOf(u.email, u.password);
    const code = recovery[0];
    const typed = ` ${code.replace('-', '').toUpperCase()} `;
    expect((await second(pending, typed)).statusCode).toBe(200);
    expect((await second(pending, code)).statusCode).toBe(400);
    const { access } = (await second(pending, recovery[1])).json();
    expect((await call('GET', '/api/account/second-factor/', access)).json().recovery_codes_left).toBe(8);
  });

  it('refuses a forged, foreign or expired proof, and one from before a password change', async () => {
    const pending = await pendingOf(u.email, u.password);
    const other = await makeUser(t.db);
    const [, , expires, mac] = pending.split('.');
    for (const bad of [
      `p1.${other.id}.${expires}.${mac}`,
      `p1.${u.id}.${Number(expires) + 60}.${mac}`,
      'p1.x.1.y',
      `p1.${'-'.repeat(36)}.${expires}.${mac}`,
      'junk',
    ]) {
      const res = await second(bad, totpCode(secret));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ERROR_CODES.secondFactorExpired);
    }
    await t.db.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, u.id));
    t.app.tokens.userChanged(u.id);
    expect((await second(pending, recovery[2])).statusCode).toBe(401);
  });

  it('throttles wrong codes per address and account like passwords (10 in 15 minutes), not elsewhere', async () => {
    const v = await makeUser(t.db);
    const { secret: s } = await enrollFactor(t.app, v.id);
    const at = ip();
    const pending = await pendingOf(v.email, v.password, at);
    for (let i = 0; i < 10; i++) expect((await second(pending, '000000', at)).statusCode).toBe(400);
    const locked = await second(pending, totpCode(s, 1), at);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retry_after).toBeGreaterThan(0);
    // From another address, the owner still gets in.
    expect((await second(await pendingOf(v.email, v.password), totpCode(s, 1))).statusCode).toBe(200);
  });

  it('locks the account after 20 wrong codes in an hour from anywhere', async () => {
    const v = await makeUser(t.db);
    const { secret: s } = await enrollFactor(t.app, v.id);
    const pending = await pendingOf(v.email, v.password);
    for (let i = 0; i < 20; i++) expect((await second(pending, '000000', ip())).statusCode).toBe(400);
    expect((await second(pending, totpCode(s, 1), ip())).statusCode).toBe(429);
  });
});

describe('turning it off', () => {
  it('wants the password and a code, for a role that may', async () => {
    const u = await makeUser(t.db);
    const { secret } = await enrollFactor(t.app, u.id);
    const pending = await pendingOf(u.email, u.password);
    const { access } = (await second(pending, totpCode(secret, 1))).json();
    const off = (password: string, code: string) =>
      call('POST', '/api/account/second-factor/disable/', access, { password, code });
    expect((await off('wrong', totpCode(secret, -1))).statusCode).toBe(400);
    expect((await off(u.password, '123456')).statusCode).toBe(400);
    await t.db.update(secondFactors).set({ lastStep: null }).where(eq(secondFactors.userId, u.id));
    expect((await off(u.password, totpCode(secret))).statusCode).toBe(200);
    expect((await login(t.app, u.email, u.password)).json().access).toBeTypeOf('string');
  });

  it('is refused to a superuser', async () => {
    const s = await makeUser(t.db, { isSuperuser: true });
    const { access } = await tokensFor(t.app, s.email, s.password);
    const res = await call('POST', '/api/account/second-factor/disable/', access, {
      password: s.password,
      code: '000000',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('superusers need a factor', () => {
  it("refuse a superuser without one every superuser's and editor's call until it is set up", async () => {
    const s = await makeUser(t.db, { isSuperuser: true });
    const first = await login(t.app, s.email, s.password);
    const { access } = first.json();
    expect(access).toBeTypeOf('string');
    for (const url of ['/api/admin/resellers/', '/api/admin/promo-codes/', '/api/partner-logos/all/']) {
      const res = await call('GET', url, access);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe(ERROR_CODES.secondFactorSetupRequired);
    }
    expect((await call('GET', '/api/account/second-factor/', access)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    // The web app shows no editing meanwhile; the dashboard still knows a superuser (for its set-up screen).
    expect((await call('GET', '/api/check-editor/', access)).json()).toEqual({ is_editor: false });
    expect((await call('GET', '/api/check-superuser/', access)).json().is_superuser).toBe(true);
    const { secret } = (await call('POST', '/api/account/second-factor/setup/', access)).json();
    expect(
      (await call('POST', '/api/account/second-factor/confirm/', access, { code: totpCode(secret) }))
        .statusCode,
    ).toBe(200);
    // The same token works at once (the session cache forgets the old row on every instance).
    expect((await call('GET', '/api/admin/resellers/', access)).statusCode).toBe(200);
    expect((await call('GET', '/api/check-editor/', access)).json()).toEqual({ is_editor: true });
  });
});

describe('a superuser resets a lost factor', () => {
  it('with a fresh password; logged without a secret; the account signs in with its password again', async () => {
    const admin = await makeUser(t.db, { isSuperuser: true });
    const { access } = await tokensFor(t.app, admin.email, admin.password);
    const lost = await makeUser(t.db, { isEditor: true });
    const { secret } = await enrollFactor(t.app, lost.id);
    const lostSession = (
      await second(await pendingOf(lost.email, lost.password), totpCode(secret, 1))
    ).json();
    const reset = (headers: Record<string, string>, email = lost.email) =>
      t.app.inject({ method: 'POST', url: '/api/admin/second-factor/reset/', headers, payload: { email } });

    const noStepUp = await reset(bearer(access));
    expect(noStepUp.statusCode).toBe(403);
    expect(noStepUp.json().code).toBe(ERROR_CODES.stepUpRequired);
    const withStepUp = { ...bearer(access), [STEP_UP_HEADER]: stepUpProof(t.app.config.jwtSecret, admin.id) };
    expect((await reset(withStepUp, 'nobody@example.com')).statusCode).toBe(404);
    expect((await reset(withStepUp, lost.email.toUpperCase())).statusCode).toBe(200);

    const [logged] = await t.db
      .select()
      .from(editLog)
      .where(and(eq(editLog.entity, 'second_factor'), eq(editLog.entityKey, lost.id)));
    expect(logged.userId).toBe(admin.id);
    expect(logged.before).toEqual({ second_factor: true });
    expect(logged.after).toEqual({ second_factor: false });
    expect(JSON.stringify(logged)).not.toContain(secret);
    // The dashboard's activity log says it, with the superuser as its user.
    const activity = await t.app.inject({ url: '/api/analytics/?page_size=50', headers: bearer(access) });
    expect(activity.statusCode).toBe(200);
    const entry = activity
      .json()
      .userActivities.find((a: { action: string }) => a.action === 'second_factor_reset');
    expect(entry).toMatchObject({ user: admin.email });
    const [event] = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.action, 'second_factor_reset'));
    expect(event).toMatchObject({ source: 'server', userId: admin.id, details: { account_id: lost.id } });
    expect(JSON.stringify(activity.json())).not.toContain(secret);
    // Its sign-ins ended; the password alone signs in now.
    expect((await call('GET', '/api/account/second-factor/', lostSession.access)).statusCode).toBe(401);
    expect((await login(t.app, lost.email, lost.password)).json().access).toBeTypeOf('string');
  });

  it('is refused to an editor and to a customer', async () => {
    const victim = await makeUser(t.db);
    await enrollFactor(t.app, victim.id);
    for (const role of [{ isEditor: true }, {}]) {
      const u = await makeUser(t.db, role);
      const { access } = await tokensFor(t.app, u.email, u.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/second-factor/reset/',
        headers: { ...bearer(access), [STEP_UP_HEADER]: stepUpProof(t.app.config.jwtSecret, u.id) },
        payload: { email: victim.email },
      });
      expect(res.statusCode).toBe(403);
    }
    const [still] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(still.secondFactorAt).not.toBeNull();
  });
});

describe("the demo superuser of 'npm start'", () => {
  it('has its authenticator from the start; the file beside the passwords has its secret', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-demo-2fa-'));
    const { accounts } = await seedDemoAccounts(t.db, dir, {
      secondFactor: (id) => demoSecondFactor(t.db, t.app.config.jwtSecret, id),
    });
    const admin = accounts!.superuser;
    expect(admin.recovery_codes).toHaveLength(10);
    expect(JSON.parse(readFileSync(path.join(dir, 'demo-accounts.json'), 'utf8')).superuser.totp_secret).toBe(
      admin.totp_secret,
    );
    const pending = await pendingOf(admin.email, admin.password);
    expect((await second(pending, totpCode(admin.totp_secret!))).json().access).toBeTypeOf('string');
  });
});

describe('npm run admin -- user:second-factor-reset', () => {
  it('removes a lost authenticator from the shell (the last superuser who lost the phone)', async () => {
    const { run } = await import('../../cli');
    const s = await makeUser(t.db, { isSuperuser: true });
    const { access } = await tokensFor(t.app, s.email, s.password);
    const said = await run(
      t.database,
      'user:second-factor-reset',
      { email: s.email },
      { secret: t.app.config.jwtSecret },
    );
    expect(said).toContain('must set up a new one');
    // Its sign-ins ended.
    expect((await call('GET', '/api/account/second-factor/', access)).statusCode).toBe(401);
    const again = await login(t.app, s.email, s.password);
    expect(again.json()).toMatchObject({ second_factor_setup: true });
    const refused = await call('GET', '/api/admin/resellers/', again.json().access);
    expect(refused.json().code).toBe(ERROR_CODES.secondFactorSetupRequired);
  });
});
