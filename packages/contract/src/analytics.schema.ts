/**
 * zod schemas of analytics.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';
import {
  ANALYTICS_METRICS,
  ANALYTICS_PAGE_SIZE_DEFAULT,
  ANALYTICS_PAGE_SIZE_MAX,
  TRACK_BATCH_MAX,
  WEEKLY_TREND_DAYS,
} from './analytics';

export const analyticsMetricSchema = z.enum(ANALYTICS_METRICS);
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
export const analyticsResponseSchema = z.object({
  insights: analyticsInsightsCountsSchema,
  userActivities: z.array(userActivitySchema),
  pagination: paginationSchema,
  /** The analytics display zone (website setting), e.g. 'Asia/Dhaka', for showing timestamps. */
  timeZone: z.string(),
});
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
export const analyticsDetailedResponseSchema = z.object({
  metric: analyticsMetricSchema,
  activities: z.array(detailedActivitySchema),
  statistics: detailedStatisticsSchema,
  pagination: paginationSchema,
  /** The display zone used for weeklyTrends, e.g. 'Asia/Dhaka'. */
  timeZone: z.string(),
});
/** Long strings are cut, not refused: a tracking call should not lose an event over a long URL. */
const text = (max: number) =>
  z
    .string()
    .transform((s) => s.slice(0, max))
    .nullish();
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
/** The body: one event, an array of events, or {events: [...]}; at most TRACK_BATCH_MAX events. */
export const trackActivityBodySchema = z.union([
  z.array(trackActivityEventSchema).min(1).max(TRACK_BATCH_MAX),
  z
    .object({ events: z.array(trackActivityEventSchema).min(1).max(TRACK_BATCH_MAX) })
    .transform((b) => b.events),
  trackActivityEventSchema.transform((e) => [e]),
]);

// Types inferred from the schemas above (the web imports them as types only, so it carries no zod).
export type UserActivity = z.infer<typeof userActivitySchema>;
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
export type DetailedActivity = z.infer<typeof detailedActivitySchema>;
export type DetailedStatistics = z.infer<typeof detailedStatisticsSchema>;
export type AnalyticsDetailedResponse = z.infer<typeof analyticsDetailedResponseSchema>;
export type TrackActivityEvent = z.input<typeof trackActivityEventSchema>;
