/**
 * Authentication for every module. Registered once in buildApp (fastify-plugin, so it is global).
 *
 * Use in a route:
 *
 *   app.get('/api/dashboard/', { preHandler: app.accessGuards.user }, async (req) => signedIn(req).id);
 *
 * (app.ts hands these guards to every module as `app.accessGuards`; contract routes get theirs from
 * `route()`, lib/contract-route.ts.)
 *
 * - `requireUser`: a valid Bearer access token is needed, else 401
 *   {detail: 'Authentication credentials were not provided.'} (plus code 'token_not_valid' when a
 *   token was sent but is bad, expired, revoked by a password change, or a refresh token).
 * - `requireEditor`: as requireUser, and the user is an editor (or a superuser), else 403
 *   {detail: 'You do not have permission to perform this action.'}.
 * - `requireSuperuser`: as requireUser, and the user is a superuser, else 403.
 * - Both refuse an account whose role needs a second factor it has not set up yet (superusers): 403
 *   code 'second_factor_setup_required' (decision 051).
 * - `optionalUser`: sets req.user when a good token is sent, null otherwise; never refuses
 *   (for calls like track-activity that take a token when there is one).
 *
 * After one of these, `req.user` is the account row (id, email, fullName, isEditor, ...).
 * `await req.authenticate()` does the same lookup anywhere (memoised per request). The token is only
 * checked on routes that ask for it, so public reads pay nothing for a Bearer header.
 */
import { AUTH_MESSAGES, ERROR_CODES, SECOND_FACTOR_MESSAGES, secondFactorRequired } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from '../../lib/bearer';
import { HttpError } from '../../lib/errors';
import type { UserRow } from '../../lib/users';
import { createSecondFactorService } from './second-factor';
import { createSessionCache } from './session-cache';
import { createTokenService, type TokenService } from './tokens';

export type AuthUser = UserRow;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The signed-in account, set by requireUser / requireEditor / requireSuperuser / optionalUser. */
    user: AuthUser | null;
    /** Resolves the Bearer access token to its account (null when none or bad); memoised. */
    authenticate(): Promise<AuthUser | null>;
  }
}

const lookups = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

const notAuthenticated = (tokenSent: boolean) =>
  new HttpError(401, {
    detail: AUTH_MESSAGES.notAuthenticated,
    ...(tokenSent ? { code: ERROR_CODES.tokenNotValid } : {}),
  });
const forbidden = () => new HttpError(403, { detail: AUTH_MESSAGES.forbidden });

/**
 * An account whose role needs a second factor (superusers, decision 051) uses none of the role's
 * powers until it has one: 403 second_factor_setup_required, which the web app answers with the set-up.
 */
export function requireFactorOfRole(user: AuthUser) {
  if (secondFactorRequired(user) && !user.secondFactorAt)
    throw new HttpError(403, {
      detail: SECOND_FACTOR_MESSAGES.secondFactorSetupRequired,
      error: SECOND_FACTOR_MESSAGES.secondFactorSetupRequired,
      code: ERROR_CODES.secondFactorSetupRequired,
    });
}

export async function optionalUser(req: FastifyRequest): Promise<void> {
  req.user = await req.authenticate();
}

export async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  req.user = await req.authenticate();
  if (!req.user) {
    reply.header('www-authenticate', 'Bearer');
    throw notAuthenticated(bearerToken(req) !== null);
  }
}

export async function requireEditor(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  if (!req.user!.isEditor && !req.user!.isSuperuser) throw forbidden();
  requireFactorOfRole(req.user!);
}

export async function requireSuperuser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  if (!req.user!.isSuperuser) throw forbidden();
  requireFactorOfRole(req.user!);
}

const plugin: FastifyPluginAsync = async (app) => {
  const sessions = createSessionCache({ db: app.db, feed: app.changes });
  const tokens = createTokenService(app.db, app.config.jwtSecret, sessions);
  app.decorate('tokens', tokens);
  app.decorate('secondFactor', createSecondFactorService(app.db, app.config.jwtSecret));
  app.decorateRequest('user', null);
  app.decorateRequest('authenticate', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      const token = bearerToken(this);
      lookup = token ? tokens.userFromAccessToken(token) : Promise.resolve(null);
      lookups.set(this, lookup);
    }
    return lookup;
  });
};

export const authPlugin = fp(plugin, { name: 'auth' });
