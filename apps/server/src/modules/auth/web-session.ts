/**
 * The web app's session (decision 018): the refresh token lives in an HttpOnly cookie
 * that no page script can read, so markup an editor puts in the global head code cannot take a
 * customer's or a superuser's sign-in. The web app keeps only the short-lived access token, in memory.
 *
 * The spec's token calls (POST /api/api/token/ and the rest, spec §7) stay as they are for API clients;
 * the app signs in with the spec's call and hands the refresh token it got to POST /api/session/refresh/
 * at once, which spends it and starts the cookie.
 */
import { AUTH_MESSAGES, ERROR_CODES, REFRESH_TOKEN_TTL_SECONDS } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError } from '../../lib/errors';
import { secureCookie } from '../../lib/secure-cookie';
import { clearSignedIn, markSignedIn, requirePageKey } from './page-key';
import { InvalidTokenError } from './tokens';

export const SESSION_COOKIE = 'rbt_refresh';
/** Sent only to the session calls: no other request carries the refresh token. */
const COOKIE_PATH = '/api/session/';

/** 401 as the spec's token calls answer it, the cookie cleared. */
const tokenNotValid = (reply: FastifyReply) => {
  clearCookie(reply);
  return new HttpError(401, { detail: AUTH_MESSAGES.tokenNotValid, code: ERROR_CODES.tokenNotValid });
};

/** The next refresh token and the browser's signed-in id (page-key.ts); answers the page key. */
function setCookie(req: FastifyRequest, reply: FastifyReply, refresh: string): string {
  const secure = secureCookie(req);
  reply.setCookie(SESSION_COOKIE, refresh, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  return markSignedIn(req, reply, { secure, maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

function clearCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
  clearSignedIn(reply);
}

/**
 * The cookie is SameSite=Strict, so another site's page cannot send it; a request that says it comes
 * from another origin is refused all the same (a browser without SameSite support, a sibling subdomain).
 */
function refuseForeignOrigin(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (!origin) return;
  const refuse = () => new HttpError(403, { error: AUTH_MESSAGES.foreignOrigin });
  let from: URL;
  let own: URL;
  try {
    from = new URL(origin);
    // The Host header read with the request's own scheme: an http page is not the https shop.
    own = new URL(`${req.protocol}://${req.host}`);
  } catch {
    throw refuse();
  }
  if (from.origin !== own.origin && from.origin !== new URL(req.server.config.publicUrl).origin)
    throw refuse();
}

export const webSessionRoutes: FastifyPluginAsync = async (app) => {
  /**
   * The cookie's (or the body's) refresh token is spent; the next one goes into the cookie. From the
   * cookie only with the page key (decision 032): a page carrying head code has none, so it never gets
   * an access token, whatever tab signed in. A body token comes from a sign-in with the password,
   * which needs no other proof; its answer gives the page its key.
   */
  route(app, 'POST /api/session/refresh/', async (req, reply) => {
    refuseForeignOrigin(req);
    const handover = req.body.refresh;
    const presented = handover ?? req.cookies[SESSION_COOKIE];
    if (!presented) throw tokenNotValid(reply);
    if (!handover) requirePageKey(req);
    try {
      const pair = await app.tokens.rotate(presented);
      const pageKey = setCookie(req, reply, pair.refresh);
      return handover ? { access: pair.access, page_key: pageKey } : { access: pair.access };
    } catch (err) {
      throw err instanceof InvalidTokenError ? tokenNotValid(reply) : err;
    }
  });

  /** Logout: the cookie's sign-in ends on every instance (decision 015) and the cookie is cleared. */
  route(app, 'POST /api/session/end/', async (req, reply) => {
    refuseForeignOrigin(req);
    const token = req.cookies[SESSION_COOKIE];
    clearCookie(reply);
    if (token) {
      try {
        await app.tokens.blacklist(token);
      } catch (err) {
        // A cookie that is no longer good has nothing left to end.
        if (!(err instanceof InvalidTokenError)) throw err;
      }
    }
    return {};
  });
};
