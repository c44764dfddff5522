/**
 * Editors change a package in place (spec §2 Ticket editor, §7 PATCH update-bus-package/{package_tag}/):
 * title, featured flag, prices, SEO fields, description (sanitised), any image slot by media id, and
 * the storefront's categories (decision 039).
 * In another language (decision 024) the words go to that language's translation and the rest (prices,
 * pictures, the featured flag) to the package, as they are the same in every language.
 * Bad input changes nothing.
 */
import { ALT_SLOTS, DEFAULT_LOCALE, IMAGE_SLOTS, type Locale, type PackageEdit } from '@rome/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { mediaItems, packageImages, packages, packageTranslations } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, notFound } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { applyFactsEdit } from './facts';

/**
 * `edit` is the request body as the contract parsed it (packageEditSchema): prices in cents, texts on
 * one line, schema_json parsed, image slots as media ids or null. What is left here is what needs the
 * database: the package and the media items must exist.
 */
export async function updatePackage(
  db: Db,
  userId: string,
  packageTag: string,
  edit: PackageEdit,
  language: Locale = DEFAULT_LOCALE,
) {
  const [pkg] = await db.select().from(packages).where(eq(packages.packageTag, packageTag));
  if (!pkg) throw notFound('Package not found.');

  // The words: into the package in English, into the language's translation otherwise.
  const words = {
    title: edit.title,
    type: edit.type,
    metaTitle: edit.meta_title,
    metaDescription: edit.meta_description,
    metaKeywords: edit.meta_keywords,
    description: edit.description === undefined ? undefined : sanitizeHtml(edit.description),
  };
  const translated = language !== DEFAULT_LOCALE;
  const set: Partial<typeof packages.$inferInsert> = {};
  const wordsSet: Partial<typeof packageTranslations.$inferInsert> = {};
  for (const [key, value] of Object.entries(words) as [keyof typeof words, string | undefined][]) {
    if (value === undefined) continue;
    // An empty text in another language takes its words away: the English shows again, marked.
    if (translated) wordsSet[key] = value.trim() === '' ? null : value;
    else set[key] = value;
  }
  if (edit.is_featured !== undefined) set.isFeatured = edit.is_featured;
  if (edit.adult_price !== undefined) set.adultPriceCents = edit.adult_price;
  if (edit.youth_price !== undefined) set.youthPriceCents = edit.youth_price;
  if (edit.off_price !== undefined) set.offPriceCents = edit.off_price;
  if (edit.schema_json !== undefined) set.schemaJson = edit.schema_json;
  // The facts (decision 040): English with the stops' places to the package, a language's words to its
  // translation. Worked out before anything is written, so a refused change stores nothing.
  if (edit.facts !== undefined && Object.keys(edit.facts).length > 0) {
    let storedWords: unknown = null;
    if (translated) {
      const [row] = await db
        .select({ facts: packageTranslations.facts })
        .from(packageTranslations)
        .where(and(eq(packageTranslations.packageId, pkg.id), eq(packageTranslations.language, language)));
      storedWords = row?.facts ?? null;
    }
    const facts = applyFactsEdit(pkg.facts, storedWords, edit.facts, language);
    if (translated) wordsSet.facts = facts.words;
    else set.facts = facts.english;
  }
  // The categories are the same in every language (decision 039); the contract kept known keys only.
  if (edit.categories !== undefined) set.categories = edit.categories;

  // Image slots: a media id (an image of the library) or null to clear; alt texts alongside.
  const slotChanges = IMAGE_SLOTS.flatMap((slot) =>
    edit[slot] === undefined ? [] : [{ slot, mediaId: edit[slot] }],
  );
  const ids = slotChanges.map((c) => c.mediaId).filter((id): id is number => id !== null);
  if (ids.length) {
    const found = await db
      .select({ id: mediaItems.id, type: mediaItems.mediaType })
      .from(mediaItems)
      .where(inArray(mediaItems.id, ids));
    const images = new Set(found.filter((f) => f.type === 'image').map((f) => f.id));
    if (ids.some((id) => !images.has(id))) throw badRequest('Invalid image selected');
  }
  const altChanges = ALT_SLOTS.flatMap((slot) => {
    const alt = edit[`${slot}_alt`];
    return alt === undefined ? [] : [{ slot, alt }];
  });
  if (
    Object.keys(set).length === 0 &&
    Object.keys(wordsSet).length === 0 &&
    slotChanges.length === 0 &&
    altChanges.length === 0
  ) {
    throw badRequest('Nothing to update.');
  }

  await db.transaction(async (tx) => {
    if (Object.keys(set).length)
      await tx
        .update(packages)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(packages.id, pkg.id));
    if (Object.keys(wordsSet).length)
      await tx
        .insert(packageTranslations)
        .values({ packageId: pkg.id, language, ...wordsSet })
        .onConflictDoUpdate({
          target: [packageTranslations.packageId, packageTranslations.language],
          set: { ...wordsSet, updatedAt: new Date() },
        });
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
    await recordEdit(txDb(tx), {
      userId,
      entity: 'package',
      entityKey: packageTag,
      before: {
        title: pkg.title,
        adult: pkg.adultPriceCents,
        youth: pkg.youthPriceCents,
        off: pkg.offPriceCents,
        ...(edit.categories !== undefined ? { categories: pkg.categories } : {}),
      },
      after: {
        ...set,
        ...(translated ? { language, words: wordsSet } : {}),
        images: slotChanges,
        alts: altChanges,
      },
    });
  });
}
