/**
 * What every HTML answer needs from the database (page metadata, the global head code, the pictures
 * attached to page images), kept in memory and reloaded after an edit calls `invalidate()`: page loads
 * cost no query.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mediaItems, pageImages, pages, pageTranslations, websiteSettings } from '../../db/schema';
import { mediaUrl } from '../../lib/media-url';

export type PageMeta = {
  title: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  schemaJson: unknown;
};
export type SiteSnapshot = {
  pages: Map<string, PageMeta>;
  /** '<slug>:<language>' -> the page's metadata in that language, where an editor wrote it (decision 024). */
  pageTranslations: Map<string, Pick<PageMeta, 'metaTitle' | 'metaDescription' | 'metaKeywords'>>;
  globalHeadCode: string;
  /** Page image unique_tag -> the URL of the picture attached to it (tags with none are absent). */
  pageImages: Map<string, string>;
};

export type SiteCache = { get(): Promise<SiteSnapshot>; invalidate(): void };

export function createSiteCache(db: Db): SiteCache {
  let current: Promise<SiteSnapshot> | null = null;
  const load = async (): Promise<SiteSnapshot> => {
    const [pageRows, translationRows, settingsRows, imageRows] = await Promise.all([
      db.select().from(pages),
      db.select().from(pageTranslations),
      db.select().from(websiteSettings),
      db
        .select({ tag: pageImages.uniqueTag, key: mediaItems.fileKey })
        .from(pageImages)
        .innerJoin(mediaItems, eq(mediaItems.id, pageImages.mediaId)),
    ]);
    const images = new Map<string, string>();
    for (const { tag, key } of imageRows) {
      const url = mediaUrl(key);
      if (url) images.set(tag, url);
    }
    return {
      pages: new Map(pageRows.map((p) => [p.slug, p])),
      pageTranslations: new Map(translationRows.map((t) => [`${t.slug}:${t.language}`, t])),
      globalHeadCode: settingsRows[0]?.globalHeadCode ?? '',
      pageImages: images,
    };
  };
  // The last pages and settings read: while the database is away, pages are served from them rather
  // than failing (docs/operations.md, a database outage).
  let lastGood: SiteSnapshot | null = null;
  return {
    get() {
      if (!current) {
        const loading = load().then((snapshot) => {
          lastGood = snapshot;
          return snapshot;
        });
        current = loading;
        loading.catch(() => {
          if (current === loading) current = null;
        });
      }
      const stale = lastGood;
      return stale ? current.catch(() => stale) : current;
    },
    invalidate() {
      current = null;
    },
  };
}
