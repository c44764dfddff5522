import { catalogOffers, type OfferCard } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import type { CatalogSnapshot } from './service';

/** The offers of each catalogue snapshot, built once (dropped with the snapshot). */
const offersBySnapshot = new WeakMap<CatalogSnapshot, OfferCard[]>();

/**
 * The offers page's list (spec §7: GET /bus.json), from the catalogue: every package sold
 * below its off_price, with the catalogue's price, its saving and its ticket page (contract
 * `catalogOffers`, decision 017). It changes with the catalogue, so browsers check it each time.
 */
export const offerRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /bus.json', async (req, reply) => {
    // ?lang= beside the spec (decision 024): the cards' titles and subtitles in the page's language.
    const snap = await app.catalog.get(req.query.lang);
    let offers = offersBySnapshot.get(snap);
    if (!offers) {
      offers = catalogOffers(snap.packages);
      offersBySnapshot.set(snap, offers);
    }
    reply.header('cache-control', 'no-cache');
    return offers;
  });
};
