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
import { z } from 'zod';

export const ANALYTICS_METRICS = [
  'total-visits',
  'ticket-views',
  'payment-initiations',
  'successful-payments',
  'cancelled-payments',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
export const analyticsMetricSchema = z.enum(ANALYTICS_METRICS);

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

/** Query string of both GET calls: ?page= (1-based) and ?page_size= (1..200, default 50). */
export const analyticsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ANALYTICS_PAGE_SIZE_MAX).default(ANALYTICS_PAGE_SIZE_DEFAULT),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** True when a further page has at least one row. */
  hasMore: z.boolean(),
});

// ---- GET /api/analytics/ ----

export const analyticsInsightsCountsSchema = z.object({
  totalVisits: z.number().int(),
  ticketViews: z.number().int(),
  paymentInitiations: z.number().int(),
  successfulPayments: z.number().int(),
  cancelledPayments: z.number().int(),
});

export const userActivitySchema = z.object({
  /** ISO 8601 UTC, e.g. 2026-11-22T10:06:37.123Z. */
  timestamp: z.string(),
  /** The signed-in user's e-mail, '' for anonymous visitors (shown as 'Anonymous'). */
  user: z.string(),
  action: z.string(),
  /** Country name in English; 'Local network' for private and loopback addresses; null when unknown. */
  country: z.string().nullable(),
  /** ISO 3166-1 alpha-2 (upper case) for the flag image; null when unknown. */
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  /** As stored: anonymised (last IPv4 octet zero) when the shop is set up so. */
  ipAddress: z.string().nullable(),
});
export type UserActivity = z.infer<typeof userActivitySchema>;

export const analyticsResponseSchema = z.object({
  insights: analyticsInsightsCountsSchema,
  userActivities: z.array(userActivitySchema),
  pagination: paginationSchema,
  /** The analytics display zone (website setting), e.g. 'Asia/Dhaka', for showing timestamps. */
  timeZone: z.string(),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

// ---- GET /api/analytics/detailed/{metric}/ ----

export const detailedActivitySchema = z.object({
  timestamp: z.string(),
  user: z.string(),
  /** Readable text, e.g. 'Viewed /search' or 'Order ab12… · Colosseum Skip the Line'. */
  details: z.string(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** Euro (e.g. 42.5) for the three payment metrics; null otherwise. */
  amount: z.number().nullable(),
  /** 'pending' | 'completed' | 'cancelled' | 'failed' for payment events; null for visits and views. */
  status: z.string().nullable(),
});
export type DetailedActivity = z.infer<typeof detailedActivitySchema>;

export const detailedStatisticsSchema = z.object({
  /** Label -> percentage (0..100, one decimal). */
  conversionRates: z.record(z.string(), z.number()),
  weeklyTrends: z.object({
    /** 7 calendar days in the display zone, oldest first, as YYYY-MM-DD. */
    labels: z.array(z.string()).length(WEEKLY_TREND_DAYS),
    data: z.array(z.number().int()).length(WEEKLY_TREND_DAYS),
  }),
  /** snake_case name -> percentage (number) or pre-formatted text (string). */
  kpi: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type DetailedStatistics = z.infer<typeof detailedStatisticsSchema>;

export const analyticsDetailedResponseSchema = z.object({
  metric: analyticsMetricSchema,
  activities: z.array(detailedActivitySchema),
  statistics: detailedStatisticsSchema,
  pagination: paginationSchema,
  /** The display zone used for weeklyTrends, e.g. 'Asia/Dhaka'. */
  timeZone: z.string(),
});
export type AnalyticsDetailedResponse = z.infer<typeof analyticsDetailedResponseSchema>;

// ---- POST /api/track-activity/ ----

export const TRACK_BATCH_MAX = 50;
/** Client timestamps further than this from the server clock are replaced by the server time. */
export const TRACK_CLOCK_SKEW_MS = 5 * 60 * 1000;
export const TRACK_DETAILS_MAX_BYTES = 4096;

/** Long strings are cut, not refused: a tracking call should not lose an event over a long URL. */
const text = (max: number) =>
  z
    .string()
    .transform((s) => s.slice(0, max))
    .nullish();

/** Fields of the spec's event the server decides itself; accepted and ignored. */
export const TRACK_SERVER_FIELDS = ['ipAddress', 'country', 'countryCode', 'city', 'region'] as const;

/**
 * One event from the browser. Any further fields are kept as the event's details (JSON, at most 4 KB).
 * The client's ipAddress, country, countryCode, city and region are ignored: the server decides them.
 */
export const trackActivityEventSchema = z.looseObject({
  action: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[^\p{Cc}]+$/u, 'action must not contain control characters'),
  /** ISO text or epoch milliseconds; missing, invalid or far off the server clock: server time. */
  timestamp: z.union([z.string().max(64), z.number()]).nullish(),
  page: text(2048),
  fullUrl: text(2048),
  userAgent: text(512),
  screenResolution: text(32),
  device: z
    .string()
    .nullish()
    .transform((d) => (d === 'mobile' || d === 'desktop' ? d : null)),
});
export type TrackActivityEvent = z.input<typeof trackActivityEventSchema>;

/** The body: one event, an array of events, or {events: [...]}; at most TRACK_BATCH_MAX events. */
export const trackActivityBodySchema = z.union([
  z.array(trackActivityEventSchema).min(1).max(TRACK_BATCH_MAX),
  z
    .object({ events: z.array(trackActivityEventSchema).min(1).max(TRACK_BATCH_MAX) })
    .transform((b) => b.events),
  trackActivityEventSchema.transform((e) => [e]),
]);
