/** Spec §2: five clickable cards, one per metric, each opening that metric's detail view. */
import {
  ANALYTICS_METRIC_TITLES,
  ANALYTICS_METRICS,
  type AnalyticsMetric,
  type AnalyticsResponse,
} from '@rome/contract';
import { Icon } from '../../../components/Icon';
import { formatCount } from '../format';

const INSIGHT_KEY: Record<AnalyticsMetric, keyof AnalyticsResponse['insights']> = {
  'total-visits': 'totalVisits',
  'ticket-views': 'ticketViews',
  'payment-initiations': 'paymentInitiations',
  'successful-payments': 'successfulPayments',
  'cancelled-payments': 'cancelledPayments',
};

const ICONS: Record<AnalyticsMetric, string> = {
  'total-visits': 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  'ticket-views':
    'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2a3 3 0 0 0 0 6v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2a3 3 0 0 0 0-6V7Z',
  'payment-initiations': 'M3 6h18v12H3zM3 10h18M7 15h4',
  'successful-payments': 'M5 12.5l4.5 4.5L19 7.5',
  'cancelled-payments': 'M6 6l12 12M18 6L6 18',
};

const ACCENTS: Record<AnalyticsMetric, string> = {
  'total-visits': 'bg-brand text-white',
  'ticket-views': 'bg-accent text-stone-900',
  'payment-initiations': 'bg-sky-700 text-white',
  'successful-payments': 'bg-green-700 text-white',
  'cancelled-payments': 'bg-red-700 text-white',
};

export function MetricCards({
  insights,
  onSelect,
}: {
  insights: AnalyticsResponse['insights'];
  onSelect: (metric: AnalyticsMetric) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      {ANALYTICS_METRICS.map((metric) => (
        <li key={metric} className="first:col-span-2 sm:first:col-span-1">
          <button
            type="button"
            onClick={() => onSelect(metric)}
            data-testid={`card-${metric}`}
            className="group flex h-full w-full items-center gap-3 rounded-2xl bg-white p-4 sm:gap-4 sm:p-5 text-left shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand/40"
          >
            <span
              className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${ACCENTS[metric]}`}
              aria-hidden="true"
            >
              <Icon className="h-6 w-6" strokeLinecap="round" strokeLinejoin="round">
                <path d={ICONS[metric]} />
              </Icon>
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-stone-600">
                {ANALYTICS_METRIC_TITLES[metric]}
              </span>
              <span className="block text-2xl font-bold text-stone-900" data-testid={`metric-${metric}`}>
                {formatCount(insights[INSIGHT_KEY[metric]])}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
