/**
 * The dashboard's calls (spec §7; entries in packages/contract/src/analytics.api.ts, answer types
 * inferred from them): GET check-superuser/, GET analytics/?page=&page_size=,
 * GET analytics/detailed/{metric}/; beside them, the period, clock and log filters, and the sales report.
 */
import type { ActivityAction, AnalyticsMetric } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { checkSuperuser } from '../../api/auth';
import { call } from '../../api/client';
import { downloadSignedIn } from '../../api/download';
import type { PeriodParams } from './filters';

export const ACTIVITY_PAGE_SIZE = 50;

/** Spec §6, §8: is_superuser from the server; a failure counts as not a superuser. */
export const superuserQuery = queryOptions({
  queryKey: ['analytics', 'superuser'],
  queryFn: () => checkSuperuser(),
  retry: false,
  staleTime: 5 * 60_000,
});

/** The activity log's filters as the call takes them (empty ones left out). */
export type LogFilterParams = { action?: ActivityAction; user?: string; q?: string };

export const insightsQuery = (page: number, period: PeriodParams, log: LogFilterParams = {}) =>
  queryOptions({
    queryKey: ['analytics', 'insights', page, period, log],
    queryFn: ({ signal }) =>
      call(
        'GET /api/analytics/',
        { query: { page, page_size: ACTIVITY_PAGE_SIZE, ...period, ...log } },
        { signal },
      ),
    // "Real-time": the figures follow the shop while the dashboard is open.
    refetchInterval: 30_000,
  });

export const detailedQuery = (metric: AnalyticsMetric, period: PeriodParams) =>
  queryOptions({
    queryKey: ['analytics', 'detailed', metric, period],
    queryFn: ({ signal }) =>
      call(
        'GET /api/analytics/detailed/:metric/',
        { params: { metric }, query: { page_size: ACTIVITY_PAGE_SIZE, ...period } },
        { signal },
      ),
    retry: false,
  });

/** Sales, refunds and net revenue of the period (beside the spec). */
export const salesQuery = (period: PeriodParams) =>
  queryOptions({
    queryKey: ['analytics', 'sales', period],
    queryFn: ({ signal }) => call('GET /api/analytics/sales/', { query: period }, { signal }),
    refetchInterval: 30_000,
  });

/** The period's sales and refunds as a CSV file. */
export function downloadSalesCsv(period: PeriodParams): Promise<void> {
  const query = new URLSearchParams(
    Object.entries(period).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return downloadSignedIn(
    `/api/analytics/sales/csv/?${query}`,
    `sales_${period.from ?? 'start'}_${period.to ?? 'today'}.csv`,
  );
}
