/** Shapes the dashboard's answers from the named queries (definitions: @rome/contract analytics.ts). */
import {
  type ActivityAction,
  type AnalyticsClock,
  type AnalyticsDetailedResponse,
  type AnalyticsMetric,
  type AnalyticsResponse,
  type DetailedActivity,
  type DetailedStatistics,
  formatEuroAmount,
  isActivityAction,
  PAYMENT_EVENT_STATUS,
  PAYMENT_METRICS,
  ROME_TZ,
  type SalesReport,
  WEEKLY_TREND_DAYS,
} from '@rome/contract';
import type { Db } from '../../db/client';
import type { GeoLocator } from '../../lib/ip';
import * as q from './queries';
import { salesCsv, salesEntries, salesReport } from './sales';

export const DEFAULT_ANALYTICS_TIME_ZONE = 'Asia/Dhaka';

function validTimeZone(tz: string | null): string {
  if (!tz) return DEFAULT_ANALYTICS_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_ANALYTICS_TIME_ZONE;
  }
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** A share as a percentage with one decimal, 0 when there is nothing to divide by, at most 100. */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;

const grouped = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number) => grouped.format(n);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(1) : '0.0');
/** A figure estimated rather than counted (unique visitors of a busy week, decision 076) says so. */
const about = (estimated: boolean, figure: string) => (estimated ? `≈ ${figure}` : figure);

type Page = { page: number; pageSize: number };

/** The period and clock a call asks for (beside the spec); none: all time, the spec's display zone. */
export type PeriodQuery = { from?: string; to?: string; clock: AnalyticsClock };

/** The zone of the call's clock: Rome, or the spec's display zone (website setting). */
async function zoneOf(db: Db, clock: AnalyticsClock): Promise<string> {
  return clock === 'rome' ? ROME_TZ : validTimeZone(await q.analyticsTimeZone(db));
}

/** The answer's period: the days asked for, in the clock's zone. */
const periodAnswer = (p: PeriodQuery) => ({ from: p.from ?? null, to: p.to ?? null, clock: p.clock });

type Locate = GeoLocator['locate'];

/**
 * The rows with a location: the one stored with the event, else where its address is (the same
 * locator that placed the tracked events). The shop's own payment events are recorded with the
 * address only (activity/record.ts), so the same local address used to read 'Local network' on its
 * page views in the activity log and 'Unknown' on its payments in the detail view.
 */
async function withLocation<R extends q.ActivityLogRow>(rows: R[], locate?: Locate): Promise<R[]> {
  if (!locate) return rows;
  return Promise.all(
    rows.map(async (r) => {
      if (r.country || r.country_code || r.city || !r.ip_address) return r;
      const where = await locate(r.ip_address);
      return { ...r, country: where.country, country_code: where.countryCode, city: where.city };
    }),
  );
}

export async function getAnalytics(
  db: Db,
  { page, pageSize }: Page,
  locate?: Locate,
  period: PeriodQuery = { clock: 'display' },
  filter: Omit<q.LogFilter, 'window'> = {},
): Promise<AnalyticsResponse> {
  const displayTimeZone = validTimeZone(await q.analyticsTimeZone(db));
  const timeZone = period.clock === 'rome' ? ROME_TZ : displayTimeZone;
  const bounds = await q.periodBounds(db, timeZone, period.from, period.to);
  // With a period the cards count its events; without, the all-time totals the spec shows.
  const window =
    bounds.since || bounds.until ? { since: bounds.since ?? new Date(0), until: bounds.until } : undefined;
  const count = (m: AnalyticsMetric) => (window ? q.countMetricIn(db, m, window) : q.countMetric(db, m));
  const [totalVisits, ticketViews, paymentInitiations, successfulPayments, cancelledPayments, stored] =
    await Promise.all([
      count('total-visits'),
      count('ticket-views'),
      count('payment-initiations'),
      count('successful-payments'),
      count('cancelled-payments'),
      q.listLatestActivities(db, pageSize + 1, (page - 1) * pageSize, { ...filter, window }),
    ]);
  const log = await withLocation(stored.slice(0, pageSize), locate);
  return {
    insights: { totalVisits, ticketViews, paymentInitiations, successfulPayments, cancelledPayments },
    userActivities: log.map((r) => ({
      timestamp: iso(r.occurred_at),
      user: r.user_email ?? '',
      action: r.action,
      country: r.country,
      countryCode: r.country_code,
      city: r.city,
      ipAddress: r.ip_address,
    })),
    pagination: { page, pageSize, hasMore: stored.length > pageSize },
    timeZone,
    period: periodAnswer(period),
    displayTimeZone,
  };
}

/** The sales report of a period (GET /api/analytics/sales/). */
export async function getSalesReport(db: Db, period: PeriodQuery): Promise<SalesReport> {
  const timeZone = await zoneOf(db, period.clock);
  const entries = await salesEntries(db, await q.periodBounds(db, timeZone, period.from, period.to));
  return salesReport(entries, periodAnswer(period), timeZone);
}

/** The same period's sales and refunds as CSV, one line each (GET /api/analytics/sales/csv/). */
export async function getSalesCsv(db: Db, period: PeriodQuery): Promise<string> {
  const timeZone = await zoneOf(db, period.clock);
  return salesCsv(
    await salesEntries(db, await q.periodBounds(db, timeZone, period.from, period.to)),
    timeZone,
  );
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** What a Details line knows of an event. */
type Described = Pick<q.MetricActivityRow, 'page' | 'full_url' | 'status' | 'details'>;
type Describe = (r: Described, d: EventFacts) => string;
type EventFacts = {
  where: string | null;
  ticket: string | null;
  order: string | null;
  reason: string | null;
};

const payment = (verb: string, d: EventFacts) =>
  [verb, d.ticket ? `for ${d.ticket}` : null, d.order ? `(order ${d.order.slice(0, 10)})` : null]
    .filter(Boolean)
    .join(' ');

/**
 * The Details column's line for each action of the contract's list (a new action does not compile
 * until it has its line here).
 */
export const DESCRIBE_ACTION: Record<ActivityAction, Describe> = {
  page_view: (_r, d) => `Viewed ${d.where ?? 'a page'}`,
  ticket_view: (_r, d) => `Viewed ticket ${d.ticket ?? d.where ?? ''}`.trim(),
  ticket_search: (r) => {
    const type = str(r.details?.ticketType);
    return type ? `Searched for ${type} tickets` : 'Searched for tickets';
  },
  login: () => 'Signed in',
  logout: () => 'Signed out',
  register: () => 'Created an account',
  password_reset: () => 'Reset the password',
  profile_update: () => 'Updated the profile',
  payment_initiated: (_r, d) => payment('Checkout started', d),
  payment_completed: (r, d) =>
    payment(
      r.status === PAYMENT_EVENT_STATUS.completed
        ? 'Payment completed'
        : `Payment ${r.status ?? PAYMENT_EVENT_STATUS.failed}${d.reason ? ` (${d.reason.replace(/_/g, ' ')})` : ''}`,
      d,
    ),
  payment_cancelled: (_r, d) => payment(`Checkout ${d.reason === 'expired' ? 'expired' : 'cancelled'}`, d),
  booking_manage: (r, d) => {
    const operation = str(r.details?.operation);
    const what = operation ? `Managed a booking (${operation.replace(/_/g, ' ')})` : 'Managed a booking';
    return d.ticket ? `${what} for ${d.ticket}` : what;
  },
};

/** The Details column: a readable line per event (stored actions outside the list: name and page). */
export function describeActivity(r: Described & { action: string }): string {
  const details = (r.details ?? {}) as Record<string, unknown>;
  const facts: EventFacts = {
    where: r.page ?? r.full_url,
    ticket: str(details.title) ?? str(details.package) ?? str(details.package_tag) ?? str(details.packageTag),
    order: str(details.order),
    reason: details.reason ? String(details.reason) : null,
  };
  if (isActivityAction(r.action)) return DESCRIBE_ACTION[r.action](r, facts);
  return facts.where ? `${r.action} on ${facts.where}` : r.action;
}

/**
 * A metric's rates and KPIs over the window (the spec's: the last 7 days), and its Weekly Trends: the 7
 * days ending with the window's last day.
 */
async function statisticsFor(
  db: Db,
  metric: AnalyticsMetric,
  timeZone: string,
  period: { window: q.Window; lastDay?: string; key: string },
): Promise<DetailedStatistics> {
  const trendsP = q.dailyMetricCounts(db, metric, timeZone, WEEKLY_TREND_DAYS, period.lastDay);
  const w = period.window;
  const periodKey = period.key;
  let conversionRates: Record<string, number>;
  let kpi: Record<string, number | string>;

  if (metric === 'total-visits') {
    const [v, ticketViews, pay] = await Promise.all([
      q.visitSummary(db, w),
      q.countMetricIn(db, 'ticket-views', w),
      q.paymentSummary(db, w),
    ]);
    conversionRates = {
      'Visits to ticket views': percent(ticketViews, v.views),
      'Visits to payment initiations': percent(pay.initiated, v.views),
      'Visits to successful payments': percent(pay.completed, v.views),
    };
    kpi = {
      [`visits_${periodKey}`]: formatCount(v.views),
      unique_visitors: about(v.visitorsEstimated, formatCount(v.visitors)),
      views_per_visitor: about(v.visitorsEstimated, ratio(v.views, v.visitors)),
      mobile_share: percent(v.mobile, v.withDevice),
      signed_in_share: percent(v.signedIn, v.views),
    };
  } else if (metric === 'ticket-views') {
    const [t, top, pay] = await Promise.all([
      q.ticketViewSummary(db, w),
      q.mostViewedTicket(db, w),
      q.paymentSummary(db, w),
    ]);
    conversionRates = {
      'Ticket views to payment initiations': percent(pay.initiated, t.views),
      'Ticket views to successful payments': percent(pay.completed, t.views),
    };
    kpi = {
      [`ticket_views_${periodKey}`]: formatCount(t.views),
      unique_viewers: about(t.viewersEstimated, formatCount(t.viewers)),
      views_per_viewer: about(t.viewersEstimated, ratio(t.views, t.viewers)),
      most_viewed_ticket: top?.label ?? '-',
      mobile_share: percent(t.mobile, t.withDevice),
    };
  } else {
    const [pay, visits] = await Promise.all([
      q.paymentSummary(db, w),
      q.countMetricIn(db, 'total-visits', w),
    ]);
    const completedRate = percent(pay.completed, pay.initiated);
    const cancelledRate = percent(pay.cancelled, pay.initiated);
    const outcome = {
      Completed: completedRate,
      Cancelled: cancelledRate,
      'Open or abandoned': Math.max(0, Math.round((100 - completedRate - cancelledRate) * 10) / 10),
    };
    if (metric === 'payment-initiations') {
      conversionRates = outcome;
      kpi = {
        [`payment_initiations_${periodKey}`]: formatCount(pay.initiated),
        initiated_value: formatEuroAmount(pay.initiatedCents),
        average_basket: formatEuroAmount(pay.initiated ? Math.round(pay.initiatedCents / pay.initiated) : 0),
        completion_rate: completedRate,
        cancellation_rate: cancelledRate,
      };
    } else if (metric === 'successful-payments') {
      conversionRates = {
        'Initiations to successful payments': completedRate,
        'Visits to successful payments': percent(pay.completed, visits),
      };
      kpi = {
        [`successful_payments_${periodKey}`]: formatCount(pay.completed),
        total_revenue: formatEuroAmount(pay.completedCents),
        average_order_value: formatEuroAmount(
          pay.completed ? Math.round(pay.completedCents / pay.completed) : 0,
        ),
        paying_customers: formatCount(pay.payingCustomers),
        completion_rate: completedRate,
        failed_payments: formatCount(pay.failed),
      };
      // Sales per channel: the web shop and each reseller (OCTO), as count and value.
      for (const c of await q.salesByChannel(db, w)) {
        const key = c.channel === 'web' ? 'sales_web_shop' : `sales_via_${c.channel}`;
        kpi[key] = `${formatCount(c.count)} · ${formatEuroAmount(c.cents)}`;
      }
    } else {
      conversionRates = outcome;
      kpi = {
        [`cancelled_payments_${periodKey}`]: formatCount(pay.cancelled),
        cancellation_rate: cancelledRate,
        cancelled_value: formatEuroAmount(pay.cancelledCents),
        average_cancelled_value: formatEuroAmount(
          pay.cancelled ? Math.round(pay.cancelledCents / pay.cancelled) : 0,
        ),
      };
    }
  }
  const trends = await trendsP;
  return {
    conversionRates,
    weeklyTrends: { labels: trends.map((t) => t.day), data: trends.map((t) => t.n) },
    kpi,
  };
}

export async function getDetailedAnalytics(
  db: Db,
  metric: AnalyticsMetric,
  { page, pageSize }: Page,
  locate?: Locate,
  period: PeriodQuery = { clock: 'display' },
): Promise<AnalyticsDetailedResponse> {
  const timeZone = await zoneOf(db, period.clock);
  const asked = period.from || period.to;
  const [bounds, today] = await Promise.all([
    q.periodBounds(db, timeZone, period.from, period.to),
    q.todayIn(db, timeZone),
  ]);
  // The spec's statistics cover the last 7 days; a period asked for replaces them (its KPIs are then
  // named 'in_period'), and its log lists only that period's events.
  const window: q.Window = asked
    ? { since: bounds.since ?? new Date(0), until: bounds.until }
    : { since: await q.weekStart(db, timeZone, WEEKLY_TREND_DAYS), until: null };
  const lastDay = period.to && period.to < today ? period.to : undefined;
  const [list, statistics] = await Promise.all([
    q.listMetricActivities(db, metric, pageSize + 1, (page - 1) * pageSize, asked ? window : undefined),
    statisticsFor(db, metric, timeZone, {
      window,
      lastDay,
      key: asked ? 'in_period' : `last_${WEEKLY_TREND_DAYS}_days`,
    }),
  ]);
  const withAmount = PAYMENT_METRICS.includes(metric);
  const shown = await withLocation(list.slice(0, pageSize), locate);
  const activities: DetailedActivity[] = shown.map((r) => ({
    timestamp: iso(r.occurred_at),
    user: r.user_email ?? '',
    details: describeActivity(r),
    country: r.country,
    countryCode: r.country_code,
    city: r.city,
    ipAddress: r.ip_address,
    amount: withAmount && r.amount_cents !== null ? Number(r.amount_cents) / 100 : null,
    status: r.status,
  }));
  return {
    metric,
    activities,
    statistics,
    pagination: { page, pageSize, hasMore: list.length > pageSize },
    timeZone,
    period: periodAnswer(period),
  };
}
