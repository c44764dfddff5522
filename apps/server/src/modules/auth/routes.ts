/**
 * The token calls of spec §7 (paths as the spec's client calls them, under /api/). Their contract:
 * packages/contract/src/auth.api.ts; a body without its fields is answered 400 from there.
 */
import {
  AUTH_MESSAGES,
  ERROR_CODES,
  SECOND_FACTOR_PENDING_SECONDS,
  secondFactorRequired,
} from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { signInFailed, signInSucceeded, signInSucceededClauses } from '../../lib/limits';
import { dummyHash, verifySecret } from '../../lib/passwords';
import { normalizeEmail } from '../../lib/users';
import { gateAndFindAccount } from './sign-in';
import { InvalidTokenError } from './tokens';

/** Passwords longer than this are not hashed (a slow hash of a huge input is a cheap attack). */
const MAX_CHECKED_PASSWORD = 1024;

/** 401 DRF-style, as the spec's client expects: detail and code 'token_not_valid' (and error). */
const tokenNotValid = () =>
  new HttpError(401, { detail: AUTH_MESSAGES.tokenNotValid, code: ERROR_CODES.tokenNotValid });
const badCredentials = () =>
  new HttpError(401, { detail: AUTH_MESSAGES.badCredentials, code: ERROR_CODES.noActiveAccount });

export const authRoutes: FastifyPluginAsync = async (app) => {
  /** Sign in: {username (the e-mail, any casing), password} -> {access, refresh}. */
  route(app, 'POST /api/api/token/', async (req) => {
    const { username, password } = req.body;
    const email = normalizeEmail(username);
    // Throttle the guesser, not the account's owner (NIST SP 800-63B; decision 014): the limits
    // are on the address, and on the address with this account. The account-wide ceiling stops
    // guessing spread over many addresses, but not at an address that signed in to it before.
    // The limits' counters and the account: one statement, one round trip (sign-in.ts).
    const account = await gateAndFindAccount(app.db, limitAddress(req.ip), email);
    const user = password.length <= MAX_CHECKED_PASSWORD ? account : null;
    // Without an account, a dummy hash is checked all the same: both answers take as long.
    let ok = false;
    if (user) ok = await verifySecret(user.passwordHash, password);
    else await verifySecret(await dummyHash(), password);
    if (!user || !ok) {
      await signInFailed(app.db, email);
      throw badCredentials();
    }
    // An account with a second factor (decision 051): the password's counters are reset, and the
    // answer is a pending proof, no token; POST /api/session/second-factor/ takes it with the code.
    if (user.secondFactorAt) {
      await signInSucceeded(app.db, limitAddress(req.ip), email);
      return {
        second_factor: 'totp' as const,
        pending: app.secondFactor.pendingProof(user),
        expires_in: SECOND_FACTOR_PENDING_SECONDS,
      };
    }
    // The counters' reset and the refresh token: one statement, one round trip (sign-in.ts).
    const pair = await app.tokens.issueAtSignIn(user, signInSucceededClauses(limitAddress(req.ip), email));
    // A superuser without its factor may sign in, to set one up; its role's calls wait (plugin.ts).
    return secondFactorRequired(user) ? { ...pair, second_factor_setup: true as const } : pair;
  });

  /** {refresh} -> the next {access, refresh}; the one sent is spent (reuse ends the sign-in). */
  route(app, 'POST /api/api/token/refresh/', async (req) => {
    try {
      return await app.tokens.rotate(req.body.refresh);
    } catch (err) {
      throw err instanceof InvalidTokenError ? tokenNotValid() : err;
    }
  });

  /** {token} -> 200 {} when good (the client sends its refresh token), else 401. */
  route(app, 'POST /api/api/token/verify/', async (req) => {
    if (!(await app.tokens.verify(req.body.token))) throw tokenNotValid();
    return {};
  });

  /** {refresh} -> 200 {}: logout, every token of that sign-in's family stops working. */
  route(app, 'POST /api/api/token/blacklist/', async (req) => {
    try {
      await app.tokens.blacklist(req.body.refresh);
      return {};
    } catch (err) {
      throw err instanceof InvalidTokenError ? tokenNotValid() : err;
    }
  });
};
