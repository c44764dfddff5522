/**
 * What every HTML answer needs from the database (page metadata, the global head code), kept in
 * memory and reloaded after an edit calls `invalidate()`: page loads cost no query.
 */
import type { Db } from '../../db/client';
import { pages, websiteSettings } from '../../db/schema';

export type PageMeta = {
  title: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  schemaJson: unknown;
};
export type SiteSnapshot = { pages: Map<string, PageMeta>; globalHeadCode: string };

export type SiteCache = { get(): Promise<SiteSnapshot>; invalidate(): void };

export function createSiteCache(db: Db): SiteCache {
  let current: Promise<SiteSnapshot> | null = null;
  const load = async (): Promise<SiteSnapshot> => {
    const [pageRows, settingsRows] = await Promise.all([
      db.select().from(pages),
      db.select().from(websiteSettings),
    ]);
    return {
      pages: new Map(pageRows.map((p) => [p.slug, p])),
      globalHeadCode: settingsRows[0]?.globalHeadCode ?? '',
    };
  };
  return {
    get() {
      if (!current) {
        const loading = load();
        current = loading;
        loading.catch(() => {
          if (current === loading) current = null;
        });
      }
      return current;
    },
    invalidate() {
      current = null;
    },
  };
}
