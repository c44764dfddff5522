/** The editors' calls of a package's price categories (contract price-categories.api.ts, decision 070). */
import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { categoryPricesOf, packageByTag, saveCategoryPrices } from './service';

export const priceCategoryRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/editor/packages/:packageTag/price-categories/', async (req) =>
    categoryPricesOf(app.db, await packageByTag(app.db, req.params.packageTag)),
  );

  route(app, 'PUT /api/editor/packages/:packageTag/price-categories/', async (req) => {
    const pkg = await packageByTag(app.db, req.params.packageTag);
    await saveCategoryPrices(app.db, signedIn(req).id, pkg, req.body);
    // The ticket page's one-package read carries them.
    app.catalog.invalidate();
    return categoryPricesOf(app.db, pkg);
  });
};
