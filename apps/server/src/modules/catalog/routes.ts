import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors';

const packageParams = z.object({ status: z.string(), id: z.string().min(1).max(200) });

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/packages/', async (req, reply) => {
    const snap = await app.catalog.get();
    reply.header('etag', snap.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === snap.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(snap.json);
  });

  app.get('/api/package/:status/:id/', async (req) => {
    const params = packageParams.safeParse(req.params);
    if (!params.success || !['E8', 'E9'].includes(params.data.status)) throw notFound('Package not found.');
    const pkg = (await app.catalog.get()).byTag.get(params.data.id);
    if (!pkg) throw notFound('Package not found.');
    return { data: pkg };
  });
};
