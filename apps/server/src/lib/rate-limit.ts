/**
 * Fixed-window counters in the database, so a limit holds across every instance of the shop.
 * `hit` counts one attempt and says whether it is still within the limit.
 */
import { AUTH_MESSAGES } from '@rome/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedSql } from '../db/prepared';
import { HttpError } from './errors';

/** The counter's upsert: one more attempt under `key` in a window of `seconds`; answers count, retry. */
const countSql = (key: unknown, seconds: unknown) => sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now()
        THEN now() + make_interval(secs => ${seconds}) ELSE rate_limits.reset_at END
    RETURNING count, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry`;

/** One attempt counted, prepared once (every sign-in, checkout and claim asks it, decision 029). */
const hitStatement = preparedSql<{ count: number; retry: number }>('rate_limit_hit', () =>
  countSql(sql.placeholder('key'), sql.placeholder('seconds')),
);

/**
 * The same count as a WITH named `hit` (columns count and retry), for a statement that reads beside
 * it: one round trip for both (decision 029). Its values are the placeholders `limitKey`, `limitSeconds`.
 */
export const hitWith = (db: Db) =>
  db
    .$with('hit', {
      count: sql<number>`count`.mapWith(Number).as('count'),
      retry: sql<number>`retry`.mapWith(Number).as('retry'),
    })
    .as(countSql(sql.placeholder('limitKey'), sql.placeholder('limitSeconds')));

/** What a count means against `limit`. */
export const judged = (row: { count: number; retry: number }, limit: number) => {
  const count = Number(row.count);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Number(row.retry)) };
};

export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const [row] = await hitStatement.execute(db, { key, seconds: windowSeconds });
  return judged(row, limit);
}

/** Throws 429 with a plain message when the key is over its limit. */
export async function enforce(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  refuseOver(await hit(db, key, limit, windowSeconds));
}

/** Throws the 429 of a count over its limit (`hit`, or `judged` of a `hitWith`). */
export function refuseOver(r: { allowed: boolean; retryAfterSeconds: number }): void {
  if (!r.allowed) {
    throw new HttpError(429, {
      error: AUTH_MESSAGES.tooManyAttempts,
      retry_after: r.retryAfterSeconds,
    });
  }
}

/**
 * Takes one attempt back from the counter (an attempt counted before it was judged, that turned out to
 * be rightful): with `hit` first and `unhit` on success, only failures stay counted, yet attempts sent
 * at once are each counted before any is judged, so none passes a limit the others already reached.
 */
export async function unhit(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}

/** Clears a counter (e.g. after a successful sign-in). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** The count under `key` in its current window, without counting (0 when there is none). */
export async function peek(db: Db, key: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count FROM rate_limits WHERE key = ${key} AND reset_at > now()`,
  );
  const row = (result as any).rows?.[0] ?? (result as any)[0];
  return row ? Number(row.count) : 0;
}

/**
 * Remembers that `key` (e.g. an address that signed in to an account) succeeded, for `seconds`;
 * `known` asks. Kept in the same table, as a counter whose window is the memory.
 */
export async function remember(db: Db, key: string, seconds: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = now() + make_interval(secs => ${seconds})`);
}
export const known = async (db: Db, key: string): Promise<boolean> => (await peek(db, key)) > 0;
