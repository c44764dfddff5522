/**
 * The page key (decision 032): the proof that a call for the web session comes from a page the shop
 * served to a signed-in browser, and so from a page that carries no editor's head code.
 *
 * - Signing in in the web app sets `rbt_signed_in` beside the refresh cookie: HttpOnly (no page script
 *   reads it), SameSite=Lax (a link from an e-mail still arrives signed in), Path=/ (every page load
 *   carries it). Its value is a random id.
 * - A page load that carries it gets no head code, and, when the browser says it is loading a top-level
 *   document (`Sec-Fetch-Dest: document`, a header no script can set), the key: an HMAC of that id,
 *   written into the page. A script's fetch of a page, a frame, or a page opened by another tab
 *   (severed by Cross-Origin-Opener-Policy) gets no key.
 * - POST /api/session/refresh/ from the cookie wants the key in `X-Page-Key`. A page with head code
 *   (served before the sign-in, in another tab) therefore never obtains an access token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, ERROR_CODES, PAGE_KEY_HEADER } from '@rome/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors';

export const SIGNED_IN_COOKIE = 'rbt_signed_in';
const ID_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The browser's id of its sign-in when it has a well-formed one. */
export function signedInId(req: FastifyRequest): string | null {
  const id = req.cookies[SIGNED_IN_COOKIE];
  return id && ID_PATTERN.test(id) ? id : null;
}

const keyOf = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`page-key:${id}`).digest('base64url');

/**
 * The key for a page load, or null. Only a top-level document load gets one; a request without Fetch
 * Metadata (a browser over plain http on a non-local address, where scripts send none either) is
 * treated as one, which is why production runs on https (docs/security.md).
 */
export function pageKeyFor(req: FastifyRequest): string | null {
  const id = signedInId(req);
  if (!id) return null;
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined && dest !== 'document') return null;
  return keyOf(req.server.config.jwtSecret, id);
}

/** Starts the browser's sign-in id (kept when it has one, so other tabs' keys stay good); answers the key. */
export function markSignedIn(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { secure: boolean; maxAge: number },
) {
  const id = signedInId(req) ?? randomBytes(24).toString('base64url');
  reply.setCookie(SIGNED_IN_COOKIE, id, {
    httpOnly: true,
    secure: opts.secure,
    sameSite: 'lax',
    path: '/',
    maxAge: opts.maxAge,
  });
  return keyOf(req.server.config.jwtSecret, id);
}

export function clearSignedIn(reply: FastifyReply) {
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** 403 unless the call carries the key of this browser's sign-in. */
export function requirePageKey(req: FastifyRequest): string {
  const id = signedInId(req);
  const given = req.headers[PAGE_KEY_HEADER];
  const refuse = () =>
    new HttpError(403, {
      error: AUTH_MESSAGES.pageKeyRefused,
      code: ERROR_CODES.pageKeyRequired,
    });
  if (!id || typeof given !== 'string') throw refuse();
  const want = Buffer.from(keyOf(req.server.config.jwtSecret, id));
  const got = Buffer.from(given);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw refuse();
  return given;
}
