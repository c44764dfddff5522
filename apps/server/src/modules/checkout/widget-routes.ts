/**
 * The booking widget's calls and the superusers' partners (decision 060; modules/checkout/widget.ts).
 */
import { CHECKOUT_MESSAGES, WIDGET_MESSAGES } from '@rome/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { orders, packages } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { enforce } from '../../lib/rate-limit';
import { keepGuestToken } from '../orders/guest';
import { holdAddressOf } from '../orders/hold-limits';
import { readWidgetCheckoutPayload } from './fields';
import { countGuestCheckout, createCheckout } from './service';
import {
  giveOrderToGuest,
  makeHandoff,
  makePartner,
  partnerActive,
  partnerByCode,
  partnerReport,
  readWidgetToken,
  signWidgetToken,
  takeHandoff,
  unheldGuestHash,
  WIDGET_GUESS_LIMIT,
} from './widget';

export const widgetRoutes: FastifyPluginAsync = async (app) => {
  const addressOf = (ip: string | undefined) => holdAddressOf(app.config.jwtSecret, ip ?? 'unknown');
  const countGuess = (what: string, ip: string | undefined) =>
    enforce(
      app.db,
      `widget:${what}:${addressOf(ip)}`,
      WIDGET_GUESS_LIMIT.max,
      WIDGET_GUESS_LIMIT.windowSeconds,
    );

  route(app, 'POST /api/widget/start/', async (req) => {
    const { package_identifier: tag, partner_code: code } = req.body;
    // The script tag names the package by its tag or its number (decision 060).
    const byId = /^\d{1,9}$/.test(tag) ? eq(packages.id, Number(tag)) : undefined;
    const [pkg] = await app.db
      .select({ tag: packages.packageTag })
      .from(packages)
      .where(
        and(
          byId ? or(eq(packages.packageTag, tag), byId) : eq(packages.packageTag, tag),
          eq(packages.status, 'active'),
        ),
      )
      .orderBy(sql`${packages.packageTag} = ${tag} DESC`)
      .limit(1);
    if (!pkg) throw badRequest(CHECKOUT_MESSAGES.unknownPackage);
    const partner = code ? await partnerByCode(app.db, code) : undefined;
    // A code that is no partner's sells uncredited; trying codes is counted (they are 144 random bits).
    if (code && !partner) await countGuess('partner', req.ip);
    return {
      widget_token: signWidgetToken(app.config.jwtSecret, {
        partnerId: partner?.id ?? null,
        packageTag: pkg.tag,
      }),
      package_tag: pkg.tag,
      partner: partner?.name ?? null,
    };
  });

  route(app, 'POST /api/widget/checkout/', async (req) => {
    // A refused form costs an attempt, as a guest checkout's (checkout/routes.ts).
    const refuse = async (err: unknown) => {
      await countGuestCheckout(app.db, addressOf(req.ip), app.config.guestCheckoutsPerAddress);
      throw err;
    };
    const input = await readWidgetCheckoutPayload(req).catch(refuse);
    const claims = readWidgetToken(app.config.jwtSecret, input.widget_token);
    if (!claims || claims.packageTag !== input.package_identifier.trim())
      return refuse(badRequest(WIDGET_MESSAGES.expired));
    // A partner switched off since the widget opened is credited no more.
    const partnerId =
      claims.partnerId && (await partnerActive(app.db, claims.partnerId)) ? claims.partnerId : null;
    const publicUrl = publicUrlFor(app.config, req);
    const session = await createCheckout(
      {
        db: app.db,
        provider: app.payments,
        publicUrl,
        holdMinutes: app.config.holdMinutes,
        secret: app.config.jwtSecret,
        placesPerAddress: app.config.holdPlacesPerAddress,
        checkoutsPerAccount: app.config.checkoutsPerAccount,
        guestCheckoutsPerAddress: app.config.guestCheckoutsPerAddress,
      },
      // No cookie in a third-party frame: the order opens to the tab the handoff link sets one in.
      { id: null, email: input.email, guestTokenHash: unheldGuestHash() },
      input,
      req.ip,
      partnerId,
    );
    const [order] = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.providerSessionId, session.id));
    const code = await makeHandoff(app.db, order.id, session.url);
    return { url: `${publicUrl}/api/widget/handoff/${code}/` };
  });

  route(app, 'GET /api/widget/handoff/:code/', async (req, reply) => {
    const handoff = await takeHandoff(app.db, req.params.code);
    if (!handoff) {
      await countGuess('handoff', req.ip);
      throw notFound(WIDGET_MESSAGES.handoffGone);
    }
    await giveOrderToGuest(app.db, handoff.orderId, keepGuestToken(req, reply));
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(handoff.payUrl, 303);
  });

  route(app, 'GET /api/admin/partners/', async () => ({ partners: await partnerReport(app.db) }));

  route(app, 'POST /api/admin/partners/', async (req, reply) => {
    const { row, code } = await makePartner(app.db, req.body.name, signedIn(req).id);
    const [partner] = await partnerReport(app.db, row.id);
    return reply.code(201).send({ partner, code });
  });
};
