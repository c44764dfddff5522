/**
 * POST /api/track-activity/ (spec §7): one event or a batch, from fetch (application/json) or
 * navigator.sendBeacon (text/plain holding JSON). Answers 204 once the events are queued.
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/errors';
import { optionalUser } from '../auth/plugin';
import { TrackingInputError, TrackingRateLimitError } from './service';

export const activityRoutes: FastifyPluginAsync = async (app) => {
  // sendBeacon posts JSON as text/plain. This plugin is encapsulated, so the parser applies to its
  // routes only; elsewhere text/plain stays a plain string.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, { error: 'The body is not valid JSON.' }), undefined);
    }
  });

  app.post(
    '/api/track-activity/',
    { preHandler: optionalUser, bodyLimit: 256 * 1024 },
    async (req, reply) => {
      try {
        await app.activity.ingest(req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          user: req.user ? { id: req.user.id, email: req.user.email } : null,
        });
      } catch (err) {
        if (err instanceof TrackingInputError) throw new HttpError(400, { error: err.message });
        if (err instanceof TrackingRateLimitError)
          throw new HttpError(429, {
            error: 'Too many attempts. Please wait a while and try again.',
            retry_after: 60,
          });
        throw err;
      }
      return reply.code(204).send();
    },
  );
};
