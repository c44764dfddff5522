/**
 * A guest's orders (decision 035): a tourist buys with an e-mail address and no account. The browser
 * that opened the checkout keeps a random token in the HttpOnly cookie `rbt_guest`; only its SHA-256 is
 * stored on the order, and the token alone opens that order's test checkout and success page. The
 * ticket e-mail (with the ticket link, decision 019) is the guest's lasting way back to the ticket.
 *
 * The cookie's pages get no head code, as a signed-in browser's (decision 032): a page script could
 * otherwise read the guest's ticket through the cookie.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { secureCookie } from '../../lib/secure-cookie';

export const GUEST_COOKIE = 'rbt_guest';
/** Long enough to pay, come back from the payment page and look at the ticket again the next day. */
const GUEST_COOKIE_SECONDS = 2 * 24 * 3600;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashGuestToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The guest token the request carries, when it is one of the form the shop makes. */
export function guestTokenOf(req: FastifyRequest): string | null {
  const token = req.cookies?.[GUEST_COOKIE];
  return token && TOKEN.test(token) ? token : null;
}

/**
 * The browser's guest token (kept when it has one: all its guest orders stay open to it), set again
 * with a fresh lifetime. Answers its hash, for the order.
 */
export function keepGuestToken(req: FastifyRequest, reply: FastifyReply): string {
  const token = guestTokenOf(req) ?? randomBytes(32).toString('base64url');
  reply.setCookie(GUEST_COOKIE, token, {
    httpOnly: true,
    secure: secureCookie(req),
    sameSite: 'lax',
    path: '/',
    maxAge: GUEST_COOKIE_SECONDS,
  });
  return hashGuestToken(token);
}

/** The hash of the request's guest token, or null without one (nothing of a guest's opens then). */
export function guestHashOf(req: FastifyRequest): string | null {
  const token = guestTokenOf(req);
  return token ? hashGuestToken(token) : null;
}
