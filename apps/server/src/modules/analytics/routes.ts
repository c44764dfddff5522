/**
 * GET /api/analytics/ and GET /api/analytics/detailed/:metric/ (superusers only), registered from their
 * contract entries (packages/contract/src/analytics.api.ts): the query is parsed there, the answer
 * serialised with its schema. Beside them, the sales report and its CSV (decision 037).
 */
import { isAnalyticsMetric } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { getAnalytics, getDetailedAnalytics, getSalesCsv, getSalesReport } from './service';

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/analytics/', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { page, page_size, from, to, clock, action, user, q } = req.query;
    return getAnalytics(
      app.db,
      { page, pageSize: page_size },
      app.activity.geo.locate,
      { from, to, clock },
      { action, user, q },
    );
  });

  route(app, 'GET /api/analytics/detailed/:metric/', async (req, reply) => {
    // The slug is lower-cased by the schema; a name that is no metric is a page that does not exist.
    const { metric } = req.params;
    if (!isAnalyticsMetric(metric)) throw notFound('Unknown metric.');
    reply.header('cache-control', 'no-store');
    const { page, page_size, from, to, clock } = req.query;
    return getDetailedAnalytics(app.db, metric, { page, pageSize: page_size }, app.activity.geo.locate, {
      from,
      to,
      clock,
    });
  });

  route(app, 'GET /api/analytics/sales/', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getSalesReport(app.db, req.query);
  });

  route(app, 'GET /api/analytics/sales/csv/', async (req, reply) => {
    const { from, to } = req.query;
    const name = `sales_${from ?? 'start'}_${to ?? 'today'}.csv`;
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .type('text/csv; charset=utf-8')
      .send(await getSalesCsv(app.db, req.query));
  });
};
