/**
 * An operator's times in its console (decision 066): every role reads a product's times with the
 * places taken; a manager changes a time's capacity or closes it, by the editors' rules (`updateSlot`,
 * under the slot's lock) and with the same waiting-list offer of freed places. Another operator's
 * product or time is unknown (404).
 */
import { OPERATOR_MESSAGES } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { packages } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { dateRange, editorSlot, RANGE_MESSAGE, slotsBetween } from '../orders/slots';
import { offerFreedPlacesSoon } from '../orders/waitlist';
import { updateSlot } from './editor';

export const inventoryOperatorRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/operator/:folder/slots/', async (req) => {
    const [pkg] = await app.db
      .select()
      .from(packages)
      .where(and(eq(packages.packageTag, req.query.package), eq(packages.folderId, req.params.folder)));
    if (!pkg) throw notFound(OPERATOR_MESSAGES.packageUnknown);
    const range = dateRange(req.query);
    if (!range) throw badRequest(RANGE_MESSAGE);
    const now = new Date();
    const rows = await slotsBetween(app.db, pkg.id, range, now);
    return { package_tag: pkg.packageTag, slots: rows.map((r) => editorSlot(r, pkg.cutoffMinutes, now)) };
  });

  route(app, 'PATCH /api/operator/:folder/slots/:id/', async (req) => {
    const { slot, message } = await updateSlot(
      app.db,
      signedIn(req).id,
      req.params.id,
      req.body,
      req.params.folder,
    );
    app.catalog.invalidate();
    await offerFreedPlacesSoon(
      { db: app.db, publicUrl: publicUrlFor(app.config, req), offerMinutes: app.config.waitlistOfferMinutes },
      [slot.id],
      app.log,
    );
    return { slot, message };
  });
};
