/**
 * Spec §2 detail view: back button, '{metric} Details', the two charts, KPI tiles and the 'Detailed
 * Activity Log' (Amount only for Payment Initiations). States (spec §4): loading, loaded or error; the
 * error 'Failed to load detailed metrics' is kept and shown here.
 */
import { ANALYTICS_METRIC_TITLES, type AnalyticsMetric, type DetailedActivity } from '@rome/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Icon } from '../../../components/Icon';
import { detailedQuery } from '../api';
import type { PeriodParams } from '../filters';
import { formatAmount, formatKpiValue, readableKey } from '../format';
import { type ActivityColumn, ActivityTable } from './ActivityTable';
import { LoadingSpinner, StatusBadge } from './ui';

// recharts lives in this lazy chunk only.
const Charts = lazy(() => import('./Charts'));

export const DETAIL_ERROR = 'Failed to load detailed metrics';

export function DetailView({
  metric,
  period,
  onBack,
}: {
  metric: AnalyticsMetric;
  /** The page's period and clock: the log, rates and KPIs cover it (decision 037). */
  period: PeriodParams;
  onBack: () => void;
}) {
  const title = ANALYTICS_METRIC_TITLES[metric];
  const detail = useQuery({ ...detailedQuery(metric, period), placeholderData: keepPreviousData });
  useEffect(() => {
    if (detail.error) console.warn(DETAIL_ERROR, detail.error);
  }, [detail.error]);

  return (
    <section aria-labelledby="detail-heading">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand shadow-sm ring-1 ring-stone-300 hover:bg-stone-50"
        >
          <Icon solid viewBox="0 0 20 20" className="h-4 w-4">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
          </Icon>
          Back
          <span className="sr-only"> to the dashboard</span>
        </button>
        <h2 id="detail-heading" className="text-2xl font-bold text-stone-900">
          {title} Details
        </h2>
      </div>

      {detail.isPending ? (
        <LoadingSpinner label="Loading details..." />
      ) : detail.isError ? (
        <p
          role="alert"
          className="mt-6 rounded-xl bg-red-50 p-4 font-semibold text-red-800 ring-1 ring-red-200"
        >
          {DETAIL_ERROR}
        </p>
      ) : (
        <div className="mt-6 space-y-8">
          <Suspense fallback={<LoadingSpinner label="Loading charts..." className="h-72" />}>
            <Charts statistics={detail.data.statistics} />
          </Suspense>

          <section aria-labelledby="kpi-heading">
            <h3 id="kpi-heading" className="mb-3 text-lg font-bold text-stone-900">
              Key figures
            </h3>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="kpi-tiles">
              {Object.entries(detail.data.statistics.kpi).map(([key, value]) => (
                <div key={key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                  <dt className="text-sm font-medium text-stone-600">{readableKey(key)}</dt>
                  <dd className="mt-1 break-words text-xl font-bold text-stone-900">
                    {formatKpiValue(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <DetailedActivityLog
            activities={detail.data.activities}
            showAmount={metric === 'payment-initiations'}
          />
        </div>
      )}
    </section>
  );
}

function DetailedActivityLog({
  activities,
  showAmount,
}: {
  activities: DetailedActivity[];
  showAmount: boolean;
}) {
  const amount: ActivityColumn<DetailedActivity> = {
    name: 'Amount',
    cell: (a) => formatAmount(a.amount),
    className: 'whitespace-nowrap',
  };
  const status: ActivityColumn<DetailedActivity> = {
    name: 'Status',
    cell: (a) => <StatusBadge status={a.status} />,
  };
  return (
    <section aria-labelledby="detailed-log-heading">
      <ActivityTable
        heading={
          <h3 id="detailed-log-heading" className="text-lg font-bold text-stone-900">
            Detailed Activity Log
          </h3>
        }
        label="Detailed Activity Log"
        testId="detailed-log"
        minWidth="sm:min-w-[820px]"
        activities={activities}
        event={{ name: 'Details', cell: (a) => a.details, className: 'sm:min-w-[14rem]' }}
        after={showAmount ? [amount, status] : [status]}
      />
    </section>
  );
}
