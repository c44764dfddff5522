/**
 * The second factor (decision 051): an authenticator app's TOTP (RFC 6238, through the `otpauth`
 * library) with one-time recovery codes. Required by role (contract `secondFactorRequired`: superusers),
 * optional for everyone else.
 *
 * - Sign-in (routes.ts): a right password of an account with a factor answers a pending proof and no
 *   token. The proof is an HMAC of the account, an expiry (5 minutes) and the account's
 *   tokens_valid_after (a password change voids it): unguessable, bound to the account, no table.
 * - POST /api/session/second-factor/ takes the proof and a code and answers the token pair. A TOTP code
 *   is taken only for a 30-second step later than the last one taken (`last_step`, set in one atomic
 *   UPDATE): the same code, or an older one, is refused however fast it is replayed. A recovery code is
 *   spent by an atomic UPDATE too. Wrong codes are throttled like passwords (decision 014, LIMITS
 *   secondFactor*): per address, per address and account, per account.
 * - The secret is sealed with AES-256-GCM under a key derived from JWT_SECRET (lib/secret-box.ts,
 *   decision 052);
 *   recovery codes are stored as HMAC-SHA-256 under another derived key.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
  SECOND_FACTOR_PENDING_SECONDS,
  type StaffAction,
  secondFactorRequired,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
} from '@rome/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { type Db, txDb } from '../../db/client';
import { activityEvents, recoveryCodes, secondFactors, users } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, HttpError } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { clearLimit, countFailure, LIMITS, limit, rowsOf, tooManyAttempts } from '../../lib/limits';
import { verifySecret } from '../../lib/passwords';
import { secretBox } from '../../lib/secret-box';
import { findUserByEmail, findUserById, normalizeEmail, type UserRow } from '../../lib/users';
import { matrixSvg, qrMatrix } from '../orders/ticket-qr';

/** One step of drift either way: a phone's clock a little off still works (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** An account id as the database takes it (anything else would be its error, not a refusal). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** The 30-second step a right code belongs to, or null. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** A recovery code: 10 letters and digits (50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** What a person types, as compared: no spaces or dashes, lower case. */
const normalCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

export function createSecondFactorService(db: Db, serverSecret: string) {
  const box = secretBox(serverSecret, 'second factor secret');
  const pendingKey = createHmac('sha256', serverSecret).update('rome-tickets second factor pending').digest();
  const recoveryKey = createHmac('sha256', serverSecret).update('rome-tickets recovery codes').digest();
  const recoveryHash = (code: string) =>
    createHmac('sha256', recoveryKey).update(normalCode(code)).digest('base64url');

  const pendingMac = (userId: string, expires: number, validAfterMs: number) =>
    createHmac('sha256', pendingKey).update(`${userId}:${expires}:${validAfterMs}`).digest('base64url');

  /** The proof a right password gives an account with a factor. */
  function pendingProof(user: Pick<UserRow, 'id' | 'tokensValidAfter'>, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + SECOND_FACTOR_PENDING_SECONDS;
    return `p1.${user.id}.${expires}.${pendingMac(user.id, expires, user.tokensValidAfter.getTime())}`;
  }

  /** The account a pending proof names while it is good, or null (expired, forged, password changed). */
  async function pendingAccount(proof: string): Promise<UserRow | null> {
    const [version, userId, expiresText, mac] = proof.split('.');
    const expires = Number(expiresText);
    if (version !== 'p1' || !userId || !mac || !Number.isInteger(expires) || expires <= Date.now() / 1000)
      return null;
    if (!UUID.test(userId)) return null;
    const user = await findUserById(db, userId);
    if (!user || user.deletedAt || !user.secondFactorAt) return null;
    const want = Buffer.from(pendingMac(userId, expires, user.tokensValidAfter.getTime()));
    const got = Buffer.from(mac);
    return want.length === got.length && timingSafeEqual(want, got) ? user : null;
  }

  async function factorRow(userId: string) {
    const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
    return row ?? null;
  }
  const secretOf = (row: { userId: string; secret: string }) => box.open(row.secret, row.userId);

  /**
   * Spends a code of a confirmed factor: a TOTP code of a step later than the last taken, or an unused
   * recovery code. True when it was taken.
   */
  async function spendCode(userId: string, code: string): Promise<boolean> {
    const typed = normalCode(code);
    if (/^\d+$/.test(typed)) {
      const row = await factorRow(userId);
      const secret = row?.confirmedAt ? secretOf(row) : null;
      const step = secret ? totpStep(secret, typed) : null;
      if (step === null) return false;
      const taken = await db
        .update(secondFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(secondFactors.userId, userId),
            sql`(${secondFactors.lastStep} IS NULL OR ${secondFactors.lastStep} < ${step})`,
          ),
        )
        .returning({ userId: secondFactors.userId });
      return taken.length === 1;
    }
    if (typed.length !== 10) return false;
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryHash(typed)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ userId: recoveryCodes.userId });
    return spent.length === 1;
  }

  /** A new, unconfirmed secret for the account (replacing an unconfirmed one); null when one is on. */
  async function startSetup(user: UserRow): Promise<{ secret: string; uri: string; qr_svg: string } | null> {
    if (user.secondFactorAt) return null;
    const secret = new Secret({ size: 20 }).base32;
    const sealed = box.seal(secret, user.id);
    await db
      .insert(secondFactors)
      .values({ userId: user.id, secret: sealed })
      .onConflictDoUpdate({
        target: secondFactors.userId,
        set: { secret: sealed, lastStep: null, confirmedAt: null, createdAt: sql`now()` },
      });
    const uri = totpOf(secret, user.email).toString();
    // Drawn as the tickets' QR codes are (one matrix, an SVG path).
    return { secret, uri, qr_svg: matrixSvg(qrMatrix(uri)) };
  }

  /**
   * Turns the factor on with its first code: answers the recovery codes (kept only hashed), or
   * 'wrong' for a wrong code and 'none' when no set-up was started.
   */
  async function confirm(user: UserRow, code: string): Promise<string[] | 'wrong' | 'none'> {
    const row = await factorRow(user.id);
    if (!row || row.confirmedAt || user.secondFactorAt) return 'none';
    const secret = secretOf(row);
    if (!secret) return 'none';
    const step = totpStep(secret, normalCode(code));
    if (step === null) return 'wrong';
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const confirmed = await db.transaction(async (tx) => {
      // Only the set-up read above, still unconfirmed: of two confirmations at once, one wins.
      const won = await tx
        .update(secondFactors)
        .set({ confirmedAt: sql`now()`, lastStep: step })
        .where(
          and(
            eq(secondFactors.userId, user.id),
            eq(secondFactors.secret, row.secret),
            isNull(secondFactors.confirmedAt),
          ),
        )
        .returning({ userId: secondFactors.userId });
      if (won.length === 0) return false;
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tx
        .insert(recoveryCodes)
        .values(codes.map((c) => ({ userId: user.id, codeHash: recoveryHash(c) })));
      await tx.update(users).set({ secondFactorAt: sql`now()` }).where(eq(users.id, user.id));
      return true;
    });
    return confirmed ? codes : 'none';
  }

  /** Removes the account's factor and recovery codes (turned off, or reset by a superuser). */
  async function remove(dbOrTx: Db, userId: string): Promise<void> {
    await dbOrTx.delete(secondFactors).where(eq(secondFactors.userId, userId));
    await dbOrTx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await dbOrTx.update(users).set({ secondFactorAt: null }).where(eq(users.id, userId));
  }

  async function recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  return { pendingProof, pendingAccount, spendCode, startSetup, confirm, remove, recoveryCodesLeft };
}

// ---- Throttling the code (decision 014's rules, decision 051's numbers) -----------------------------

/** [key, kind] of each counter; the rate_limits row is `${kind}:${key}` (limits.ts). */
const gateKeys = (ip: string, userId: string) => ({
  ip: [ip, 'secondFactorPerIp'] as const,
  pair: [`${ip}:${userId}`, 'secondFactorPerIpAccount'] as const,
  account: [userId, 'secondFactorPerAccount'] as const,
});

/** 429 when the address, the address with this account, or the account has had too many wrong codes. */
async function checkCodeGate(db: Db, ip: string, userId: string): Promise<void> {
  const k = gateKeys(ip, userId);
  const all = [k.ip, k.pair, k.account];
  const rows = rowsOf<{ key: string; count: number; retry: number }>(
    await db.execute(sql`SELECT key, count, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry
      FROM rate_limits WHERE key IN (${sql.join(
        all.map(([key, kind]) => sql`${`${kind}:${key}`}`),
        sql`, `,
      )}) AND reset_at > now()`),
  );
  for (const [key, kind] of all) {
    const row = rows.find((r) => r.key === `${kind}:${key}`);
    if (row && Number(row.count) >= LIMITS[kind][0]) throw tooManyAttempts(Math.max(1, Number(row.retry)));
  }
}

async function codeFailed(db: Db, ip: string, userId: string): Promise<void> {
  const k = gateKeys(ip, userId);
  for (const [key, kind] of [k.ip, k.pair, k.account]) await countFailure(db, key, kind);
}

async function codeSucceeded(db: Db, ip: string, userId: string): Promise<void> {
  const k = gateKeys(ip, userId);
  for (const [key, kind] of [k.pair, k.account]) await clearLimit(db, key, kind);
}

const codeWrong = () =>
  new HttpError(400, {
    error: SECOND_FACTOR_MESSAGES.secondFactorWrong,
    code: ERROR_CODES.secondFactorWrong,
  });

declare module 'fastify' {
  interface FastifyInstance {
    secondFactor: SecondFactorService;
  }
}

export const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  const factor = app.secondFactor;

  route(app, 'POST /api/session/second-factor/', async (req) => {
    const { pending, code } = req.body;
    const user = await factor.pendingAccount(pending);
    if (!user)
      throw new HttpError(401, {
        error: SECOND_FACTOR_MESSAGES.secondFactorExpired,
        code: ERROR_CODES.secondFactorExpired,
      });
    await checkCodeGate(app.db, limitAddress(req.ip), user.id);
    if (!(await factor.spendCode(user.id, code))) {
      await codeFailed(app.db, limitAddress(req.ip), user.id);
      throw codeWrong();
    }
    await codeSucceeded(app.db, limitAddress(req.ip), user.id);
    return app.tokens.issuePair(user);
  });

  route(app, 'GET /api/account/second-factor/', async (req) => {
    const user = signedIn(req);
    return {
      enabled: Boolean(user.secondFactorAt),
      required: secondFactorRequired(user),
      recovery_codes_left: user.secondFactorAt ? await factor.recoveryCodesLeft(user.id) : 0,
    };
  });

  route(app, 'POST /api/account/second-factor/setup/', async (req) => {
    const started = await factor.startSetup(signedIn(req));
    if (!started)
      throw new HttpError(409, {
        error: SECOND_FACTOR_MESSAGES.secondFactorAlreadyOn,
        code: ERROR_CODES.conflict,
      });
    return started;
  });

  route(app, 'POST /api/account/second-factor/confirm/', async (req) => {
    const user = signedIn(req);
    await limit(app.db, user.id, 'changePasswordPerUser');
    const answer = await factor.confirm(user, req.body.code);
    if (answer === 'none')
      throw new HttpError(409, {
        error: SECOND_FACTOR_MESSAGES.secondFactorNotStarted,
        code: ERROR_CODES.conflict,
      });
    if (answer === 'wrong') throw codeWrong();
    await clearLimit(app.db, user.id, 'changePasswordPerUser');
    app.tokens.userChanged(user.id);
    return { recovery_codes: answer };
  });

  route(app, 'POST /api/account/second-factor/disable/', async (req) => {
    const user = signedIn(req);
    if (secondFactorRequired(user))
      throw new HttpError(403, {
        error: SECOND_FACTOR_MESSAGES.secondFactorCannotTurnOff,
        code: ERROR_CODES.forbidden,
      });
    if (!user.secondFactorAt) return {};
    await limit(app.db, user.id, 'changePasswordPerUser');
    if (!(await verifySecret(user.passwordHash, req.body.password)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    if (!(await factor.spendCode(user.id, req.body.code))) throw codeWrong();
    await clearLimit(app.db, user.id, 'changePasswordPerUser');
    await factor.remove(app.db, user.id);
    app.tokens.userChanged(user.id);
    return {};
  });

  route(app, 'POST /api/admin/second-factor/reset/', async (req) => {
    const by = signedIn(req);
    const target = await findUserByEmail(app.db, normalizeEmail(req.body.email));
    if (!target || target.deletedAt)
      throw new HttpError(404, {
        error: SECOND_FACTOR_MESSAGES.secondFactorNoAccount,
        code: ERROR_CODES.notFound,
      });
    await app.db.transaction(async (tx) => {
      await factor.remove(txDb(tx), target.id);
      // Who reset whose factor, in the activity log and the edit log: the account by its id (an erased
      // account's address must not stay behind in them, data-rights.ts), no secret, no code.
      await tx.insert(activityEvents).values({
        action: 'second_factor_reset' satisfies StaffAction,
        source: 'server',
        userId: by.id,
        userEmail: by.email,
        details: { account_id: target.id },
      });
      await recordEdit(txDb(tx), {
        userId: by.id,
        entity: 'second_factor',
        entityKey: target.id,
        before: { second_factor: Boolean(target.secondFactorAt) },
        after: { second_factor: false },
      });
    });
    // A lost phone may be in someone's hands: every sign-in of the account ends.
    await app.tokens.revokeOtherFamilies(target.id);
    req.log.info({ event: 'second_factor_reset', by: by.id, account: target.id }, 'second factor reset');
    return {};
  });
};

/**
 * A demo account's factor, the superuser's and the operator manager's (`npm start` with the demo, never
 * in production): set up as a person would, its secret written to demo-accounts.json beside the demo
 * passwords. The step its own confirmation took is forgotten, as no one was shown that code: the first
 * sign-in may come at once.
 */
export async function demoSecondFactor(db: Db, serverSecret: string, userId: string) {
  const factor = createSecondFactorService(db, serverSecret);
  const user = await findUserById(db, userId);
  const started = user && (await factor.startSetup(user));
  if (!user || !started) throw new Error('a demo account could not get its second factor');
  const codes = await factor.confirm(user, TOTP.generate({ secret: Secret.fromBase32(started.secret) }));
  if (!Array.isArray(codes)) throw new Error('a demo account could not get its second factor');
  await db.update(secondFactors).set({ lastStep: null }).where(eq(secondFactors.userId, userId));
  return { secret: started.secret, recoveryCodes: codes };
}
