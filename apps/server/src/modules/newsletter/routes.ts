import type { FastifyPluginAsync } from 'fastify';
import { enforce } from '../../lib/rate-limit';
import { subscribe } from './service';

export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/newsletter/subscribe/', async (req, reply) => {
    await enforce(app.db, `newsletter:${req.ip}`, 20, 3600);
    const body = (req.body ?? {}) as { email?: unknown };
    await subscribe(app.db, body.email);
    return reply.code(201).send({ message: 'Subscribed successfully.' });
  });
};
