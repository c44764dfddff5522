/** buildApp(deps): registers shared infrastructure and the feature modules; nothing else. */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { HttpError } from './lib/errors';
import { catalogRoutes } from './modules/catalog/routes';
import { type Catalog, createCatalog } from './modules/catalog/service';
import { logoRoutes } from './modules/logos/routes';
import { mediaRoutes } from './modules/media/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { offerRoutes } from './modules/offers/routes';
import { settingsRoutes } from './modules/settings/routes';
import { webRoutes } from './modules/web/routes';
import type { Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    storage: Storage;
    catalog: Catalog;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  storage: Storage;
  /** A pino logger; tests leave it out and get no logging. */
  logger?: FastifyServerOptions['loggerInstance'];
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

  await app.register(catalogRoutes);
  await app.register(settingsRoutes);
  await app.register(logoRoutes);
  await app.register(newsletterRoutes);
  await app.register(offerRoutes);
  await app.register(mediaRoutes);
  await app.register(webRoutes);
  return app;
}
