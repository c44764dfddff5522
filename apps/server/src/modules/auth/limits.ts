/**
 * Rate limits of the accounts calls, on the shared DB counters (lib/rate-limit), so they hold across
 * instances. Keys never contain a password; e-mail keys are lower-cased so casing does not dodge them.
 */
import { AUTH_MESSAGES } from '@rome/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { hit, reset, undo } from '../../lib/rate-limit';

/** [max attempts, window seconds] per key kind. */
export const LIMITS = {
  loginPerIp: [30, 15 * 60],
  loginPerAccount: [10, 15 * 60],
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
