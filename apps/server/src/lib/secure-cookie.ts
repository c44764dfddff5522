import type { FastifyRequest } from 'fastify';

/**
 * Whether a cookie set now gets Secure. Behind nginx the protocol comes from X-Forwarded-Proto
 * (trustProxy). A production shop whose public address is https gets Secure cookies even if the proxy
 * forgot to say so.
 */
export function secureCookie(req: FastifyRequest): boolean {
  const cfg = req.server.config;
  return req.protocol === 'https' || (cfg.env === 'production' && cfg.publicUrl.startsWith('https:'));
}
