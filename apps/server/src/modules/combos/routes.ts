/** Combos across operators (contract combo.api.ts, decision 071). */
import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { combosForAdmin, comboView, saveCombo } from './service';

export const comboRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/packages/:packageTag/combo/', async (req) => comboView(app.db, req.params.packageTag));

  route(app, 'GET /api/admin/combos/', async () => ({ combos: await combosForAdmin(app.db) }));

  route(app, 'PUT /api/admin/combos/:packageTag/', async (req) => {
    const saved = await saveCombo(app.db, signedIn(req).id, req.params.packageTag, req.body);
    app.catalog.invalidate();
    return saved;
  });
};
