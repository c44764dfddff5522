/** buildApp(deps): registers shared infrastructure and the feature modules; nothing else. */
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { HttpError } from './lib/errors';
import { createMailer } from './mail/mailer';
import { accountRoutes } from './modules/account/routes';
import { activityRoutes } from './modules/activity/routes';
import { createActivityService } from './modules/activity/service';
import { agentRoutes } from './modules/agents/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { authPlugin } from './modules/auth/plugin';
import { authRoutes } from './modules/auth/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { type Catalog, createCatalog } from './modules/catalog/service';
import { checkoutRoutes } from './modules/checkout/routes';
import { stripeWebhookRoutes } from './modules/checkout/stripe-webhook';
import { contentRoutes } from './modules/content/routes';
import { createSiteCache, type SiteCache } from './modules/content/site-cache';
import { logoRoutes } from './modules/logos/routes';
import { mediaRoutes } from './modules/media/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { offerRoutes } from './modules/offers/routes';
import { settingsRoutes } from './modules/settings/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { webRoutes } from './modules/web/routes';
import type { PaymentProvider } from './payments/provider';
import { createStripeClient, stripeProvider } from './payments/stripe';
import { testProvider } from './payments/test-provider';
import type { Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    storage: Storage;
    catalog: Catalog;
    payments: PaymentProvider;
    siteCache: SiteCache;
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
};

/** Secrets never reach the logs: the claim path's code and tokens are cut from logged URLs. */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/api\/claim\/[^/]+\/[^/]+\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&](?:token|code|access|refresh)=)[^&]+/gi, '$1[redacted]');
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    bodyLimit: 1024 * 1024,
  });

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('storage', deps.storage);
  app.decorate('catalog', createCatalog(deps.database.db));
  app.decorate('siteCache', createSiteCache(deps.database.db));
  // The mail outbox sender: a pass every 2 s and right after each enqueue; tests may stop() it.
  app.decorate('mailer', createMailer({ db: deps.database.db, config, log: app.log }));
  app.mailer.start();
  app.addHook('onClose', () => app.mailer.close());
  // Browsers' activity events: batched writes, IP locations, retention job; flushed on close.
  app.decorate('activity', createActivityService({ db: deps.database.db, config, log: app.log }));
  app.activity.start();
  app.addHook('onClose', () => app.activity.close());
  const stripe =
    deps.stripe ??
    (config.stripe.secretKey ? createStripeClient({ secretKey: config.stripe.secretKey }) : undefined);
  app.decorate('payments', stripe ? stripeProvider(stripe) : testProvider(config.publicUrl));
  await app.register(multipart, { limits: { fields: 30, fieldSize: 100_000, files: 1, parts: 40 } });

  await app.register(helmet, {
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

  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode === 429 && err.body.retry_after)
        reply.header('retry-after', String(err.body.retry_after));
      return reply.code(err.statusCode).send(err.body);
    }
    if (err.validation) return reply.code(400).send({ error: err.message });
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return reply.code(413).send({ error: 'The request is too large.' });
    if (status >= 400 && status < 500)
      return reply.code(status).send({ error: err.message || 'Bad request.' });
    req.log.error({ err, url: redactUrl(req.url) }, 'request failed');
    return reply.code(500).send({ detail: 'Something went wrong. Please try again.' });
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await deps.database.db.execute('select 1' as any);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(authPlugin);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(settingsRoutes);
  await app.register(logoRoutes);
  await app.register(newsletterRoutes);
  await app.register(offerRoutes);
  await app.register(mediaRoutes);
  await app.register(checkoutRoutes);
  if (stripe && config.stripe.webhookSecret)
    await app.register(stripeWebhookRoutes(stripe, config.stripe.webhookSecret));
  await app.register(ticketRoutes);
  await app.register(agentRoutes);
  await app.register(contentRoutes);
  await app.register(activityRoutes);
  await app.register(analyticsRoutes);
  await app.register(webRoutes);
  return app;
}
