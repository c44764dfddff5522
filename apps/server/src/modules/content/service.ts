/**
 * Static page content: content blocks (unique_tag -> HTML), page images (unique_tag -> media item)
 * and page metadata. Every edit is recorded in edit_log with who, when, before and after.
 */
import {
  type EditContentInput,
  MESSAGES,
  oneLine,
  type PageImageInput,
  type PageMetaInput,
  parseSchemaJson,
} from '@rome/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contentBlocks, editLog, mediaItems, pageImages, pages } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { mediaUrl } from '../media/urls';

export const isPageTag = (tag: string) => /^[a-z0-9][a-z0-9-]{0,79}$/i.test(tag);
export const isUniqueTag = (tag: string) => /^[a-z0-9][a-z0-9_-]{0,119}$/i.test(tag);

export async function recordEdit(
  db: Db,
  e: { userId: string; entity: string; entityKey: string; before: unknown; after: unknown },
) {
  await db.insert(editLog).values({
    userId: e.userId,
    entity: e.entity,
    entityKey: e.entityKey,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}

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

/** Spec §7 GET static-content/{pageTag}/. A page with nothing stored yet answers empty lists. */
export async function getStaticContent(db: Db, pageTag: string) {
  if (!isPageTag(pageTag)) throw notFound('Page not found.');
  const [page] = await db.select().from(pages).where(eq(pages.slug, pageTag));
  const blocks = await db
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.pageTag, pageTag))
    .orderBy(asc(contentBlocks.id));
  return {
    status: 200 as const,
    page: page
      ? pageOut(page)
      : {
          slug: pageTag,
          title: '',
          meta_title: '',
          meta_description: '',
          meta_keywords: '',
          schema_json: null,
        },
    content_blocks: blocks.filter((b) => b.isActive).map(blockOut),
    page_images: await pageImagesOf(db, eq(pageImages.pageTag, pageTag)),
  };
}

/** Spec §7 POST edit-content/{tag}/: saves a block's HTML, sanitised. A new tag needs its page. */
export async function saveContent(db: Db, userId: string, tag: string, body: EditContentInput) {
  if (!tag || !isUniqueTag(tag)) throw badRequest(MESSAGES.contentTag);
  if (body.content.length > 200_000) throw badRequest('Content is too long.');
  const clean = sanitizeHtml(body.content);
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

const metaText = (v: string | null | undefined, max: number, field: string): string | undefined => {
  if (v === undefined) return undefined;
  if (v === null) return '';
  if (v.length > max) throw badRequest(`${field} is too long (at most ${max} characters).`);
  return oneLine(v).trim();
};

/** Spec §7 PATCH pages/{page}/update/: page metadata. schema_json must be JSON or empty (null). */
export async function updatePageMeta(db: Db, userId: string, slug: string, body: PageMetaInput) {
  if (!isPageTag(slug)) throw notFound('Page not found.');
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
