/**
 * One named query per figure of the analytics dashboard (the Umami way), each parameterised and
 * written for an index of activity_events:
 *
 * - activity_totals (primary key action, source, status): the five all-time card figures, kept by
 *   statement-level triggers on activity_events (migration 0002), so they cost the same at any size.
 * - activity_action_time_visitor_idx (action, occurred_at, device, user_id, ip_address): page_view and
 *   ticket_view windows, weekly trends and newest-first pages; the visitor figures (unique visitors,
 *   device mix, signed-in share) are index-only scans.
 * - activity_server_action_time_idx (action, occurred_at) WHERE source = 'server': newest-first lists
 *   and windows of one payment action. The predicate `source = 'server'` is written literally so the
 *   planner can use the partial indexes; it is also what keeps browsers' events out of money figures.
 * - activity_server_action_status_time_idx (action, status, occurred_at) WHERE source = 'server':
 *   successful payments (status completed) in time order.
 * - activity_time_idx (occurred_at): the newest-first activity log and the retention job.
 *
 * Metric definitions are in packages/contract/src/analytics.ts. Action names and payment statuses are the
 * contract's constants (ACTION, SERVER_ACTIONS, PAYMENT_EVENT_STATUS), sent as query parameters: no
 * name of an action is written here.
 */
import {
  ACTION,
  type ActivityDevice,
  type AnalyticsMetric,
  SERVER_ACTIONS,
  PAYMENT_EVENT_STATUS as STATUS,
} from '@rome/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  const result: any = await db.execute(query);
  return (result.rows ?? result) as T[];
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** `x IN ($1, $2, ...)`, one parameter per value. */
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The WHERE condition of each metric: the contract's constants as parameters, nothing from a request. */
const METRIC_FILTER: Record<AnalyticsMetric, SQL> = {
  'total-visits': sql`action = ${ACTION.page_view}`,
  'ticket-views': sql`action = ${ACTION.ticket_view}`,
  'payment-initiations': sql`source = 'server' AND action = ${ACTION.payment_initiated}`,
  'successful-payments': sql`source = 'server' AND action = ${ACTION.payment_completed} AND status = ${STATUS.completed}`,
  'cancelled-payments': sql`source = 'server' AND action = ${ACTION.payment_cancelled}`,
};

/** The metric's events since a date (range scan on the metric's index). */
export async function countMetricSince(db: Db, metric: AnalyticsMetric, since: Date): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::bigint AS n FROM activity_events
        WHERE ${METRIC_FILTER[metric]} AND occurred_at >= ${since.toISOString()}::timestamptz`,
  );
  return num(r?.n);
}

/** All-time figures come from activity_totals (kept by triggers): a primary-key lookup, not a count. */
async function total(db: Db, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(events), 0)::bigint AS n FROM activity_totals WHERE ${where}`,
  );
  return num(r?.n);
}

/** The all-time figure of a metric: its filter, on the totals table (same columns). */
export const countMetric = (db: Db, metric: AnalyticsMetric) => total(db, METRIC_FILTER[metric]);

/**
 * Where the statistics window starts: midnight, in the display zone, six days before today, so the
 * window is exactly the seven days of Weekly Trends.
 */
export async function weekStart(db: Db, timeZone: string, days = 7): Promise<Date> {
  const [r] = await rows<{ since: Date | string }>(
    db,
    sql`SELECT (((now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone}) AS since`,
  );
  return new Date(r.since);
}

export type ActivityLogRow = {
  occurred_at: Date | string;
  user_email: string | null;
  action: string;
  country: string | null;
  country_code: string | null;
  city: string | null;
  ip_address: string | null;
};

/** The User Activity Log: every event, newest first (activity_time_idx, backwards). */
export function listLatestActivities(db: Db, limit: number, offset: number): Promise<ActivityLogRow[]> {
  return rows<ActivityLogRow>(
    db,
    sql`SELECT occurred_at, user_email, action, country, country_code, city, ip_address
        FROM activity_events
        ORDER BY occurred_at DESC, id DESC
        LIMIT ${limit} OFFSET ${offset}`,
  );
}

export type MetricActivityRow = ActivityLogRow & {
  source: string;
  page: string | null;
  full_url: string | null;
  amount_cents: number | null;
  status: string | null;
  details: Record<string, unknown> | null;
};

/** The Detailed Activity Log of one metric, newest first. */
export function listMetricActivities(
  db: Db,
  metric: AnalyticsMetric,
  limit: number,
  offset: number,
): Promise<MetricActivityRow[]> {
  return rows<MetricActivityRow>(
    db,
    sql`SELECT occurred_at, user_email, action, source, page, full_url, country, country_code, city,
               ip_address, amount_cents, status, details
        FROM activity_events
        WHERE ${METRIC_FILTER[metric]}
        ORDER BY occurred_at DESC, id DESC
        LIMIT ${limit} OFFSET ${offset}`,
  );
}

/**
 * Weekly Trends: the metric's events on each of the last `days` calendar days (today included) in the
 * display zone `timeZone`, oldest first, days without events as 0. One range scan on the metric's index.
 */
export async function dailyMetricCounts(
  db: Db,
  metric: AnalyticsMetric,
  timeZone: string,
  days = 7,
): Promise<{ day: string; n: number }[]> {
  const result = await rows<{ day: string; n: number }>(
    db,
    sql`WITH counts AS (
          SELECT (occurred_at AT TIME ZONE ${timeZone})::date AS day, count(*)::bigint AS n
          FROM activity_events
          WHERE ${METRIC_FILTER[metric]}
            AND occurred_at >= (((now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone})
          GROUP BY 1)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0) AS n
        FROM (SELECT (now() AT TIME ZONE ${timeZone})::date - i AS day
              FROM generate_series(0, ${days - 1}::int) AS i) d
        LEFT JOIN counts c ON c.day = d.day
        ORDER BY d.day`,
  );
  return result.map((r) => ({ day: String(r.day), n: num(r.n) }));
}

export type VisitSummary = {
  views: number;
  visitors: number;
  mobile: number;
  withDevice: number;
  signedIn: number;
};

/**
 * Page views since a date: how many, unique visitors (a signed-in account, else an IP address),
 * device mix and share signed in. Index-only range scan on activity_action_time_visitor_idx.
 */
export async function visitSummary(db: Db, since: Date): Promise<VisitSummary> {
  const [r] = await rows(
    db,
    sql`SELECT count(*)::bigint AS views,
               count(*) FILTER (WHERE device = ${MOBILE})::bigint AS mobile,
               count(device)::bigint AS with_device,
               count(user_id)::bigint AS signed_in,
               count(DISTINCT coalesce(user_id::text, ip_address))::bigint AS visitors
        FROM activity_events
        WHERE action = ${ACTION.page_view} AND occurred_at >= ${since.toISOString()}::timestamptz`,
  );
  return {
    views: num(r?.views),
    visitors: num(r?.visitors),
    mobile: num(r?.mobile),
    withDevice: num(r?.with_device),
    signedIn: num(r?.signed_in),
  };
}

const MOBILE = 'mobile' satisfies ActivityDevice;

/** What a ticket_view names: the ticket the browser reported, else the page. */
const TICKET_LABEL = sql.raw(
  `coalesce(details->>'package_tag', details->>'packageTag', details->>'title', details->>'package', page)`,
);

export type TicketViewSummary = { views: number; viewers: number; mobile: number; withDevice: number };

/** Ticket views since a date: how many, by how many visitors, device mix. */
export async function ticketViewSummary(db: Db, since: Date): Promise<TicketViewSummary> {
  const [r] = await rows(
    db,
    sql`SELECT count(*)::bigint AS views,
               count(*) FILTER (WHERE device = ${MOBILE})::bigint AS mobile,
               count(device)::bigint AS with_device,
               count(DISTINCT coalesce(user_id::text, ip_address))::bigint AS viewers
        FROM activity_events
        WHERE action = ${ACTION.ticket_view} AND occurred_at >= ${since.toISOString()}::timestamptz`,
  );
  return {
    views: num(r?.views),
    viewers: num(r?.viewers),
    mobile: num(r?.mobile),
    withDevice: num(r?.with_device),
  };
}

/** The most viewed ticket since a date (null when none). */
export async function mostViewedTicket(
  db: Db,
  since: Date,
): Promise<{ label: string; views: number } | null> {
  const [r] = await rows<{ label: string; n: number }>(
    db,
    sql`SELECT ${TICKET_LABEL} AS label, count(*)::bigint AS n
        FROM activity_events
        WHERE action = ${ACTION.ticket_view} AND occurred_at >= ${since.toISOString()}::timestamptz
          AND ${TICKET_LABEL} IS NOT NULL
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
  );
  return r ? { label: String(r.label), views: num(r.n) } : null;
}

export type PaymentSummary = {
  initiated: number;
  initiatedCents: number;
  completed: number;
  completedCents: number;
  payingCustomers: number;
  failed: number;
  cancelled: number;
  cancelledCents: number;
};

/**
 * The money figures since a date, from the server's own payment events only (source = 'server'):
 * browsers cannot add to them. One range scan on activity_server_action_time_idx.
 */
export async function paymentSummary(db: Db, since: Date): Promise<PaymentSummary> {
  const initiated = sql`action = ${ACTION.payment_initiated}`;
  const completed = sql`action = ${ACTION.payment_completed} AND status = ${STATUS.completed}`;
  const failed = sql`action = ${ACTION.payment_completed} AND status = ${STATUS.failed}`;
  const cancelled = sql`action = ${ACTION.payment_cancelled}`;
  const [r] = await rows(
    db,
    sql`SELECT
          count(*) FILTER (WHERE ${initiated})::bigint AS initiated,
          coalesce(sum(amount_cents) FILTER (WHERE ${initiated}), 0)::bigint AS initiated_cents,
          count(*) FILTER (WHERE ${completed})::bigint AS completed,
          coalesce(sum(amount_cents) FILTER (WHERE ${completed}), 0)::bigint AS completed_cents,
          count(DISTINCT user_id) FILTER (WHERE ${completed})::bigint AS paying_customers,
          count(*) FILTER (WHERE ${failed})::bigint AS failed,
          count(*) FILTER (WHERE ${cancelled})::bigint AS cancelled,
          coalesce(sum(amount_cents) FILTER (WHERE ${cancelled}), 0)::bigint AS cancelled_cents
        FROM activity_events
        WHERE source = 'server'
          AND action IN (${inList(SERVER_ACTIONS)})
          AND occurred_at >= ${since.toISOString()}::timestamptz`,
  );
  return {
    initiated: num(r?.initiated),
    initiatedCents: num(r?.initiated_cents),
    completed: num(r?.completed),
    completedCents: num(r?.completed_cents),
    payingCustomers: num(r?.paying_customers),
    failed: num(r?.failed),
    cancelled: num(r?.cancelled),
    cancelledCents: num(r?.cancelled_cents),
  };
}

/**
 * Completed sales per channel since a date: 'web' for the shop's own checkout, else the reseller's
 * name (OCTO bookings record it as details.channel when confirmed).
 */
export async function salesByChannel(
  db: Db,
  since: Date,
): Promise<{ channel: string; count: number; cents: number }[]> {
  const completed = sql`action = ${ACTION.payment_completed} AND status = ${STATUS.completed}`;
  const list = await rows<{ channel: string; n: string; cents: string }>(
    db,
    sql`SELECT coalesce(details->>'channel', 'web') AS channel, count(*)::bigint AS n,
          coalesce(sum(amount_cents), 0)::bigint AS cents
        FROM activity_events
        WHERE source = 'server' AND ${completed} AND occurred_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1 ORDER BY 3 DESC, 1`,
  );
  return list.map((r) => ({ channel: r.channel, count: num(r.n), cents: num(r.cents) }));
}

/** The analytics display zone (website setting), if one is stored. */
export async function analyticsTimeZone(db: Db): Promise<string | null> {
  const [r] = await rows<{ tz: string }>(
    db,
    sql`SELECT analytics_time_zone AS tz FROM website_settings ORDER BY id LIMIT 1`,
  );
  return r?.tz ?? null;
}
