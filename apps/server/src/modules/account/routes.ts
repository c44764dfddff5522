/**
 * Accounts calls of spec §7: register, profile, change password, statistics, role checks and the
 * password reset by e-mailed code. Shapes: packages/contract/src/auth.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, isEmail, MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../lib/errors';
import { verifySecret } from '../../lib/passwords';
import { passwordChangedMail, resetCodeMail } from '../../mail/templates';
import { clearLimit, limit } from '../auth/limits';
import { passwordProblem } from '../auth/password-policy';
import { requireUser } from '../auth/plugin';
import {
  createUser,
  EmailTakenError,
  findUserByEmail,
  newUserProblem,
  normalizeEmail,
  setPassword,
} from '../auth/users';
import {
  consumeResetCode,
  newResetCode,
  profileOf,
  resetCodeHasher,
  statisticsOf,
  storeResetCode,
  updateProfile,
} from './service';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const body = (b: unknown): Record<string, unknown> => (b && typeof b === 'object' ? (b as any) : {});

/**
 * The reset calls answer no sooner than this, whatever happened, so their timing does not tell
 * whether an address has an account (the work differs: lookup only, or code, row and mail).
 */
export const RESET_MIN_DURATION_MS = 300;

async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const hashCode = resetCodeHasher(app.config.jwtSecret);

  app.post('/api/register/', async (req, reply) => {
    const b = body(req.body);
    const input = {
      fullName: str(b.full_name),
      email: str(b.email),
      phoneNumber: str(b.phone_number),
      password: str(b.password),
    };
    const problem = newUserProblem(input);
    if (problem) return reply.code(400).send({ registered: false, error: problem });
    await limit(app.db, req.ip, 'registerPerIp');
    await limit(app.db, normalizeEmail(input.email), 'registerPerEmail');
    try {
      await createUser(app.db, input);
    } catch (err) {
      if (err instanceof EmailTakenError)
        return reply.code(409).send({ registered: false, error: AUTH_MESSAGES.emailTaken });
      throw err;
    }
    return reply.code(201).send({ registered: true });
  });

  app.get('/api/profile/', { preHandler: requireUser }, async (req) => ({
    data: await profileOf(app.db, req.user!),
  }));

  app.put('/api/profile/update/', { preHandler: requireUser }, async (req) => {
    const b = body(req.body);
    const user = await updateProfile(app.db, req.user!, { email: b.email, phone_number: b.phone_number });
    return { message: AUTH_MESSAGES.profileUpdated, data: await profileOf(app.db, user) };
  });

  app.post('/api/profile/change-password/', { preHandler: requireUser }, async (req) => {
    const user = req.user!;
    const b = body(req.body);
    const current = str(b.current_password);
    const next = str(b.new_password);
    if (!current || !next) throw badRequest(AUTH_MESSAGES.fieldsRequired);
    await limit(app.db, user.id, 'changePasswordPerUser');
    if (current.length > 1024 || !(await verifySecret(user.passwordHash, current)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    const problem = passwordProblem(next);
    if (problem) throw badRequest(problem);
    if (next === current) throw badRequest(AUTH_MESSAGES.passwordUnchanged);
    const updated = await setPassword(app.db, user.id, next);
    await clearLimit(app.db, user.id, 'changePasswordPerUser');
    await app.mailer.enqueue(passwordChangedMail(updated.email, updated.fullName, 'changed'));
    // Every earlier token is void now; this browser gets a fresh pair to stay signed in.
    return { message: AUTH_MESSAGES.passwordChanged, ...(await app.tokens.issuePair(updated)) };
  });

  app.get('/api/profile/statistics/', { preHandler: requireUser }, async (req) => ({
    data: await statisticsOf(app.db, req.user!.id),
  }));

  /** Superusers count as editors everywhere (requireEditor lets them edit too). */
  app.get('/api/check-editor/', { preHandler: requireUser }, async (req) => ({
    is_editor: req.user!.isEditor || req.user!.isSuperuser,
  }));

  app.get('/api/check-superuser/', { preHandler: requireUser }, async (req) => {
    const yes = req.user!.isSuperuser;
    return { is_superuser: yes, message: yes ? 'User is a superuser.' : 'User is not a superuser.' };
  });

  /**
   * {email} -> always 200 {message} for a well-formed address, account or not: a 6-digit code valid
   * 10 minutes is e-mailed when there is an account and its reset is not locked.
   */
  app.post('/api/request-password-reset/', async (req) =>
    atLeast(RESET_MIN_DURATION_MS, async () => {
      const email = normalizeEmail(str(body(req.body).email));
      if (!isEmail(email)) throw badRequest(MESSAGES.forgotEmail);
      await limit(app.db, req.ip, 'resetRequestPerIp');
      await limit(app.db, email, 'resetRequestPerEmail');
      const user = await findUserByEmail(app.db, email);
      if (user) {
        const code = newResetCode();
        if (await storeResetCode(app.db, user.id, hashCode(user.id, code)))
          await app.mailer.enqueue(resetCodeMail(user.email, user.fullName, code));
      }
      return { message: AUTH_MESSAGES.resetRequested };
    }),
  );

  /** {email, code, new_password} -> 200 {message} and the password is set; 400 {error} otherwise. */
  app.post('/api/verify-reset-code/', async (req) =>
    atLeast(RESET_MIN_DURATION_MS, async () => {
      const b = body(req.body);
      const email = normalizeEmail(str(b.email));
      const code = str(b.code).trim();
      const password = str(b.new_password);
      if (!email || !code || !password) throw badRequest(AUTH_MESSAGES.fieldsRequired);
      // Password rules first: a refused password must not spend the code.
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      if (!isEmail(email) || !/^\d{6}$/.test(code)) throw badRequest(AUTH_MESSAGES.resetInvalid);
      await limit(app.db, req.ip, 'resetVerifyPerIp');
      await limit(app.db, email, 'resetVerifyPerEmail');
      const user = await findUserByEmail(app.db, email);
      if (!user || !(await consumeResetCode(app.db, user.id, hashCode(user.id, code))))
        throw badRequest(AUTH_MESSAGES.resetInvalid);
      await setPassword(app.db, user.id, password);
      await clearLimit(app.db, email, 'loginPerAccount');
      await app.mailer.enqueue(passwordChangedMail(user.email, user.fullName, 'reset'));
      return { message: AUTH_MESSAGES.resetDone };
    }),
  );
};
