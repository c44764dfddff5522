/**
 * Accounts calls of spec §7: register, profile, change password, statistics, role checks and the
 * password reset by e-mailed code. Contract: packages/contract/src/auth.api.ts (a body without its
 * fields is answered 400 from there); the field rules, with the spec's messages and order, are the
 * contract's pure functions (auth.ts, validation.ts), checked here.
 */
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  isEmail,
  isResetCode,
  MESSAGES,
  PRIVACY_MESSAGES,
  secondFactorRequired,
} from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../i18n/catalog';
import { bearerToken } from '../../lib/bearer';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, HttpError } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { clearLimit, limit } from '../../lib/limits';
import { passwordProblem } from '../../lib/password-policy';
import { verifySecret } from '../../lib/passwords';
import { publicUrlFor } from '../../lib/public-url';
import { atLeast } from '../../lib/timing';
import {
  createUser,
  EmailTakenError,
  findUserByEmail,
  newUserProblem,
  normalizeEmail,
  setPassword,
} from '../../lib/users';
import { accountExistsMail, passwordChangedMail, resetCodeMail } from '../../mail/templates';
import { deleteAccount, exportAccountData } from './data-rights';
import { recordEmailChange, undoEmailChange } from './email-change';
import {
  checkProfileInput,
  consumeResetCode,
  newResetCode,
  profileOf,
  resetCodeHasher,
  statisticsOf,
  storeResetCode,
  writeProfile,
} from './service';

/**
 * route() guards a 'user' call in preHandler, which Fastify runs after the body is validated: without
 * this, a call with no token and a malformed body would get 400, not 401. The calls with a body
 * check the token before validation too (requireUser is memoised, so the second check is free).
 */

/** Current passwords longer than this are not hashed (a slow hash of a huge input is a cheap attack). */
const MAX_CHECKED_PASSWORD = 1024;

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const hashCode = resetCodeHasher(app.config.jwtSecret);

  route(app, 'POST /api/register/', async (req, reply) => {
    const b = req.body;
    const input = {
      fullName: b.full_name,
      email: b.email,
      phoneNumber: b.phone_number,
      password: b.password,
    };
    const problem = newUserProblem(input);
    if (problem) throw new HttpError(400, { registered: false, error: problem });
    await limit(app.db, limitAddress(req.ip), 'registerPerIp');
    await limit(app.db, normalizeEmail(input.email), 'registerPerEmail');
    try {
      await createUser(app.db, input);
    } catch (err) {
      if (!(err instanceof EmailTakenError)) throw err;
      // The same answer as a new account, so registration tells nobody who has an account here; the
      // address's owner hears of it (and can sign in or reset the password). The per-address limit
      // above keeps this from becoming a way to flood someone's inbox.
      await app.mailer.enqueue(accountExistsMail(normalizeEmail(input.email), requestLanguage(req.headers)));
    }
    return reply.code(201).send({ registered: true });
  });

  route(app, 'GET /api/profile/', async (req) => ({ data: await profileOf(app.db, signedIn(req)) }));

  /**
   * The spec's call for e-mail and phone. A new e-mail address takes the current password:
   * an access token alone must not move the account to another address. The previous address is told,
   * with a link that undoes the change, and the account's other sign-ins end; this one stays.
   */
  route(app, 'PUT /api/profile/update/', async (req) => {
    const before = signedIn(req);
    const fields = await checkProfileInput(app.db, before, req.body);
    if (fields.email === before.email) {
      const user = await writeProfile(app.db, before.id, fields);
      app.tokens.userChanged(user.id);
      return { message: AUTH_MESSAGES.profileUpdated, data: await profileOf(app.db, user) };
    }
    const current = req.body.current_password;
    if (!current) throw badRequest(AUTH_MESSAGES.emailChangeNeedsPassword);
    await limit(app.db, before.id, 'changePasswordPerUser');
    if (current.length > MAX_CHECKED_PASSWORD || !(await verifySecret(before.passwordHash, current)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    await clearLimit(app.db, before.id, 'changePasswordPerUser');
    const user = await app.db.transaction(async (tx) => {
      const row = await writeProfile(tx, before.id, fields);
      await recordEmailChange(tx, {
        userId: before.id,
        name: before.fullName,
        oldEmail: before.email,
        newEmail: row.email,
        baseUrl: publicUrlFor(app.config, req),
        i18n: requestLanguage(req.headers),
      });
      return row;
    });
    void app.mailer.drain().catch(() => {});
    const token = bearerToken(req);
    const family = token ? (await app.tokens.decode(token, 'access')).familyId : undefined;
    await app.tokens.revokeOtherFamilies(user.id, family);
    app.tokens.userChanged(user.id);
    return { message: AUTH_MESSAGES.profileUpdated, data: await profileOf(app.db, user) };
  });

  /** GDPR: everything the shop holds about the signed-in account (data-rights.ts). */
  route(app, 'GET /api/profile/data/', async (req, reply) => {
    await app.activity.flush(); // events still queued in memory belong in the download
    reply.header('cache-control', 'no-store');
    return exportAccountData(app.db, signedIn(req));
  });

  /** GDPR: deletes the signed-in account with its password; orders stay, anonymised (data-rights.ts). */
  route(app, 'POST /api/profile/delete/', async (req) => {
    const user = signedIn(req);
    const { password } = req.body;
    if (!password) throw badRequest(PRIVACY_MESSAGES.passwordRequired);
    await limit(app.db, user.id, 'changePasswordPerUser');
    if (password.length > MAX_CHECKED_PASSWORD || !(await verifySecret(user.passwordHash, password)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    await app.activity.flush(); // queued events of this account are anonymised with the rest
    await deleteAccount(app.db, user);
    await clearLimit(app.db, user.id, 'changePasswordPerUser');
    app.tokens.userChanged(user.id);
    return { message: PRIVACY_MESSAGES.deleted };
  });

  /** The previous address's link: that address comes back, every sign-in of the account ends. */
  route(app, 'POST /api/profile/email-change/undo/', async (req) => {
    await limit(app.db, limitAddress(req.ip), 'resetVerifyPerIp');
    const result = await undoEmailChange(app.db, req.body.token.trim());
    if (!result.ok) {
      if (result.reason === 'taken')
        throw new HttpError(409, { error: AUTH_MESSAGES.emailUndoTaken, code: ERROR_CODES.emailTaken });
      throw badRequest(AUTH_MESSAGES.emailUndoInvalid);
    }
    app.tokens.userChanged(result.userId);
    return { message: AUTH_MESSAGES.emailChangeUndone };
  });

  route(app, 'POST /api/profile/change-password/', async (req) => {
    const user = signedIn(req);
    const { current_password: current, new_password: next } = req.body;
    if (!current || !next) throw badRequest(AUTH_MESSAGES.fieldsRequired);
    await limit(app.db, user.id, 'changePasswordPerUser');
    if (current.length > MAX_CHECKED_PASSWORD || !(await verifySecret(user.passwordHash, current)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    const problem = passwordProblem(next);
    if (problem) throw badRequest(problem);
    if (next === current) throw badRequest(AUTH_MESSAGES.passwordUnchanged);
    const updated = await setPassword(app.db, user.id, next);
    app.tokens.userChanged(user.id);
    await clearLimit(app.db, user.id, 'changePasswordPerUser');
    await app.mailer.enqueue(
      passwordChangedMail(updated.email, updated.fullName, 'changed', requestLanguage(req.headers)),
    );
    // Every earlier token is void now; this browser gets a fresh pair to stay signed in.
    return { message: AUTH_MESSAGES.passwordChanged, ...(await app.tokens.issuePair(updated)) };
  });

  route(app, 'GET /api/profile/statistics/', async (req) => ({
    data: await statisticsOf(app.db, signedIn(req).id),
  }));

  /**
   * Superusers count as editors everywhere (requireEditor lets them edit too), as requireEditor says: not
   * while their role's second factor is missing (decision 051), so the web app shows no editing then.
   */
  route(app, 'GET /api/check-editor/', async (req) => {
    const u = signedIn(req);
    const factorMissing = secondFactorRequired(u) && !u.secondFactorAt;
    return { is_editor: (u.isEditor || u.isSuperuser) && !factorMissing };
  });

  route(app, 'GET /api/check-superuser/', async (req) => {
    const yes = signedIn(req).isSuperuser;
    return { is_superuser: yes, message: yes ? AUTH_MESSAGES.isSuperuser : AUTH_MESSAGES.notSuperuser };
  });

  /**
   * {email} -> always 200 {message} for a well-formed address, account or not: a code
   * (RESET_CODE_LENGTH digits, valid RESET_CODE_TTL_MINUTES) is e-mailed when there is an account and its reset is not locked.
   */
  route(app, 'POST /api/request-password-reset/', async (req) =>
    // No sooner than the floor, whatever happened, so the timing does not tell whether an address
    // has an account (the work differs: a lookup only, or a code, a row and an e-mail).
    atLeast(app.config.answerFloorsMs.passwordReset, async () => {
      const email = normalizeEmail(req.body.email);
      if (!isEmail(email)) throw badRequest(MESSAGES.forgotEmail);
      await limit(app.db, limitAddress(req.ip), 'resetRequestPerIp');
      await limit(app.db, email, 'resetRequestPerEmail');
      const user = await findUserByEmail(app.db, email);
      if (user) {
        const code = newResetCode();
        if (await storeResetCode(app.db, user.id, hashCode(user.id, code)))
          await app.mailer.enqueue(
            resetCodeMail(user.email, user.fullName, code, requestLanguage(req.headers)),
          );
      }
      return { message: AUTH_MESSAGES.resetRequested };
    }),
  );

  /** {email, code, new_password} -> 200 {message} and the password is set; 400 {error} otherwise. */
  route(app, 'POST /api/verify-reset-code/', async (req) =>
    atLeast(app.config.answerFloorsMs.passwordReset, async () => {
      const email = normalizeEmail(req.body.email);
      const code = req.body.code.trim();
      const password = req.body.new_password;
      if (!email || !code || !password) throw badRequest(AUTH_MESSAGES.fieldsRequired);
      // Password rules first: a refused password must not spend the code.
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      if (!isEmail(email) || !isResetCode(code)) throw badRequest(AUTH_MESSAGES.resetInvalid);
      await limit(app.db, limitAddress(req.ip), 'resetVerifyPerIp');
      await limit(app.db, email, 'resetVerifyPerEmail');
      const user = await findUserByEmail(app.db, email);
      if (!user || !(await consumeResetCode(app.db, user.id, hashCode(user.id, code))))
        throw badRequest(AUTH_MESSAGES.resetInvalid);
      await setPassword(app.db, user.id, password);
      app.tokens.userChanged(user.id);
      await clearLimit(app.db, email, 'loginPerAccount');
      await app.mailer.enqueue(
        passwordChangedMail(user.email, user.fullName, 'reset', requestLanguage(req.headers)),
      );
      return { message: AUTH_MESSAGES.resetDone };
    }),
  );
};
