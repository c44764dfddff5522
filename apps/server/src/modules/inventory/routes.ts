/** Inventory calls (contract inventory.api.ts): slots for buyers and editors, cancellations, refunds. */
import { CHECKOUT_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { enforce } from '../../lib/rate-limit';
import { refundOrder } from '../orders/refunds';
import { dateRange, editorSlot, publicSlot, RANGE_MESSAGE, slotsBetween } from '../orders/slots';
import { offerFreedPlacesSoon, walkWaitlists } from '../orders/waitlist';
import {
  addRecurringSlots,
  bulkSlots,
  deleteSlot,
  packageByTag,
  saveSettings,
  settingsOf,
  updateSlot,
} from './editor';

export const inventoryRoutes: FastifyPluginAsync = async (app) => {
  const refundDeps = (req: FastifyRequest) => ({
    db: app.db,
    provider: app.payments,
    publicUrl: publicUrlFor(app.config, req),
    log: app.log,
    waitlistOfferMinutes: app.config.waitlistOfferMinutes,
  });
  /** Places an editor gave a time (more capacity, opened again) go to its waiting list (decision 063). */
  const offerDeps = (req: FastifyRequest) => ({
    db: app.db,
    publicUrl: publicUrlFor(app.config, req),
    offerMinutes: app.config.waitlistOfferMinutes,
  });

  /** A package's settings and its slots in the asked range, each shaped by `shape`. */
  const view = async <S>(
    pkg: Awaited<ReturnType<typeof packageByTag>>,
    query: { from?: string; to?: string },
    shape: (row: Parameters<typeof publicSlot>[0], cutoffMinutes: number, now: Date) => S,
  ) => {
    const range = dateRange(query);
    if (!range) throw badRequest(RANGE_MESSAGE);
    const now = new Date();
    const rows = await slotsBetween(app.db, pkg.id, range, now);
    return {
      package_tag: pkg.packageTag,
      ...settingsOf(pkg),
      slots: rows.map((r) => shape(r, pkg.cutoffMinutes, now)),
    };
  };

  route(app, 'GET /api/packages/:packageTag/availability/', async (req) => {
    const snap = await app.catalog.get();
    // Only a package on sale is shown to buyers (the list's own rule).
    if (!snap.byTag.has(req.params.packageTag)) throw notFound(CHECKOUT_MESSAGES.unknownPackage);
    return view(await packageByTag(app.db, req.params.packageTag), req.query, publicSlot);
  });

  const editorView = async (packageTag: string, query: { from?: string; to?: string }) =>
    view(await packageByTag(app.db, packageTag), query, editorSlot);

  route(app, 'GET /api/editor/packages/:packageTag/availability/', async (req) =>
    editorView(req.params.packageTag, req.query),
  );

  route(app, 'PUT /api/editor/packages/:packageTag/availability/', async (req) => {
    const pkg = await packageByTag(app.db, req.params.packageTag);
    await saveSettings(app.db, signedIn(req).id, pkg, req.body);
    app.catalog.invalidate();
    return editorView(req.params.packageTag, {});
  });

  route(app, 'POST /api/editor/packages/:packageTag/slots/', async (req) => {
    const pkg = await packageByTag(app.db, req.params.packageTag);
    const result = await addRecurringSlots(app.db, signedIn(req).id, pkg, req.body);
    app.catalog.invalidate();
    return result;
  });

  route(app, 'POST /api/editor/packages/:packageTag/slots/bulk/', async (req) => {
    const pkg = await packageByTag(app.db, req.params.packageTag);
    const result = await bulkSlots(app.db, signedIn(req).id, pkg, req.body);
    if (result.changed > 0) {
      app.catalog.invalidate();
      await walkWaitlists(offerDeps(req)).catch((err) =>
        app.log.warn({ err: (err as Error).message }, 'waiting-list walk failed; the next pass retries'),
      );
    }
    return result;
  });

  route(app, 'PATCH /api/editor/slots/:id/', async (req) => {
    const { slot, message } = await updateSlot(app.db, signedIn(req).id, req.params.id, req.body);
    app.catalog.invalidate();
    await offerFreedPlacesSoon(offerDeps(req), [slot.id], app.log);
    return { slot, message };
  });

  route(app, 'DELETE /api/editor/slots/:id/', async (req) => {
    const out = await deleteSlot(app.db, signedIn(req).id, req.params.id);
    app.catalog.invalidate();
    return out;
  });

  route(app, 'POST /api/tickets/:uniqueId/cancel/', async (req) => {
    const user = signedIn(req);
    // A buyer cancels a handful of tickets; a loop over order ids is stopped here.
    await enforce(app.db, `cancel:user:${user.id}`, 20, 3600);
    return refundOrder(refundDeps(req), req.params.uniqueId, { reason: 'customer', userId: user.id });
  });

  route(app, 'POST /api/admin/orders/:uniqueId/refund/', async (req) =>
    refundOrder(refundDeps(req), req.params.uniqueId, { reason: 'superuser' }),
  );
};
