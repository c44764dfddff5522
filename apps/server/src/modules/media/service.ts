/**
 * The media library. What a file is comes from its bytes, not its name or declared type. Images are
 * re-encoded by sharp (metadata stripped) into a large and a small WebP; anything else is stored as
 * sent under a random name and served with its real type (non-images as downloads).
 */
import type { MediaItem, MediaType, MediaUpdate, MediaUploadFields } from '@rome/contract';
import { oneLine } from '@rome/contract';
import { desc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { Db } from '../../db/client';
import { mediaItems, packageImages, packages, pageImages, partnerLogos } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { newFileKey, type Storage } from '../../storage/storage';

type Row = typeof mediaItems.$inferSelect;

export function mediaOut(r: Row): MediaItem {
  return {
    id: r.id,
    name: r.name,
    alt_text: r.altText,
    file: mediaUrl(r.fileKey)!,
    thumbnail: mediaUrl(r.smallKey),
    media_type: r.mediaType,
    content_type: r.contentType,
    size: r.fileSize,
    file_size: r.fileSize,
    width: r.width,
    height: r.height,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listMedia(db: Db): Promise<MediaItem[]> {
  const rows = await db.select().from(mediaItems).orderBy(desc(mediaItems.createdAt), desc(mediaItems.id));
  return rows.map(mediaOut);
}

/** Raster formats sharp decodes and we re-encode; SVG is deliberately not among them (it can carry script). */
const RASTER = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/bmp',
]);
const VIDEO_EXT: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};
const OTHER_EXT: Record<string, string> = { 'application/pdf': 'pdf' };

const cleanText = (v: string | undefined, max: number): string => (v ? oneLine(v).trim().slice(0, max) : '');

/** The form's fields (parsed with the contract's schema) and the file. */
export type Upload = MediaUploadFields & { file: Buffer; filename: string };

export async function createMedia(db: Db, storage: Storage, userId: string, up: Upload): Promise<MediaItem> {
  if (!up.file || up.file.length === 0) throw badRequest('Please select a file');
  const declared = up.media_type;
  const name = cleanText(up.name, 200) || cleanText(up.filename.replace(/\.[^.]+$/, ''), 200) || 'Untitled';
  const altText = cleanText(up.alt_text, 500);

  const sniffed = await fileTypeFromBuffer(up.file);
  const mime = sniffed?.mime ?? 'application/octet-stream';
  let stored: {
    key: string;
    smallKey: string | null;
    type: MediaType;
    contentType: string;
    size: number;
    width: number | null;
    height: number | null;
  };

  if (RASTER.has(mime)) {
    let large: { data: Buffer; info: OutputInfo };
    let small: Buffer;
    try {
      const base = sharp(up.file, { limitInputPixels: 40_000_000 }).rotate();
      large = await base
        .clone()
        .resize({ width: 1920, height: 1920, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      small = await base
        .clone()
        .resize({ width: 480, height: 480, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer();
    } catch {
      throw badRequest('The file is not a valid image.');
    }
    const key = newFileKey('webp');
    const smallKey = newFileKey('webp');
    await storage.put(key, large.data, 'image/webp');
    // Both files or neither: a full disk between the two leaves no orphan behind.
    await storage.put(smallKey, small, 'image/webp').catch(async (err) => {
      await storage.delete(key).catch(() => {});
      throw err;
    });
    stored = {
      key,
      smallKey,
      type: 'image',
      contentType: 'image/webp',
      size: large.data.length,
      width: large.info.width,
      height: large.info.height,
    };
  } else {
    if (declared === 'image') throw badRequest('The file is not a valid image.');
    const videoExt = VIDEO_EXT[mime];
    const ext = videoExt ?? OTHER_EXT[mime] ?? 'bin';
    const contentType = videoExt || OTHER_EXT[mime] ? mime : 'application/octet-stream';
    const key = newFileKey(ext);
    await storage.put(key, up.file, contentType);
    stored = {
      key,
      smallKey: null,
      type: videoExt ? 'video' : 'other',
      contentType,
      size: up.file.length,
      width: null,
      height: null,
    };
  }
  if (declared === 'video' && stored.type !== 'video') {
    await storage.delete(stored.key);
    throw badRequest('The file is not a supported video (MP4, WebM or MOV).');
  }

  const [row] = await db
    .insert(mediaItems)
    .values({
      name,
      altText,
      fileKey: stored.key,
      smallKey: stored.smallKey,
      mediaType: stored.type,
      contentType: stored.contentType,
      fileSize: stored.size,
      width: stored.width,
      height: stored.height,
      uploadedBy: userId,
    })
    .returning();
  await recordEdit(db, {
    userId,
    entity: 'media',
    entityKey: String(row.id),
    before: null,
    after: { name, file: row.fileKey },
  });
  return mediaOut(row);
}

/** Only name and alt text change; nothing is written when nothing changed. */
export async function updateMedia(db: Db, userId: string, id: number, body: MediaUpdate): Promise<MediaItem> {
  const [row] = await db.select().from(mediaItems).where(eq(mediaItems.id, id));
  if (!row) throw notFound('Media item not found.');
  const set: Partial<Row> = {};
  if (body.name !== undefined) {
    const name = cleanText(body.name, 200);
    if (!name) throw badRequest('Name is required.');
    if (name !== row.name) set.name = name;
  }
  if (body.alt_text !== undefined) {
    const alt = cleanText(body.alt_text, 500);
    if (alt !== row.altText) set.altText = alt;
  }
  if (body.media_type !== undefined && body.media_type !== row.mediaType) {
    throw badRequest('The media type is decided from the file and cannot be changed.');
  }
  if (Object.keys(set).length === 0) return mediaOut(row);
  const [after] = await db.update(mediaItems).set(set).where(eq(mediaItems.id, id)).returning();
  await recordEdit(db, {
    userId,
    entity: 'media',
    entityKey: String(id),
    before: { name: row.name, alt_text: row.altText },
    after: set,
  });
  return mediaOut(after);
}

/** Where a media item is used; an item in use cannot be deleted. */
export async function usesOf(db: Db, id: number): Promise<string[]> {
  const [pageUses, packageUses, logoUses] = await Promise.all([
    db.select({ tag: pageImages.uniqueTag }).from(pageImages).where(eq(pageImages.mediaId, id)),
    db
      .select({ packageTag: packages.packageTag, slot: packageImages.slot })
      .from(packageImages)
      .innerJoin(packages, eq(packages.id, packageImages.packageId))
      .where(eq(packageImages.mediaId, id)),
    db.select({ name: partnerLogos.name }).from(partnerLogos).where(eq(partnerLogos.logoId, id)),
  ]);
  return [
    ...pageUses.map((u) => `page image "${u.tag}"`),
    ...packageUses.map((u) => `package ${u.packageTag} (${u.slot})`),
    ...logoUses.map((u) => `partner logo "${u.name}"`),
  ];
}

export async function deleteMedia(db: Db, storage: Storage, userId: string, id: number): Promise<void> {
  const [row] = await db.select().from(mediaItems).where(eq(mediaItems.id, id));
  if (!row) throw notFound('Media item not found.');
  const uses = await usesOf(db, id);
  if (uses.length > 0) {
    throw new HttpError(409, {
      error: `This file is in use: ${uses.slice(0, 5).join(', ')}${uses.length > 5 ? ` and ${uses.length - 5} more` : ''}.`,
      used_by: uses,
    });
  }
  await db.delete(mediaItems).where(eq(mediaItems.id, id));
  await recordEdit(db, {
    userId,
    entity: 'media',
    entityKey: String(id),
    before: { name: row.name, file: row.fileKey },
    after: null,
  });
  await storage.delete(row.fileKey);
  if (row.smallKey) await storage.delete(row.smallKey);
}
