/** GET /api/analytics/ and GET /api/analytics/detailed/{metric}/ (superusers only): parse, query, answer. */
import { ANALYTICS_METRICS, type AnalyticsMetric, analyticsPageQuerySchema } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { requireSuperuser } from '../auth/plugin';
import { getAnalytics, getDetailedAnalytics } from './service';

function pageOf(query: unknown) {
  const parsed = analyticsPageQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw badRequest('page must be 1 or more and page_size between 1 and 200.');
  return { page: parsed.data.page, pageSize: parsed.data.page_size };
}

export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/analytics/', { preHandler: requireSuperuser }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getAnalytics(app.db, pageOf(req.query));
  });

  app.get<{ Params: { metric: string } }>(
    '/api/analytics/detailed/:metric/',
    { preHandler: requireSuperuser },
    async (req, reply) => {
      const metric = req.params.metric.toLowerCase();
      if (!(ANALYTICS_METRICS as readonly string[]).includes(metric)) throw notFound('Unknown metric.');
      reply.header('cache-control', 'no-store');
      return getDetailedAnalytics(app.db, metric as AnalyticsMetric, pageOf(req.query));
    },
  );
};
