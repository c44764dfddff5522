/**
 * The dashboard's figures of page views and ticket views read from their hourly roll-ups (migration
 * 0038, decision 076) instead of the events: a week is some 170 rows per action, however busy the
 * shop. The roll-ups are kept by triggers, so a figure read here equals the one counted from the events
 * for any window whose bounds fall on whole UTC hours (queries.ts reads the events for other windows).
 */
import { ACTION } from '@rome/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/limits';
import { estimateDistinct, mergeRegisters } from './visitor-estimate';

/** A span of time: from `since` (included) to `until` (excluded; null: now and on). */
export type Window = { since: Date; until: Date | null };

/** The two actions rolled up by the hour. */
export type HourlyAction = typeof ACTION.page_view | typeof ACTION.ticket_view;

const HOUR_MS = 3_600_000;

/** Whether the window is a run of whole UTC hours, so that its hours' roll-ups are exactly its events. */
export const onWholeHours = (w: Window): boolean =>
  w.since.getTime() % HOUR_MS === 0 && (w.until === null || w.until.getTime() % HOUR_MS === 0);

const hoursWithin = (w: Window): SQL =>
  w.until
    ? sql`hour >= ${w.since.toISOString()}::timestamptz AND hour < ${w.until.toISOString()}::timestamptz`
    : sql`hour >= ${w.since.toISOString()}::timestamptz`;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export type HourlySummary = { views: number; mobile: number; withDevice: number; signedIn: number };

/** The action's events in the window, with their device mix and how many were signed in. */
export async function hourlySummary(db: Db, action: HourlyAction, w: Window): Promise<HourlySummary> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT coalesce(sum(events), 0)::bigint AS views, coalesce(sum(mobile), 0)::bigint AS mobile,
             coalesce(sum(with_device), 0)::bigint AS with_device,
             coalesce(sum(signed_in), 0)::bigint AS signed_in
      FROM activity_hours WHERE action = ${action} AND ${hoursWithin(w)}`),
  );
  return {
    views: num(r?.views),
    mobile: num(r?.mobile),
    withDevice: num(r?.with_device),
    signedIn: num(r?.signed_in),
  };
}

/** The action's events on each calendar day in `timeZone` from `first` to `last` (YYYY-MM-DD). */
export async function hourlyDailyCounts(
  db: Db,
  action: HourlyAction,
  timeZone: string,
  first: SQL,
  last: SQL,
): Promise<{ day: string; n: number; wholeHours: boolean }[]> {
  const result = rowsOf<{ day: string; n: unknown; whole_hours: boolean }>(
    await db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
             (SELECT coalesce(sum(events), 0)::bigint FROM activity_hours
              WHERE action = ${action} AND hour >= d.since AND hour < d.until) AS n,
             extract(epoch FROM d.since)::bigint % 3600 = 0 AND extract(epoch FROM d.until)::bigint % 3600 = 0
               AS whole_hours
      FROM (SELECT day, (day::timestamp AT TIME ZONE ${timeZone}) AS since,
                   ((day + 1)::timestamp AT TIME ZONE ${timeZone}) AS until
            FROM (SELECT (${first} + i) AS day
                  FROM generate_series(0, ${last} - ${first}) AS i) days) d
      ORDER BY d.day`),
  );
  return result.map((r) => ({ day: String(r.day), n: num(r.n), wholeHours: Boolean(r.whole_hours) }));
}

/** The ticket viewed most in the window (its label as the events name it), null when none. */
export async function hourlyTopLabel(db: Db, w: Window): Promise<{ label: string; views: number } | null> {
  const [r] = rowsOf<{ label: string; n: unknown }>(
    await db.execute(sql`
      SELECT label, sum(events)::bigint AS n FROM activity_hours
      WHERE action = ${ACTION.ticket_view} AND ${hoursWithin(w)} AND label <> ''
      GROUP BY 1 HAVING sum(events) > 0 ORDER BY 2 DESC, 1 LIMIT 1`),
  );
  return r ? { label: String(r.label), views: num(r.n) } : null;
}

/**
 * Distinct visitors of the action in the window, estimated from its hours' registers. A week is 168
 * rows of 16 KB: they come as base64 text, which Node decodes natively, where the embedded database's
 * driver parsed raw bytea in JavaScript (a week's registers took 256 ms as bytea, 53 ms as base64).
 */
export async function estimatedVisitors(db: Db, action: HourlyAction, w: Window): Promise<number> {
  const list = rowsOf<{ registers: string }>(
    await db.execute(sql`
      SELECT encode(registers, 'base64') AS registers FROM activity_hour_visitors
      WHERE action = ${action} AND ${hoursWithin(w)}`),
  );
  return estimateDistinct(mergeRegisters(list.map((r) => Buffer.from(r.registers, 'base64'))));
}
