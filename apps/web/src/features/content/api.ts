/**
 * Spec §3 Static page content and §4 'Content blocks': GET static-content/{pageTag}/ once per page tag
 * (loading, error, loaded), refreshable after an editor saves. No token: anyone may read content.
 */
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type PageMeta = {
  slug: string;
  title: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  schema_json: unknown;
};
export type ContentBlock = {
  unique_tag: string;
  block_content: string;
  block_type: string;
  is_active: boolean;
};
export type PageImageFile = {
  id: number;
  file: string;
  alt_text: string;
  width: number | null;
  height: number | null;
};
export type PageImage = { unique_tag: string; image: PageImageFile | null; help_text: string };
export type StaticContent = {
  status: number;
  page: PageMeta;
  content_blocks: ContentBlock[];
  page_images: PageImage[];
};

/** Spec §8 Static content errors, word for word. */
export const CONTENT_ERRORS = {
  fetch: 'Failed to fetch content',
  http: (status: number) => `HTTP Error: ${status}`,
  notJson: 'Received content is not JSON',
} as const;

export async function fetchStaticContent(pageTag: string, signal?: AbortSignal): Promise<StaticContent> {
  let res: Response;
  try {
    res = await fetch(`/api/static-content/${encodeURIComponent(pageTag)}/`, {
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new Error(CONTENT_ERRORS.fetch);
  }
  if (!res.ok) throw new Error(CONTENT_ERRORS.http(res.status));
  if (!(res.headers.get('content-type') ?? '').includes('json')) throw new Error(CONTENT_ERRORS.notJson);
  let data: StaticContent;
  try {
    data = (await res.json()) as StaticContent;
  } catch {
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
 * The landing page's content, sent with its HTML by the server (`<script id="initial-content">`): put
 * in the query cache before the first render, so that render already has the banner and texts.
 */
export function primeInitialContent(queryClient: QueryClient): void {
  const el = document.getElementById('initial-content');
  if (!el?.textContent) return;
  try {
    const { page, content } = JSON.parse(el.textContent) as { page: string; content: StaticContent };
    if (typeof page === 'string' && content && typeof content === 'object') {
      queryClient.setQueryData(staticContentKey(page), withLists(content));
    }
  } catch {
    // Unreadable: the page loads its content itself.
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
  const query = useQuery(staticContentQuery(pageTag));
  const client = useQueryClient();
  const data = query.data;
  const state: ContentState = query.isPending ? 'loading' : query.isError && !data ? 'error' : 'loaded';
  const block = useCallback(
    (tag: string) => data?.content_blocks.find((b) => b.unique_tag === tag && b.is_active !== false),
    [data],
  );
  const image = useCallback((tag: string) => data?.page_images.find((i) => i.unique_tag === tag), [data]);
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: staticContentKey(pageTag) }),
    [client, pageTag],
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
