/**
 * The one activity tracker of the web app (spec §3 Activity tracking event, §7 track-activity).
 *
 * - `track(action, extra)` queues an event of the spec's shape: action, timestamp, page, fullUrl,
 *   userAgent, screenResolution, device ('mobile' below the 768 px breakpoint, else 'desktop') and the
 *   extra fields. Address and location are decided by the server from the request: no look-ups here.
 * - The queue is sent in batches: 2 seconds after the first event, at once at 10 events, and when the
 *   page is hidden or left (pagehide / visibilitychange). Anonymous batches go with
 *   navigator.sendBeacon (a text/plain JSON body, which needs no preflight and outlives the page);
 *   batches of a signed-in user go with fetch keepalive and the Bearer token taken when the event
 *   happened, so a logout event still names the user after the session has ended.
 * - Tracking never throws and never delays the page; a failure is only logged with console.warn.
 *
 * Actions and the event's shape are the contract's (ACTIVITY_ACTIONS in packages/contract/src/analytics.ts,
 * the body of 'POST /api/track-activity/'): `track` takes only a listed action, and the server refuses
 * any other. page_view and ticket_view are counted on the dashboard; the payment_* events from here are
 * informational (the server records payments itself). Type-only imports: the contract's analytics code
 * stays out of the visitor's bundle.
 */
import type { ActivityAction, ActivityDevice, ApiBody, ApiKey, TrackActivityEvent } from '@rome/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { accessToken } from './access-token';

/** Fields the event carries beyond the spec's (its details, at most 4 KB as JSON). */
export type TrackExtra = Record<string, unknown>;
type TrackBody = ApiBody<'POST /api/track-activity/'>;

const CALL = 'POST /api/track-activity/' satisfies ApiKey;
export const ENDPOINT = CALL.slice(CALL.indexOf(' ') + 1);
const FLUSH_DELAY_MS = 2000;
const BATCH_SIZE = 10;
/** The server takes at most 50 events per request (TRACK_BATCH_MAX in the contract). */
const REQUEST_MAX = 50;
export const MOBILE_BREAKPOINT_PX = 768;

/** `waiting`: tracked while the session was being restored; its token is filled in when it arrives. */
type Queued = { token: string | null; event: TrackActivityEvent; waiting?: boolean };

let queue: Queued[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

const warn = (err: unknown) => console.warn('Activity tracking failed', err);

const storedToken = accessToken.get;

/** The spec's event fields the browser knows; the server adds address and location. */
export function buildEvent(action: ActivityAction, extra: TrackExtra = {}): TrackActivityEvent {
  const device: ActivityDevice = window.innerWidth < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
  return {
    timestamp: new Date().toISOString(),
    page: window.location.pathname,
    fullUrl: window.location.href,
    userAgent: navigator.userAgent,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    device,
    ...extra,
    action,
  };
}

/**
 * Queues one event. `now` sends the queue at once (a page about to reload or navigate away, such as
 * logout or the redirect to the hosted checkout).
 */
export function track(action: ActivityAction, extra: TrackExtra = {}, opts: { now?: boolean } = {}) {
  try {
    const item: Queued = { token: storedToken(), event: buildEvent(action, extra) };
    const restoring = item.token ? null : accessToken.pending();
    if (restoring) {
      item.waiting = true;
      void restoring.then(
        (token) => Object.assign(item, { token, waiting: false }),
        () => Object.assign(item, { waiting: false }),
      );
    }
    queue.push(item);
    listen();
    if (opts.now || queue.length >= BATCH_SIZE) flush();
    else timer ??= setTimeout(flushWhenKnown, FLUSH_DELAY_MS);
  } catch (err) {
    warn(err);
  }
}

/** The timed send: events that wait for the session's restore go once it has answered. */
function flushWhenKnown() {
  timer = null;
  const restoring = accessToken.pending();
  if (restoring && queue.some((q) => q.waiting)) void restoring.finally(() => setTimeout(flush, 0));
  else flush();
}

/**
 * Sends everything queued (also when the page is hidden or left: then at once, and an event still
 * waiting for the session goes without a token).
 */
export function flush(): void {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  if (!queue.length) return;
  const pending = queue;
  queue = [];
  // One request per token (events of one person), at most REQUEST_MAX events each.
  const groups = new Map<string | null, TrackActivityEvent[]>();
  for (const { token, event } of pending) {
    const list = groups.get(token) ?? [];
    list.push(event);
    groups.set(token, list);
  }
  for (const [token, events] of groups)
    for (let i = 0; i < events.length; i += REQUEST_MAX) send(events.slice(i, i + REQUEST_MAX), token);
}

function send(events: TrackActivityEvent[], token: string | null): void {
  try {
    const payload: TrackBody = { events };
    const body = JSON.stringify(payload);
    // A beacon cannot carry the Bearer header, so it is used for anonymous events only.
    if (!token && typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
      if (queued) return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    fetch(ENDPOINT, { method: 'POST', headers, body, keepalive: true })
      .then((res) => {
        if (!res.ok) warn(`status ${res.status}`);
      })
      .catch(warn);
  } catch (err) {
    warn(err);
  }
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('pagehide', () => flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

let lastView: string | null = null;

/**
 * A page_view for every route change: a new path or query (a search for another ticket type is another
 * page). `pathOnly`: query changes are views inside one page (the dashboard's detail views). Used by
 * the main layout and by the pages outside it. Remembering the last view keeps React's development
 * double effects and re-renders from counting twice.
 */
export function usePageViews({ pathOnly = false }: { pathOnly?: boolean } = {}): void {
  const { key, pathname, search } = useLocation();
  const page = pathOnly ? pathname : `${pathname}${search}`;
  useEffect(() => {
    const view = `${key}|${page}`;
    if (view === lastView || (pathOnly && lastView?.endsWith(`|${page}`))) return;
    lastView = view;
    track('page_view', { title: document.title || undefined });
  }, [key, page, pathOnly]);
}
