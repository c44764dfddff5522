/** The waiting list's calls (decision 063, contract waitlist.api.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { limitAddress } from '../../lib/ip';
import { publicUrlFor } from '../../lib/public-url';
import { joinWaitlist, leaveWaitlist, offerOf, waitlistReport } from './service';

export const waitlistRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    'POST /api/waitlist/',
    async (req, reply) => {
      const answer = await joinWaitlist(
        { db: app.db, publicUrl: publicUrlFor(app.config, req), enqueue: (msg) => app.mailer.enqueue(msg) },
        { ...req.body, places: Number(req.body.places) },
        { userId: req.user?.id ?? null, address: limitAddress(req.ip) },
      );
      return reply.code(201).send(answer);
    },
    { optionalUser: true },
  );

  route(app, 'POST /api/waitlist/leave/', async (req) =>
    leaveWaitlist(
      {
        db: app.db,
        publicUrl: publicUrlFor(app.config, req),
        offerMinutes: app.config.waitlistOfferMinutes,
        log: app.log,
      },
      req.body.token,
      limitAddress(req.ip),
    ),
  );

  route(app, 'POST /api/waitlist/offer/', async (req, reply) => {
    // A bearer link's answer: never cached by others (as ticket links, decision 019).
    reply.header('cache-control', 'no-store');
    return offerOf(app.db, req.body.token, limitAddress(req.ip));
  });

  route(app, 'GET /api/admin/waitlist/', async () => waitlistReport(app.db));
};
