/**
 * Analytics (spec §2 Analytics dashboard, §3 Analytics insights / User activity / Detailed activity /
 * Detailed statistics / Activity tracking event, §7 track-activity, analytics, analytics/detailed).
 *
 * The activity actions are listed once, in ACTIVITY_ACTIONS below: the web's tracker may only send
 * those (its `track` takes an ActivityAction), track-activity refuses any other, the server records its
 * payment events under them, the dashboard's queries filter by them (ACTION.x, as SQL parameters) and
 * the Details column describes each of them.
 *
 * Metric definitions (the five card figures count every stored event, all time, or those of a period
 * asked for beside the spec, decision 037):
 * - totalVisits: events with action ACTION.page_view (one per page the browser reports).
 * - ticketViews: events with action ACTION.ticket_view.
 * - paymentInitiations: events the server recorded itself (source 'server') with action
 *   ACTION.payment_initiated (one per checkout session created).
 * - successfulPayments: server events ACTION.payment_completed with status 'completed' (an amount
 *   mismatch is recorded as payment_completed with status 'failed' and is not counted).
 * - cancelledPayments: server events ACTION.payment_cancelled (session cancelled or expired unpaid).
 * Events sent by browsers (source 'client') never count towards the three payment figures or any amount,
 * whatever their action says.
 *
 * Detailed statistics describe one week: weeklyTrends counts the metric on each of the last 7 calendar
 * days (today included) in the analytics display zone (website setting analytics_time_zone, default
 * Asia/Dhaka), and conversionRates and kpi cover the same 7 days (from midnight six days ago in that
 * zone until now). In kpi, a number is a percentage (the dashboard prints it with a percent sign);
 * every other figure is pre-formatted text (counts like '1,234', money like '€25.00', money.ts
 * formatEuroAmount).
 *
 * Per metric (rates are percentages with one decimal, capped at 100):
 * - total-visits: conversionRates {'Visits to ticket views', 'Visits to payment initiations',
 *   'Visits to successful payments'} (each: that week's events / that week's page views);
 *   kpi {visits_last_7_days, unique_visitors (distinct signed-in account, else IP address; past
 *   25,000 page views in the window an estimate within a few per cent, shown as '≈ 12,345'),
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

// ---- Activity actions: the one list ----

/**
 * Every action an activity event can have, with what it means (spec §7: events are sent on page views
 * and on login, logout, register, password reset, ticket view/search, payment initiated/completed/
 * cancelled, profile update and booking manage). Adding an action here is the whole change: the
 * tracker's type, track-activity's schema and the OpenAPI document follow, and the type of the
 * dashboard's Details descriptions asks for its line.
 */
export const ACTIVITY_ACTIONS = {
  page_view: 'A page of the shop was shown (one per route change). Counted as Total Visits.',
  ticket_view: "A ticket's details page was shown (details: package_tag, title). Counted as Ticket Views.",
  ticket_search: 'A search for a ticket type (details: ticketType).',
  login: 'A customer signed in.',
  logout: 'A customer signed out.',
  register: 'A visitor created an account.',
  password_reset: 'A password was set anew with an e-mailed code.',
  profile_update: 'A customer changed their profile.',
  payment_initiated:
    'A checkout session was created. Counted (as Payment Initiations, with its amount) only when the server records it; a browser may report it too.',
  payment_completed:
    'A payment arrived: status completed (Successful Payments) or failed (amount mismatch). Counted only when the server records it.',
  payment_cancelled:
    'A checkout session was cancelled or expired unpaid (Cancelled Payments). Counted only when the server records it.',
  booking_manage: 'A customer managed a booking (details: operation, e.g. download_qr).',
} as const satisfies Record<string, string>;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
/** The action names, in the order above. */
export const ACTIVITY_ACTION_NAMES = Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]];
/** Each action by its own name, for code that names one: `ACTION.page_view === 'page_view'`. */
export const ACTION = Object.fromEntries(ACTIVITY_ACTION_NAMES.map((a) => [a, a])) as {
  readonly [A in ActivityAction]: A;
};
export const isActivityAction = (v: unknown): v is ActivityAction =>
  typeof v === 'string' && Object.hasOwn(ACTIVITY_ACTIONS, v);

/**
 * Staff actions the server records in the activity log (source 'server'), kept out of ACTIVITY_ACTIONS
 * so that no browser can send one through track-activity.
 */
export const STAFF_ACTIONS = {
  second_factor_reset: "A superuser reset an account's second factor (details: account_id; never a secret).",
} as const satisfies Record<string, string>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** The actions the server records itself, with an amount and a status: the only source of money figures. */
export const SERVER_ACTIONS = [
  ACTION.payment_initiated,
  ACTION.payment_completed,
  ACTION.payment_cancelled,
] as const;
export type ServerAction = (typeof SERVER_ACTIONS)[number];
/** Status of a server payment event. */
export const PAYMENT_EVENT_STATUS = {
  pending: 'pending',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
} as const;
export type PaymentEventStatus = (typeof PAYMENT_EVENT_STATUS)[keyof typeof PAYMENT_EVENT_STATUS];
/** Who wrote an event: the browser (track-activity) or the server itself (payments). */
export type ActivitySource = 'client' | 'server';
/** The device a browser reports: 'mobile' below the 768 px breakpoint, else 'desktop'. */
export const ACTIVITY_DEVICES = ['mobile', 'desktop'] as const;
export type ActivityDevice = (typeof ACTIVITY_DEVICES)[number];

// ---- Dashboard metrics ----

export const ANALYTICS_METRICS = [
  'total-visits',
  'ticket-views',
  'payment-initiations',
  'successful-payments',
  'cancelled-payments',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
export const isAnalyticsMetric = (v: unknown): v is AnalyticsMetric =>
  (ANALYTICS_METRICS as readonly unknown[]).includes(v);
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
/** Fields of the event itself (stored in their columns); any other field the browser sends is a detail. */
export const TRACK_EVENT_FIELDS = [
  'action',
  'timestamp',
  'page',
  'fullUrl',
  'userAgent',
  'screenResolution',
  'device',
] as const;
/** The fields of an event that are its details (neither the event's own fields nor the server's). */
export function trackDetails(event: Record<string, unknown>): Record<string, unknown> | null {
  const known: readonly string[] = [...TRACK_EVENT_FIELDS, ...TRACK_SERVER_FIELDS];
  const details: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(event)) {
    if (known.includes(k) || v === undefined) continue;
    details[k] = v;
    any = true;
  }
  return any ? details : null;
}
