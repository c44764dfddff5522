/** Profile, statistics and password reset rules (spec §2 Account page, §3 Profile and Statistics). */
import { createHmac, randomInt } from 'node:crypto';
import {
  AUTH_MESSAGES,
  isEmail,
  isPhoneNumber,
  type Profile,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MINUTES,
  type Statistics,
} from '@rome/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isUniqueViolation, normalizeEmail, type UserRow } from '../../lib/users';

const rowsOf = (result: any): any[] => result.rows ?? result;
/** Cents to a JSON number of euros with at most 2 decimals: 5850 -> 58.5. */
const euros = (cents: unknown): number => Math.round(Number(cents ?? 0)) / 100;

/** Days counted as "recent" in the statistics. */
export const RECENT_DAYS = 30;
/** Wrong codes before the account's reset is locked, and for how long. */
export const RESET_MAX_FAILURES = 5;
export const RESET_LOCK_MINUTES = 60;

async function paidTotals(db: Db, userId: string, sinceDays?: number) {
  const since =
    sinceDays === undefined
      ? sql``
      : sql`AND coalesce(paid_at, created_at) >= now() - make_interval(days => ${sinceDays})`;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT count(*)::int AS n, coalesce(sum(total_cents), 0)::bigint AS cents
      FROM orders WHERE user_id = ${userId} AND status = 'paid' ${since}`),
  );
  return { count: Number(row.n), cents: Number(row.cents) };
}

export async function profileOf(db: Db, user: UserRow): Promise<Profile> {
  const totals = await paidTotals(db, user.id);
  return {
    username: user.fullName,
    email: user.email,
    phone_number: user.phoneNumber,
    total_bookings: totals.count,
    member_since: user.createdAt.toISOString(),
    total_spent: euros(totals.cents),
  };
}

export async function statisticsOf(db: Db, userId: string): Promise<Statistics> {
  const all = await paidTotals(db, userId);
  const recent = await paidTotals(db, userId, RECENT_DAYS);
  const breakdown = rowsOf(
    await db.execute(sql`
      SELECT p.ticket_type AS kind, count(*)::int AS n
      FROM orders o JOIN packages p ON p.id = o.package_id
      WHERE o.user_id = ${userId} AND o.status = 'paid'
      GROUP BY p.ticket_type`),
  );
  const byKind = (kind: string) => Number(breakdown.find((r) => r.kind === kind)?.n ?? 0);
  const latest = rowsOf(
    await db.execute(sql`
      SELECT p.title, coalesce(o.paid_at, o.created_at) AS at, o.selected_date::text AS selected_date,
        s.starts_at AS visit_at, o.adult_count + o.youth_count AS tickets, o.total_cents
      FROM orders o JOIN packages p ON p.id = o.package_id LEFT JOIN slots s ON s.id = o.slot_id
      WHERE o.user_id = ${userId} AND o.status = 'paid'
      ORDER BY coalesce(o.paid_at, o.created_at) DESC
      LIMIT 5`),
  );
  return {
    total_purchases: all.count,
    total_spent: euros(all.cents),
    recent_purchases: recent.count,
    recent_spent: euros(recent.cents),
    purchase_breakdown: { bus_tours: byKind('bus_tour'), museum_tickets: byKind('museum') },
    recent_tickets: latest.map((r) => ({
      package: String(r.title),
      date: new Date(r.at).toISOString(),
      selected_date: r.selected_date ?? null,
      visit_at: r.visit_at ? new Date(r.visit_at).toISOString() : null,
      ticket_count: Number(r.tickets),
      total_price: euros(r.total_cents),
    })),
  };
}

/** Profile update's fields checked: both required; a valid address no other account has; the phone rule. */
export async function checkProfileInput(
  db: Db,
  user: UserRow,
  input: { email: string; phone_number: string },
): Promise<{ email: string; phone: string }> {
  const email = normalizeEmail(input.email);
  const phone = input.phone_number.trim();
  if (!email || !phone) throw badRequest(AUTH_MESSAGES.profileFieldsRequired);
  if (!isEmail(email)) throw badRequest(AUTH_MESSAGES.emailInvalid);
  if (!isPhoneNumber(phone)) throw badRequest(AUTH_MESSAGES.phoneInvalid);
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)))
    .limit(1);
  if (other) throw badRequest(AUTH_MESSAGES.emailInUse);
  return { email, phone };
}

/** Writes checked profile fields (see checkProfileInput). */
export async function writeProfile(
  db: Db,
  userId: string,
  fields: { email: string; phone: string },
): Promise<UserRow> {
  try {
    const [row] = await db
      .update(users)
      .set({ email: fields.email, phoneNumber: fields.phone, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(AUTH_MESSAGES.emailInUse);
    throw err;
  }
}

// ---- Password reset codes --------------------------------------------------------------------------

/** Codes are stored as HMAC-SHA256 under a key derived from the server secret, bound to the user. */
export function resetCodeHasher(secret: string) {
  const key = createHmac('sha256', secret).update('rome:password-reset-code:v1').digest();
  return (userId: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
}

/** RESET_CODE_LENGTH random digits (leading zeros kept). */
export const newResetCode = (): string =>
  String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');

/**
 * Stores a new code for the user, replacing an older one. The count of wrong tries is kept (a new
 * code does not buy five more guesses) unless an earlier lock has run out. While the account's reset
 * is locked nothing is stored and false is answered: no code is sent.
 */
export async function storeResetCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO password_resets (user_id, code_hash, expires_at, failed_attempts)
      VALUES (${userId}, ${codeHash}, now() + make_interval(mins => ${RESET_CODE_TTL_MINUTES}), 0)
      ON CONFLICT (user_id) DO UPDATE SET
        code_hash = EXCLUDED.code_hash,
        expires_at = EXCLUDED.expires_at,
        failed_attempts = CASE WHEN password_resets.locked_until IS NOT NULL THEN 0
          ELSE password_resets.failed_attempts END,
        locked_until = NULL,
        updated_at = now()
      WHERE password_resets.locked_until IS NULL OR password_resets.locked_until <= now()
      RETURNING user_id`),
  );
  return rows.length > 0;
}

/**
 * Spends the code when it matches, is unexpired and the reset is not locked (one statement, so a
 * code works once even when two requests race). Otherwise counts a wrong try; the fifth locks the
 * reset for an hour and voids the code.
 */
export async function consumeResetCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const spent = rowsOf(
    await db.execute(sql`
      DELETE FROM password_resets
      WHERE user_id = ${userId} AND code_hash = ${codeHash} AND expires_at > now()
        AND failed_attempts < ${RESET_MAX_FAILURES}
        AND (locked_until IS NULL OR locked_until <= now())
      RETURNING user_id`),
  );
  if (spent.length > 0) return true;
  await db.execute(sql`
    UPDATE password_resets SET
      failed_attempts = CASE WHEN locked_until IS NOT NULL THEN 1 ELSE failed_attempts + 1 END,
      code_hash = CASE WHEN locked_until IS NULL AND failed_attempts + 1 >= ${RESET_MAX_FAILURES}
        THEN NULL ELSE code_hash END,
      locked_until = CASE WHEN locked_until IS NULL AND failed_attempts + 1 >= ${RESET_MAX_FAILURES}
        THEN now() + make_interval(mins => ${RESET_LOCK_MINUTES}) ELSE NULL END,
      updated_at = now()
    WHERE user_id = ${userId} AND (locked_until IS NULL OR locked_until <= now())`);
  return false;
}
