/** The activity and analytics calls of spec §7: track-activity, analytics, analytics/detailed. */
import { z } from 'zod';
import { ANALYTICS_METRICS } from './analytics';
import {
  analyticsDetailedResponseSchema,
  analyticsLogQuerySchema,
  analyticsPageQuerySchema,
  analyticsPeriodQuerySchema,
  analyticsResponseSchema,
  salesReportSchema,
  trackActivityBodySchema,
} from './analytics.schema';
import { endpoint, errors } from './endpoint';

const exampleActivity = {
  timestamp: '2026-11-22T10:06:37.123Z',
  user: 'ada@example.com',
  country: 'Italy',
  countryCode: 'IT',
  city: 'Rome',
  ipAddress: '93.184.216.0',
};
const examplePagination = { page: 1, pageSize: 50, hasMore: false };
const examplePeriod = { from: null, to: null, clock: 'display' as const };

export const analyticsApi = {
  'POST /api/track-activity/': endpoint({
    summary: 'Record activity events (one, a list, or {events: [...]})',
    description:
      'Fire and forget: answers 204 once the events are queued. The server decides address and location ' +
      'from the request, and the user from the Bearer token when there is one. navigator.sendBeacon may ' +
      'send the same JSON as text/plain. At most 600 events a minute per address.',
    tag: 'analytics',
    access: 'public',
    body: trackActivityBodySchema,
    responses: {
      204: z.undefined().meta({ description: 'The events are queued.' }),
      400: errors[400],
      413: errors[413],
      429: errors[429],
    },
  }),
  'GET /api/analytics/': endpoint({
    summary: "The dashboard's five figures and the User Activity Log",
    tag: 'analytics',
    access: 'superuser',
    description:
      'Beside the spec: from/to (days, both included) count the five figures and list the log in that ' +
      "period instead of all time; clock=rome reads times and days in Rome instead of the spec's display " +
      'zone; action, user (part of the address, or anonymous) and q (user, page, place or address) ' +
      'filter the log.',
    query: analyticsLogQuerySchema,
    ownMessages: true,
    responses: {
      200: analyticsResponseSchema.meta({
        examples: [
          {
            insights: {
              totalVisits: 1234,
              ticketViews: 321,
              paymentInitiations: 40,
              successfulPayments: 31,
              cancelledPayments: 6,
            },
            userActivities: [{ ...exampleActivity, action: 'page_view' }],
            pagination: examplePagination,
            timeZone: 'Asia/Dhaka',
            period: examplePeriod,
            displayTimeZone: 'Asia/Dhaka',
          },
        ],
      }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
  'GET /api/analytics/detailed/:metric/': endpoint({
    summary: "One metric's Detailed Activity Log and its week's statistics",
    tag: 'analytics',
    access: 'superuser',
    params: z.object({
      /** Case does not matter; a name that is not a metric answers 404. */
      metric: z
        .string()
        .toLowerCase()
        .meta({ description: `One of ${ANALYTICS_METRICS.join(', ')}.`, examples: ['successful-payments'] }),
    }),
    description:
      "Beside the spec: from/to (days, both included) list the metric's events and compute its rates and " +
      'KPIs over that period (weeklyTrends: its last 7 days); clock=rome reads times and days in Rome. ' +
      "A payment initiation's status is its order's state now (completed once paid).",
    query: analyticsPageQuerySchema,
    ownMessages: true,
    responses: {
      200: analyticsDetailedResponseSchema.meta({
        examples: [
          {
            metric: 'successful-payments',
            activities: [
              {
                ...exampleActivity,
                details: 'Payment completed for Colosseum Tour (order 3f2a9c1e-7)',
                amount: 59,
                status: 'completed',
              },
            ],
            statistics: {
              conversionRates: {
                'Initiations to successful payments': 77.5,
                'Visits to successful payments': 2.5,
              },
              weeklyTrends: {
                labels: [
                  '2026-11-16',
                  '2026-11-17',
                  '2026-11-18',
                  '2026-11-19',
                  '2026-11-20',
                  '2026-11-21',
                  '2026-11-22',
                ],
                data: [3, 5, 4, 6, 2, 7, 4],
              },
              kpi: {
                successful_payments_last_7_days: '31',
                total_revenue: '€1,829.00',
                average_order_value: '€59.00',
                paying_customers: '29',
                completion_rate: 77.5,
                failed_payments: '0',
              },
            },
            pagination: examplePagination,
            timeZone: 'Asia/Dhaka',
            period: examplePeriod,
          },
        ],
      }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'GET /api/analytics/sales/': endpoint({
    summary: 'Sales, refunds and net revenue in a period, by channel, operator and product (superusers)',
    tag: 'analytics',
    access: 'superuser',
    description:
      'From the orders themselves: an order counts as a sale on the day it was paid and as a refund on ' +
      'the day it was refunded, so net = gross - refunded is what the period kept. Without from/to: all time.',
    query: analyticsPeriodQuerySchema,
    ownMessages: true,
    responses: { 200: salesReportSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
  }),
  'GET /api/analytics/sales/csv/': endpoint({
    summary: "The period's sales and refunds as CSV, one line per sale or refund (superusers)",
    tag: 'analytics',
    access: 'superuser',
    description:
      'text/csv (UTF-8, comma separated, RFC 4180): kind (sale or refund), time in the clock zone, order ' +
      'reference, channel, operator, product, package tag, amount (EUR, a refund negative).',
    query: analyticsPeriodQuerySchema,
    ownMessages: true,
    responses: {
      200: z.string().meta({ description: 'The lines as text/csv' }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
    },
  }),
} as const;
