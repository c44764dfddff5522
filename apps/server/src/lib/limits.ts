/**
 * Rate limits of the accounts calls, on the shared DB counters (lib/rate-limit), so they hold across
 * instances. Keys never contain a password; e-mail keys are lower-cased so casing does not dodge them.
 */
import { tooManyAttemptsRefusal } from '@rome/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from './errors';
import { hit, reset } from './rate-limit';

/** [max attempts, window seconds] per key kind. */
export const LIMITS = {
  /** Failed sign-ins from one address, any accounts (a success is uncounted). */
  loginPerIp: [30, 15 * 60],
  /** Failed sign-ins to one account from one address: the guesser waits, the owner elsewhere does not. */
  loginPerIpAccount: [10, 15 * 60],
  /**
   * Failed sign-ins to one account from anywhere (guessing spread over many addresses): NIST SP
   * 800-63B allows at most 100. Not applied at an address that signed in to the account before.
   */
  loginPerAccount: [100, 60 * 60],
  registerPerIp: [10, 3600],
  registerPerEmail: [5, 3600],
  resetRequestPerIp: [10, 3600],
  resetRequestPerEmail: [5, 3600],
  resetVerifyPerIp: [30, 3600],
  resetVerifyPerEmail: [15, 3600],
  changePasswordPerUser: [10, 15 * 60],
  /**
   * Wrong second-factor codes (decision 051), counted like wrong passwords: from one address, to one
   * account from one address, to one account from anywhere. The last is tighter than the password's and
   * has no known-address exception: whoever reaches this step already has the password, and a 6-digit
   * code is a small space (20 tries an hour is some 1 in 16,000 a day with the drift window).
   */
  secondFactorPerIp: [30, 15 * 60],
  secondFactorPerIpAccount: [10, 15 * 60],
  secondFactorPerAccount: [20, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;

/** Counts one attempt under `key`; throws 429 {error, detail, retry_after} once over the limit. */
export async function limit(db: Db, key: string, kind: keyof typeof LIMITS): Promise<void> {
  const [max, windowSeconds] = LIMITS[kind];
  const r = await hit(db, `${kind}:${key}`, max, windowSeconds);
  if (!r.allowed) {
    throw tooManyAttempts(r.retryAfterSeconds);
  }
}

export const clearLimit = (db: Db, key: string, kind: keyof typeof LIMITS) => reset(db, `${kind}:${key}`);

/** The 429 of the accounts calls, for a limit found exceeded without counting. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  // With its catalogue message and minutes, so the page says it in its language (decision 024).
  const refusal = tooManyAttemptsRefusal(retryAfterSeconds);
  return new HttpError(429, { ...refusal, detail: refusal.error, retry_after: retryAfterSeconds });
}

/** Counts one failure under `key` (no throw: the caller answers the failure itself). */
export const countFailure = (db: Db, key: string, kind: keyof typeof LIMITS) =>
  hit(db, `${kind}:${key}`, LIMITS[kind][0], LIMITS[kind][1]);

/** How long a successful sign-in makes an address known to its account (past the account-wide limit). */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

/**
 * The counters of one sign-in (decision 014): failed sign-ins from the address (`loginPerIp`), to the
 * account from the address (`loginPerIpAccount`), to the account from anywhere (`loginPerAccount`), and
 * whether the address signed in to the account before (`loginKnown`). `scope` keeps the agents' app's
 * sign-ins apart from the shop's accounts ('agent:').
 */
function signInKeys(ip: string, email: string, scope: '' | 'agent:') {
  const pair = `${scope}${ip}|${email}`;
  return {
    ip: `loginPerIp:${ip}`,
    pair: `loginPerIpAccount:${pair}`,
    account: `loginPerAccount:${scope}${email}`,
    known: `loginKnown:${pair}`,
  };
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * Before the password is checked, in one statement (to cut the sign-in's own cost beside its
 * hash): counts the attempt for the address and for the address with this account, and reads the
 * account-wide count and whether this address is known to the account. As WITH clauses naming
 * `sign_in_counters` (key, count, retry), so the sign-in can read its account in the same statement
 * (sign-in.ts); `checkSignInGate` judges the rows.
 */
export function signInGateClauses(ip: string, email: string, scope: '' | 'agent:' = ''): SQL {
  const k = signInKeys(ip, email, scope);
  const [, ipWindow] = LIMITS.loginPerIp;
  const [, pairWindow] = LIMITS.loginPerIpAccount;
  return sql`sign_in_hits AS (
        INSERT INTO rate_limits (key, count, reset_at) VALUES
          (${k.ip}, 1, now() + make_interval(secs => ${ipWindow})),
          (${k.pair}, 1, now() + make_interval(secs => ${pairWindow}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING key, count, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry
      ),
      sign_in_counters AS (
        SELECT key, count, retry FROM sign_in_hits
        UNION ALL
        SELECT key, count, 0 FROM rate_limits WHERE key IN (${k.account}, ${k.known}) AND reset_at > now()
      )`;
}

/** Throws the 429 of the first limit exceeded, from the rows of `sign_in_counters`. */
export function checkSignInGate(
  rows: { key: string; count: number | string; retry: number | string }[],
  ip: string,
  email: string,
  scope: '' | 'agent:' = '',
): void {
  const k = signInKeys(ip, email, scope);
  const row = (key: string) => rows.find((r) => r.key === key);
  for (const [key, max] of [
    [k.ip, LIMITS.loginPerIp[0]],
    [k.pair, LIMITS.loginPerIpAccount[0]],
  ] as const) {
    const r = row(key);
    if (r && Number(r.count) > max) throw tooManyAttempts(Math.max(1, Number(r.retry)));
  }
  const accountCount = Number(row(k.account)?.count ?? 0);
  if (accountCount >= LIMITS.loginPerAccount[0] && Number(row(k.known)?.count ?? 0) === 0)
    throw tooManyAttempts(LIMITS.loginPerAccount[1]);
}

/** The sign-in gate on its own, in one statement. */
export async function signInGate(
  db: Db,
  ip: string,
  email: string,
  scope: '' | 'agent:' = '',
): Promise<void> {
  const rows = rowsOf<{ key: string; count: number; retry: number }>(
    await db.execute(
      sql`WITH ${signInGateClauses(ip, email, scope)} SELECT key, count, retry FROM sign_in_counters`,
    ),
  );
  checkSignInGate(rows, ip, email, scope);
}

/** A wrong password: one more failure against the account from anywhere. */
export const signInFailed = (db: Db, email: string, scope: '' | 'agent:' = '') =>
  countFailure(db, `${scope}${email}`, 'loginPerAccount');

/**
 * A sign-in that succeeded: the account's counters are cleared, the address is known to the account
 * for a month, and the attempt is taken back from the address's count (a hotel's shared address full
 * of tourists signing in must not lock the next one out). As WITH clauses, so the sign-in can run them
 * in the statement that stores its refresh token (tokens.ts issueAtSignIn): one round trip, not two.
 */
export function signInSucceededClauses(ip: string, email: string, scope: '' | 'agent:' = ''): SQL {
  const k = signInKeys(ip, email, scope);
  return sql`cleared AS (DELETE FROM rate_limits WHERE key IN (${k.pair}, ${k.account})),
    uncounted AS (UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${k.ip}),
    known AS (
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${k.known}, 1, now() + make_interval(secs => ${KNOWN_ADDRESS_SECONDS}))
      ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = EXCLUDED.reset_at)`;
}

/** signInSucceededClauses on their own, in one statement. */
export async function signInSucceeded(
  db: Db,
  ip: string,
  email: string,
  scope: '' | 'agent:' = '',
): Promise<void> {
  await db.execute(sql`WITH ${signInSucceededClauses(ip, email, scope)} SELECT 1`);
}
