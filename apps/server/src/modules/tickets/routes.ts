import {
  AUTH_MESSAGES,
  DEFAULT_LOCALE,
  isEmail,
  localeFromAcceptLanguage,
  localizedPath,
  ORDER_STATE_CODE,
  pagePath,
  TICKET_LINK_MESSAGES,
  TICKET_MESSAGES,
} from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { publicUrlFor } from '../../lib/public-url';
import { enforce, hit, peek } from '../../lib/rate-limit';
import { atLeast } from '../../lib/timing';
import { normalizeEmail } from '../../lib/users';
import { comboTitlesOfParts } from '../orders/combo';
import { guestHashOf } from '../orders/guest';
import { refundOrder } from '../orders/refunds';
import { linkView, ownTicket, refuseLinkMiss, type TicketFacts, ticketByLink } from '../orders/ticket-link';
import { pdfFileName, ticketPdf } from '../orders/ticket-pdf';
import { ticketQrPng } from '../orders/ticket-qr';
import { keepGuestOrder } from './guest-keep';
import { rescheduleByLink, rescheduleOptions } from './reschedule';
import { confirmFindTickets, findMyTickets, resendOwnTicket } from './resend';
import { findGuestOrder, findOwnOrder, listTickets } from './service';
import { googleWalletSaveUrl } from './wallet/google';
import { appleConfigOf, googleConfigOf, sendApplePass } from './wallet/routes';
import { paidWalletTicket, walletAvailability } from './wallet/service';

/** 'Find my tickets' sends e-mail: per address and per client, every request counts. */
const FIND_PER_EMAIL = { max: 3, windowSeconds: 3600 } as const;
const FIND_PER_CLIENT = { max: 10, windowSeconds: 3600 } as const;
/** Wrong tokens of the e-mail's link from one client before it waits (a good token always works). */
const FIND_CONFIRM_MISSES = { max: 20, windowSeconds: 3600 } as const;
/** Re-sends from the purchase history, per buyer. */
const RESEND_PER_USER = { max: 10, windowSeconds: 3600 } as const;

/**
 * A bearer link's answers: never in a shared cache, never revealed in a Referer. The link's JSON is
 * kept by the browser but asked again each time (`no-cache`), so a claim or refund shows at once; the
 * page keeps its own copy for when there is no network (decision 019).
 */
const linkHeaders = (reply: FastifyReply, cache: string) =>
  reply
    .header('cache-control', cache)
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');

export const ticketRoutes: FastifyPluginAsync = async (app) => {
  const publicUrl = (req: FastifyRequest) => publicUrlFor(app.config, req);
  const deps = (req: FastifyRequest) => ({ db: app.db, storage: app.storage, publicUrl: publicUrl(req) });
  const findDeps = (req: FastifyRequest) => ({ ...deps(req), secret: app.config.jwtSecret });

  /**
   * The ticket a link opens. A good link always opens (a hotel's address where someone tried wrong
   * links does not block its guests' tickets); a wrong one is 404, counted against the address, and
   * an address over the limit is told to wait (429).
   */
  const openLink = async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    linkHeaders(reply, 'no-store');
    const ticket = await ticketByLink(app.db, req.params.token);
    if (ticket) return ticket;
    return refuseLinkMiss(app.db, limitAddress(req.ip), TICKET_LINK_MESSAGES.notFound);
  };

  const sendPdf = async (req: FastifyRequest, reply: FastifyReply, ticket: TicketFacts) => {
    const pdf = await ticketPdf([{ facts: ticket, qr: await ticketQrPng(app, ticket.qrFileKey) }], {
      // The terms page in the ticket's language (decision 024), like the rest of the PDF.
      termsUrl: `${publicUrl(req)}${localizedPath(ticket.locale, pagePath('/terms'))}`,
    });
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${pdfFileName(ticket)}"`)
      .type('application/pdf')
      .send(pdf);
  };

  /** The success page polls this: 202 while the payment is being confirmed, then the QR image URL. */
  const success = (found: Awaited<ReturnType<typeof findOwnOrder>>, reply: FastifyReply) => {
    if (!found) throw notFound(TICKET_MESSAGES.notFound);
    if (found.status === 'pending') return reply.code(202).send({ status: 'pending', url: null });
    if (found.status !== 'paid')
      throw new HttpError(409, {
        error: TICKET_MESSAGES.notPaid,
        code: ORDER_STATE_CODE,
        status: found.status,
        url: null,
      });
    return {
      status: 'paid' as const,
      url: found.ticket.qr_code,
      data: found.ticket,
      ...('parts' in found && found.parts ? { parts: found.parts } : {}),
    };
  };
  route(app, 'GET /api/success/:uniqueId/', async (req, reply) => {
    const { uniqueId } = req.params;
    return success(
      uniqueId.length <= 64 ? await findOwnOrder(app.db, signedIn(req).id, uniqueId) : null,
      reply,
    );
  });
  // A guest's success page: the browser's guest cookie opens the orders it made (decision 035).
  route(app, 'GET /api/guest-orders/:uniqueId/', async (req, reply) => {
    const { uniqueId } = req.params;
    const guest = guestHashOf(req);
    return success(
      guest && uniqueId.length <= 64 ? await findGuestOrder(app.db, guest, uniqueId) : null,
      reply,
    );
  });

  // A guest keeps the ticket in an account after paying (decision 035).
  route(
    app,
    'POST /api/guest-orders/:uniqueId/keep/',
    async (req) =>
      keepGuestOrder(
        app.db,
        {
          guestTokenHash: guestHashOf(req),
          uniqueId: req.params.uniqueId,
          signedInId: req.user?.id ?? null,
          ip: limitAddress(req.ip),
        },
        req.body,
      ),
    { optionalUser: true },
  );

  route(app, 'GET /api/dashboard/', async (req) => ({
    data: await listTickets(app.db, signedIn(req).id),
  }));

  // ---- The ticket link (decision 019): no sign-in, the token is the key -------------------------------

  route(app, 'GET /api/ticket-links/:token/', async (req, reply) => {
    const ticket = await openLink(req, reply);
    linkHeaders(reply, 'private, no-cache');
    const combo = (await comboTitlesOfParts(app.db, [ticket.orderId])).get(ticket.orderId) ?? null;
    return linkView(app, ticket, walletLinksOf(req.params.token, ticket), combo);
  });

  /** The wallet buttons of a valid ticket, for the wallets the shop is configured for. */
  const walletLinksOf = (token: string, t: TicketFacts) => {
    const { apple, google } = walletAvailability(app.config);
    if (t.status !== 'valid' || (!apple && !google)) return null;
    const base = `/api/ticket-links/${encodeURIComponent(token)}/wallet`;
    return { apple: apple ? `${base}/apple/` : null, google: google ? `${base}/google/` : null };
  };

  route(app, 'GET /api/ticket-links/:token/wallet/apple/', async (req, reply) => {
    const apple = appleConfigOf(app.config);
    const ticket = await openLink(req, reply);
    return sendApplePass(reply, apple, await paidWalletTicket(app, ticket));
  });

  /** A plain link the page's button follows: Google's save page, with the ticket signed into it. */
  route(app, 'GET /api/ticket-links/:token/wallet/google/', async (req, reply) => {
    const google = googleConfigOf(app.config);
    const ticket = await paidWalletTicket(app, await openLink(req, reply));
    return reply.redirect(await googleWalletSaveUrl(google, ticket, publicUrl(req)), 302);
  });

  route(app, 'GET /api/ticket-links/:token/pdf/', async (req, reply) =>
    sendPdf(req, reply, await openLink(req, reply)),
  );

  /** The link's holder may cancel as the buyer may: the same rules, checked under the order's lock. */
  route(app, 'POST /api/ticket-links/:token/cancel/', async (req, reply) => {
    const ticket = await openLink(req, reply);
    if (!ticket.userId) throw notFound(TICKET_LINK_MESSAGES.notFound);
    await enforce(app.db, `cancel:link:${ticket.orderId}`, 20, 3600);
    return refundOrder(
      {
        db: app.db,
        provider: app.payments,
        publicUrl: publicUrl(req),
        log: app.log,
        waitlistOfferMinutes: app.config.waitlistOfferMinutes,
      },
      ticket.uniqueId,
      {
        reason: 'customer',
        userId: ticket.userId,
      },
    );
  });

  // ---- A change of time from the link (decision 067) ------------------------------------------------

  route(app, 'GET /api/ticket-links/:token/reschedule/', async (req, reply) =>
    rescheduleOptions(app.db, await openLink(req, reply), req.query.date),
  );

  route(app, 'POST /api/ticket-links/:token/reschedule/', async (req, reply) => {
    const ticket = await openLink(req, reply);
    // A buyer moves once or twice; a script hammering a link for the last places is stopped.
    await enforce(app.db, `reschedule:link:${ticket.orderId}`, 20, 3600);
    const answer = await rescheduleByLink(
      {
        db: app.db,
        provider: app.payments,
        publicUrl: publicUrl(req),
        log: app.log,
        waitlistOfferMinutes: app.config.waitlistOfferMinutes,
        secret: app.config.jwtSecret,
      },
      ticket,
      req.body.slot_id,
    );
    void app.mailer.drain().catch(() => {});
    return answer;
  });

  // ---- The buyer's PDF and re-send, from the purchase history ----------------------------------------

  route(app, 'GET /api/tickets/:uniqueId/pdf/', async (req, reply) => {
    const ticket = await ownTicket(app.db, signedIn(req).id, req.params.uniqueId);
    if (!ticket || (ticket.orderStatus !== 'paid' && ticket.orderStatus !== 'refunded'))
      throw notFound(TICKET_MESSAGES.notFound);
    return sendPdf(req, reply, ticket);
  });

  route(app, 'POST /api/tickets/:uniqueId/resend/', async (req) => {
    const user = signedIn(req);
    await enforce(app.db, `resend:user:${user.id}`, RESEND_PER_USER.max, RESEND_PER_USER.windowSeconds);
    return resendOwnTicket(deps(req), user.id, req.params.uniqueId);
  });

  route(app, 'POST /api/tickets/:uniqueId/links/end/', async (req) => {
    const user = signedIn(req);
    // The same allowance as a re-send: each sends an e-mail.
    await enforce(app.db, `resend:user:${user.id}`, RESEND_PER_USER.max, RESEND_PER_USER.windowSeconds);
    return resendOwnTicket(deps(req), user.id, req.params.uniqueId, true);
  });

  // ---- 'Find my tickets' ------------------------------------------------------------------------------

  route(app, 'POST /api/find-tickets/', async (req) =>
    // No sooner than the floor, so the timing does not tell whether there were any tickets.
    atLeast(app.config.answerFloorsMs.findTickets, async () => {
      const email = normalizeEmail(req.body.email);
      if (!isEmail(email)) throw badRequest(AUTH_MESSAGES.emailInvalid);
      // Counted before anything is looked up: the limits answer alike for every address.
      await enforce(
        app.db,
        `findTickets:client:${limitAddress(req.ip)}`,
        FIND_PER_CLIENT.max,
        FIND_PER_CLIENT.windowSeconds,
      );
      await enforce(app.db, `findTickets:email:${email}`, FIND_PER_EMAIL.max, FIND_PER_EMAIL.windowSeconds);
      // Links in e-mails are the shop's own address, and the e-mail speaks the page's language.
      const locale = localeFromAcceptLanguage(req.headers['accept-language']) ?? DEFAULT_LOCALE;
      await findMyTickets(findDeps(req), email, locale);
      return { message: TICKET_LINK_MESSAGES.findSent };
    }),
  );

  /** The e-mail's link asks for the new links; a bad token is counted against the client. */
  route(app, 'POST /api/find-tickets/confirm/', async (req) => {
    const key = `findTickets:confirm:${limitAddress(req.ip)}`;
    if ((await peek(app.db, key)) >= FIND_CONFIRM_MISSES.max)
      throw new HttpError(429, {
        error: AUTH_MESSAGES.tooManyAttempts,
        retry_after: FIND_CONFIRM_MISSES.windowSeconds,
      });
    const endOld = req.body.end_old_links === true;
    if (!(await confirmFindTickets(findDeps(req), req.body.token.trim(), endOld))) {
      await hit(app.db, key, FIND_CONFIRM_MISSES.max, FIND_CONFIRM_MISSES.windowSeconds);
      throw badRequest(TICKET_LINK_MESSAGES.findConfirmInvalid);
    }
    return {
      message: endOld ? TICKET_LINK_MESSAGES.findConfirmedEnded : TICKET_LINK_MESSAGES.findConfirmed,
    };
  });
};
