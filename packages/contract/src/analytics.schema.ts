/**
 * zod schemas of analytics.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';
import {
  ACTIVITY_ACTION_NAMES,
  ACTIVITY_ACTIONS,
  ACTIVITY_DEVICES,
  ANALYTICS_METRICS,
  ANALYTICS_PAGE_SIZE_DEFAULT,
  ANALYTICS_PAGE_SIZE_MAX,
  TRACK_BATCH_MAX,
  TRACK_DETAILS_MAX_BYTES,
  trackDetails,
  WEEKLY_TREND_DAYS,
} from './analytics';
import { ANALYTICS_CLOCKS, ANALYTICS_PERIOD_MAX_DAYS } from './analytics-period';
import { isRomeDate } from './rome-time';

/** An activity action: one of ACTIVITY_ACTIONS (analytics.ts), whose meanings the reference lists. */
export const activityActionSchema = z.enum(ACTIVITY_ACTION_NAMES).meta({
  description: Object.entries(ACTIVITY_ACTIONS)
    .map(([action, meaning]) => `${action}: ${meaning}`)
    .join('\n'),
  examples: ['page_view'],
});
export const analyticsMetricSchema = z.enum(ANALYTICS_METRICS);
const PAGE_MESSAGE = `page must be 1 or more and page_size between 1 and ${ANALYTICS_PAGE_SIZE_MAX}.`;
const pageNumber = (max: number) =>
  z.coerce
    .number({ error: PAGE_MESSAGE })
    .int({ error: PAGE_MESSAGE })
    .min(1, { error: PAGE_MESSAGE })
    .max(max, { error: PAGE_MESSAGE });
const periodDay = z
  .string()
  .refine(isRomeDate, { error: 'from and to are dates written YYYY-MM-DD.' })
  .meta({ examples: ['2026-11-01'] });
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * The period and clock of every figure (beside the spec): from and to are calendar days, both included,
 * in the clock's zone; with neither, a figure covers all time (the cards) or the last 7 days (a metric's
 * statistics), as the spec's calls do. clock 'rome' reads times and days in Rome; without it, the spec's
 * display zone.
 */
const periodFields = {
  from: periodDay.optional(),
  to: periodDay.optional(),
  clock: z.enum(ANALYTICS_CLOCKS, { error: "clock is 'rome' or 'display'." }).default('display'),
};
/** from before to, at most ANALYTICS_PERIOD_MAX_DAYS apart. */
const periodInOrder = (ctx: z.core.ParsePayload<{ from?: string; to?: string }>) => {
  const { from, to } = ctx.value;
  if (!from || !to) return;
  const days = dayNumber(to) - dayNumber(from);
  if (days < 0 || days >= ANALYTICS_PERIOD_MAX_DAYS)
    ctx.issues.push({
      code: 'custom',
      message: `from must come before to, at most ${ANALYTICS_PERIOD_MAX_DAYS} days apart.`,
      input: ctx.value,
    });
};
export const analyticsPeriodQuerySchema = z.object(periodFields).check(periodInOrder);
const pageFields = {
  page: pageNumber(100_000).default(1),
  page_size: pageNumber(ANALYTICS_PAGE_SIZE_MAX).default(ANALYTICS_PAGE_SIZE_DEFAULT),
};
/** Query string of both GET calls: ?page= (1-based) and ?page_size= (1..200, default 50), and the period. */
export const analyticsPageQuerySchema = z.object({ ...pageFields, ...periodFields }).check(periodInOrder);
const searchText = z
  .string()
  .trim()
  .max(200, { error: 'A search is at most 200 characters.' })
  .optional()
  .transform((s) => s || undefined);
/**
 * The User Activity Log's filters (beside the spec): one action, a user (part of the e-mail address;
 * 'anonymous' for visitors not signed in), and a search over user, page, place and address.
 */
export const analyticsLogQuerySchema = z
  .object({
    ...pageFields,
    ...periodFields,
    action: z.enum(ACTIVITY_ACTION_NAMES, { error: 'action is not one of the activity actions.' }).optional(),
    user: searchText,
    q: searchText,
  })
  .check(periodInOrder);
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
  /**
   * An ActivityAction for every event written since the list was made the contract; typed as text so
   * that events stored before (or under an action since retired) are still listed, not an error.
   */
  action: z.string(),
  /** Country name in English; 'Local network' for private and loopback addresses; null when unknown. */
  country: z.string().nullable(),
  /** ISO 3166-1 alpha-2 (upper case) for the flag image; null when unknown. */
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  /** As stored: anonymised (last IPv4 octet zero) when the shop is set up so. */
  ipAddress: z.string().nullable(),
});
/** The period an answer covers (beside the spec): its days in its zone, null for open ends. */
export const analyticsPeriodSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  clock: z.enum(ANALYTICS_CLOCKS),
});
export const analyticsResponseSchema = z.object({
  insights: analyticsInsightsCountsSchema,
  userActivities: z.array(userActivitySchema),
  pagination: paginationSchema,
  /** The zone of the answer's clock, e.g. 'Asia/Dhaka' (the spec's display) or 'Europe/Rome'. */
  timeZone: z.string(),
  period: analyticsPeriodSchema,
  /** The spec's display zone (website setting), whichever clock the answer reads in: a clock to offer. */
  displayTimeZone: z.string(),
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
  /** The zone of weeklyTrends' days and of the period, e.g. 'Asia/Dhaka' or 'Europe/Rome'. */
  timeZone: z.string(),
  period: analyticsPeriodSchema,
});

// ---- GET /api/analytics/sales/ (beside the spec) ----

const euro = z.string().meta({ description: 'EUR as an exact decimal', examples: ['118.00'] });
/** Sales and refunds of one channel, operator or product (or all of them) in a period. */
export const salesFiguresSchema = z.object({
  /** Orders paid in the period, and what they paid. */
  orders: z.number().int(),
  gross: euro,
  /** Orders refunded in the period (whenever they were paid), and what went back. */
  refunds: z.number().int(),
  refunded: euro,
  /** gross - refunded. */
  net: euro,
});
export const salesLineSchema = salesFiguresSchema.extend({
  /** 'web', a reseller's id; an operator's company slug; a package tag. */
  key: z.string(),
  label: z.string(),
});
export const salesReportSchema = z
  .object({
    period: analyticsPeriodSchema,
    timeZone: z.string(),
    totals: salesFiguresSchema,
    byChannel: z.array(salesLineSchema),
    byOperator: z.array(salesLineSchema),
    byProduct: z.array(salesLineSchema),
  })
  .meta({
    examples: [
      {
        period: { from: '2026-11-01', to: '2026-11-30', clock: 'rome' },
        timeZone: 'Europe/Rome',
        totals: { orders: 3, gross: '177.00', refunds: 1, refunded: '59.00', net: '118.00' },
        byChannel: [
          {
            key: 'web',
            label: 'Web shop',
            orders: 3,
            gross: '177.00',
            refunds: 1,
            refunded: '59.00',
            net: '118.00',
          },
        ],
        byOperator: [
          {
            key: 'big-bus',
            label: 'Big Bus',
            orders: 3,
            gross: '177.00',
            refunds: 1,
            refunded: '59.00',
            net: '118.00',
          },
        ],
        byProduct: [
          {
            key: 'BB-24',
            label: 'Big Bus Rome 24h',
            orders: 3,
            gross: '177.00',
            refunds: 1,
            refunded: '59.00',
            net: '118.00',
          },
        ],
      },
    ],
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
/** Bytes of a text in UTF-8 (as TextEncoder counts them; the contract runs without DOM or Node types). */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

export const trackActivityEventSchema = z
  .looseObject({
    action: activityActionSchema,
    /** ISO text or epoch milliseconds; missing, invalid or far off the server clock: server time. */
    timestamp: z.union([z.string().max(64), z.number()]).nullish(),
    page: text(2048),
    fullUrl: text(2048),
    userAgent: text(512),
    screenResolution: text(32),
    /** 'mobile' or 'desktop'; anything else is stored as unknown (null). */
    device: z
      .string()
      .nullish()
      .transform((d) => ACTIVITY_DEVICES.find((x) => x === d) ?? null),
  })
  .check((ctx) => {
    const details = trackDetails(ctx.value);
    if (details && utf8Length(JSON.stringify(details)) > TRACK_DETAILS_MAX_BYTES)
      ctx.issues.push({
        code: 'custom',
        message: `Extra event fields are limited to ${TRACK_DETAILS_MAX_BYTES} bytes.`,
        input: ctx.value,
      });
  });
const events = z.array(trackActivityEventSchema).min(1).max(TRACK_BATCH_MAX);
const exampleEvent = {
  action: 'page_view',
  timestamp: '2026-11-22T10:06:37.123Z',
  page: '/search',
  fullUrl: 'https://shop.example/search?ticketType=24%20hours',
  userAgent: 'Mozilla/5.0',
  screenResolution: '390x844',
  device: 'mobile',
  title: 'Search',
};
/**
 * The body: one event, an array of events, or {events: [...]}; at most TRACK_BATCH_MAX events. Parsed
 * to the list of events. Sent as application/json (fetch) or as text/plain holding the same JSON
 * (navigator.sendBeacon).
 */
export const trackActivityBodySchema = z
  .union([
    events,
    z.object({ events }).transform((b) => b.events),
    trackActivityEventSchema.transform((e) => [e]),
  ])
  .meta({
    examples: [
      { events: [exampleEvent, { ...exampleEvent, action: 'ticket_search', ticketType: '24 hours' }] },
      exampleEvent,
    ],
  });

// Types inferred from the schemas above (the web imports them as types only, so it carries no zod).
export type UserActivity = z.infer<typeof userActivitySchema>;
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
export type DetailedActivity = z.infer<typeof detailedActivitySchema>;
export type DetailedStatistics = z.infer<typeof detailedStatisticsSchema>;
export type AnalyticsDetailedResponse = z.infer<typeof analyticsDetailedResponseSchema>;
export type AnalyticsPeriodAnswer = z.infer<typeof analyticsPeriodSchema>;
export type SalesFigures = z.infer<typeof salesFiguresSchema>;
export type SalesLine = z.infer<typeof salesLineSchema>;
export type SalesReport = z.infer<typeof salesReportSchema>;
/** One event as the browser sends it (the tracker builds these). */
export type TrackActivityEvent = z.input<typeof trackActivityEventSchema>;
/** One event as track-activity's schema hands it to the server (action checked, strings cut, device known). */
export type TrackedEvent = z.output<typeof trackActivityEventSchema>;
