import path from 'node:path';
import { uploadLimit } from '@rome/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { requireEditor } from '../auth/plugin';
import { getWebsiteSettings } from '../settings/service';
import { createMedia, deleteMedia, listMedia, type Upload, updateMedia } from './service';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
};

const idParam = (req: FastifyRequest) => {
  const id = Number((req.params as { id: string }).id);
  // Ids are PostgreSQL integers: a larger number names nothing.
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Media item not found.');
  return id;
};

/** Reads the upload form; the file is cut off at the settings' limit while it streams in. */
async function readUpload(req: FastifyRequest, limitBytes: number, limitText: string): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let filename = '';
  try {
    for await (const part of req.parts({
      limits: { fileSize: limitBytes, files: 1, fields: 10, fieldSize: 2000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        filename = part.filename ?? '';
        try {
          file = await part.toBuffer();
        } catch (err: any) {
          if (err?.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, { error: `File size exceeds the maximum limit of ${limitText}` });
          throw err;
        }
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err: any) {
    // A body that is not the multipart it claims to be (no boundary, cut short) is bad input, not a fault.
    if (err instanceof HttpError || typeof err?.statusCode === 'number') throw err;
    throw badRequest('The upload could not be read.');
  }
  if (!file) throw badRequest('Please select a file');
  return { ...fields, file, filename };
}

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  /** Serves stored files. Names are random and never reused, so they may be cached for a long time. */
  app.get('/media/:key', async (req, reply) => {
    const { key } = req.params as { key: string };
    const file = await app.storage.get(key);
    if (!file) throw notFound('File not found.');
    const type = TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';
    reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
      );
    // Anything that is not an image or a video is offered as a download, never rendered inline.
    if (!type.startsWith('image/') && !type.startsWith('video/'))
      reply.header('content-disposition', 'attachment');
    return reply.send(file.stream);
  });

  app.get('/api/media-library/', async () => ({ data: await listMedia(app.db) }));

  app.post('/api/media-library/create/', { preHandler: requireEditor }, async (req, reply) => {
    const limit = uploadLimit((await getWebsiteSettings(app.db)).max_image_upload_size_mb);
    const upload = await readUpload(req, limit.bytes, `${limit.limit} ${limit.unit}`);
    const data = await createMedia(app.db, app.storage, req.user!.id, upload);
    return reply.code(201).send({ data, message: 'Media uploaded successfully!' });
  });

  app.patch('/api/media-library/:id/update/', { preHandler: requireEditor }, async (req) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    return { data: await updateMedia(app.db, req.user!.id, idParam(req), body), success: true };
  });

  app.delete('/api/media-library/:id/delete/', { preHandler: requireEditor }, async (req) => {
    await deleteMedia(app.db, app.storage, req.user!.id, idParam(req));
    return { success: true, message: 'Media deleted successfully!' };
  });
};
