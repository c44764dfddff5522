import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import { requireEditor } from '../auth/plugin';
import { deleteLogo, listLogos, saveLogo } from './service';

const idParam = (req: FastifyRequest) => {
  const id = Number((req.params as { id: string }).id);
  // Ids are PostgreSQL integers: a larger number names nothing.
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Partner logo not found.');
  return id;
};
const bodyOf = (req: FastifyRequest) =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {};

export const logoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/partner-logos', async () => ({ status: 200, data: await listLogos(app.db, { all: false }) }));

  app.get('/api/partner-logos/all/', { preHandler: requireEditor }, async () =>
    listLogos(app.db, { all: true }),
  );

  app.post('/api/partner-logos/create/', { preHandler: requireEditor }, async (req, reply) =>
    reply.code(201).send({
      data: await saveLogo(app.db, req.user!.id, null, bodyOf(req)),
      message: 'Partner logo created successfully!',
    }),
  );

  app.patch('/api/partner-logos/:id/update/', { preHandler: requireEditor }, async (req) => ({
    data: await saveLogo(app.db, req.user!.id, idParam(req), bodyOf(req)),
    message: 'Partner logo updated successfully!',
  }));

  app.delete('/api/partner-logos/:id/delete/', { preHandler: requireEditor }, async (req) => {
    await deleteLogo(app.db, req.user!.id, idParam(req));
    return { message: 'Partner logo deleted successfully!' };
  });
};
