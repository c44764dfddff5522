import { ORDER_STATE_CODE } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError, notFound } from '../../lib/errors';
import { findOwnOrder, listTickets } from './service';

export const ticketRoutes: FastifyPluginAsync = async (app) => {
  /** The success page polls this: 202 while the payment is being confirmed, then the QR image URL. */
  route(app, 'GET /api/success/:uniqueId/', async (req, reply) => {
    const { uniqueId } = req.params;
    const found = uniqueId.length <= 64 ? await findOwnOrder(app.db, req.user!.id, uniqueId) : null;
    if (!found) throw notFound('Ticket not found.');
    if (found.status === 'pending') return reply.code(202).send({ status: 'pending', url: null });
    if (found.status !== 'paid')
      throw new HttpError(409, {
        error: 'This order was not paid.',
        code: ORDER_STATE_CODE,
        status: found.status,
        url: null,
      });
    return { status: 'paid' as const, url: found.ticket.qr_code, data: found.ticket };
  });

  route(app, 'GET /api/dashboard/', async (req) => ({
    data: await listTickets(app.db, req.user!.id),
  }));
};
