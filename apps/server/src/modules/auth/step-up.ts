/**
 * A fresh password before a superuser's write that could hand the shop to someone else (decision 032):
 * reseller keys, agent accounts and devices, refunds (the contract's `stepUp` calls). A stolen access
 * token, or a page script acting with one, cannot make a key or an agent without the password.
 *
 * The proof is an HMAC of the account and an expiry, good for STEP_UP_SECONDS: no table, every
 * instance checks it alike. A wrong password counts against the account as a changed e-mail's or a
 * deletion's does (`changePasswordPerUser`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, ERROR_CODES, STEP_UP_HEADER, STEP_UP_SECONDS } from '@rome/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, HttpError } from '../../lib/errors';
import { clearLimit, limit } from '../../lib/limits';
import { verifySecret } from '../../lib/passwords';

const macOf = (secret: string, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`step-up:${userId}:${expires}`).digest('base64url');

export function stepUpProof(secret: string, userId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + STEP_UP_SECONDS;
  return `${expires}.${macOf(secret, userId, expires)}`;
}

/** The guard of the contract's `stepUp` calls, after the access guard has signed the caller in. */
export async function requireStepUp(req: FastifyRequest): Promise<void> {
  const user = signedIn(req);
  const given = req.headers[STEP_UP_HEADER];
  const [expiresText, mac] = typeof given === 'string' ? given.split('.') : [];
  const expires = Number(expiresText);
  const good =
    Number.isInteger(expires) &&
    expires > Date.now() / 1000 &&
    typeof mac === 'string' &&
    (() => {
      const want = Buffer.from(macOf(req.server.config.jwtSecret, user.id, expires));
      const got = Buffer.from(mac);
      return want.length === got.length && timingSafeEqual(want, got);
    })();
  if (!good)
    throw new HttpError(403, { error: AUTH_MESSAGES.stepUpRequired, code: ERROR_CODES.stepUpRequired });
}

export const stepUpRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'POST /api/session/step-up/', async (req) => {
    const user = signedIn(req);
    await limit(app.db, user.id, 'changePasswordPerUser');
    const { password } = req.body;
    if (!(await verifySecret(user.passwordHash, password)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    await clearLimit(app.db, user.id, 'changePasswordPerUser');
    return { step_up: stepUpProof(app.config.jwtSecret, user.id), expires_in: STEP_UP_SECONDS };
  });
};
