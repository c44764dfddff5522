/**
 * The dashboard's one clock, its period and the activity log's filters (decision 037), kept in the
 * address (?period=7d&clock=rome&action=login...) so a view can be shared, reloaded and gone back to.
 *
 * The clock is Rome's unless the superuser picks the spec's display zone (Asia/Dhaka by default): every
 * time and day on the page, the activity tables' and the agents' and keys' tables alike, is read in it.
 */
import {
  ACTIVITY_ACTION_NAMES,
  type ActivityAction,
  ANALYTICS_PERIODS,
  type AnalyticsClock,
  type AnalyticsPeriod,
  addDays,
  isRomeDate,
  ROME_TZ,
} from '@rome/contract';
import { createContext, useContext } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE, formatActivityTime } from './format';

export type PeriodChoice = AnalyticsPeriod | 'custom';

export type DashboardFilters = {
  period: PeriodChoice;
  /** The custom period's days (YYYY-MM-DD), as typed. */
  customFrom: string;
  customTo: string;
  clock: AnalyticsClock;
  action: ActivityAction | '';
  user: string;
  q: string;
};

/** What the calls are asked: the period's days (none: all time) and the clock. */
export type PeriodParams = { from?: string; to?: string; clock: AnalyticsClock };

const isPeriod = (v: string | null): v is AnalyticsPeriod =>
  (ANALYTICS_PERIODS as readonly (string | null)[]).includes(v);
const isAction = (v: string | null): v is ActivityAction =>
  (ACTIVITY_ACTION_NAMES as readonly (string | null)[]).includes(v);

/** Reads the filters from the address; anything unknown falls back to its default. */
export function filtersFrom(params: URLSearchParams): DashboardFilters {
  const period = params.get('period');
  return {
    period: period === 'custom' || isPeriod(period) ? period : 'all',
    customFrom: params.get('from') ?? '',
    customTo: params.get('to') ?? '',
    clock: params.get('clock') === 'display' ? 'display' : 'rome',
    action: isAction(params.get('action')) ? (params.get('action') as ActivityAction) : '',
    user: params.get('user') ?? '',
    q: params.get('q') ?? '',
  };
}

/** Today's calendar day in a zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The zone a clock reads in: Rome, or the display zone the server named (the spec's default). */
export const zoneOf = (clock: AnalyticsClock, displayZone: string | undefined): string =>
  clock === 'rome' ? ROME_TZ : displayZone || DEFAULT_TIME_ZONE;

/**
 * The days a period covers, today being today in the clock's zone: 'today' one day, '7d' and '30d' the
 * last 7 or 30 days with today, 'all' no bounds; a custom period its two days when both are dates (one
 * missing: open on that side).
 */
export function periodParams(f: DashboardFilters, timeZone: string, now = new Date()): PeriodParams {
  const today = todayIn(timeZone, now);
  const days = { today: 1, '7d': 7, '30d': 30 } as const;
  if (f.period === 'all') return { clock: f.clock };
  if (f.period === 'custom') {
    return {
      clock: f.clock,
      ...(isRomeDate(f.customFrom) ? { from: f.customFrom } : {}),
      ...(isRomeDate(f.customTo) ? { to: f.customTo } : {}),
    };
  }
  return { clock: f.clock, from: addDays(today, 1 - days[f.period]), to: today };
}

/** The filters of the address and a setter that changes some and keeps the rest (and the metric). */
export function useDashboardFilters(): [DashboardFilters, (change: Partial<DashboardFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersFrom(params);
  const set = (change: Partial<DashboardFilters>) => {
    const next = { ...filters, ...change };
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        const put = (key: string, value: string, fallback = '') =>
          value && value !== fallback ? p.set(key, value) : p.delete(key);
        put('period', next.period, 'all');
        put('from', next.period === 'custom' ? next.customFrom : '');
        put('to', next.period === 'custom' ? next.customTo : '');
        put('clock', next.clock, 'rome');
        put('action', next.action);
        put('user', next.user);
        put('q', next.q);
        return p;
      },
      // The view's own history entry: the detail view's Back still knows it came from the dashboard.
      { replace: true, state: location.state },
    );
  };
  return [filters, set];
}

/** The page's clock, for every table that shows a time: the zone, its name, and its short name for headers. */
export type Clock = { timeZone: string; label: string; short: string };
export const clockLabel = (clock: AnalyticsClock, timeZone: string): string =>
  clock === 'rome' ? 'Rome time' : `${timeZone} (the spec's display)`;
export const clockShort = (clock: AnalyticsClock, timeZone: string): string =>
  clock === 'rome' ? 'Rome' : timeZone;
export const ClockContext = createContext<Clock>({ timeZone: ROME_TZ, label: 'Rome time', short: 'Rome' });
export const useClock = (): Clock => useContext(ClockContext);

/**
 * A shop record's time (a key made, a device last seen) in the page's clock, with the clock named
 * ('28 Nov 2026, 14:05:09 (Rome)'); null stays null.
 */
export function useClockTime(): (iso: string | null) => string | null {
  const { timeZone, short } = useClock();
  return (iso) => (iso ? `${formatActivityTime(iso, timeZone)} (${short})` : null);
}

/** A time in the page's clock for a table whose header names the clock; null stays null. */
export function useClockCell(): (iso: string | null) => string | null {
  const { timeZone } = useClock();
  return (iso) => (iso ? formatActivityTime(iso, timeZone) : null);
}
