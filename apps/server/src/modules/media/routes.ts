import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** Serves stored files. Names are random and never reused, so they may be cached for a long time. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/:key', async (req, reply) => {
    const { key } = req.params as { key: string };
    const file = await app.storage.get(key);
    if (!file) throw notFound('File not found.');
    const ext = path.extname(key).slice(1);
    const type = TYPES[ext] ?? 'application/octet-stream';
    reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    // Anything that is not a plain image or video is offered as a download, never rendered inline.
    if (!type.startsWith('image/') || type === 'image/svg+xml') {
      if (!type.startsWith('video/')) reply.header('content-disposition', 'attachment');
    }
    return reply.send(file.stream);
  });
};
