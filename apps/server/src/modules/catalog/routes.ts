import { isBookingStatus } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { type Encoding, encode, MIN_COMPRESS_BYTES, pickEncoding } from '../../lib/compress';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { updatePackage } from './edit';
import { priceHistory } from './prices';
import { currentSearchIndex, searchPackages } from './search';

/** Compressed bodies of the package list, per catalog snapshot (dropped with the snapshot). */
const compressedLists = new WeakMap<object, Map<Encoding, Buffer>>();

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  // The list is answered from the snapshot's ready JSON (or its compressed bytes): a string or a
  // Buffer goes out as it is, without the contract's serialiser. catalog.test.ts checks that this
  // string parses with the contract's 200 schema, so the reference cannot drift from the answer.
  route(app, 'GET /api/packages/', async (req, reply) => {
    // ?lang= beside the spec (decision 024): each language is its own snapshot, JSON and ETag.
    const snap = await app.catalog.get(req.query.lang);
    reply.header('etag', snap.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === snap.etag) return reply.code(304).send(null);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding =
      snap.json.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(snap.json as never);
    // The list is read on every page: compress each snapshot once per encoding.
    let encoded = compressedLists.get(snap);
    if (!encoded) {
      encoded = new Map();
      compressedLists.set(snap, encoded);
    }
    let body = encoded.get(encoding);
    if (!body) {
      body = encode(snap.json, encoding);
      encoded.set(encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body as never);
  });

  // The text search beside the spec's ticket-type search (decision 039): an index of the cached
  // catalogue, rebuilt with it after an edit.
  route(app, 'GET /api/packages/search/', async (req) => {
    const { q, category, sort, limit, lang } = req.query;
    const [index, shown] = await Promise.all([currentSearchIndex(app.catalog), app.catalog.get(lang)]);
    return searchPackages(index, shown, { q, category, sort, limit });
  });

  route(app, 'GET /api/package/:status/:packageTag/', async (req) => {
    const { status, packageTag } = req.params;
    const pkg = isBookingStatus(status)
      ? (await app.catalog.get(req.query.lang)).byTag.get(packageTag)
      : undefined;
    if (!pkg) throw notFound('Package not found.');
    return { data: pkg };
  });

  route(
    app,
    'PATCH /api/update-bus-package/:packageTag/',
    async (req) => {
      const { packageTag } = req.params;
      await updatePackage(app.db, signedIn(req).id, packageTag, req.body, req.query.lang);
      app.catalog.invalidate();
      const snap = await app.catalog.get(req.query.lang);
      return { data: snap.byTag.get(packageTag) ?? null, message: 'Ticket updated successfully!' };
    },
    // Who may call is decided before the body is validated: an anonymous caller gets 401, not 400.
    // (route() adds the same guard as a preHandler; the sign-in lookup is memoised per request.)
    { preValidation: app.accessGuards.editor },
  );

  route(app, 'GET /api/editor/packages/:packageTag/prices/', async (req) =>
    priceHistory(app.db, req.params.packageTag),
  );
};
