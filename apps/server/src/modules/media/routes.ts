import path from 'node:path';
import { mediaUploadFieldsSchema, uploadLimit } from '@rome/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { badRequest, HttpError, notFound, withMessage } from '../../lib/errors';
import { getWebsiteSettings } from '../../lib/site-settings';
import { isSafeKey } from '../../storage/storage';
import { ticketQrPng } from '../orders/ticket-qr';
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

/**
 * Reads the upload form; the file is cut off at the settings' limit while it streams in. The fields are
 * the contract's (`mediaUploadFieldsSchema`); an empty field counts as not sent.
 */
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
  const parsed = mediaUploadFieldsSchema.safeParse(
    Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload.');
  return { ...parsed.data, file, filename };
}

/**
 * Who may call is checked before the body is validated: an anonymous or customer request answers
 * 401/403 whatever it sends, never a 400 that would tell it about the body it may not send. (The
 * entry's access also adds the guard as a preHandler; the token lookup is memoised, so it runs once.)
 */

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  /** Serves stored files. Names are random and never reused, so they may be cached for a long time. */
  app.get('/media/:key', async (req, reply) => {
    const { key } = req.params as { key: string };
    const stored = await app.storage.get(key);
    // A ticket's QR not drawn yet (the payment keeps only what it says): drawn now (tickets/qr.ts).
    const made =
      stored || !isSafeKey(key) ? null : await ticketQrPng({ storage: app.storage, db: app.db }, key);
    const file = stored ?? (made && { stream: made, size: made.length });
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

  route(app, 'GET /api/media-library/', async () => ({ data: await listMedia(app.db) }));

  route(app, 'POST /api/media-library/create/', async (req, reply) => {
    const data = await withMessage(async () => {
      const limit = uploadLimit((await getWebsiteSettings(app.db)).max_image_upload_size_mb);
      const upload = await readUpload(req, limit.bytes, `${limit.limit} ${limit.unit}`);
      return createMedia(app.db, app.storage, signedIn(req).id, upload);
    });
    return reply.code(201).send({ data, message: 'Media uploaded successfully!' });
  });

  route(app, 'PATCH /api/media-library/:id/update/', async (req) => {
    const { id } = req.params;
    if (id === null) throw notFound('Media item not found.');
    return { data: await updateMedia(app.db, signedIn(req).id, id, req.body), success: true as const };
  });

  route(app, 'DELETE /api/media-library/:id/delete/', async (req) => {
    const { id } = req.params;
    if (id === null) throw notFound('Media item not found.');
    await deleteMedia(app.db, app.storage, signedIn(req).id, id);
    return { success: true as const, message: 'Media deleted successfully!' };
  });
};
