/**
 * Spec §2 Analytics dashboard (/analytics, outside the main layout), superusers only.
 *
 * States (spec §4): no stored token -> /login; checking -> spinner; not a superuser (or the check
 * failed, spec §8) -> 'Access Restricted'; superuser -> the five cards and the 'User Activity Log', or
 * a metric's detail view (?metric={slug}) with a back button. Fetch failures of the dashboard are only
 * logged. Beyond the spec (decision 037): one clock for the whole page (Rome's, or the spec's display
 * zone as a choice), a period on every figure, the sales report with refunds and its CSV, the log's
 * filters, operators' statements (decision 068); below them the invoices (decision 069), resellers' keys (decision 013), their webhooks (decision 056), the disruption console (decision 058) and the agents' app's accounts, devices and tickets
 * claimed twice (decisions 021 and 023, components/AgentsSection.tsx).
 */
import { ANALYTICS_METRICS, type AnalyticsMetric, pagePath } from '@rome/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { secondFactorState } from '../../api/second-factor';
import { Icon } from '../../components/Icon';
import { StaffFrame } from '../../components/StaffFrame';
import { StepUpDialog } from '../../components/StepUpDialog';
import { useTablePageTitle } from '../../components/usePageTitle';
import { useHasAccessToken } from '../../lib/session';
import { usePageViews } from '../../lib/track';
import { insightsQuery, superuserQuery } from './api';
import { ActivityLog } from './components/ActivityLog';
import { AgentsSection } from './components/AgentsSection';
import { DetailView } from './components/DetailView';
import { GiftCards } from './components/GiftCards';
import { MetricCards } from './components/MetricCards';
import { PeriodBar } from './components/PeriodBar';
import { PromoCodes } from './components/PromoCodes';
import { ResellerKeys } from './components/ResellerKeys';
import { SalesReport } from './components/SalesReport';
import { SecondFactorReset } from './components/SecondFactorReset';
import { LoadingSpinner } from './components/ui';
import { WaitingLists } from './components/WaitingLists';
import { WidgetPartners } from './components/WidgetPartners';
import {
  ClockContext,
  clockLabel,
  clockShort,
  type DashboardFilters,
  periodParams,
  useDashboardFilters,
  zoneOf,
} from './filters';

/** Resellers' webhooks: their own chunk, loaded when the dashboard shows them (decision 056). */
const ResellerWebhooks = lazy(() => import('./components/ResellerWebhooks'));
/** The disruption console: its own chunk too (decision 058). */
const DisruptionConsole = lazy(() => import('../../components/DisruptionConsole'));
/** Operators' people and their invitations: its own chunk (decision 066). */
const OperatorStaff = lazy(() => import('./components/OperatorStaff'));
/** Invoices and credit notes with their files: their own chunk too (decision 069). */
const Invoices = lazy(() => import('./components/Invoices'));
/** Operators' statements: shared with an operator's console, so in src/lib; a chunk of its own (decision 068). */
const StatementsPanel = lazy(() => import('../../lib/statement/StatementsPanel'));
/** Combos across operators: their parts and shares (decision 071); its own chunk. */
const Combos = lazy(() => import('./components/Combos'));

import { DEFAULT_TIME_ZONE, formatActivityTime } from './format';

const isMetric = (v: string | null): v is AnalyticsMetric =>
  v !== null && (ANALYTICS_METRICS as readonly string[]).includes(v);

export default function AnalyticsPage() {
  usePageViews({ pathOnly: true });
  useTablePageTitle();
  const location = useLocation();
  const hasToken = useHasAccessToken();
  const check = useQuery({ ...superuserQuery, enabled: hasToken });
  // A superuser without an authenticator uses none of the dashboard until it has one (decision 051).
  const factor = useQuery({
    queryKey: ['analytics', 'second-factor'],
    queryFn: () => secondFactorState(),
    enabled: check.data?.is_superuser === true,
    retry: false,
  });
  useEffect(() => {
    // Spec §8: the failure sets an error that is not displayed; the page treats it as "not a superuser".
    if (check.error) console.warn('Superuser check failed', check.error);
  }, [check.error]);

  if (!hasToken)
    return <Navigate to={pagePath('/login')} replace state={{ from: location.pathname + location.search }} />;

  let body: React.ReactNode;
  if (check.isPending) body = <LoadingSpinner label="Checking access..." />;
  else if (check.data?.is_superuser !== true) body = <AccessRestricted />;
  else if (factor.isPending) body = <LoadingSpinner label="Checking access..." />;
  else if (factor.data?.required && !factor.data.enabled) body = <SetUpSecondFactorFirst />;
  else body = <Dashboard />;

  return <StaffFrame>{body}</StaffFrame>;
}

function AccessRestricted() {
  return (
    <div className="mx-auto mt-8 max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
      <span
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-brand"
        aria-hidden="true"
      >
        <Icon className="h-7 w-7">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </Icon>
      </span>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">Access Restricted</h1>
      <p className="mt-2 text-stone-700">This page can only be accessed by superusers.</p>
      <Link to="/" className="mt-6 inline-block font-semibold text-brand underline underline-offset-4">
        Go to the home page
      </Link>
    </div>
  );
}

function SetUpSecondFactorFirst() {
  return (
    <div className="mx-auto mt-8 max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
      <h1 className="text-2xl font-bold text-stone-900">Set up two-step sign-in first</h1>
      <p className="mt-2 text-stone-700">
        Superusers sign in with a password and a code from an authenticator app. Set up yours on your account
        page; the dashboard opens once it is on.
      </p>
      <Link
        to={`${pagePath('/profile')}#second-factor`}
        className="mt-6 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
      >
        Set up two-step sign-in
      </Link>
    </div>
  );
}

function Dashboard() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const metricParam = params.get('metric');
  const metric = isMetric(metricParam) ? metricParam : null;
  const [filters, setFilters] = useDashboardFilters();
  const [page, setPage] = useState(1);
  // The display zone the server named last (the spec's; Asia/Dhaka unless the shop set another).
  const [displayZone, setDisplayZone] = useState(DEFAULT_TIME_ZONE);
  const timeZone = zoneOf(filters.clock, displayZone);
  const period = periodParams(filters, timeZone);
  const log = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.user ? { user: filters.user } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
  const insights = useQuery({ ...insightsQuery(page, period, log), placeholderData: keepPreviousData });
  useEffect(() => {
    // Spec §8: analytics fetch failures are only logged.
    if (insights.error) console.warn('Failed to load analytics', insights.error);
  }, [insights.error]);
  useEffect(() => {
    if (insights.data?.displayTimeZone) setDisplayZone(insights.data.displayTimeZone);
  }, [insights.data?.displayTimeZone]);
  const clock = {
    timeZone,
    label: clockLabel(filters.clock, timeZone),
    short: clockShort(filters.clock, timeZone),
  };
  const change = (c: Partial<DashboardFilters>) => {
    setPage(1);
    setFilters(c);
  };

  const open = (m: AnalyticsMetric) =>
    navigate({ search: withMetric(params, m) }, { state: { fromDashboard: true } });
  const back = () => {
    if (location.state?.fromDashboard) navigate(-1);
    else navigate({ search: withMetric(params, null) }, { replace: true });
  };

  return (
    <ClockContext.Provider value={clock}>
      <div className="mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Analytics Dashboard</h1>
        <p className="mt-1 text-stone-600">Real-time insights and user activities</p>
      </div>
      <PeriodBar
        filters={filters}
        onChange={change}
        period={period}
        displayZone={displayZone}
        clockLabel={clock.label}
      />
      {metric ? (
        <DetailView key={metric} metric={metric} period={period} onBack={back} />
      ) : insights.isPending ? (
        <LoadingSpinner label="Loading analytics..." />
      ) : insights.data ? (
        <>
          <MetricCards insights={insights.data.insights} onSelect={open} />
          <SalesReport period={period} />
          <Suspense fallback={<LoadingSpinner label="Loading statements..." />}>
            <StatementsPanel />
          </Suspense>
          <Suspense fallback={<LoadingSpinner label="Loading combos..." />}>
            <Combos />
          </Suspense>
          <Suspense fallback={<LoadingSpinner label="Loading closures..." />}>
            <DisruptionConsole
              clockTime={(iso) => `${formatActivityTime(iso, clock.timeZone)} (${clock.short})`}
            />
          </Suspense>
          <PromoCodes />
          <GiftCards />
          <Suspense fallback={<LoadingSpinner label="Loading invoices..." />}>
            <Invoices />
          </Suspense>
          <WaitingLists />
          <ActivityLog
            activities={insights.data.userActivities}
            page={page}
            hasMore={insights.data.pagination?.hasMore ?? false}
            onPage={setPage}
            filters={filters}
            onFilters={change}
          />
          <ResellerKeys />
          <WidgetPartners />
          <Suspense fallback={<LoadingSpinner label="Loading webhooks..." />}>
            <ResellerWebhooks />
          </Suspense>
          <AgentsSection />
          <Suspense fallback={<LoadingSpinner label="Loading operators' people..." />}>
            <OperatorStaff />
          </Suspense>
          <SecondFactorReset />
          <StepUpDialog />
        </>
      ) : null}
      {/* The location data is DB-IP's City Lite database (CC BY 4.0), which asks for this credit. */}
      <p className="mt-8 text-xs text-stone-600">
        <a href="https://db-ip.com" className="underline" rel="noopener noreferrer" target="_blank">
          IP Geolocation by DB-IP
        </a>
      </p>
    </ClockContext.Provider>
  );
}

/** The address's query with the metric set (or gone), the period and filters kept. */
function withMetric(params: URLSearchParams, metric: AnalyticsMetric | null): string {
  const p = new URLSearchParams(params);
  if (metric) p.set('metric', metric);
  else p.delete('metric');
  const text = p.toString();
  return text ? `?${text}` : '';
}
