/**
 * Tells every instance of the shop that something it keeps in memory changed. On PostgreSQL a
 * dedicated connection LISTENs on one channel and `notify(topic)` sends a NOTIFY that every instance
 * (this one included) receives; on PGlite there is one process, so a change is only local.
 *
 * `broadcasting(topic, cache)` wraps a cache with `invalidate()` (the catalogue, the site cache): the
 * callers keep calling `invalidate()`, which clears this instance at once and tells the others.
 * The listening connection comes back by itself after an error (a database restart); notifications
 * sent while it was away are lost, so on reconnecting every topic is invalidated here.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';

export const CHANGE_CHANNEL = 'rome_shop_changes';

export type ChangeFeed = {
  /** Runs `handler` when any instance notifies `topic` (and after a reconnect). */
  on(topic: string, handler: () => void): void;
  /**
   * Runs `handler(rest)` when any instance notifies a topic starting with `prefix` (e.g. 'user:' and
   * 'user:<id>' gives the id), and `handler(null)` after a reconnect: forget everything.
   */
  onPrefix(prefix: string, handler: (rest: string | null) => void): void;
  /** True when a change made elsewhere reaches this instance (PGlite: one process; else listening). */
  live(): boolean;
  /** Tells every other instance that `topic` changed (this one is told directly by the caller). */
  notify(topic: string): void;
  /** Resolves when the notifications sent so far have reached the database. */
  flush(): Promise<void>;
  /** Wraps a cache so that its `invalidate()` clears it on every instance. */
  broadcasting<T extends { invalidate(): void }>(topic: string, cache: T): T;
  /** Connects the listener (PostgreSQL); failures are retried in the background. */
  start(): Promise<void>;
  close(): Promise<void>;
};

const RECONNECT_MIN_MS = 250;
const ECHO_WAIT_MS = 1000;
const RECONNECT_MAX_MS = 5000;

export function createChangeFeed(opts: { database: Database; log: FastifyBaseLogger }): ChangeFeed {
  const { database, log } = opts;
  /** This process's tag on its own notifications, so it does not act on them twice. */
  const origin = randomBytes(6).toString('hex');
  const handlers = new Map<string, Set<() => void>>();
  const prefixHandlers: { prefix: string; handler: (rest: string | null) => void }[] = [];
  const pending = new Set<Promise<unknown>>();
  /** Own notifications awaiting their echo on the listener (see notify). */
  const echoes = new Map<string, () => void>();
  let sequence = 0;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;
  let closed = false;
  let connectedBefore = false;

  const run = (topic: string) => {
    for (const h of handlers.get(topic) ?? []) h();
    for (const p of prefixHandlers) if (topic.startsWith(p.prefix)) p.handler(topic.slice(p.prefix.length));
  };

  function scheduleReconnect() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  }

  async function connect(): Promise<void> {
    if (closed || !database.pool) return;
    const c = new pg.Client({ ...database.pool.options, connectionTimeoutMillis: 5000 } as pg.ClientConfig);
    let dropped = false;
    const drop = (reason: string) => {
      if (dropped) return;
      dropped = true;
      if (client === c) client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (!closed) {
        log.warn({ reason }, 'change feed: listener connection lost, reconnecting');
        scheduleReconnect();
      }
    };
    c.on('error', (err) => drop(String((err as any)?.code ?? err.message)));
    c.on('end', () => drop('connection ended'));
    c.on('notification', (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      // Payload: "<origin>:<sequence>:<topic>".
      const [from, seq, ...rest] = msg.payload.split(':');
      if (from === origin) echoes.get(seq)?.();
      else run(rest.join(':'));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err: any) {
      drop(String(err?.code ?? err?.message ?? err));
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = RECONNECT_MIN_MS;
    // Whatever changed while nobody listened is unknown here: start every cache afresh.
    if (connectedBefore) {
      for (const topic of handlers.keys()) run(topic);
      for (const p of prefixHandlers) p.handler(null);
    }
    connectedBefore = true;
  }

  const feed: ChangeFeed = {
    on(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
    },
    onPrefix(prefix, handler) {
      prefixHandlers.push({ prefix, handler });
    },
    live() {
      return database.kind !== 'postgres' || (client !== null && !closed);
    },
    notify(topic) {
      if (!database.pool || closed) return;
      const seq = String(++sequence);
      // Done when this instance's own listener hears the notification back: PostgreSQL has then handed
      // it to every listening instance (bounded, in case the listener is away).
      const echoed = new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ECHO_WAIT_MS);
        echoes.set(seq, () => {
          clearTimeout(t);
          resolve();
        });
      });
      const sent = database.pool
        .query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, `${origin}:${seq}:${topic}`])
        .then(() => (client ? echoed : undefined))
        .catch((err) =>
          log.warn({ topic, reason: String(err?.code ?? err?.message) }, 'change feed: notify failed'),
        )
        .finally(() => {
          echoes.get(seq)?.();
          echoes.delete(seq);
          pending.delete(sent);
        });
      pending.add(sent);
    },
    async flush() {
      if (pending.size) await Promise.all([...pending]);
    },
    broadcasting(topic, cache) {
      const clearHere = cache.invalidate.bind(cache);
      feed.on(topic, clearHere);
      return {
        ...cache,
        invalidate() {
          clearHere();
          feed.notify(topic);
        },
      };
    },
    async start() {
      if (database.kind === 'postgres') await connect();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await feed.flush();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
  return feed;
}

/**
 * One notification from a process that keeps no cache of its own (the admin CLI): every running
 * instance acts on `topic` as if one of them had sent it. Nothing to do on PGlite (one process).
 */
export async function notifyChange(database: Database, topic: string): Promise<void> {
  if (!database.pool) return;
  const origin = `cli-${randomBytes(6).toString('hex')}`;
  await database.pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, `${origin}:1:${topic}`]);
}
