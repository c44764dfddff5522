/**
 * Activity tracking: browsers' events, parsed by track-activity's contract entry, are given the
 * server's view of who and where, and written in batches (one INSERT for many requests), so track-activity answers at once and the database
 * sees a few statements a second however busy the shop is. Also: the per-address rate limit and the
 * retention job.
 */
import { createHash } from 'node:crypto';
import { TRACK_CLOCK_SKEW_MS, type TrackedEvent, trackDetails } from '@rome/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { activityEvents } from '../../db/schema';
import { anonymiseIp, createGeoLocator, type GeoLocator, normaliseIp } from '../../lib/ip';

type Log = { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
export type ActivityRow = typeof activityEvents.$inferInsert;

export type IngestContext = {
  ip: string | undefined;
  userAgent: string | undefined;
  user: { id: string; email: string } | null;
  now?: Date;
};

function clampTimestamp(value: unknown, now: Date): Date {
  if (value === null || value === undefined || value === '') return now;
  const t = typeof value === 'number' ? value : Date.parse(String(value));
  if (!Number.isFinite(t) || Math.abs(t - now.getTime()) > TRACK_CLOCK_SKEW_MS) return now;
  return new Date(t);
}

/**
 * One INSERT for a whole batch, each column sent as one array parameter (unnest): 17 parameters
 * whatever the batch size, cheap to build here and to parse in the database.
 */
async function insertRows(db: Db, batch: ActivityRow[]): Promise<void> {
  const col = <T>(pick: (r: ActivityRow) => T) => sql.param(batch.map(pick));
  await db.execute(sql`
    INSERT INTO activity_events (occurred_at, action, source, user_id, user_email, page, full_url, ip_address,
      country, country_code, city, region, user_agent, screen_resolution, device, amount_cents, status, details)
    SELECT occurred_at, action, source, user_id, user_email, page, full_url, ip_address, country, country_code,
      city, region, user_agent, screen_resolution, device, amount_cents, status, details::jsonb
    FROM unnest(
      ${col((r) => (r.occurredAt as Date).toISOString())}::timestamptz[], ${col((r) => r.action)}::text[],
      ${col((r) => r.source ?? 'client')}::text[], ${col((r) => r.userId ?? null)}::uuid[],
      ${col((r) => r.userEmail ?? null)}::text[], ${col((r) => r.page ?? null)}::text[],
      ${col((r) => r.fullUrl ?? null)}::text[], ${col((r) => r.ipAddress ?? null)}::text[],
      ${col((r) => r.country ?? null)}::text[], ${col((r) => r.countryCode ?? null)}::text[],
      ${col((r) => r.city ?? null)}::text[], ${col((r) => r.region ?? null)}::text[],
      ${col((r) => r.userAgent ?? null)}::text[], ${col((r) => r.screenResolution ?? null)}::text[],
      ${col((r) => r.device ?? null)}::text[], ${col((r) => r.amountCents ?? null)}::int[],
      ${col((r) => r.status ?? null)}::text[],
      ${col((r) => (r.details == null ? null : JSON.stringify(r.details)))}::text[]
    ) AS t(occurred_at, action, source, user_id, user_email, page, full_url, ip_address, country, country_code,
           city, region, user_agent, screen_resolution, device, amount_cents, status, details)`);
}

export type ActivityService = {
  geo: GeoLocator;
  /** Locates and queues parsed events; resolves once they are queued (not yet written). */
  ingest(events: TrackedEvent[], ctx: IngestContext): Promise<number>;
  /** Counts events against the address's limit; false when over it. */
  allow(ip: string, events: number): boolean;
  /** Writes everything queued now. */
  flush(): Promise<void>;
  /** One retention pass; resolves to the number of events deleted. */
  purgeExpired(now?: Date): Promise<number>;
  start(): void;
  close(): Promise<void>;
};

export type ActivityOptions = {
  db: Db;
  config: Config;
  log: Log;
  /** Events per address per minute (across instances, via rate_limits); default from the config. */
  ratePerMinute?: number;
  flushIntervalMs?: number;
  maxBatchRows?: number;
  /** Queue bound while the database is slow or away: beyond it new events are dropped. */
  maxQueuedRows?: number;
  retentionIntervalMs?: number;
  retentionBatchRows?: number;
};

export function createActivityService(opts: ActivityOptions): ActivityService {
  const { db, config, log } = opts;
  const ratePerMinute = opts.ratePerMinute ?? config.analytics.eventsPerAddressPerMinute;
  const flushIntervalMs = opts.flushIntervalMs ?? 200;
  const maxBatchRows = opts.maxBatchRows ?? 500;
  const maxQueuedRows = opts.maxQueuedRows ?? 20_000;
  const retentionIntervalMs = opts.retentionIntervalMs ?? 60 * 60 * 1000;
  const retentionBatchRows = opts.retentionBatchRows ?? 5_000;
  const geo = createGeoLocator(config.analytics.geoipDbPaths, log);

  let queue: ActivityRow[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | null = null;
  let retentionTimer: NodeJS.Timeout | null = null;
  let closed = false;

  // Rate limit: a fixed one-minute window per address kept in memory (the fast pre-filter), and the
  // same counts added to the shared rate_limits table at each flush, so the limit holds across
  // instances a flush late.
  const windowMs = 60_000;
  const local = new Map<string, { start: number; count: number; blockedUntil: number }>();
  const pendingCounts = new Map<string, number>();
  const rateKey = (ip: string) => `track:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;

  function allow(ip: string, events: number): boolean {
    const now = Date.now();
    let w = local.get(ip);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0, blockedUntil: w?.blockedUntil ?? 0 };
      local.set(ip, w);
    }
    if (w.blockedUntil > now) return false;
    if (w.count + events > ratePerMinute) return false;
    w.count += events;
    pendingCounts.set(ip, (pendingCounts.get(ip) ?? 0) + events);
    return true;
  }

  async function syncRateLimits(): Promise<void> {
    if (!pendingCounts.size) return;
    const ips = [...pendingCounts.keys()];
    const counts = ips.map((ip) => pendingCounts.get(ip)!);
    pendingCounts.clear();
    const keys = ips.map(rateKey);
    const result = await db.execute<{ key: string; count: number; retry: number }>(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      SELECT k, n, now() + interval '60 seconds'
      FROM unnest(${`{${keys.join(',')}}`}::text[], ${`{${counts.join(',')}}`}::int[]) AS t(k, n)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.reset_at <= now() THEN excluded.count
                     ELSE rate_limits.count + excluded.count END,
        reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
      RETURNING key, count, CEIL(EXTRACT(EPOCH FROM (reset_at - now())))::int AS retry`);
    const rows: { key: string; count: number; retry: number }[] = (result as any).rows ?? result;
    const byKey = new Map(rows.map((r) => [r.key, r]));
    ips.forEach((ip, i) => {
      const r = byKey.get(keys[i]);
      if (r && Number(r.count) > ratePerMinute) {
        const w = local.get(ip);
        if (w) w.blockedUntil = Date.now() + Math.max(1, Number(r.retry)) * 1000;
      }
    });
  }

  async function writeQueued(): Promise<void> {
    while (queue.length) {
      const batch = queue.slice(0, maxBatchRows);
      queue = queue.slice(batch.length);
      try {
        await insertRows(db, batch);
      } catch (err) {
        log.error({ err, events: batch.length }, 'activity events could not be stored');
      }
    }
    try {
      await syncRateLimits();
    } catch (err) {
      log.warn({ err }, 'tracking rate limit counts could not be stored');
    }
    // Forget windows that ended a while ago.
    const now = Date.now();
    if (local.size > 1000)
      for (const [ip, w] of local) if (now - w.start >= windowMs && w.blockedUntil <= now) local.delete(ip);
  }

  function flush(): Promise<void> {
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = null;
    }
    flushing = flushing.then(writeQueued);
    return flushing;
  }

  function schedule() {
    if (queue.length >= maxBatchRows) void flush();
    else if (!flushTimer && !closed) {
      flushTimer = setTimeout(() => {
        flushTimer = null;
        void flush();
      }, flushIntervalMs);
      flushTimer.unref?.();
    }
  }

  async function ingest(events: TrackedEvent[], ctx: IngestContext): Promise<number> {
    const now = ctx.now ?? new Date();
    const ip = normaliseIp(ctx.ip);
    const rows: ActivityRow[] = events.map((e) => ({
      occurredAt: clampTimestamp(e.timestamp, now),
      action: e.action,
      source: 'client' as const,
      userId: ctx.user?.id ?? null,
      userEmail: ctx.user?.email ?? null,
      page: e.page ?? null,
      fullUrl: e.fullUrl ?? null,
      userAgent: e.userAgent ?? ctx.userAgent?.slice(0, 512) ?? null,
      screenResolution: e.screenResolution ?? null,
      device: e.device ?? null,
      // A browser cannot report a payment: no amount and no status are taken from it.
      amountCents: null,
      status: null,
      details: trackDetails(e),
    }));
    const where = await geo.locate(ip);
    const storedIp = ip && config.analytics.anonymizeIp ? anonymiseIp(ip) : ip;
    for (const r of rows) {
      r.ipAddress = storedIp;
      r.country = where.country;
      r.countryCode = where.countryCode;
      r.city = where.city;
      r.region = where.region;
    }
    if (queue.length + rows.length > maxQueuedRows) {
      log.warn({ dropped: rows.length }, 'activity queue full: events dropped');
      return 0;
    }
    queue.push(...rows);
    schedule();
    return rows.length;
  }

  async function purgeExpired(now = new Date()): Promise<number> {
    const days = config.analytics.retentionDays;
    if (!days) return 0;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    let total = 0;
    for (;;) {
      // Small batches on the occurred_at index: short locks, no long transaction.
      const result = await db.execute(sql`
        DELETE FROM activity_events WHERE id IN (
          SELECT id FROM activity_events WHERE occurred_at < ${cutoff.toISOString()}::timestamptz
          ORDER BY occurred_at LIMIT ${retentionBatchRows})`);
      const n = Number((result as any).rowCount ?? (result as any).affectedRows ?? 0);
      total += n;
      if (n < retentionBatchRows || closed) break;
    }
    // The visitor registers of hours wholly before the cutoff (their counts went with their events, by
    // trigger; registers cannot be lowered, so an hour's go at once: migration 0038).
    await db.execute(sql`
      DELETE FROM activity_hour_visitors
      WHERE hour < date_trunc('hour', ${cutoff.toISOString()}::timestamptz, 'UTC')`);
    return total;
  }

  let purging: Promise<unknown> = Promise.resolve();
  function runRetention() {
    purging = purgeExpired().catch((err) => log.warn({ err }, 'activity retention pass failed'));
  }

  return {
    geo,
    ingest,
    allow,
    flush,
    purgeExpired,
    start() {
      if (config.env !== 'test') geo.warm();
      if (config.analytics.retentionDays > 0 && !retentionTimer) {
        // First pass a little after start, then on the interval.
        retentionTimer = setTimeout(function tick() {
          runRetention();
          retentionTimer = setTimeout(tick, retentionIntervalMs);
          retentionTimer.unref?.();
        }, 5_000);
        retentionTimer.unref?.();
      }
    },
    async close() {
      closed = true;
      if (retentionTimer) clearTimeout(retentionTimer);
      retentionTimer = null;
      await flush();
      await purging;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    activity: ActivityService;
  }
}
