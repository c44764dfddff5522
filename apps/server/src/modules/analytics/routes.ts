/**
 * GET /api/analytics/ and GET /api/analytics/detailed/:metric/ (superusers only), registered from their
 * contract entries (packages/contract/src/analytics.api.ts): the query is parsed there, the answer
 * serialised with its schema.
 */
import { isAnalyticsMetric } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { getAnalytics, getDetailedAnalytics } from './service';

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/analytics/', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getAnalytics(
      app.db,
      { page: req.query.page, pageSize: req.query.page_size },
      app.activity.geo.locate,
    );
  });

  route(app, 'GET /api/analytics/detailed/:metric/', async (req, reply) => {
    // The slug is lower-cased by the schema; a name that is no metric is a page that does not exist.
    const { metric } = req.params;
    if (!isAnalyticsMetric(metric)) throw notFound('Unknown metric.');
    reply.header('cache-control', 'no-store');
    return getDetailedAnalytics(
      app.db,
      metric,
      { page: req.query.page, pageSize: req.query.page_size },
      app.activity.geo.locate,
    );
  });
};
