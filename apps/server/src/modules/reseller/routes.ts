/**
 * The OCTO supplier API under /octo (docs/octo.md). Requests are parsed with the OCTO standard's own
 * schemas (@octocloud/types), answers take its shapes, and every error is OCTO's `{error,
 * errorMessage}`: this API answers resellers' software, not the shop's web app, so it keeps to the
 * standard rather than the shop's contract. Every call needs a reseller key (`Authorization: Bearer`),
 * counts against that key's rate, and sees only that key's bookings.
 */
import type {
  AvailabilityCalendarBody,
  AvailabilityCheckBody,
  BookingCancellationBody,
  BookingConfirmationBody,
  BookingReservationBody,
  BookingUpdateBody,
  ExtendReservationBody,
} from '@octocloud/types';
import { extraPlaces, placesFor } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import { websiteSettings } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { HttpError, notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { hit } from '../../lib/rate-limit';
import { tellSuperusers } from '../../mail/staff-notice';
import { availabilities, calendar } from './availability';
import {
  cancelBooking,
  confirmBooking,
  extendBooking,
  getBooking,
  listBookings,
  type OctoContext,
  reserve,
  updateBooking,
} from './bookings';
import { badRequest, OctoError } from './errors';
import { createReseller, listResellers, type Reseller, resellerByKey, revokeReseller } from './keys';
import { OCTO_API, type OctoKey, octoOpenApi, octoRoute } from './octo-api';
import { availabilityOffer } from './offers';
import { comboAvailabilities, isPackage, packageFlag, toPackageProduct } from './packages';
import {
  type Capabilities,
  type PackageRow,
  type Product,
  packagesOnSale,
  productPackage,
  startTimesOf,
  toProduct,
} from './products';
import { lookup, redeem } from './redemption';
import {
  adminWebhooks,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  noSuchWebhook,
  webhookInfo,
} from './webhooks';

/**
 * The capabilities this supplier offers (octo/redemption only to keys allowed to redeem); octo/packages
 * sells combos as packages (decision 072), octo/offers takes promo codes as offer codes (decision 074).
 */
export const CAPABILITIES = ['octo/pricing', 'octo/content', 'octo/packages', 'octo/offers'] as const;
/** A capability's switch in the context. */
const CAPABILITY_FLAGS = {
  'octo/pricing': 'pricing',
  'octo/content': 'content',
  'octo/packages': 'packages',
  'octo/offers': 'offers',
} as const;
const REDEMPTION = 'octo/redemption';
/** The webhook calls (decision 056): open to every key, whether or not it names them. */
const WEBHOOKS = 'octo/webhooks';

/** An availability check's offer code (octo/offers) and the units it prices. */
type WithOffer = { offerCode?: string; units?: { id?: string; quantity: number }[] };

declare module 'fastify' {
  interface FastifyRequest {
    octo?: OctoContext;
  }
}

/** What this module needs of an official (zod 3 API) schema; typed by hand to keep tsc fast. */
type OfficialSchema = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: (string | number)[]; message: string }[] } };
};

/** The body of call `key`, parsed with its schema (octo-api.ts), or BAD_REQUEST naming the first problem. */
function parse<T>(key: OctoKey, value: unknown): T {
  const call = OCTO_API[key] as { body?: { schema: unknown } };
  if (!call.body) throw new Error(`${key} takes no body`);
  const r = (call.body.schema as OfficialSchema).safeParse(value ?? {});
  if (r.success) return r.data as T;
  const issue = r.error.issues[0];
  throw badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`);
}

function capabilitiesOf(req: FastifyRequest, reseller: Reseller): Capabilities & { list: string[] } {
  const asked = String(req.headers['octo-capabilities'] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const offered: string[] = [...CAPABILITIES, WEBHOOKS, ...(reseller.canRedeem ? [REDEMPTION] : [])];
  const list = offered.filter((c) => asked.includes(c));
  return {
    pricing: list.includes('octo/pricing'),
    content: list.includes('octo/content'),
    packages: list.includes('octo/packages'),
    offers: list.includes('octo/offers'),
    redemption: list.includes(REDEMPTION),
    list,
  };
}

export const octoRoutes: FastifyPluginAsync = async (app: FastifyInstance) => {
  // OCTO's own error shape for everything under /octo, whatever went wrong.
  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof OctoError) return reply.code(err.status).send(err.body());
    if (err instanceof HttpError) {
      // The shop's inventory rules (sold out, closed, past the cut-off) speak the buyer's words.
      if (err.statusCode === 429) {
        reply.header('retry-after', String(err.body.retry_after ?? 60));
        return reply.code(429).send({ error: 'BAD_REQUEST', errorMessage: String(err.body.error) });
      }
      if (err.statusCode < 500)
        return reply.code(400).send({ error: 'UNPROCESSABLE_ENTITY', errorMessage: String(err.body.error) });
    }
    // Malformed JSON, a wrong content type, a body too large: the request itself is at fault.
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500)
      return reply.code(err.statusCode === 413 ? 413 : 400).send({
        error: 'BAD_REQUEST',
        errorMessage:
          err.statusCode === 413 ? 'The request body is too large' : 'The request body is not valid JSON',
      });
    req.log.error({ err }, 'octo call failed');
    return reply.code(500).send({
      error: 'INTERNAL_SERVER_ERROR',
      errorMessage: 'There was an un-recoverable error, please try again',
    });
  });
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({ error: 'BAD_REQUEST', errorMessage: 'No such OCTO endpoint' }),
  );

  // Who calls: a live key, within its rate. 401 without a key, 403 with one that is not valid.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const auth = String(req.headers.authorization ?? '');
    const key = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    if (!key)
      throw new OctoError(
        'UNAUTHORIZED',
        "You didn't send the API Key in the Authorization header to an endpoint that requires authentication",
      );
    const reseller = await resellerByKey(app.db, key);
    if (!reseller)
      throw new OctoError(
        'FORBIDDEN',
        'You sent an API Key that was invalid or has been revoked by the backend system',
      );
    const limit = await hit(app.db, `octo:key:${reseller.id}`, reseller.ratePerMinute, 60);
    reply.header('x-ratelimit-limit', String(reseller.ratePerMinute));
    reply.header('x-ratelimit-remaining', String(Math.max(0, reseller.ratePerMinute - limit.count)));
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      throw new OctoError(
        'BAD_REQUEST',
        `Too many requests for this API key: at most ${reseller.ratePerMinute} a minute. Retry after ${limit.retryAfterSeconds} s.`,
        {},
        429,
      );
    }
    const caps = capabilitiesOf(req, reseller);
    reply.header('octo-capabilities', caps.list.join(', '));
    if (caps.content) {
      reply.header('content-language', 'en');
      reply.header('available-languages', 'en');
    }
    req.octo = {
      db: app.db,
      reseller,
      caps,
      publicUrl: publicUrlFor(app.config, req),
      holdMinutes: app.config.holdMinutes,
      ticketSecret: app.config.jwtSecret,
      testMode: app.config.env !== 'production',
      waitlistOfferMinutes: app.config.waitlistOfferMinutes,
    };
  });
  const ctx = (req: FastifyRequest): OctoContext => req.octo!;
  /** Registers call `key` of the OCTO table (octo-api.ts): the table is the list of what is served. */
  const call = <G extends RouteGenericInterface = RouteGenericInterface>(
    key: OctoKey,
    handler: RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, G>,
  ) => {
    const { method, url } = octoRoute(key);
    app.route<G>({ method: method as 'GET', url, handler });
  };

  call('GET /supplier', async (req) => {
    const [s] = await app.db.select().from(websiteSettings).where(eq(websiteSettings.id, 1));
    return {
      id: 'rome-bus-tickets',
      name: 'Rome Bus Tickets',
      endpoint: `${ctx(req).publicUrl}/octo`,
      contact: {
        website: ctx(req).publicUrl,
        email: s?.websiteEmail || null,
        telephone: s?.websitePhoneNumber || null,
        address: s?.websiteAddress || null,
      },
    };
  });

  call('GET /capabilities', async () =>
    [...CAPABILITIES, WEBHOOKS].map((id) => ({
      id,
      revision: 1,
      required: false,
      // Offers price what octo/pricing shows (as Ventrata's capability depends on it).
      dependencies: id === 'octo/offers' ? ['octo/pricing' as const] : [],
      docs: null,
    })),
  );

  const product = async (req: FastifyRequest, pkg: PackageRow) => {
    const snap = await app.catalog.get();
    const now = new Date();
    const made = async (p: PackageRow) =>
      toProduct(p, {
        caps: ctx(req).caps,
        publicUrl: ctx(req).publicUrl,
        startTimes: await startTimesOf(app.db, p, now),
        listed: snap.byTag.get(p.packageTag),
      });
    if (!isPackage(pkg)) return packageFlag(ctx(req).caps, await made(pkg));
    // A combo (decision 072): its parts' products are its includes.
    const parts: Product[] = [];
    for (const part of pkg.combo.parts) parts.push(await made(part));
    return toPackageProduct(await made({ ...pkg, categoryPrices: [] }), pkg, parts);
  };

  call('GET /products', async (req) => {
    const out = [];
    const combos = ctx(req).caps.packages;
    for (const pkg of await packagesOnSale(app.db, { combos })) out.push(await product(req, pkg));
    return out;
  });

  call<{ Params: { id: string } }>('GET /products/{id}', async (req) =>
    product(req, await productPackage(app.db, req.params.id, undefined, { combos: ctx(req).caps.packages })),
  );

  /** Places the asked units take (infants only where the package counts them). */
  const placesAsked = (pkg: PackageRow, units: { id: string; quantity: number }[] | undefined): number => {
    const n = (id: string) => (units ?? []).filter((u) => u.id === id).reduce((s, u) => s + u.quantity, 0);
    // A price category's units take its places (a family 4, decision 070).
    const categories = (pkg.categoryPrices ?? []).map((c) => ({ key: c.key, count: n(c.key) }));
    return (
      placesFor({ adults: n('adult'), youths: n('youth'), infants: n('infant') }, pkg.infantsTakePlace) +
      extraPlaces(categories)
    );
  };

  /** The people asked by unit (a combo's parts count infants each by its own rule). */
  const countsAsked = (units: { id: string; quantity: number }[] | undefined) => {
    const n = (id: string) => (units ?? []).filter((u) => u.id === id).reduce((s, u) => s + u.quantity, 0);
    return { adults: n('adult'), youths: n('youth'), infants: n('infant') };
  };
  /** A product's query: its package (a combo with octo/packages) and the places and people asked. */
  const asked = async (req: FastifyRequest, body: AvailabilityCheckBody | AvailabilityCalendarBody) => {
    const pkg = await productPackage(app.db, body.productId, body.optionId, {
      combos: ctx(req).caps.packages,
    });
    return { pkg, query: { ...body, places: placesAsked(pkg, body.units), counts: countsAsked(body.units) } };
  };

  /**
   * What an offer code asked with an availability check adds to each answer (octo/offers, decision 074);
   * nothing without the capability or a code. A code that does not apply is BAD_REQUEST.
   */
  const offerFields = async (req: FastifyRequest, pkg: PackageRow, body: WithOffer, now: Date) => {
    const code = ctx(req).caps.offers ? (body.offerCode ?? '').trim() : '';
    if (!code) return {};
    return availabilityOffer(app.db, ctx(req).reseller, {
      code,
      pkg,
      units: body.units,
      withPricing: ctx(req).caps.pricing,
      now,
    });
  };

  call('POST /availability', async (req) => {
    const body = parse<AvailabilityCheckBody & WithOffer>('POST /availability', req.body);
    const { pkg, query } = await asked(req, body);
    const list = pkg.combo ? comboAvailabilities : availabilities;
    const now = new Date();
    const offer = await offerFields(req, pkg, body, now);
    return (await list(app.db, pkg, query, ctx(req).caps, now)).map((a) => ({ ...a, ...offer }));
  });

  call('POST /availability/calendar', async (req) => {
    const body = parse<AvailabilityCalendarBody & WithOffer>('POST /availability/calendar', req.body);
    const { pkg, query } = await asked(req, body);
    const list = pkg.combo ? comboAvailabilities : availabilities;
    const now = new Date();
    // A calendar day carries the offer, not the units' pricing (the standard's day has no `pricing`).
    const { pricing: _, ...offer } = { pricing: undefined, ...(await offerFields(req, pkg, body, now)) };
    return (await calendar(app.db, pkg, query, ctx(req).caps, now, list)).map((d) => ({ ...d, ...offer }));
  });

  call('POST /bookings', async (req) => {
    // No unit items at all is OCTO's UNPROCESSABLE_ENTITY, as an empty list is (reserve refuses it once
    // the product is known), not a malformed body: the rest of the body still has to parse.
    const raw = req.body as Record<string, unknown> | null;
    const unitless = !!raw && typeof raw === 'object' && !Array.isArray(raw) && raw.unitItems == null;
    const body = parse<BookingReservationBody & { offerCode?: string }>(
      'POST /bookings',
      unitless ? { ...raw, unitItems: [] } : raw,
    );
    return reserve(ctx(req), body, req.ip ?? null);
  });

  call<{ Querystring: Record<string, string> }>('GET /bookings', async (req) => {
    const q = req.query ?? {};
    const one = (k: string) => (typeof q[k] === 'string' && q[k] !== '' ? q[k].slice(0, 200) : undefined);
    return listBookings(ctx(req), {
      resellerReference: one('resellerReference'),
      supplierReference: one('supplierReference'),
      localDate: one('localDate'),
      localDateStart: one('localDateStart'),
      localDateEnd: one('localDateEnd'),
      productId: one('productId'),
    });
  });

  call<{ Params: { uuid: string } }>('GET /bookings/{uuid}', async (req) =>
    getBooking(ctx(req), req.params.uuid),
  );

  call<{ Params: { uuid: string } }>('PATCH /bookings/{uuid}', async (req) => {
    // An offer code is given with the reservation only (decision 074): said plainly, not dropped.
    const raw = req.body as Record<string, unknown> | null;
    if (ctx(req).caps.offers && raw && typeof raw === 'object' && raw.offerCode != null)
      throw badRequest(
        'An offerCode is taken with the reservation (POST /bookings): cancel this booking and book again with it',
      );
    return updateBooking(
      ctx(req),
      req.params.uuid,
      parse<BookingUpdateBody>('PATCH /bookings/{uuid}', req.body),
    );
  });

  call<{ Params: { uuid: string } }>('POST /bookings/{uuid}/confirm', async (req) =>
    confirmBooking(
      ctx(req),
      req.params.uuid,
      parse<BookingConfirmationBody>('POST /bookings/{uuid}/confirm', req.body),
    ),
  );

  call<{ Params: { uuid: string } }>('POST /bookings/{uuid}/cancel', async (req) =>
    cancelBooking(
      ctx(req),
      req.params.uuid,
      parse<BookingCancellationBody>('POST /bookings/{uuid}/cancel', req.body),
    ),
  );
  // OCTO also names DELETE /bookings/{uuid} for a cancellation.
  call<{ Params: { uuid: string } }>('DELETE /bookings/{uuid}', async (req) =>
    cancelBooking(
      ctx(req),
      req.params.uuid,
      parse<BookingCancellationBody>('DELETE /bookings/{uuid}', req.body),
    ),
  );

  call<{ Params: { uuid: string } }>('POST /bookings/{uuid}/extend', async (req) =>
    extendBooking(
      ctx(req),
      req.params.uuid,
      parse<ExtendReservationBody>('POST /bookings/{uuid}/extend', req.body),
    ),
  );

  // Webhooks (decision 056): a key's own only; the payloads take the capabilities asked at registration.
  call('POST /webhooks', async (req, reply) => {
    const body = parse<{ url: string; event: string }>('POST /webhooks', req.body);
    const { webhook, secret } = await createWebhook(
      app.db,
      app.config.jwtSecret,
      ctx(req).reseller.id,
      {
        ...body,
        capabilities: CAPABILITIES.filter((c) => ctx(req).caps[CAPABILITY_FLAGS[c]]),
      },
      app.config.env === 'production',
    );
    return reply.code(200).send({ ...webhookInfo(webhook), secret });
  });
  call('GET /webhooks', async (req) => (await listWebhooks(app.db, ctx(req).reseller.id)).map(webhookInfo));
  call<{ Params: { id: string } }>('DELETE /webhooks/{id}', async (req) => {
    const gone = await deleteWebhook(app.db, ctx(req).reseller.id, req.params.id);
    if (!gone) throw noSuchWebhook(req.params.id);
    return webhookInfo(gone);
  });
  call<{ Querystring: Record<string, string> }>('GET /webhooks/deliveries', async (req) => {
    const limit = req.query?.limit === undefined ? undefined : Number(req.query.limit);
    if (limit !== undefined && !Number.isInteger(limit)) throw badRequest('limit: a whole number');
    const log = await listDeliveries(app.db, {
      resellerId: ctx(req).reseller.id,
      status: req.query?.status,
      limit,
    });
    return log.map(({ resellerId: _, resellerName: __, ...d }) => d);
  });

  call<{ Querystring: { reference?: string } }>('GET /redemption/lookup', async (req) =>
    lookup(ctx(req), String(req.query?.reference ?? '')),
  );

  call('POST /redemption/redeem', async (req) => {
    const { redemptionCode } = parse<{ redemptionCode: string | string[] }>(
      'POST /redemption/redeem',
      req.body,
    );
    return redeem(ctx(req), redemptionCode);
  });
};

/** A key as superusers see it: never the key itself. */
export const resellerInfo = (r: Reseller) => ({
  id: r.id,
  name: r.name,
  key_prefix: r.keyPrefix,
  rate_per_minute: r.ratePerMinute,
  can_redeem: r.canRedeem,
  redeem_products: r.redeemProducts,
  created_at: r.createdAt.toISOString(),
  revoked_at: r.revokedAt ? r.revokedAt.toISOString() : null,
});

/** The superusers' key calls (contract reseller.api.ts). */
export const resellerAdminRoutes: FastifyPluginAsync = async (app) => {
  // The OCTO API's reference (octo-api.ts), public like the shop's /api/openapi.json: outside the
  // /octo plugin, whose hook asks every call for a key. Built once per address it is asked from.
  const documents = new Map<string, string>();
  app.get('/octo/openapi.json', { schema: { hide: true } }, async (req, reply) => {
    const base = publicUrlFor(app.config, req);
    let doc = documents.get(base);
    if (!doc) {
      doc = JSON.stringify(octoOpenApi(base));
      if (documents.size < 8) documents.set(base, doc);
    }
    return reply.type('application/json; charset=utf-8').send(doc);
  });
  route(app, 'GET /api/admin/resellers/', async () => ({
    resellers: (await listResellers(app.db)).map(resellerInfo),
  }));
  route(app, 'POST /api/admin/resellers/', async (req, reply) => {
    const { reseller, key } = await createReseller(app.db, {
      name: req.body.name,
      ratePerMinute: req.body.rate_per_minute,
      canRedeem: req.body.can_redeem,
      redeemProducts: req.body.redeem_products,
    });
    await tellSuperusers(app.db, {
      what: `New OCTO key "${reseller.name}"`,
      by: signedIn(req).email,
      undo: 'revoke it at once on the analytics page (Reseller keys).',
    });
    void app.mailer.drain().catch(() => {});
    return reply.code(201).send({ reseller: resellerInfo(reseller), key });
  });
  route(app, 'DELETE /api/admin/resellers/:id/', async (req) => {
    const reseller = await revokeReseller(app.db, req.params.id);
    if (!reseller) throw notFound('No such reseller key.');
    return { reseller: resellerInfo(reseller) };
  });
  // Resellers' webhooks on the superusers' dashboard (decision 056): every key's, never a secret.
  route(app, 'GET /api/admin/webhooks/', async () => ({ webhooks: await adminWebhooks(app.db) }));
  route(app, 'GET /api/admin/webhooks/deliveries/', async (req) => ({
    deliveries: (
      await listDeliveries(app.db, { resellerId: null, status: req.query.status, limit: req.query.limit })
    ).map((d) => ({
      id: d.id,
      event_id: d.eventId,
      webhook_id: d.webhookId,
      reseller_id: d.resellerId,
      reseller_name: d.resellerName,
      url: d.url,
      event: d.event,
      action: d.action,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: d.nextAttemptAt,
      last_status: d.lastStatus,
      last_error: d.lastError,
      delivered_at: d.deliveredAt,
      created_at: d.createdAt,
    })),
  }));
  route(app, 'DELETE /api/admin/webhooks/:id/', async (req) => {
    const gone = await deleteWebhook(app.db, null, req.params.id);
    if (!gone) throw notFound('No such webhook.');
    const [webhook] = await adminWebhooks(app.db, gone.id);
    return { webhook };
  });
};
