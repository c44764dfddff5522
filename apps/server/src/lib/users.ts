/** Accounts: lookup by e-mail, creation and password changes (shared by the routes and the admin CLI). */
import { AUTH_MESSAGES, FULL_NAME_MAX_LENGTH, isEmail, isPhoneNumber } from '@rome/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { passwordProblem } from './password-policy';
import { hashSecret } from './passwords';

export type UserRow = typeof users.$inferSelect;

/** The username is the e-mail, stored lower-case: casing never makes two accounts. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** True when the error is PostgreSQL's unique violation (two sign-ups racing for one address). */
export const isUniqueViolation = (err: any): boolean =>
  err?.code === '23505' || err?.cause?.code === '23505' || /unique|duplicate key/i.test(String(err?.message));

export type NewUser = {
  email: string;
  fullName: string;
  phoneNumber: string;
  password: string;
  isEditor?: boolean;
  isSuperuser?: boolean;
};

/** The first rule a new account breaks, or null. Order as spec §5: e-mail, phone, then password. */
export function newUserProblem(u: NewUser): string | null {
  if (!u.fullName.trim() || !u.email.trim() || !u.phoneNumber.trim() || !u.password)
    return AUTH_MESSAGES.fieldsRequired;
  if (u.fullName.trim().length > FULL_NAME_MAX_LENGTH) return AUTH_MESSAGES.fullNameTooLong;
  if (!isEmail(normalizeEmail(u.email))) return AUTH_MESSAGES.emailInvalid;
  if (!isPhoneNumber(u.phoneNumber.trim())) return AUTH_MESSAGES.phoneInvalid;
  return passwordProblem(u.password);
}

export class EmailTakenError extends Error {
  constructor() {
    super(AUTH_MESSAGES.emailTaken);
  }
}

/** Creates an account (validated first). Throws EmailTakenError when the address has an account. */
export async function createUser(db: Db, u: NewUser): Promise<UserRow> {
  const problem = newUserProblem(u);
  if (problem) throw new Error(problem);
  const email = normalizeEmail(u.email);
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const passwordHash = await hashSecret(u.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        email,
        fullName: u.fullName.trim(),
        phoneNumber: u.phoneNumber.trim(),
        passwordHash,
        isEditor: u.isEditor ?? false,
        isSuperuser: u.isSuperuser ?? false,
        tokensValidAfter: new Date(),
      })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailTakenError();
    throw err;
  }
}

/**
 * Sets a new password and signs the account out everywhere: tokens carry a millisecond issue time
 * (`iat_ms`) and any token issued before `tokens_valid_after` is refused. The moment is set 1 ms
 * past now, so a token issued in this very millisecond is void too; new tokens are stamped no
 * earlier than it (see tokens.ts), so the pair handed out right after the change works.
 */
export async function setPassword(db: Db, userId: string, password: string): Promise<UserRow> {
  const passwordHash = await hashSecret(password);
  const validAfter = new Date(Date.now() + 1);
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokensValidAfter: validAfter, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  return row;
}
