import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { limitAddress } from '../../lib/ip';
import { enforce } from '../../lib/rate-limit';
import { subscribe } from './service';

export const newsletterRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'POST /api/newsletter/subscribe/', async (req, reply) => {
    await enforce(app.db, `newsletter:${limitAddress(req.ip)}`, 20, 3600);
    await subscribe(app.db, req.body.email);
    return reply.code(201).send({ message: 'Subscribed successfully.' });
  });
};
