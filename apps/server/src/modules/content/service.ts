/**
 * Static page content: content blocks (unique_tag -> HTML), page images (unique_tag -> media item)
 * and page metadata. Every edit is recorded in edit_log with who, when, before and after.
 */
import {
  DEFAULT_LOCALE,
  type EditContentInput,
  type Locale,
  MESSAGES,
  oneLine,
  type PageImageInput,
  type PageMetaInput,
  parseSchemaJson,
  WORD_BLOCK_DEFAULTS,
} from '@rome/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contentBlocks,
  contentTranslations,
  mediaItems,
  pageImages,
  pages,
  pageTranslations,
} from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { sanitizeHtml } from '../../lib/sanitize';

export const isPageTag = (tag: string) => /^[a-z0-9][a-z0-9-]{0,79}$/i.test(tag);
export const isUniqueTag = (tag: string) => /^[a-z0-9][a-z0-9_-]{0,119}$/i.test(tag);

const pageOut = (p: typeof pages.$inferSelect) => ({
  slug: p.slug,
  title: p.title,
  meta_title: p.metaTitle,
  meta_description: p.metaDescription,
  meta_keywords: p.metaKeywords,
  schema_json: p.schemaJson ?? null,
});

const blockOut = (b: typeof contentBlocks.$inferSelect) => ({
  unique_tag: b.uniqueTag,
  block_content: b.blockContent,
  block_type: b.blockType,
  is_active: b.isActive,
});

async function pageImagesOf(db: Db, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ img: pageImages, media: mediaItems })
    .from(pageImages)
    .leftJoin(mediaItems, eq(mediaItems.id, pageImages.mediaId))
    .where(where)
    .orderBy(asc(pageImages.id));
  return rows.map(({ img, media }) => ({
    unique_tag: img.uniqueTag,
    image: media
      ? {
          id: media.id,
          file: mediaUrl(media.fileKey),
          alt_text: media.altText,
          width: media.width,
          height: media.height,
        }
      : null,
    help_text: img.helpText,
  }));
}

/** A page's metadata in `language`: each translated field over the English one (empty: English). */
const withPageTranslation = (
  page: ReturnType<typeof pageOut>,
  t: typeof pageTranslations.$inferSelect | undefined,
): ReturnType<typeof pageOut> =>
  t
    ? {
        ...page,
        meta_title: t.metaTitle || page.meta_title,
        meta_description: t.metaDescription || page.meta_description,
        meta_keywords: t.metaKeywords || page.meta_keywords,
      }
    : page;

/**
 * Spec §7 GET static-content/{pageTag}/. A page with nothing stored yet answers empty lists. In another
 * language than English (decision 024), each block shows its words in that language where an editor wrote
 * them, else its English, marked `translated: false`.
 */
export async function getStaticContent(db: Db, pageTag: string, language: Locale = DEFAULT_LOCALE) {
  if (!isPageTag(pageTag)) throw notFound('Page not found.');
  const [page] = await db.select().from(pages).where(eq(pages.slug, pageTag));
  const blocks = await db
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.pageTag, pageTag))
    .orderBy(asc(contentBlocks.id));
  const english = page
    ? pageOut(page)
    : {
        slug: pageTag,
        title: '',
        meta_title: '',
        meta_description: '',
        meta_keywords: '',
        schema_json: null,
      };
  const active = blocks.filter((b) => b.isActive);
  if (language === DEFAULT_LOCALE) {
    return {
      status: 200 as const,
      page: english,
      content_blocks: active.map(blockOut),
      page_images: await pageImagesOf(db, eq(pageImages.pageTag, pageTag)),
    };
  }
  const [translations, [pageTranslation], images] = await Promise.all([
    db
      .select({ tag: contentTranslations.uniqueTag, content: contentTranslations.blockContent })
      .from(contentTranslations)
      .innerJoin(contentBlocks, eq(contentBlocks.uniqueTag, contentTranslations.uniqueTag))
      .where(and(eq(contentBlocks.pageTag, pageTag), eq(contentTranslations.language, language))),
    db
      .select()
      .from(pageTranslations)
      .where(and(eq(pageTranslations.slug, pageTag), eq(pageTranslations.language, language))),
    pageImagesOf(db, eq(pageImages.pageTag, pageTag)),
  ]);
  const words = new Map(translations.map((t) => [t.tag, t.content]));
  return {
    status: 200 as const,
    page: withPageTranslation(english, pageTranslation),
    content_blocks: active.map((b) => {
      const translated = words.get(b.uniqueTag);
      return translated === undefined
        ? { ...blockOut(b), translated: false }
        : { ...blockOut(b), block_content: translated, translated: true };
    }),
    page_images: images,
  };
}

/**
 * A block by its tag; a word of the contract's word tables that nobody wrote yet starts as its English
 * default (decision 038), so an editor on an Italian page can write its Italian first.
 */
async function blockOrDefault(db: Db, tag: string) {
  const [block] = await db.select().from(contentBlocks).where(eq(contentBlocks.uniqueTag, tag));
  const start = WORD_BLOCK_DEFAULTS.get(tag);
  if (block || !start) return block;
  await db
    .insert(contentBlocks)
    .values({ pageTag: start.page, uniqueTag: tag, blockContent: start.english })
    .onConflictDoNothing();
  const [created] = await db.select().from(contentBlocks).where(eq(contentBlocks.uniqueTag, tag));
  return created;
}

/** A block's words in another language than English (decision 024): the block must exist in English. */
async function saveTranslation(db: Db, userId: string, tag: string, language: Locale, clean: string) {
  const block = await blockOrDefault(db, tag);
  if (!block) throw notFound('No content block with this tag; write it in English first.');
  const [before] = await db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.uniqueTag, tag), eq(contentTranslations.language, language)));
  await db
    .insert(contentTranslations)
    .values({ uniqueTag: tag, language, blockContent: clean })
    .onConflictDoUpdate({
      target: [contentTranslations.uniqueTag, contentTranslations.language],
      set: { blockContent: clean, updatedAt: new Date() },
    });
  await recordEdit(db, {
    userId,
    entity: 'content_block',
    entityKey: `${tag}:${language}`,
    before: before?.blockContent ?? null,
    after: clean,
  });
  return { status: 200 as const, data: { ...blockOut(block), block_content: clean, translated: true } };
}

/** Spec §7 POST edit-content/{tag}/: saves a block's HTML, sanitised. A new tag needs its page. */
export async function saveContent(
  db: Db,
  userId: string,
  tag: string,
  body: EditContentInput,
  language: Locale = DEFAULT_LOCALE,
) {
  if (!tag || !isUniqueTag(tag)) throw badRequest(MESSAGES.contentTag);
  if (body.content.length > 200_000) throw badRequest('Content is too long.');
  const clean = sanitizeHtml(body.content);
  if (language !== DEFAULT_LOCALE) return saveTranslation(db, userId, tag, language, clean);
  const [existing] = await db.select().from(contentBlocks).where(eq(contentBlocks.uniqueTag, tag));
  let saved: typeof contentBlocks.$inferSelect;
  if (existing) {
    [saved] = await db
      .update(contentBlocks)
      .set({ blockContent: clean, updatedAt: new Date() })
      .where(eq(contentBlocks.id, existing.id))
      .returning();
  } else {
    const page = body.page ?? '';
    if (!isPageTag(page)) throw notFound('No content block with this tag; send its page to create it.');
    [saved] = await db
      .insert(contentBlocks)
      .values({ pageTag: page, uniqueTag: tag, blockContent: clean })
      .returning();
  }
  await recordEdit(db, {
    userId,
    entity: 'content_block',
    entityKey: tag,
    before: existing?.blockContent ?? null,
    after: clean,
  });
  return { status: 200 as const, data: blockOut(saved) };
}

/** Spec §7 PATCH page-image/{tag}/update/: attaches a media library image to a unique tag. */
export async function setPageImage(db: Db, userId: string, tag: string, body: PageImageInput) {
  if (!tag || !isUniqueTag(tag)) throw badRequest('Unique tag is required for updating image');
  const id = body.image_id;
  const [media] = await db.select().from(mediaItems).where(eq(mediaItems.id, id));
  if (media?.mediaType !== 'image') throw badRequest('Invalid image selected');
  const [existing] = await db.select().from(pageImages).where(eq(pageImages.uniqueTag, tag));
  if (existing) {
    await db
      .update(pageImages)
      .set({ mediaId: id, updatedAt: new Date() })
      .where(eq(pageImages.id, existing.id));
  } else {
    const page = body.page ?? '';
    if (!isPageTag(page)) throw notFound('No page image with this tag; send its page to create it.');
    await db.insert(pageImages).values({ pageTag: page, uniqueTag: tag, mediaId: id });
  }
  await recordEdit(db, {
    userId,
    entity: 'page_image',
    entityKey: tag,
    before: existing?.mediaId ?? null,
    after: id,
  });
  const [out] = await pageImagesOf(db, eq(pageImages.uniqueTag, tag));
  return { status: 200 as const, data: out };
}

/** Beside the spec: takes a page image's picture off, so the page draws its default again. */
export async function clearPageImage(db: Db, userId: string, tag: string) {
  const [existing] = isUniqueTag(tag)
    ? await db.select().from(pageImages).where(eq(pageImages.uniqueTag, tag))
    : [];
  if (!existing) throw notFound('No page image with this tag.');
  await db
    .update(pageImages)
    .set({ mediaId: null, updatedAt: new Date() })
    .where(eq(pageImages.id, existing.id));
  await recordEdit(db, {
    userId,
    entity: 'page_image',
    entityKey: tag,
    before: existing.mediaId,
    after: null,
  });
  const [out] = await pageImagesOf(db, eq(pageImages.uniqueTag, tag));
  return { status: 200 as const, data: out };
}

const metaText = (v: string | null | undefined, max: number, field: string): string | undefined => {
  if (v === undefined) return undefined;
  if (v === null) return '';
  if (v.length > max) throw badRequest(`${field} is too long (at most ${max} characters).`);
  return oneLine(v).trim();
};

/** Spec §7 PATCH pages/{page}/update/: page metadata. schema_json must be JSON or empty (null). */
export async function updatePageMeta(
  db: Db,
  userId: string,
  slug: string,
  body: PageMetaInput,
  language: Locale = DEFAULT_LOCALE,
) {
  if (!isPageTag(slug)) throw notFound('Page not found.');
  if (language !== DEFAULT_LOCALE) return updatePageTranslation(db, userId, slug, body, language);
  // JSON text is parsed (empty is none); JSON itself (or null) is taken as it is.
  let schema: unknown = body.schema_json;
  if (typeof body.schema_json === 'string') {
    const parsed = parseSchemaJson(body.schema_json);
    if (!parsed.ok) throw badRequest(parsed.error);
    schema = parsed.value;
  }
  const changes = {
    metaTitle: metaText(body.meta_title, 200, 'Meta title'),
    metaDescription: metaText(body.meta_description, 500, 'Meta description'),
    metaKeywords: metaText(body.meta_keywords, 500, 'Meta keywords'),
    ...(schema !== undefined ? { schemaJson: schema } : {}),
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [before] = await db.select().from(pages).where(eq(pages.slug, slug));
  const [after] = before
    ? await db
        .update(pages)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(pages.slug, slug))
        .returning()
    : await db
        .insert(pages)
        .values({ slug, ...set })
        .returning();
  await recordEdit(db, {
    userId,
    entity: 'page_meta',
    entityKey: slug,
    before: before ? pageOut(before) : null,
    after: pageOut(after),
  });
  return { status: 200 as const, data: pageOut(after) };
}

/**
 * A page's metadata in another language than English (decision 024): title, description and keywords.
 * The JSON-LD is one for all languages (it names the shop and its offers, not words).
 */
async function updatePageTranslation(
  db: Db,
  userId: string,
  slug: string,
  body: PageMetaInput,
  language: Locale,
) {
  const changes = {
    metaTitle: metaText(body.meta_title, 200, 'Meta title'),
    metaDescription: metaText(body.meta_description, 500, 'Meta description'),
    metaKeywords: metaText(body.meta_keywords, 500, 'Meta keywords'),
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const where = and(eq(pageTranslations.slug, slug), eq(pageTranslations.language, language));
  const [before] = await db.select().from(pageTranslations).where(where);
  const [after] = before
    ? await db
        .update(pageTranslations)
        .set({ ...set, updatedAt: new Date() })
        .where(where)
        .returning()
    : await db
        .insert(pageTranslations)
        .values({ slug, language, ...set })
        .returning();
  const [page] = await db.select().from(pages).where(eq(pages.slug, slug));
  const english = page
    ? pageOut(page)
    : { slug, title: '', meta_title: '', meta_description: '', meta_keywords: '', schema_json: null };
  await recordEdit(db, {
    userId,
    entity: 'page_meta',
    entityKey: `${slug}:${language}`,
    before: before ?? null,
    after,
  });
  return { status: 200 as const, data: withPageTranslation(english, after) };
}
