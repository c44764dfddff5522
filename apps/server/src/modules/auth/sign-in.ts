/**
 * The sign-in's statements: a sign-in is an argon2 hash and, besides it, as few round
 * trips to the database as can be. Before the hash: the limits' counters and the account, in one
 * statement. After it: the counters' reset and the refresh token, in one (tokens.ts issueAtSignIn).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { checkSignInGate, rowsOf, signInGateClauses } from '../../lib/limits';
import type { UserRow } from '../../lib/users';

const USER_COLUMNS = Object.entries(getTableColumns(users));

/** A row of `users` as SQL names it, mapped as drizzle's select would map it. */
function userFromRow(row: Record<string, unknown>): UserRow {
  const user: Record<string, unknown> = {};
  for (const [key, column] of USER_COLUMNS) {
    const value = row[column.name];
    user[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return user as UserRow;
}

/**
 * Counts the attempt (signInGateClauses) and reads the account of `email` (already normalised), in
 * one statement; throws the limits' 429 before anything else. Answers the account or null.
 */
export async function gateAndFindAccount(
  db: Db,
  ip: string,
  email: string,
  scope: '' | 'agent:' = '',
): Promise<UserRow | null> {
  const [row] = rowsOf<Record<string, unknown> & { counters: unknown }>(
    await db.execute(sql`
      WITH ${signInGateClauses(ip, email, scope)}
      SELECT (SELECT coalesce(json_agg(c), '[]'::json) FROM sign_in_counters c) AS counters, u.*
        FROM (SELECT 1) AS one LEFT JOIN users u ON u.email = ${email}`),
  );
  const counters = typeof row.counters === 'string' ? JSON.parse(row.counters) : row.counters;
  checkSignInGate(counters as { key: string; count: number; retry: number }[], ip, email, scope);
  return row.id ? userFromRow(row) : null;
}
