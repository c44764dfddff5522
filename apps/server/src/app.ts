/** buildApp(deps): registers shared infrastructure and the feature modules; nothing else. */

import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { jsonTooDeep } from '@rome/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import pino, { type LoggerOptions } from 'pino';
import type Stripe from 'stripe';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { loadCatalogues } from './i18n/catalog';
import { type ChangeFeed, createChangeFeed } from './lib/change-feed';
import { endpointOf } from './lib/contract-route';
import {
  badRequest,
  errorBody,
  HttpError,
  isStorageUnavailable,
  JSON_TOO_DEEP,
  STORAGE_UNAVAILABLE,
} from './lib/errors';
import { apiDocs } from './lib/openapi';
import { readiness } from './lib/readiness';
import { createMailer } from './mail/mailer';
import { accountRoutes } from './modules/account/routes';
import { activityRoutes } from './modules/activity/routes';
import { createActivityService } from './modules/activity/service';
import { agentAppRoutes } from './modules/agents/app-routes';
import { requireAgentDevice } from './modules/agents/devices';
import { agentOperatorRoutes } from './modules/agents/operator-routes';
import { agentRoutes } from './modules/agents/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { requireOperator } from './modules/auth/operator-guard';
import {
  authPlugin,
  optionalUser,
  requireEditor,
  requireSuperuser,
  requireUser,
} from './modules/auth/plugin';
import { authRoutes } from './modules/auth/routes';
import { secondFactorRoutes } from './modules/auth/second-factor';
import { requireStepUp, stepUpRoutes } from './modules/auth/step-up';
import { webSessionRoutes } from './modules/auth/web-session';
import { offerRoutes } from './modules/catalog/offers-routes';
import { catalogOperatorRoutes } from './modules/catalog/operator-routes';
import { catalogRoutes } from './modules/catalog/routes';
import { type Catalog, createCatalog } from './modules/catalog/service';
import { giftCardRoutes } from './modules/checkout/gift-card-routes';
import { promoRoutes } from './modules/checkout/promo-routes';
import { startCheckoutReminders } from './modules/checkout/reminder';
import { checkoutRoutes } from './modules/checkout/routes';
import { stripeWebhookRoutes } from './modules/checkout/stripe-webhook';
import { widgetRoutes } from './modules/checkout/widget-routes';
import { comboRoutes } from './modules/combos/routes';
import { contentRoutes } from './modules/content/routes';
import { createSiteCache, type SiteCache } from './modules/content/site-cache';
import { disruptionRoutes } from './modules/disruptions/routes';
import { inventoryOperatorRoutes } from './modules/inventory/operator-routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { logoRoutes } from './modules/logos/routes';
import { mediaRoutes } from './modules/media/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { operatorRoutes } from './modules/operators/routes';
import { startRefundSettler } from './modules/orders/refunds';
import { renderTicketAttachment } from './modules/orders/ticket-attachments';
import { startWaitlistWalker } from './modules/orders/waitlist';
import { priceCategoryRoutes } from './modules/price-categories/routes';
import { octoRoutes, resellerAdminRoutes } from './modules/reseller/routes';
import { startWebhookSender } from './modules/reseller/webhook-sender';
import { settingsRoutes } from './modules/settings/routes';
import { statementRoutes } from './modules/statements/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { walletRoutes } from './modules/tickets/wallet/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import type { PaymentProvider } from './payments/provider';
import { createStripeClient, stripeProvider } from './payments/stripe';
import { testProvider } from './payments/test-provider';
import type { Storage } from './storage/storage';
import { webRoutes } from './web/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    storage: Storage;
    catalog: Catalog;
    payments: PaymentProvider;
    siteCache: SiteCache;
    /** Tells every instance that something it keeps in memory changed (lib/change-feed.ts). */
    changes: ChangeFeed;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  /** A pino logger; tests leave it out and get no logging. */
  logger?: FastifyServerOptions['loggerInstance'];
  /** A Stripe client (tests point one at a local stand-in); by default made from the config. */
  stripe?: Stripe;
  /** Sees every route as it is registered (the security tests build their route table with it). */
  onRoute?: (route: RouteOptions) => void;
};

/** PostgreSQL errors that only bad input causes (see the error handler). */
const DB_INPUT_ERRORS = new Set(['22021', '22P05', '22003', '22P02']);

/**
 * The database cannot be reached (restart, failover, network): refused or reset connections, the
 * server shutting down or starting up (57P01-57P03, 08xxx), a pool that cannot connect in time.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(code))
      return true;
    if (code.startsWith('08')) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        String(e.message),
      )
    )
      return true;
  }
  return false;
}

/**
 * Secrets never reach the logs: the ticket's claim code (in `/verify/{code}/`, `/api/authenticate/
 * {code}/` and both parts of the spec's `/api/claim/{code}/{agent}/{security code}/`), the ticket
 * link's token (`/t/{token}`, `/api/ticket-links/{token}/...`), a booking widget's one-time payment link
 * (`/api/widget/handoff/{code}/`, decision 060) and token-like query values (`t`: a
 * signed ticket, decision 021, should a scanner put one in a query string) are cut
 * from logged URLs.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/api\/claim\/)[^/?]+(\/[^/?]+\/)[^/?]+/, '$1[redacted]$2[redacted]')
    .replace(/^(\/api\/claim\/)[^/?]+/, '$1[redacted]')
    .replace(
      /^(\/api\/authenticate\/|\/verify\/|\/t\/|\/api\/ticket-links\/|\/api\/widget\/handoff\/)[^/?]+/,
      '$1[redacted]',
    )
    .replace(/([?&](?:token|code|access|refresh|t)=)[^&]+/gi, '$1[redacted]');
}

/**
 * Personal data and secrets cut from any text that reaches the logs (error messages and stacks): the
 * values of a failed query (drizzle puts them in its message, e.g. a whole ticket e-mail with its
 * buyer, claim link and QR code), values PostgreSQL quotes in a detail (`Key (email)=(...)`), e-mail
 * addresses, claim links and ticket links.
 */
export function redactText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]')
    .replace(/\)=\((?:[^()]|\([^()]*\))*\)/g, ')=([redacted])')
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/\/verify\/[^/\s"']+/g, '/verify/[redacted]')
    .replace(/\/(t|ticket-links)\/[A-Za-z0-9_-]{20,}/g, '/$1/[redacted]');
}

/** Pino's error serializer, then the redactions above on every text field, causes included. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out: Record<string, unknown> = { ...pino.stdSerializers.err(err) };
  delete out.params; // drizzle's query parameters: the row being written
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'string') out[k] = redactText(v);
    else if (v && typeof v === 'object' && k !== 'raw') {
      try {
        out[k] = JSON.parse(redactText(JSON.stringify(v)));
      } catch {
        out[k] = '[redacted]';
      }
    }
  }
  return out;
}

/** The shop's pino options (main.ts); the logging tests build the same logger over a memory stream. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.token'],
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      err: serializeError,
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Every language's words before the first request: reading a catalogue blocks the event loop, and
  // a broken one should stop the start, not fail a buyer's page.
  loadCatalogues();
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    bodyLimit: 1024 * 1024,
    // A bound, not a wait: a plugin that has not started in this time hangs. Fastify's own 10 s stopped
    // a start on a busy 2-core machine (load average 19) while the OpenAPI plugin read the routes.
    pluginTimeout: 120_000,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('storage', deps.storage);
  // In-memory caches are cleared on every instance after an edit (LISTEN/NOTIFY on PostgreSQL).
  const changes = createChangeFeed({ database: deps.database, log: app.log });
  await changes.start();
  app.decorate('changes', changes);
  app.addHook('onClose', () => changes.close());
  // An edit's answer leaves once the other instances have been told, so the next read anywhere is fresh.
  app.addHook('onSend', async () => changes.flush());
  app.decorate('catalog', changes.broadcasting('catalog', createCatalog(deps.database.db)));
  app.decorate('siteCache', changes.broadcasting('site', createSiteCache(deps.database.db)));
  if (config.instanceId) {
    const instance = config.instanceId;
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('x-instance', instance);
    });
  }
  // The mail outbox sender: a pass every 2 s and right after each enqueue; tests may stop() it.
  app.decorate(
    'mailer',
    createMailer({
      db: deps.database.db,
      config,
      log: app.log,
      renderAttachment: (r) => renderTicketAttachment(deps.database.db, deps.storage, r),
      concurrency: config.mailConcurrency,
    }),
  );
  // MAIL_SENDER=process: the shop only queues; `npm run mail:sender` sends (decision 048).
  if (config.mailSender === 'shop') app.mailer.start();
  app.addHook('onClose', () => app.mailer.close());
  // Browsers' activity events: batched writes, IP locations, retention job; flushed on close.
  // Who may call each contract route (lib/contract-route.ts takes them from here, as shared code
  // imports no feature).
  app.decorate('accessGuards', {
    user: requireUser,
    editor: requireEditor,
    superuser: requireSuperuser,
    agent: requireAgentDevice,
    optional: optionalUser,
    stepUp: requireStepUp,
    operator: requireOperator,
  });
  app.decorate('activity', createActivityService({ db: deps.database.db, config, log: app.log }));
  app.activity.start();
  app.addHook('onClose', () => app.activity.close());
  const stripe =
    deps.stripe ??
    (config.stripe.secretKey
      ? createStripeClient({
          secretKey: config.stripe.secretKey,
          host: config.stripe.apiHost,
          port: config.stripe.apiPort,
          protocol: config.stripe.apiProtocol,
        })
      : undefined);
  app.decorate('payments', stripe ? stripeProvider(stripe) : testProvider());
  // Refunds left pending (a provider outage, a crash between the two steps) are finished by the shop.
  const settler = startRefundSettler(
    { db: deps.database.db, provider: app.payments, publicUrl: config.publicUrl, log: app.log },
    config.refundSettleSeconds * 1000,
  );
  app.addHook('onClose', () => settler.stop());
  // Resellers' webhooks (decision 056): every instance sends; a claim keeps each delivery to one sender.
  const webhookSender = startWebhookSender(
    { db: deps.database.db, config, log: app.log },
    Math.min(1000, config.webhooks.retryBaseMs),
  );
  app.addHook('onClose', () => webhookSender.stop());
  // An unpaid checkout's one reminder, to buyers who asked for it (decision 065): a pass a minute at most.
  const reminders = startCheckoutReminders(
    {
      db: deps.database.db,
      publicUrl: config.publicUrl,
      afterMinutes: config.checkoutReminderMinutes,
      log: app.log,
    },
    Math.min(60_000, config.checkoutReminderMinutes * 30_000),
  );
  app.addHook('onClose', () => reminders.stop());
  // Waiting lists (decision 063): places freed by time (a hold or an offer run out) are offered on.
  const waitlistWalker = startWaitlistWalker(
    {
      db: deps.database.db,
      publicUrl: config.publicUrl,
      offerMinutes: config.waitlistOfferMinutes,
      log: app.log,
    },
    config.waitlistWalkSeconds * 1000,
  );
  app.addHook('onClose', () => waitlistWalker.stop());
  // JSON bodies: Fastify's own parser (prototype poisoning refused), after a check that the text does
  // not nest deeper than MAX_JSON_DEPTH. Deeper JSON parses, but every recursive reader after it (zod,
  // JSON.stringify into the database) overflows the stack: a 500 from anonymous input.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTooDeep(body as string)) return done(badRequest(JSON_TOO_DEEP), undefined);
    parseJson(req, body as string, done);
  });
  // Requests are parsed and answers serialised with the contract's zod schemas (lib/contract-route.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(apiDocs);
  // Only the web app's session cookie (modules/auth/web-session.ts) is read; nothing is signed with it.
  await app.register(cookie);
  await app.register(multipart, { limits: { fields: 30, fieldSize: 100_000, files: 1, parts: 40 } });

  // helmet's middleware made once: @fastify/helmet makes it again (and parses the CSP) on every request,
  // some 2% of a purchase's CPU (decision 029). The same headers on every answer, set before the route runs.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.google.com', 'https://maps.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.env === 'production',
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  // Every error answer has the contract's one shape, {error, code} (lib/errors.ts).
  const sendError = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send(errorBody(status, body));
  app.setErrorHandler((err: any, req, reply) => {
    if (isStorageUnavailable(err)) {
      // The system's code only: its message names a path on this machine.
      const code = [err, err.cause].map((e) => e?.code).find((c) => typeof c === 'string');
      req.log.error({ url: redactUrl(req.url), code }, 'the disk refused a write');
      if (!(err instanceof HttpError)) return sendError(reply, 507, { error: STORAGE_UNAVAILABLE });
    }
    if (err instanceof HttpError) {
      if ((err.statusCode === 429 || err.statusCode === 503) && err.body.retry_after)
        reply.header('retry-after', String(err.body.retry_after));
      return reply.code(err.statusCode).send(err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      const issue = err.validation?.[0];
      const field = String(issue?.instancePath ?? '')
        .replace(/^\//, '')
        .replace(/\//g, '.');
      const plain = issue?.message ? `${field ? `${field}: ` : ''}${issue.message}` : err.message;
      const entry = endpointOf(req);
      // The language beside the spec's content calls (?lang=, decision 024) speaks for itself: the call's
      // own message is about its body ('Content is required.').
      if (err.validationContext === 'querystring' && field === 'lang' && issue?.message)
        return sendError(reply, 400, { error: issue.message });
      if (entry?.ownMessages && issue?.message) return sendError(reply, 400, { error: issue.message });
      return sendError(reply, 400, {
        ...entry?.invalidExtras,
        error: entry?.invalid ?? `Invalid request (${plain}).`,
      });
    }
    if (isResponseSerializationError(err)) {
      // The answer does not match the contract: a fault of ours, logged with which part, never sent.
      req.log.error(
        { url: redactUrl(req.url), issues: err.cause?.issues },
        'answer does not match the contract',
      );
      return sendError(reply, 500, {
        error: 'Something went wrong. Please try again.',
        detail: 'Something went wrong. Please try again.',
      });
    }
    // PostgreSQL refused a value the client sent: a NUL or unencodable character (22021, 22P05), a
    // number out of its column's range (22003) or text that is no number (22P02). Bad input, not a fault.
    const dbCode = err.cause?.code ?? err.code;
    if (typeof dbCode === 'string' && DB_INPUT_ERRORS.has(dbCode)) {
      req.log.warn({ url: redactUrl(req.url), code: dbCode }, 'the database refused a value of the request');
      return sendError(reply, 400, { error: 'A value in the request cannot be stored.' });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ url: redactUrl(req.url), code: err.cause?.code ?? err.code }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, 503, {
        detail: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return sendError(reply, 413, { error: 'The request is too large.' });
    if (status >= 400 && status < 500)
      return sendError(reply, status, { error: err.message || 'Bad request.' });
    req.log.error({ err, url: redactUrl(req.url) }, 'request failed');
    return sendError(reply, 500, { detail: 'Something went wrong. Please try again.' });
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await deps.database.db.execute('select 1' as any);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  // Readiness for a balancer or an orchestrator: database, media storage and the mail outbox.
  app.get('/readyz', async (_req, reply) => {
    const r = await readiness({ db: app.db, storage: app.storage, mailer: app.mailer, log: app.log });
    return reply.code(r.status === 'ready' ? 200 : 503).send(r);
  });

  await app.register(authPlugin);
  await app.register(secondFactorRoutes);
  await app.register(authRoutes);
  await app.register(webSessionRoutes);
  await app.register(stepUpRoutes);
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(settingsRoutes);
  await app.register(logoRoutes);
  await app.register(newsletterRoutes);
  await app.register(offerRoutes);
  await app.register(mediaRoutes);
  await app.register(checkoutRoutes);
  await app.register(promoRoutes);
  await app.register(giftCardRoutes);
  await app.register(waitlistRoutes);
  await app.register(widgetRoutes);
  await app.register(stripeWebhookRoutes(stripe, config.stripe.webhookSecret));
  await app.register(ticketRoutes);
  await app.register(invoiceRoutes);
  await app.register(statementRoutes);
  await app.register(walletRoutes);
  await app.register(disruptionRoutes);
  await app.register(inventoryRoutes);
  await app.register(priceCategoryRoutes);
  await app.register(comboRoutes);
  await app.register(resellerAdminRoutes);
  // Resellers' OCTO API: its own errors and key checks, scoped to the /octo prefix.
  await app.register(octoRoutes, { prefix: '/octo' });
  await app.register(agentRoutes);
  await app.register(agentAppRoutes);
  await app.register(contentRoutes);
  await app.register(activityRoutes);
  await app.register(analyticsRoutes);
  await app.register(operatorRoutes);
  await app.register(catalogOperatorRoutes);
  await app.register(inventoryOperatorRoutes);
  await app.register(agentOperatorRoutes);
  await app.register(webRoutes);
  return app;
}
