import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';
import { requireUser } from '../auth/plugin';
import { findOwnOrder, listTickets } from './service';

export const ticketRoutes: FastifyPluginAsync = async (app) => {
  /** The success page polls this: 202 while the payment is being confirmed, then the QR image URL. */
  app.get('/api/success/:uniqueId/', { preHandler: requireUser }, async (req, reply) => {
    const { uniqueId } = req.params as { uniqueId: string };
    const found = uniqueId.length <= 64 ? await findOwnOrder(app.db, req.user!.id, uniqueId) : null;
    if (!found) throw notFound('Ticket not found.');
    if (found.status === 'pending') return reply.code(202).send({ status: 'pending', url: null });
    if (found.status !== 'paid')
      return reply.code(409).send({ status: found.status, url: null, error: 'This order was not paid.' });
    return { status: 'paid', url: found.ticket.qr_code, data: found.ticket };
  });

  app.get('/api/dashboard/', { preHandler: requireUser }, async (req) => ({
    data: await listTickets(app.db, req.user!.id),
  }));
};
