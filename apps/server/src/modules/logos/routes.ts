import type { FastifyPluginAsync } from 'fastify';
import { listLogos } from './service';

export const logoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/partner-logos', async () => ({ status: 200, data: await listLogos(app.db, { all: false }) }));
};
