/**
 * The text search's call (decision 039). Here, not in src/api/, so that only the results page carries
 * it: the first-load shell has no room to spare.
 */
import type { PackageCategory, SearchSort } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { contentQuery } from '../../i18n/locale';

export type TextSearchInput = { q: string; category: PackageCategory | null; sort: SearchSort };

/**
 * Under the package list's key ('packages'), so an editor's save, which refreshes every list of
 * packages, refreshes the results too.
 */
export const packageSearchQuery = ({ q, category, sort }: TextSearchInput) =>
  queryOptions({
    queryKey: ['packages', 'search', contentQuery.lang ?? 'en', q, category, sort],
    queryFn: ({ signal }) =>
      call(
        'GET /api/packages/search/',
        {
          query: {
            ...contentQuery,
            q: q || undefined,
            category: category ?? undefined,
            sort: sort === 'relevance' ? undefined : sort,
          },
        },
        { signal, auth: false },
      ),
    staleTime: 60_000,
  });
