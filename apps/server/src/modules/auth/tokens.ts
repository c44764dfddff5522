/**
 * The token pair (spec §3 Login response): short-lived access tokens and single-use refresh tokens,
 * HS256 JWTs (signed in jwt-sign.ts, verified with jose). Every token names its type (`token_type`), so a refresh token is
 * refused where an access token is wanted and the reverse; only HS256 is accepted (no `none`, no
 * other algorithm). `iat_ms` is the issue time in milliseconds: JWT `iat` has whole seconds, too
 * coarse to tell a token issued just before a password change from one issued just after.
 *
 * Refresh tokens are rows in `refresh_tokens`, grouped in families (one sign-in and its rotations).
 * Using one marks it used and hands out the next; presenting a used one again means it was copied,
 * so the whole family is revoked. A family ends 30 days after the sign-in whatever happens.
 *
 * Access tokens carry their family (`fid`): a revoked family's access tokens stop working at once,
 * as do tokens issued before the account's `tokens_valid_after`. Both are checked against the
 * in-memory session cache (session-cache.ts), which every revocation clears on every instance.
 */
import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_FAMILY_MAX_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@rome/contract';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { errors, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { findUserById, type UserRow } from '../../lib/users';
import { hs256Signer } from './jwt-sign';
import { createSessionCache, type SessionCache } from './session-cache';

export type TokenType = 'access' | 'refresh';
export type TokenPair = { access: string; refresh: string };
export type TokenClaims = {
  userId: string;
  type: TokenType;
  iatMs: number;
  jti: string;
  /** The sign-in family of an access token (tokens issued before decision 015 have none). */
  familyId?: string;
};

const ALG = 'HS256';
/** Access tokens kept as checked (tokens.ts decode): some 3 MB at most. */
const CHECKED_TOKENS_MAX = 10_000;

/** A token that is malformed, badly signed, expired, of the wrong type, used or revoked. */
export class InvalidTokenError extends Error {
  constructor(reason = 'invalid') {
    super(reason);
  }
}

const rowsOf = (result: any): any[] => result.rows ?? result;

export type TokenService = ReturnType<typeof createTokenService>;

/** Without a change feed (scripts), nothing is kept in memory: every check reads the database. */
const uncached = (db: Db) =>
  createSessionCache({ db, feed: { onPrefix() {}, notify() {}, live: () => false } });

export function createTokenService(db: Db, secret: string, sessions: SessionCache = uncached(db)) {
  // Imported once: given the secret's bytes, jose imports an HMAC key again for every token it checks.
  const secretBytes = new TextEncoder().encode(secret);
  const key = crypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A secret it refuses fails each sign and check that awaits it, not the process.
  key.catch(() => {});

  const signClaims = hs256Signer(secretBytes);

  /** Signed here, verified by jose (decode): the same claims SignJWT wrote, iat and exp in seconds. */
  async function sign(
    userId: string,
    type: TokenType,
    jti: string,
    iatMs: number,
    expiresAtMs: number,
    familyId?: string,
  ): Promise<string> {
    return signClaims({
      token_type: type,
      iat_ms: iatMs,
      ...(familyId ? { fid: familyId } : {}),
      sub: userId,
      jti,
      iat: Math.floor(iatMs / 1000),
      exp: Math.floor(expiresAtMs / 1000),
    });
  }

  /**
   * Access tokens whose signature was already checked, until they expire: a buyer's every
   * call carries the same token, and jose's HMAC check through WebCrypto was some 7% of a purchase's
   * CPU. The same string carries the same signature, so it is not checked again; what ends a token
   * sooner (its sign-in revoked, a password change) is asked of the session cache on every call, as
   * before. Bounded: past the limit the oldest entry goes.
   */
  const checked = new Map<string, { claims: TokenClaims; expS: number }>();

  /** Checks signature, algorithm, expiry and type; nothing in the database. */
  async function decode(token: string, type: TokenType | 'any'): Promise<TokenClaims> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 2048) throw new InvalidTokenError();
    const known = checked.get(token);
    if (known) {
      // jose's own rule: a token whose exp is now or earlier has expired.
      if (known.expS <= Math.floor(Date.now() / 1000)) {
        checked.delete(token);
        throw new InvalidTokenError('ERR_JWT_EXPIRED');
      }
      if (type !== 'any' && known.claims.type !== type) throw new InvalidTokenError('type');
      return known.claims;
    }
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [ALG],
        requiredClaims: ['sub', 'exp', 'jti', 'iat_ms', 'token_type'],
      });
      const t = payload.token_type;
      if (t !== 'access' && t !== 'refresh') throw new InvalidTokenError('type');
      if (type !== 'any' && t !== type) throw new InvalidTokenError('type');
      if (typeof payload.iat_ms !== 'number' || typeof payload.sub !== 'string')
        throw new InvalidTokenError();
      const familyId = typeof payload.fid === 'string' ? payload.fid : undefined;
      const claims: TokenClaims = {
        userId: payload.sub,
        type: t,
        iatMs: payload.iat_ms,
        jti: payload.jti!,
        familyId,
      };
      if (t === 'access') {
        if (checked.size >= CHECKED_TOKENS_MAX) checked.delete(checked.keys().next().value!);
        checked.set(token, { claims, expS: payload.exp! });
      }
      return claims;
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof errors.JOSEError) throw new InvalidTokenError(err.code);
      throw new InvalidTokenError();
    }
  }

  /** A token is void when it was issued before the account's last password change. */
  const issuedBeforeChange = (user: UserRow, iatMs: number) => iatMs < user.tokensValidAfter.getTime();

  /**
   * Issues a pair for a user: a new family at sign-in, or the next member of `family` on rotation.
   * Stamped no earlier than the user's tokens_valid_after, so it survives a change made this moment.
   */
  async function issuePair(
    user: Pick<UserRow, 'id' | 'tokensValidAfter'>,
    family?: { familyId: string; familyStartedAt: Date },
    alongside?: SQL,
  ): Promise<TokenPair> {
    const iatMs = Math.max(Date.now(), user.tokensValidAfter.getTime());
    const familyId = family?.familyId ?? randomUUID();
    const familyStartedAt = family?.familyStartedAt ?? new Date(iatMs);
    const refreshExpires = Math.min(
      iatMs + REFRESH_TOKEN_TTL_SECONDS * 1000,
      familyStartedAt.getTime() + REFRESH_FAMILY_MAX_SECONDS * 1000,
    );
    if (refreshExpires <= Date.now()) throw new InvalidTokenError('family expired');
    const id = randomUUID();
    // Written as SQL (not the query builder): the sign-in's hottest statement, built on every call.
    const insert = sql`INSERT INTO refresh_tokens (id, user_id, family_id, family_started_at, expires_at)
      VALUES (${id}, ${user.id}, ${familyId}, ${familyStartedAt.toISOString()}, ${new Date(refreshExpires).toISOString()})`;
    await db.execute(alongside ? sql`WITH ${alongside} ${insert}` : insert);
    return {
      access: await sign(
        user.id,
        'access',
        randomUUID(),
        iatMs,
        iatMs + ACCESS_TOKEN_TTL_SECONDS * 1000,
        familyId,
      ),
      refresh: await sign(user.id, 'refresh', id, iatMs, refreshExpires),
    };
  }

  /**
   * A sign-in's pair: a new family, its refresh token stored in the same statement as `clauses` (the
   * sign-in's WITH clauses, limits.ts signInSucceededClauses), so the sign-in makes one round trip
   * fewer. The clauses run whatever the insert does, all or nothing.
   */
  const issueAtSignIn = (user: Pick<UserRow, 'id' | 'tokensValidAfter'>, clauses: SQL) =>
    issuePair(user, undefined, clauses);

  /** Ends a sign-in: its refresh tokens and, on every instance at once, its access tokens. */
  async function revokeFamily(familyId: string): Promise<void> {
    const revoked = await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId });
    for (const userId of new Set(revoked.map((r) => r.userId))) sessions.changed(userId);
  }

  /** Ends every sign-in of the account but `keepFamilyId` (the caller's own), on every instance at once. */
  async function revokeOtherFamilies(userId: string, keepFamilyId?: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
        ),
      );
    sessions.changed(userId);
  }

  /** The account of a good access token: not revoked by a password change or by its sign-in's end. */
  async function accessState(claims: TokenClaims): Promise<UserRow | null> {
    const state = await sessions.get(claims.userId);
    if (!state || state.user.deletedAt || issuedBeforeChange(state.user, claims.iatMs)) return null;
    if (claims.familyId && state.revokedFamilies.has(claims.familyId)) return null;
    return state.user;
  }

  /** The user an access token belongs to, or null when it is not a good access token. */
  async function userFromAccessToken(token: string): Promise<UserRow | null> {
    try {
      return await accessState(await decode(token, 'access'));
    } catch (err) {
      if (err instanceof InvalidTokenError) return null;
      throw err;
    }
  }

  /** Spends a refresh token and answers the next pair of its family. Throws InvalidTokenError. */
  async function rotate(token: string): Promise<TokenPair> {
    const claims = await decode(token, 'refresh');
    // One atomic statement decides who spends the token, so two racing requests cannot both win.
    const spent = rowsOf(
      await db.execute(sql`
        UPDATE refresh_tokens SET used_at = now()
        WHERE id = ${claims.jti} AND user_id = ${claims.userId}
          AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING family_id, family_started_at`),
    )[0];
    if (!spent) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, claims.jti)).limit(1);
      // A used token presented again: someone holds a copy. End the whole sign-in.
      if (row?.usedAt) await revokeFamily(row.familyId);
      throw new InvalidTokenError('used, revoked or unknown');
    }
    const familyId = String(spent.family_id);
    const user = await findUserById(db, claims.userId);
    if (!user || issuedBeforeChange(user, claims.iatMs)) {
      await revokeFamily(familyId);
      throw new InvalidTokenError('account changed');
    }
    return issuePair(user, { familyId, familyStartedAt: new Date(spent.family_started_at) });
  }

  /**
   * token/verify/: true for a good access token, or a refresh token that is still the live member
   * of its family (not used, revoked or expired) of an account whose password has not changed since.
   */
  async function verify(token: string): Promise<boolean> {
    try {
      const claims = await decode(token, 'any');
      if (claims.type === 'access') return (await accessState(claims)) !== null;
      const user = await findUserById(db, claims.userId);
      if (!user || issuedBeforeChange(user, claims.iatMs)) return false;
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, claims.jti)).limit(1);
      return Boolean(row && !row.usedAt && !row.revokedAt && row.expiresAt.getTime() > Date.now());
    } catch (err) {
      if (err instanceof InvalidTokenError) return false;
      throw err;
    }
  }

  /** Logout: ends the refresh token's family. Throws InvalidTokenError for a bad token. */
  async function blacklist(token: string): Promise<void> {
    const claims = await decode(token, 'refresh');
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, claims.jti)).limit(1);
    if (!row || row.userId !== claims.userId) throw new InvalidTokenError('unknown');
    await revokeFamily(row.familyId);
  }

  return {
    issuePair,
    issueAtSignIn,
    decode,
    userFromAccessToken,
    rotate,
    verify,
    blacklist,
    revokeFamily,
    revokeOtherFamilies,
    /** The account changed (row or tokens_valid_after): forget its cached state on every instance. */
    userChanged: (userId: string) => sessions.changed(userId),
    sessions,
  };
}
