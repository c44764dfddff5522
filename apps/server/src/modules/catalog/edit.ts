/**
 * Editors change a package in place (spec §2 Ticket editor, §7 PATCH update-bus-package/{tag}/):
 * title, featured flag, prices, SEO fields, description (sanitised) and any image slot by media id.
 * Bad input changes nothing.
 */
import { ALT_SLOTS, decimalToCents, IMAGE_SLOTS, MESSAGES, parseSchemaJson } from '@rome/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaItems, packageImages, packages } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { oneLine } from '../../lib/text';
import { recordEdit } from '../content/service';

const TEXT_LIMITS = { meta_title: 200, meta_description: 500, meta_keywords: 500, type: 200 } as const;

function price(v: unknown, field: string, nullable: boolean): number | null {
  if (v === null || v === '') {
    if (nullable) return null;
    throw badRequest(`${field} is required.`);
  }
  const cents = decimalToCents(typeof v === 'number' || typeof v === 'string' ? v : NaN);
  if (cents === null) throw badRequest(`${field} must be a number of 0 or more with at most two decimals.`);
  return cents;
}

export async function updatePackage(db: Db, userId: string, tag: string, body: Record<string, unknown>) {
  if (!tag) throw badRequest('Package tag is missing');
  const [pkg] = await db.select().from(packages).where(eq(packages.packageTag, tag));
  if (!pkg) throw notFound('Package not found.');

  const set: Partial<typeof packages.$inferInsert> = {};
  if (body.title !== undefined) {
    const title = typeof body.title === 'string' ? oneLine(body.title).trim() : '';
    if (!title) throw badRequest('Title is required.');
    if (title.length > 200) throw badRequest('Title is too long (at most 200 characters).');
    set.title = title;
  }
  if (body.is_featured !== undefined) {
    if (typeof body.is_featured !== 'boolean') throw badRequest('is_featured must be true or false.');
    set.isFeatured = body.is_featured;
  }
  if (body.adult_price !== undefined) set.adultPriceCents = price(body.adult_price, 'Adult price', false)!;
  if (body.youth_price !== undefined) set.youthPriceCents = price(body.youth_price, 'Youth price', false)!;
  if (body.off_price !== undefined) set.offPriceCents = price(body.off_price, 'Old price', true);
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const v = body[field];
    if (v === undefined) continue;
    if (typeof v !== 'string') throw badRequest(`${field} must be text.`);
    if (v.length > max) throw badRequest(`${field} is too long (at most ${max} characters).`);
    const key = {
      meta_title: 'metaTitle',
      meta_description: 'metaDescription',
      meta_keywords: 'metaKeywords',
      type: 'type',
    }[field] as 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'type';
    set[key] = oneLine(v).trim();
  }
  if (body.schema_json !== undefined) {
    if (body.schema_json === null || typeof body.schema_json === 'object') set.schemaJson = body.schema_json;
    else if (typeof body.schema_json === 'string') {
      const parsed = parseSchemaJson(body.schema_json);
      if (!parsed.ok) throw badRequest(parsed.error);
      set.schemaJson = parsed.value;
    } else throw badRequest(MESSAGES.schemaJson);
  }
  if (body.description !== undefined) {
    if (typeof body.description !== 'string' || body.description.length > 100_000)
      throw badRequest('Description must be text.');
    set.description = sanitizeHtml(body.description);
  }

  // Image slots: a media id (an image of the library) or null to clear; alt texts alongside.
  const slotChanges: { slot: string; mediaId: number | null }[] = [];
  for (const slot of IMAGE_SLOTS) {
    const v = body[slot];
    if (v === undefined) continue;
    if (v === null || v === '') slotChanges.push({ slot, mediaId: null });
    else {
      const id = Number(v);
      if (!Number.isInteger(id) || id <= 0) throw badRequest(`${slot}: invalid image selected.`);
      slotChanges.push({ slot, mediaId: id });
    }
  }
  const ids = slotChanges.map((c) => c.mediaId).filter((id): id is number => id !== null);
  if (ids.length) {
    const found = await db
      .select({ id: mediaItems.id, type: mediaItems.mediaType })
      .from(mediaItems)
      .where(inArray(mediaItems.id, ids));
    const images = new Set(found.filter((f) => f.type === 'image').map((f) => f.id));
    const bad = ids.find((id) => !images.has(id));
    if (bad !== undefined) throw badRequest('Invalid image selected');
  }
  const altChanges: { slot: string; alt: string }[] = [];
  for (const slot of ALT_SLOTS) {
    const v = body[`${slot}_alt`];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length > 300)
      throw badRequest(`${slot}_alt must be text of at most 300 characters.`);
    altChanges.push({ slot, alt: oneLine(v).trim() });
  }
  if (Object.keys(set).length === 0 && slotChanges.length === 0 && altChanges.length === 0) {
    throw badRequest('Nothing to update.');
  }

  await db.transaction(async (tx) => {
    if (Object.keys(set).length)
      await tx
        .update(packages)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(packages.id, pkg.id));
    for (const c of slotChanges) {
      if (c.mediaId === null) {
        await tx
          .delete(packageImages)
          .where(and(eq(packageImages.packageId, pkg.id), eq(packageImages.slot, c.slot)));
      } else {
        await tx
          .insert(packageImages)
          .values({ packageId: pkg.id, slot: c.slot, mediaId: c.mediaId })
          .onConflictDoUpdate({
            target: [packageImages.packageId, packageImages.slot],
            set: { mediaId: c.mediaId },
          });
      }
    }
    for (const a of altChanges) {
      await tx
        .update(packageImages)
        .set({ altText: a.alt })
        .where(and(eq(packageImages.packageId, pkg.id), eq(packageImages.slot, a.slot)));
    }
    await recordEdit(tx as unknown as Db, {
      userId,
      entity: 'package',
      entityKey: tag,
      before: {
        title: pkg.title,
        adult: pkg.adultPriceCents,
        youth: pkg.youthPriceCents,
        off: pkg.offPriceCents,
      },
      after: { ...set, images: slotChanges, alts: altChanges },
    });
  });
}
