/**
 * Spec §3 Static page content and §4 'Content blocks': GET static-content/{pageTag}/ once per page tag
 * (loading, error, loaded), refreshable after an editor saves. No token: anyone may read content.
 */
import type { ApiAnswer } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, call } from '../../api/client';
import { loadQueries, primeFirstScreen, useLightQuery } from '../../api/queries';
import { contentQuery } from '../../i18n/locale';

/** The answer of GET static-content/{pageTag}/, as the contract states it. */
export type StaticContent = ApiAnswer<'GET /api/static-content/:pageTag/'>;
export type PageMeta = StaticContent['page'];
export type ContentBlock = StaticContent['content_blocks'][number];
export type PageImage = StaticContent['page_images'][number];
export type PageImageFile = NonNullable<PageImage['image']>;

/** Spec §8 Static content errors, word for word. */
export const CONTENT_ERRORS = {
  fetch: 'Failed to fetch content',
  http: (status: number) => `HTTP Error: ${status}`,
  notJson: 'Received content is not JSON',
} as const;

/**
 * Through the one client (`call`): a network failure is 'Failed to fetch content', an answer that is
 * not OK 'HTTP Error: {status}', an OK answer that is not JSON 'Received content is not JSON'.
 */
export async function fetchStaticContent(pageTag: string, signal?: AbortSignal): Promise<StaticContent> {
  let data: StaticContent;
  try {
    data = await call(
      'GET /api/static-content/:pageTag/',
      // The page's language (decision 024): its words where editors wrote them, else English, marked.
      { params: { pageTag }, query: contentQuery },
      { signal, auth: false },
    );
  } catch (err) {
    if (signal?.aborted) throw err;
    if (!(err instanceof ApiError)) throw new Error(CONTENT_ERRORS.fetch);
    if (err.status < 200 || err.status >= 300) throw new Error(CONTENT_ERRORS.http(err.status));
    throw new Error(CONTENT_ERRORS.notJson);
  }
  if (!data || typeof data !== 'object') throw new Error(CONTENT_ERRORS.notJson);
  return withLists(data);
}

const withLists = (data: StaticContent): StaticContent => ({
  ...data,
  content_blocks: Array.isArray(data.content_blocks) ? data.content_blocks : [],
  page_images: Array.isArray(data.page_images) ? data.page_images : [],
});

/**
 * The landing page's content and the site's words, sent with its HTML by the server (the scripts
 * `initial-content` and `initial-site-words`): put in the first screen's store before the first render
 * (api/queries.ts, handed to the query cache when that loads), so that render already has them.
 */
export function primeInitialContent(): void {
  // The page's own content, and the site's words (the footer's, headings) that every page may show.
  for (const id of ['initial-content', 'initial-site-words']) {
    const el = document.getElementById(id);
    if (!el?.textContent) continue;
    try {
      const { page, content } = JSON.parse(el.textContent) as { page: string; content: StaticContent };
      if (typeof page === 'string' && content && typeof content === 'object') {
        primeFirstScreen(staticContentKey(page), withLists(content));
      }
    } catch {
      // Unreadable: the page loads its content itself.
    }
  }
}

export const staticContentKey = (pageTag: string) => ['static-content', pageTag] as const;

/** Loaded once per page tag: never stale on its own; an editor's save refreshes it. */
export const staticContentQuery = (pageTag: string) =>
  queryOptions({
    queryKey: staticContentKey(pageTag),
    queryFn: ({ signal }) => fetchStaticContent(pageTag, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });

export type ContentState = 'loading' | 'error' | 'loaded';

export function useStaticContent(pageTag: string) {
  const query = useLightQuery(staticContentQuery(pageTag));
  const data = query.data;
  const state: ContentState = query.isPending ? 'loading' : query.isError && !data ? 'error' : 'loaded';
  const block = useCallback(
    (tag: string) => data?.content_blocks.find((b) => b.unique_tag === tag && b.is_active !== false),
    [data],
  );
  const image = useCallback((tag: string) => data?.page_images.find((i) => i.unique_tag === tag), [data]);
  // Called by the editor's tools after a save: the query client is there (they load it).
  const refresh = useCallback(
    () => loadQueries().then((client) => client.invalidateQueries({ queryKey: staticContentKey(pageTag) })),
    [pageTag],
  );
  return {
    state,
    data,
    error: query.error ? query.error.message : null,
    block,
    image,
    refresh,
  };
}
