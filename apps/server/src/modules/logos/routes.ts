import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { deleteLogo, listLogos, saveLogo } from './service';

/** Path ids that are no PostgreSQL integer arrive as null (contract `rowIdParamSchema`): nothing has them. */
const known = (id: number | null) => {
  if (id === null) throw notFound('Partner logo not found.');
  return id;
};

/**
 * Who may call is checked before the body is validated: an anonymous or customer request answers
 * 401/403 whatever it sends, never a 400 that would tell it about the body it may not send. (The
 * entry's access also adds the guard as a preHandler; the token lookup is memoised, so it runs once.)
 */

export const logoRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/partner-logos', async () => ({
    status: 200 as const,
    data: await listLogos(app.db, { all: false }),
  }));

  route(app, 'GET /api/partner-logos/all/', async () => listLogos(app.db, { all: true }));

  route(app, 'POST /api/partner-logos/create/', async (req, reply) =>
    reply.code(201).send({
      data: await saveLogo(app.db, signedIn(req).id, null, req.body),
      message: 'Partner logo created successfully!',
    }),
  );

  route(app, 'PATCH /api/partner-logos/:id/update/', async (req) => ({
    data: await saveLogo(app.db, signedIn(req).id, known(req.params.id), req.body),
    message: 'Partner logo updated successfully!',
  }));

  route(app, 'DELETE /api/partner-logos/:id/delete/', async (req) => {
    await deleteLogo(app.db, signedIn(req).id, known(req.params.id));
    return { message: 'Partner logo deleted successfully!' };
  });
};
