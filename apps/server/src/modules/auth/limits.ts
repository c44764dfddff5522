/**
 * Rate limits of the accounts calls, on the shared DB counters (lib/rate-limit), so they hold across
 * instances. Keys never contain a password; e-mail keys are lower-cased so casing does not dodge them.
 */
import { AUTH_MESSAGES } from '@rome/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { hit, peek, reset, undo } from '../../lib/rate-limit';

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
} as const satisfies Record<string, readonly [number, number]>;

/** Counts one attempt under `key`; throws 429 {error, detail, retry_after} once over the limit. */
export async function limit(db: Db, key: string, kind: keyof typeof LIMITS): Promise<void> {
  const [max, windowSeconds] = LIMITS[kind];
  const r = await hit(db, `${kind}:${key}`, max, windowSeconds);
  if (!r.allowed) {
    const minutes = Math.max(1, Math.ceil(r.retryAfterSeconds / 60));
    const message = `${AUTH_MESSAGES.tooManyAttempts.replace('a while', `${minutes} minute${minutes === 1 ? '' : 's'}`)}`;
    throw new HttpError(429, { error: message, detail: message, retry_after: r.retryAfterSeconds });
  }
}

export const clearLimit = (db: Db, key: string, kind: keyof typeof LIMITS) => reset(db, `${kind}:${key}`);

/** Uncounts one attempt under `key` (e.g. a successful sign-in from an address). */
export const uncount = (db: Db, key: string, kind: keyof typeof LIMITS) => undo(db, `${kind}:${key}`);

/** Whether `key` is over its kind's limit, without counting an attempt. */
export async function overLimit(db: Db, key: string, kind: keyof typeof LIMITS): Promise<boolean> {
  return (await peek(db, `${kind}:${key}`)) >= LIMITS[kind][0];
}

/** The 429 of the accounts calls, for a limit found exceeded without counting. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = AUTH_MESSAGES.tooManyAttempts.replace(
    'a while',
    `${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
  return new HttpError(429, { error: message, detail: message, retry_after: retryAfterSeconds });
}

/** Counts one failure under `key` (no throw: the caller answers the failure itself). */
export const countFailure = (db: Db, key: string, kind: keyof typeof LIMITS) =>
  hit(db, `${kind}:${key}`, LIMITS[kind][0], LIMITS[kind][1]);
