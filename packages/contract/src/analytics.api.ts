/** The activity and analytics calls of spec §7: track-activity, analytics, analytics/detailed. */
import { z } from 'zod';
import { ANALYTICS_METRICS } from './analytics';
import {
  analyticsDetailedResponseSchema,
  analyticsPageQuerySchema,
  analyticsResponseSchema,
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
    query: analyticsPageQuerySchema,
    invalid: 'page must be 1 or more and page_size between 1 and 200.',
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
    query: analyticsPageQuerySchema,
    invalid: 'page must be 1 or more and page_size between 1 and 200.',
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
          },
        ],
      }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
} as const;
