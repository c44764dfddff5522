/**
 * POST /api/track-activity/ (spec §7): one event or a batch, from fetch (application/json) or
 * navigator.sendBeacon (text/plain holding JSON). The contract entry parses either into a list of
 * events; the answer is 204 once they are queued.
 */
import { jsonTooDeep } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { badRequest, HttpError, JSON_TOO_DEEP } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';

export const activityRoutes: FastifyPluginAsync = async (app) => {
  // sendBeacon posts JSON as text/plain. This plugin is encapsulated, so the parser applies to its
  // routes only; elsewhere text/plain stays a plain string. The decoded JSON then meets the same
  // schema as a fetch body.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    if (jsonTooDeep(body as string)) return done(badRequest(JSON_TOO_DEEP), undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not valid JSON.'), undefined);
    }
  });

  route(
    app,
    'POST /api/track-activity/',
    async (req, reply) => {
      const events = req.body;
      if (req.ip && !app.activity.allow(limitAddress(req.ip), events.length))
        throw new HttpError(429, {
          error: 'Too many attempts. Please wait a while and try again.',
          retry_after: 60,
        });
      await app.activity.ingest(events, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        user: req.user ? { id: req.user.id, email: req.user.email } : null,
      });
      return reply.code(204).send();
    },
    { optionalUser: true, bodyLimit: 256 * 1024 },
  );
};
