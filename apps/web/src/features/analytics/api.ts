/**
 * The dashboard's calls (spec §7; entries in packages/contract/src/analytics.api.ts, answer types
 * inferred from them): GET check-superuser/, GET analytics/?page=&page_size=,
 * GET analytics/detailed/{metric}/.
 */
import type { AnalyticsMetric } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { checkSuperuser } from '../../api/auth';
import { call } from '../../api/client';

export const ACTIVITY_PAGE_SIZE = 50;

/** Spec §6, §8: is_superuser from the server; a failure counts as not a superuser. */
export const superuserQuery = queryOptions({
  queryKey: ['analytics', 'superuser'],
  queryFn: () => checkSuperuser(),
  retry: false,
  staleTime: 5 * 60_000,
});

export const insightsQuery = (page: number) =>
  queryOptions({
    queryKey: ['analytics', 'insights', page],
    queryFn: ({ signal }) =>
      call('GET /api/analytics/', { query: { page, page_size: ACTIVITY_PAGE_SIZE } }, { signal }),
    // "Real-time": the figures follow the shop while the dashboard is open.
    refetchInterval: 30_000,
  });

export const detailedQuery = (metric: AnalyticsMetric) =>
  queryOptions({
    queryKey: ['analytics', 'detailed', metric],
    queryFn: ({ signal }) =>
      call(
        'GET /api/analytics/detailed/:metric/',
        { params: { metric }, query: { page_size: ACTIVITY_PAGE_SIZE } },
        { signal },
      ),
    retry: false,
  });
