/**
 * Analytics (spec §2 Analytics dashboard, §3 Analytics insights / User activity / Detailed activity /
 * Detailed statistics / Activity tracking event, §7 track-activity, analytics, analytics/detailed).
 *
 * Metric definitions (the five card figures count every stored event, all time):
 * - totalVisits: events with action 'page_view' (one per page the browser reports).
 * - ticketViews: events with action 'ticket_view'.
 * - paymentInitiations: events the server recorded itself (source 'server') with action
 *   'payment_initiated' (one per checkout session created).
 * - successfulPayments: server events 'payment_completed' with status 'completed' (an amount mismatch
 *   is recorded as 'payment_completed' with status 'failed' and is not counted).
 * - cancelledPayments: server events 'payment_cancelled' (session cancelled or expired unpaid).
 * Events sent by browsers (source 'client') never count towards the three payment figures or any amount,
 * whatever their action says.
 *
 * Detailed statistics describe one week: weeklyTrends counts the metric on each of the last 7 calendar
 * days (today included) in the analytics display zone (website setting analytics_time_zone, default
 * Asia/Dhaka), and conversionRates and kpi cover the same 7 days (from midnight six days ago in that
 * zone until now). In kpi, a number is a percentage (the dashboard prints it with a percent sign);
 * every other figure is pre-formatted text (counts like '1,234', money like '€25.00').
 *
 * Per metric (rates are percentages with one decimal, capped at 100):
 * - total-visits: conversionRates {'Visits to ticket views', 'Visits to payment initiations',
 *   'Visits to successful payments'} (each: that week's events / that week's page views);
 *   kpi {visits_last_7_days, unique_visitors (distinct signed-in account, else IP address),
 *   views_per_visitor, mobile_share (% of page views reporting a device), signed_in_share}.
 * - ticket-views: conversionRates {'Ticket views to payment initiations', 'Ticket views to successful
 *   payments'}; kpi {ticket_views_last_7_days, unique_viewers, views_per_viewer, most_viewed_ticket,
 *   mobile_share}.
 * - payment-initiations: conversionRates {Completed, Cancelled, 'Open or abandoned'} (shares of the
 *   week's initiations); kpi {payment_initiations_last_7_days, initiated_value, average_basket,
 *   completion_rate, cancellation_rate}.
 * - successful-payments: conversionRates {'Initiations to successful payments', 'Visits to successful
 *   payments'}; kpi {successful_payments_last_7_days, total_revenue, average_order_value,
 *   paying_customers, completion_rate, failed_payments (amount mismatches)}.
 * - cancelled-payments: conversionRates as payment-initiations; kpi {cancelled_payments_last_7_days,
 *   cancellation_rate, cancelled_value, average_cancelled_value}.
 * Money figures (amounts, values, revenue) come only from the server's own payment events.
 */

export const ANALYTICS_METRICS = [
  'total-visits',
  'ticket-views',
  'payment-initiations',
  'successful-payments',
  'cancelled-payments',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
/** Card titles in the spec's words; the slug is the title lower-cased with spaces as hyphens. */
export const ANALYTICS_METRIC_TITLES: Record<AnalyticsMetric, string> = {
  'total-visits': 'Total Visits',
  'ticket-views': 'Ticket Views',
  'payment-initiations': 'Payment Initiations',
  'successful-payments': 'Successful Payments',
  'cancelled-payments': 'Cancelled Payments',
};
/** Metrics whose activities carry an amount (euro). */
export const PAYMENT_METRICS: readonly AnalyticsMetric[] = [
  'payment-initiations',
  'successful-payments',
  'cancelled-payments',
];
export const ANALYTICS_PAGE_SIZE_DEFAULT = 50;
export const ANALYTICS_PAGE_SIZE_MAX = 200;
/** weeklyTrends, conversionRates and kpi cover this many calendar days (today included). */
export const WEEKLY_TREND_DAYS = 7;
// ---- POST /api/track-activity/ ----

export const TRACK_BATCH_MAX = 50;
/** Client timestamps further than this from the server clock are replaced by the server time. */
export const TRACK_CLOCK_SKEW_MS = 5 * 60 * 1000;
export const TRACK_DETAILS_MAX_BYTES = 4096;
/** Fields of the spec's event the server decides itself; accepted and ignored. */
export const TRACK_SERVER_FIELDS = ['ipAddress', 'country', 'countryCode', 'city', 'region'] as const;
