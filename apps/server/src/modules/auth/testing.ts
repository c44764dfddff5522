/** Helpers for the accounts tests: make accounts, sign in, call with a Bearer token. */
import { randomBytes } from 'node:crypto';
import { secondFactorRequired, TOTP_PERIOD_SECONDS } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { secondFactors } from '../../db/schema';
import { createUser, findUserByEmail, findUserById } from '../../lib/users';

let n = 0;
/** A fresh account with a unique e-mail and a strong random password. */
export async function makeUser(
  db: Db,
  opts: { email?: string; isEditor?: boolean; isSuperuser?: boolean; fullName?: string } = {},
) {
  n++;
  const email = opts.email ?? `user${n}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  const user = await createUser(db, {
    email,
    fullName: opts.fullName ?? `Test User ${n}`,
    phoneNumber: '3912345678',
    password,
    isEditor: opts.isEditor,
    isSuperuser: opts.isSuperuser,
  });
  return { id: user.id, email: user.email, password };
}

/** A made-up client address per call site, so rate limits of one test do not touch another. */
export const ip = () => `10.${(n >> 8) & 255}.${n++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

export async function login(app: FastifyInstance, username: string, password: string, remoteAddress = ip()) {
  return app.inject({
    method: 'POST',
    url: '/api/api/token/',
    payload: { username, password },
    remoteAddress,
  });
}

export async function tokensFor(app: FastifyInstance, email: string, password: string) {
  const res = await signInFully(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access: string; refresh: string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The authenticator code of `secret` now (or `steps` 30-second steps from now), as an app shows it. */
export const totpCode = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * TOTP_PERIOD_SECONDS * 1000,
  });

/** The TOTP secrets of the test accounts that have a second factor, by account id. */
export const factorSecrets = new Map<string, string>();

/**
 * Turns a second factor on for the account through the real set-up and answers its secret and recovery
 * codes. The first code's step is taken then, so a sign-in right after needs the next step's code
 * (signInCode below forgets it, as a test may).
 */
export async function enrollFactor(app: FastifyInstance, userId: string) {
  const user = (await findUserById(app.db, userId))!;
  const started = await app.secondFactor.startSetup(user);
  if (!started) throw new Error('the account already has a second factor');
  const codes = await app.secondFactor.confirm(user, totpCode(started.secret));
  if (!Array.isArray(codes)) throw new Error(`set-up not confirmed: ${codes}`);
  app.tokens.userChanged(userId);
  factorSecrets.set(userId, started.secret);
  return { secret: started.secret, recoveryCodes: codes };
}

/**
 * A code the sign-in will take now for a test account: the step last taken is forgotten first (a test
 * helper's licence: the replay rule itself is tested in second-factor.test.ts).
 */
export async function signInCode(app: FastifyInstance, userId: string): Promise<string> {
  const secret = factorSecrets.get(userId);
  if (!secret) throw new Error('no known second factor for this account');
  await app.db.update(secondFactors).set({ lastStep: null }).where(eq(secondFactors.userId, userId));
  return totpCode(secret);
}

/**
 * Signs in with the password and, for an account with a factor, the code; a superuser without one gets
 * it first (decision 051: superusers must have one). Answers the final response.
 */
export async function signInFully(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = ip(),
) {
  const account = await findUserByEmail(app.db, email);
  if (account && secondFactorRequired(account) && !account.secondFactorAt)
    await enrollFactor(app, account.id);
  const first = await login(app, email, password, remoteAddress);
  if (first.statusCode !== 200 || !first.json().pending) return first;
  return app.inject({
    method: 'POST',
    url: '/api/session/second-factor/',
    payload: { pending: first.json().pending, code: await signInCode(app, account!.id) },
    remoteAddress,
  });
}
