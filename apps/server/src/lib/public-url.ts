/**
 * The shop's address for links made during a request (checkout return URLs, the test checkout's
 * page, the ticket e-mail's claim link and QR code). PUBLIC_URL when set, and production always sets
 * it (config.ts refuses to start otherwise). Without it, outside production, the address the visitor
 * used: someone who opened http://127.0.0.1:3000 comes back there from the checkout, not to
 * http://localhost:3000 where their sign-in (kept per origin) is missing.
 *
 * The Host header is the client's to choose, which is why production never follows it. The protocol
 * and host come from Fastify, which believes X-Forwarded-* only from TRUST_PROXY.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else reaches a link. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function publicUrlFor(
  config: Pick<Config, 'env' | 'publicUrl' | 'publicUrlSet'>,
  req: Pick<FastifyRequest, 'protocol' | 'host'>,
): string {
  if (config.publicUrlSet || config.env === 'production') return config.publicUrl;
  const host = req.host;
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return typeof host === 'string' && host.length <= 300 && HOST.test(host)
    ? `${protocol}://${host}`
    : config.publicUrl;
}
