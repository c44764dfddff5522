/**
 * The disruption console's calls (decisions 058, 059, contract disruption.api.ts): superusers'
 * preview, close and report; the ticket link's closure and its one choice.
 */
import { type DisruptionBody, TICKET_LINK_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { recordEdit } from '../../lib/edit-log';
import { limitAddress } from '../../lib/ip';
import { publicUrlFor } from '../../lib/public-url';
import { enforce } from '../../lib/rate-limit';
import { refuseLinkMiss, ticketByLink } from '../orders/ticket-link';
import { chooseRemedy, ticketDisruption } from './choice';
import { closeForDisruption, type DisruptionActor, disruptionReports, previewDisruption } from './service';

/** Choices tried per ticket in an hour: a buyer makes one; a script hammering a link is stopped. */
const CHOICES_PER_TICKET = { max: 20, windowSeconds: 3600 } as const;

export const disruptionRoutes: FastifyPluginAsync = async (app) => {
  /** Superusers reach every package; an operator's people only their folder's (decision 058). */
  const actorOf = (req: FastifyRequest, folderId: number | null = null): DisruptionActor => ({
    userId: signedIn(req).id,
    folderId,
  });

  const close = async (
    req: FastifyRequest,
    reply: FastifyReply,
    actor: DisruptionActor,
    body: DisruptionBody,
  ) => {
    const closed = await closeForDisruption(
      { db: app.db, publicUrl: publicUrlFor(app.config, req) },
      actor,
      body,
    );
    await recordEdit(app.db, {
      userId: actor.userId,
      entity: 'disruption',
      entityKey: closed.id,
      before: null,
      after: { ...body, folder_id: actor.folderId, bookings: closed.bookings },
    });
    void app.mailer.drain().catch(() => {});
    return reply.code(201).send(closed);
  };

  route(app, 'POST /api/admin/disruptions/preview/', async (req) =>
    previewDisruption(app.db, actorOf(req), req.body),
  );
  route(app, 'POST /api/admin/disruptions/', async (req, reply) => close(req, reply, actorOf(req), req.body));
  route(app, 'GET /api/admin/disruptions/', async (req) => ({
    disruptions: await disruptionReports(app.db, actorOf(req)),
  }));

  route(app, 'POST /api/operator/:folder/disruptions/preview/', async (req) =>
    previewDisruption(app.db, actorOf(req, req.params.folder), req.body),
  );
  route(app, 'POST /api/operator/:folder/disruptions/', async (req, reply) =>
    close(req, reply, actorOf(req, req.params.folder), req.body),
  );
  route(app, 'GET /api/operator/:folder/disruptions/', async (req) => ({
    disruptions: await disruptionReports(app.db, actorOf(req, req.params.folder)),
  }));

  const openLink = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const ticket = await ticketByLink(app.db, req.params.token);
    if (ticket) return ticket;
    return refuseLinkMiss(app.db, limitAddress(req.ip), TICKET_LINK_MESSAGES.notFound);
  };

  route(app, 'GET /api/ticket-links/:token/disruption/', async (req, reply) => ({
    disruption: await ticketDisruption(app.db, await openLink(req, reply)),
  }));

  route(app, 'POST /api/ticket-links/:token/disruption/', async (req, reply) => {
    const ticket = await openLink(req, reply);
    await enforce(
      app.db,
      `disruption:link:${ticket.orderId}`,
      CHOICES_PER_TICKET.max,
      CHOICES_PER_TICKET.windowSeconds,
    );
    const answer = await chooseRemedy(
      {
        db: app.db,
        provider: app.payments,
        publicUrl: publicUrlFor(app.config, req),
        log: app.log,
        secret: app.config.jwtSecret,
        waitlistOfferMinutes: app.config.waitlistOfferMinutes,
      },
      ticket,
      req.body,
    );
    void app.mailer.drain().catch(() => {});
    return answer;
  });
};
