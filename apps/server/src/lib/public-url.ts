/**
 * The shop's address for links made during a request (checkout return URLs, the test checkout's
 * page, the ticket e-mail's claim link and QR code). PUBLIC_URL when set, and production always sets
 * it (config.ts refuses to start otherwise). Without it, outside production, the address the visitor
 * used when it is this machine or its local network (ownMachine): someone who opened
 * http://127.0.0.1:3000 comes back there from the checkout, not to http://localhost:3000 where their
 * sign-in (kept per origin) is missing.
 *
 * The Host header is the client's to choose, which is why production never follows it. The protocol
 * and host come from Fastify, which believes X-Forwarded-* only from TRUST_PROXY.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Whether a Host names this machine or its local network (a developer's own addresses: localhost,
 * loopback, a LAN address a phone on the same Wi-Fi uses). Any other name is someone else's to choose:
 * `Host: evil.example` on 'Find my tickets' put the attacker's domain into the victim's e-mail.
 */
function ownMachine(host: string): boolean {
  const name = host
    .replace(/:\d{1,5}$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(name);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

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
  return typeof host === 'string' && host.length <= 300 && HOST.test(host) && ownMachine(host)
    ? `${protocol}://${host}`
    : config.publicUrl;
}
