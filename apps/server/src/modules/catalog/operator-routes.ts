/**
 * An operator's products in its console (decision 066): every role lists them; a manager changes title
 * and prices through the editors' `updatePackage`, so the price history and the honest reductions
 * follow (decision 064). A product of another operator is answered as unknown (404), never changed.
 */
import { centsToDecimal, OPERATOR_MESSAGES } from '@rome/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { packages } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { updatePackage } from './edit';

const productJson = (p: typeof packages.$inferSelect) => ({
  package_tag: p.packageTag,
  title: p.title,
  adult_price: centsToDecimal(p.adultPriceCents),
  youth_price: centsToDecimal(p.youthPriceCents),
  active: p.status === 'active',
  availability_type: p.availabilityType ?? null,
});

export const catalogOperatorRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/operator/:folder/packages/', async (req) => {
    const rows = await app.db
      .select()
      .from(packages)
      .where(eq(packages.folderId, req.params.folder))
      .orderBy(asc(packages.sortOrder), asc(packages.title));
    return { products: rows.map(productJson) };
  });

  route(app, 'PATCH /api/operator/:folder/packages/:packageTag/', async (req) => {
    const { folder, packageTag } = req.params;
    const own = and(eq(packages.packageTag, packageTag), eq(packages.folderId, folder));
    const [pkg] = await app.db.select({ id: packages.id }).from(packages).where(own);
    if (!pkg) throw notFound(OPERATOR_MESSAGES.packageUnknown);
    await updatePackage(app.db, signedIn(req).id, packageTag, req.body);
    app.catalog.invalidate();
    const [row] = await app.db.select().from(packages).where(own);
    return {
      product: productJson(row),
      message: 'Saved.',
    };
  });
};
