import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type Encoding, encode, MIN_COMPRESS_BYTES, pickEncoding } from '../../lib/compress';
import { notFound } from '../../lib/errors';
import { requireEditor } from '../auth/plugin';
import { updatePackage } from './edit';

const packageParams = z.object({ status: z.string(), id: z.string().min(1).max(200) });

/** Compressed bodies of the package list, per catalog snapshot (dropped with the snapshot). */
const compressedLists = new WeakMap<object, Map<Encoding, Buffer>>();

export const catalogRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/packages/', async (req, reply) => {
    const snap = await app.catalog.get();
    reply.header('etag', snap.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === snap.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding =
      snap.json.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(snap.json);
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
    return reply.header('content-encoding', encoding).send(body);
  });

  app.get('/api/package/:status/:id/', async (req) => {
    const params = packageParams.safeParse(req.params);
    if (!params.success || !['E8', 'E9'].includes(params.data.status)) throw notFound('Package not found.');
    const pkg = (await app.catalog.get()).byTag.get(params.data.id);
    if (!pkg) throw notFound('Package not found.');
    return { data: pkg };
  });

  app.patch('/api/update-bus-package/:tag/', { preHandler: requireEditor }, async (req) => {
    const { tag } = req.params as { tag: string };
    const body =
      req.body && typeof req.body === 'object' && !Array.isArray(req.body)
        ? (req.body as Record<string, unknown>)
        : {};
    await updatePackage(app.db, req.user!.id, tag, body);
    app.catalog.invalidate();
    const snap = await app.catalog.get();
    return { data: snap.byTag.get(tag) ?? null, message: 'Ticket updated successfully!' };
  });
};
