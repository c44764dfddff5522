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
 * - activity_hours and activity_hour_visitors (migration 0038, decision 076): page views and ticket
 *   views per UTC hour, and their visitors' HyperLogLog registers, kept by triggers. A window of whole
 *   hours reads these (hours.ts), whatever its size; the indexes above serve any other window.
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
import {
  estimatedVisitors,
  type HourlyAction,
  hourlyDailyCounts,
  hourlySummary,
  hourlyTopLabel,
  onWholeHours,
  type Window,
} from './hours';

export type { Window } from './hours';

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

/** `occurred_at` (or another instant column) inside the window: a range the time indexes serve. */
const within = (w: Window, column = sql.raw('occurred_at')) =>
  w.until
    ? sql`${column} >= ${w.since.toISOString()}::timestamptz AND ${column} < ${w.until.toISOString()}::timestamptz`
    : sql`${column} >= ${w.since.toISOString()}::timestamptz`;

/**
 * The instants a period of calendar days covers in `timeZone`: from midnight of `from` to midnight after
 * `to` (either open when not given). Computed by PostgreSQL, which knows every zone's rules.
 */
export async function periodBounds(
  db: Db,
  timeZone: string,
  from: string | undefined,
  to: string | undefined,
): Promise<{ since: Date | null; until: Date | null }> {
  if (!from && !to) return { since: null, until: null };
  const [r] = await rows<{ since: Date | string | null; until: Date | string | null }>(
    db,
    sql`SELECT (${from ?? null}::date::timestamp AT TIME ZONE ${timeZone}) AS since,
               ((${to ?? null}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS until`,
  );
  return {
    since: r?.since ? new Date(r.since) : null,
    until: r?.until ? new Date(r.until) : null,
  };
}

/** The metrics rolled up by the hour (migration 0038), with their action. */
const HOURLY: Partial<Record<AnalyticsMetric, HourlyAction>> = {
  'total-visits': ACTION.page_view,
  'ticket-views': ACTION.ticket_view,
};

/**
 * The metric's events in a window: its hours' roll-ups when the window is whole hours, else a range
 * scan on the metric's index.
 */
export async function countMetricIn(db: Db, metric: AnalyticsMetric, w: Window): Promise<number> {
  const hourly = HOURLY[metric];
  if (hourly && onWholeHours(w)) return (await hourlySummary(db, hourly, w)).views;
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::bigint AS n FROM activity_events
        WHERE ${METRIC_FILTER[metric]} AND ${within(w)}`,
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

/** Today's calendar day in `timeZone`, as YYYY-MM-DD (the database's clock, as the figures use). */
export async function todayIn(db: Db, timeZone: string): Promise<string> {
  const [r] = await rows<{ day: string }>(
    db,
    sql`SELECT to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day`,
  );
  return String(r.day);
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

/** The User Activity Log's filters (all optional): a window, one action, a user, a search. */
export type LogFilter = {
  window?: Window;
  action?: string;
  /** Part of the signed-in user's address; 'anonymous' for events without a user. */
  user?: string;
  /** Part of the user's address, the page, the city, the country or the address. */
  q?: string;
};

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The User Activity Log: the events the filter lets through, newest first (activity_time_idx, backwards;
 * a filter that matches few events reads further back before it has a page).
 */
export function listLatestActivities(
  db: Db,
  limit: number,
  offset: number,
  filter: LogFilter = {},
): Promise<ActivityLogRow[]> {
  const where: SQL[] = [];
  if (filter.window) where.push(within(filter.window));
  if (filter.action) where.push(sql`action = ${filter.action}`);
  if (filter.user)
    where.push(
      filter.user.toLowerCase() === 'anonymous'
        ? sql`user_email IS NULL`
        : sql`user_email ILIKE ${containing(filter.user)}`,
    );
  if (filter.q) {
    const like = containing(filter.q);
    where.push(
      sql`(user_email ILIKE ${like} OR page ILIKE ${like} OR city ILIKE ${like} OR country ILIKE ${like}
           OR ip_address ILIKE ${like})`,
    );
  }
  return rows<ActivityLogRow>(
    db,
    sql`SELECT occurred_at, user_email, action, country, country_code, city, ip_address
        FROM activity_events
        ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
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

/**
 * A payment initiation's status is its order's state now: the event is written 'pending' when the
 * checkout opens, and the order may have been paid, cancelled or refunded since.
 */
const INITIATION_STATUS = sql.raw(`CASE o.status
    WHEN 'paid' THEN 'completed'
    WHEN 'refunded' THEN 'refunded'
    WHEN 'cancelled' THEN 'cancelled'
    WHEN 'expired' THEN 'cancelled'
    WHEN 'amount_mismatch' THEN 'failed'
    ELSE e.status END`);

/** The Detailed Activity Log of one metric (in a window, if given), newest first. */
export function listMetricActivities(
  db: Db,
  metric: AnalyticsMetric,
  limit: number,
  offset: number,
  window?: Window,
): Promise<MetricActivityRow[]> {
  const initiations = metric === 'payment-initiations';
  return rows<MetricActivityRow>(
    db,
    sql`SELECT e.occurred_at, e.user_email, e.action, e.source, e.page, e.full_url, e.country,
               e.country_code, e.city, e.ip_address, e.amount_cents,
               ${initiations ? INITIATION_STATUS : sql.raw('e.status')} AS status, e.details
        FROM (SELECT * FROM activity_events
              WHERE ${METRIC_FILTER[metric]} ${window ? sql`AND ${within(window)}` : sql``}
              ORDER BY occurred_at DESC, id DESC
              LIMIT ${limit} OFFSET ${offset}) e
        ${initiations ? sql`LEFT JOIN orders o ON o.unique_id = e.details->>'order'` : sql``}
        ORDER BY e.occurred_at DESC, e.id DESC`,
  );
}

/**
 * Weekly Trends: the metric's events on each of the `days` calendar days ending with `lastDay` (today
 * when not given) in the display zone `timeZone`, oldest first, days without events as 0. One range scan
 * on the metric's index.
 */
export async function dailyMetricCounts(
  db: Db,
  metric: AnalyticsMetric,
  timeZone: string,
  days = 7,
  lastDay?: string,
): Promise<{ day: string; n: number }[]> {
  const last = lastDay ? sql`${lastDay}::date` : sql`(now() AT TIME ZONE ${timeZone})::date`;
  const hourly = HOURLY[metric];
  if (hourly) {
    // Read from the hours when every day of the zone starts on a whole hour (any zone but the few
    // with half- or quarter-hour offsets).
    const fromHours = await hourlyDailyCounts(db, hourly, timeZone, sql`(${last} - ${days - 1}::int)`, last);
    if (fromHours.every((d) => d.wholeHours)) return fromHours.map(({ day, n }) => ({ day, n }));
  }
  const result = await rows<{ day: string; n: number }>(
    db,
    sql`WITH counts AS (
          SELECT (occurred_at AT TIME ZONE ${timeZone})::date AS day, count(*)::bigint AS n
          FROM activity_events
          WHERE ${METRIC_FILTER[metric]}
            AND occurred_at >= ((${last} - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone})
            AND occurred_at < ((${last} + 1)::timestamp AT TIME ZONE ${timeZone})
          GROUP BY 1)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(c.n, 0) AS n
        FROM (SELECT ${last} - i AS day
              FROM generate_series(0, ${days - 1}::int) AS i) d
        LEFT JOIN counts c ON c.day = d.day
        ORDER BY d.day`,
  );
  return result.map((r) => ({ day: String(r.day), n: num(r.n) }));
}

export type VisitSummary = {
  views: number;
  visitors: number;
  /** Whether `visitors` is estimated from the hours' registers rather than counted. */
  visitorsEstimated: boolean;
  mobile: number;
  withDevice: number;
  signedIn: number;
};

/**
 * Up to this many events in a window, unique visitors are counted exactly from the events (an
 * index-only scan of a few milliseconds); above it they are estimated from the hours' HyperLogLog
 * registers (decision 076), within a few per cent.
 */
export const EXACT_VISITORS_UP_TO = 25_000;

/** Distinct visitors (a signed-in account, else an IP address) of an action in a window, counted. */
async function countVisitors(db: Db, action: HourlyAction, w: Window): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT coalesce(user_id::text, ip_address))::bigint AS n
        FROM activity_events WHERE action = ${action} AND ${within(w)}`,
  );
  return num(r?.n);
}

/** The action's figures from its hours, with its visitors counted or, past `exactUpTo` events, estimated. */
async function hourlyVisits(db: Db, action: HourlyAction, w: Window, exactUpTo: number) {
  const s = await hourlySummary(db, action, w);
  const estimated = s.views > exactUpTo;
  // An estimate is never shown above the number of events themselves.
  const visitors = estimated
    ? Math.min(s.views, await estimatedVisitors(db, action, w))
    : await countVisitors(db, action, w);
  return { ...s, visitors, estimated };
}

/**
 * Page views in a window: how many, unique visitors (a signed-in account, else an IP address),
 * device mix and share signed in. From the hours' roll-ups when the window is whole hours; else an
 * index-only range scan on activity_action_time_visitor_idx.
 */
export async function visitSummary(
  db: Db,
  w: Window,
  exactUpTo = EXACT_VISITORS_UP_TO,
): Promise<VisitSummary> {
  if (onWholeHours(w)) {
    const h = await hourlyVisits(db, ACTION.page_view, w, exactUpTo);
    return {
      views: h.views,
      visitors: h.visitors,
      visitorsEstimated: h.estimated,
      mobile: h.mobile,
      withDevice: h.withDevice,
      signedIn: h.signedIn,
    };
  }
  const [r] = await rows(
    db,
    sql`SELECT count(*)::bigint AS views,
               count(*) FILTER (WHERE device = ${MOBILE})::bigint AS mobile,
               count(device)::bigint AS with_device,
               count(user_id)::bigint AS signed_in,
               count(DISTINCT coalesce(user_id::text, ip_address))::bigint AS visitors
        FROM activity_events
        WHERE action = ${ACTION.page_view} AND ${within(w)}`,
  );
  return {
    views: num(r?.views),
    visitors: num(r?.visitors),
    visitorsEstimated: false,
    mobile: num(r?.mobile),
    withDevice: num(r?.with_device),
    signedIn: num(r?.signed_in),
  };
}

const MOBILE = 'mobile' satisfies ActivityDevice;

/**
 * What a ticket_view names: the ticket the browser reported, else the page (the hours' label,
 * activity_hour_label in migration 0038; '' names nothing).
 */
const TICKET_LABEL = sql.raw(
  `coalesce(details->>'package_tag', details->>'packageTag', details->>'title', details->>'package', page, '')`,
);

export type TicketViewSummary = {
  views: number;
  viewers: number;
  /** Whether `viewers` is estimated from the hours' registers rather than counted. */
  viewersEstimated: boolean;
  mobile: number;
  withDevice: number;
};

/** Ticket views in a window: how many, by how many visitors, device mix. */
export async function ticketViewSummary(
  db: Db,
  w: Window,
  exactUpTo = EXACT_VISITORS_UP_TO,
): Promise<TicketViewSummary> {
  if (onWholeHours(w)) {
    const h = await hourlyVisits(db, ACTION.ticket_view, w, exactUpTo);
    return {
      views: h.views,
      viewers: h.visitors,
      viewersEstimated: h.estimated,
      mobile: h.mobile,
      withDevice: h.withDevice,
    };
  }
  const [r] = await rows(
    db,
    sql`SELECT count(*)::bigint AS views,
               count(*) FILTER (WHERE device = ${MOBILE})::bigint AS mobile,
               count(device)::bigint AS with_device,
               count(DISTINCT coalesce(user_id::text, ip_address))::bigint AS viewers
        FROM activity_events
        WHERE action = ${ACTION.ticket_view} AND ${within(w)}`,
  );
  return {
    views: num(r?.views),
    viewers: num(r?.viewers),
    viewersEstimated: false,
    mobile: num(r?.mobile),
    withDevice: num(r?.with_device),
  };
}

/** The most viewed ticket in a window (null when none). */
export async function mostViewedTicket(db: Db, w: Window): Promise<{ label: string; views: number } | null> {
  if (onWholeHours(w)) return hourlyTopLabel(db, w);
  const [r] = await rows<{ label: string; n: number }>(
    db,
    sql`SELECT ${TICKET_LABEL} AS label, count(*)::bigint AS n
        FROM activity_events
        WHERE action = ${ACTION.ticket_view} AND ${within(w)}
          AND ${TICKET_LABEL} <> ''
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
 * The money figures in a window, from the server's own payment events only (source = 'server'):
 * browsers cannot add to them. One range scan on activity_server_action_time_idx.
 */
export async function paymentSummary(db: Db, w: Window): Promise<PaymentSummary> {
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
          AND ${within(w)}`,
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
 * Completed sales per channel in a window: 'web' for the shop's own checkout, else the reseller's
 * name (OCTO bookings record it as details.channel when confirmed).
 */
export async function salesByChannel(
  db: Db,
  w: Window,
): Promise<{ channel: string; count: number; cents: number }[]> {
  const completed = sql`action = ${ACTION.payment_completed} AND status = ${STATUS.completed}`;
  const list = await rows<{ channel: string; n: string; cents: string }>(
    db,
    sql`SELECT coalesce(details->>'channel', 'web') AS channel, count(*)::bigint AS n,
          coalesce(sum(amount_cents), 0)::bigint AS cents
        FROM activity_events
        WHERE source = 'server' AND ${completed} AND ${within(w)}
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
