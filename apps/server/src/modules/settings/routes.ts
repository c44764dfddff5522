import type { FastifyPluginAsync } from 'fastify';
import { getWebsiteSettings } from './service';

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/website-settings/', async () => ({ status: 200, data: await getWebsiteSettings(app.db) }));
};
