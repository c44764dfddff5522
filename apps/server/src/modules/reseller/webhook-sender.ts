/**
 * The webhook sender: the mail outbox's way (decision 033) for resellers' webhooks (decision 056).
 * Every instance runs it; each delivery is claimed one at a time under a token of its own
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL; the embedded database has one process), so two instances
 * never POST one delivery at once, and a sender killed mid-try leaves a claim that runs out and is
 * taken over. A delivery waits while an earlier one of the same booking (or slot) to the same webhook
 * is still pending: a receiver gets a booking's events in the order they happened.
 *
 * A 2xx answer delivers; anything else (an error status, a refused connection, a timeout) is tried
 * again after an exponential, jittered wait, until WEBHOOK_GIVE_UP_HOURS after the event, then the
 * delivery is marked failed. Every try is logged in `webhook_attempts` (status, duration, error).
 * At least once, with the same event id on every try: a receiver drops what it has seen.
 */

import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { romeLocalIso } from '@rome/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders, packages, resellers, slots, webhookAttempts, webhookSubscriptions } from '../../db/schema';
import { repeatEvery } from '../../lib/timing';
import { availabilities } from './availability';
import { toBooking } from './bookings';
import { OPTION_ID } from './products';
import {
  EVENT_HEADER,
  EVENT_ID_HEADER,
  isInternalAddress,
  SIGNATURE_HEADER,
  signatureHeader,
  webhookSecret,
} from './webhooks';

export type SenderDeps = {
  db: Db;
  config: Pick<Config, 'env' | 'jwtSecret' | 'publicUrl' | 'holdMinutes' | 'webhooks'>;
  log?: FastifyBaseLogger;
  /** The clock for backoff (tests); the database's `now()` decides what is due. */
  random?: () => number;
};

const rowsOf = (result: any): any[] => result.rows ?? result;

/** How long a claim lasts: longer than one try can (the POST's timeout), so no two senders overlap. */
const claimMs = (deps: SenderDeps) => deps.config.webhooks.timeoutMs * 2 + deps.config.webhooks.claimMarginMs;

/**
 * The wait before try `attempts + 1`: base * 2^(attempts-1), at most max, then between half and all
 * of it (jitter spreads the retries of many deliveries that failed together).
 */
export function backoffMs(attempts: number, base: number, max: number, random = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * random());
}

type Claimed = {
  id: string;
  event_id: string;
  subscription_id: string;
  event: 'booking_update' | 'availability_update';
  action: string;
  order_id: string | null;
  slot_id: string | null;
  package_id: number | null;
  body: string | null;
  attempts: number;
  claim_token: string;
  created_at: Date | string;
  requeued_at: Date | string | null;
};

/** Claims the next due delivery for this sender, or null. */
export async function claimDelivery(db: Db, ms: number): Promise<Claimed | null> {
  const result = await db.execute(sql`
    UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => ${ms / 1000}),
      attempts = attempts + 1, claim_token = gen_random_uuid()
    WHERE id IN (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.next_attempt_at <= now()
        AND (d.locked_until IS NULL OR d.locked_until <= now())
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries e
          WHERE e.subscription_id = d.subscription_id AND e.order_key = d.order_key
            AND e.status = 'pending' AND e.seq < d.seq)
      ORDER BY d.next_attempt_at, d.seq
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, event_id, subscription_id, event, action, order_id, slot_id, package_id, body, attempts,
      claim_token, created_at, requeued_at`);
  const [row] = rowsOf(result);
  return row ? ({ ...row, attempts: Number(row.attempts) } as Claimed) : null;
}

/** The event's JSON, OCTO's webhook payload: the webhook, and the booking or availability as GET shows it. */
async function render(deps: SenderDeps, d: Claimed, hook: typeof webhookSubscriptions.$inferSelect) {
  const { db } = deps;
  const caps = {
    pricing: hook.capabilities.includes('octo/pricing'),
    content: hook.capabilities.includes('octo/content'),
    packages: hook.capabilities.includes('octo/packages'),
    offers: hook.capabilities.includes('octo/offers'),
    redemption: false,
  };
  const head = {
    id: d.event_id,
    event: d.event,
    action: d.action,
    createdAt: new Date(d.created_at).toISOString(),
    webhook: { id: hook.id, event: hook.event, url: hook.url, capabilities: hook.capabilities },
  };
  const now = new Date();
  if (d.event === 'booking_update') {
    const [order] = await db.select().from(orders).where(eq(orders.id, d.order_id!));
    const [reseller] = await db.select().from(resellers).where(eq(resellers.id, hook.resellerId));
    const ctx = {
      db,
      reseller,
      caps,
      publicUrl: deps.config.publicUrl,
      holdMinutes: deps.config.holdMinutes,
      ticketSecret: deps.config.jwtSecret,
      testMode: deps.config.env !== 'production',
    };
    return JSON.stringify({ ...head, booking: await toBooking(ctx, order, now) });
  }
  const [slot] = await db.select().from(slots).where(eq(slots.id, d.slot_id!));
  const [pkg] = await db.select().from(packages).where(eq(packages.id, d.package_id!));
  const id = slot ? romeLocalIso(slot.startsAt) : null;
  const found =
    slot && pkg
      ? (await availabilities(db, pkg, { availabilityIds: [id!] }, caps, now).catch(() => [])).find(
          (a) => a.id === id,
        )
      : undefined;
  // A slot gone or past is closed; the reseller's next availability call says the same.
  const availability = found ?? { id, status: 'CLOSED', available: false, vacancies: 0 };
  return JSON.stringify({
    ...head,
    availability: { productId: pkg?.packageTag ?? null, optionId: OPTION_ID, ...availability },
  });
}

/** In production a webhook's host must resolve to public addresses at the moment of the call too. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => isInternalAddress(a.address));
    if (bad || list.length === 0)
      return callback(new Error('the host resolves to an internal address'), '', 0);
    if ((options as { all?: boolean }).all) return (callback as any)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

type PostResult = { status: number | null; error: string | null };

/** One POST, no redirects followed, given up after `timeoutMs`. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  production: boolean,
): Promise<PostResult> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      u,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: timeoutMs,
        ...(production ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        // The answer's body is not read beyond draining it: nothing in it is kept.
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', () => resolve({ status: res.statusCode ?? null, error: null }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: null, error: (err.code ? `${err.code}: ` : '') + err.message.slice(0, 200) }),
    );
    req.end(body);
  });
}

/** Where a try ended: written only while this sender's claim still holds the delivery. */
async function finish(
  deps: SenderDeps,
  d: Claimed,
  r: PostResult & { durationMs: number; body?: string; giveUp?: boolean },
): Promise<'delivered' | 'retry' | 'failed' | 'lost'> {
  const { db, config } = deps;
  const ok = r.status !== null && r.status >= 200 && r.status < 300;
  const error = ok ? null : (r.error ?? `HTTP ${r.status}`);
  await db.insert(webhookAttempts).values({
    deliveryId: d.id,
    statusCode: r.status,
    durationMs: r.durationMs,
    error,
  });
  const wait = backoffMs(d.attempts, config.webhooks.retryBaseMs, config.webhooks.retryMaxMs, deps.random);
  // A delivery put back in line by `webhooks:retry` gets its whole time again from then.
  const from = new Date(d.requeued_at ?? d.created_at).getTime();
  const giveUpAt = new Date(from + config.webhooks.giveUpHours * 3_600_000);
  const final = !ok && (r.giveUp || Date.now() + wait > giveUpAt.getTime());
  const status = ok ? 'delivered' : final ? 'failed' : 'pending';
  const result = await db.execute(sql`
    UPDATE webhook_deliveries SET
      status = ${status},
      body = coalesce(body, ${r.body ?? null}),
      delivered_at = ${ok ? sql`now()` : sql`NULL`},
      next_attempt_at = now() + make_interval(secs => ${wait / 1000}),
      locked_until = NULL, last_status = ${r.status}, last_error = ${error}
    WHERE id = ${d.id} AND claim_token = ${d.claim_token} RETURNING id`);
  if (rowsOf(result).length === 0) return 'lost';
  return ok ? 'delivered' : final ? 'failed' : 'retry';
}

/** Claims and tries one delivery; answers what became of it, or null when nothing is due. */
export async function deliverOne(deps: SenderDeps) {
  const { db, config } = deps;
  const d = await claimDelivery(db, claimMs(deps));
  if (!d) return null;
  const [hook] = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, d.subscription_id));
  const secret = hook ? webhookSecret(config.jwtSecret, hook) : null;
  if (!hook || hook.deletedAt || !secret) {
    await finish(deps, d, {
      status: null,
      error: !hook || hook.deletedAt ? 'webhook deleted' : 'secret unreadable (server secret changed)',
      durationMs: 0,
      giveUp: true,
    });
    return 'failed' as const;
  }
  // The body is made once, at the first try, and sent unchanged on every retry.
  let body = d.body;
  let fresh: string | undefined;
  if (body === null) {
    try {
      body = fresh = await render(deps, d, hook);
    } catch (err) {
      deps.log?.warn({ err: (err as Error).message, delivery: d.id }, 'webhook payload could not be made');
      return finish(deps, d, { status: null, error: 'payload could not be made', durationMs: 0 });
    }
  }
  const t = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const r = await post(
    hook.url,
    body,
    {
      [SIGNATURE_HEADER]: signatureHeader(secret, body, t),
      [EVENT_ID_HEADER]: d.event_id,
      [EVENT_HEADER]: d.event,
      'user-agent': 'RomeBusTickets-Webhooks/1',
    },
    config.webhooks.timeoutMs,
    config.env === 'production',
  );
  return finish(deps, d, { ...r, durationMs: Math.round(performance.now() - started), body: fresh });
}

/** Delivers what is due until nothing is (at most `max` tries); answers how many were tried. */
export async function drainWebhooks(deps: SenderDeps, max = 200): Promise<number> {
  let n = 0;
  while (n < max && (await deliverOne(deps)) !== null) n++;
  return n;
}

/** The shop's own sender: a pass every `everyMs`, one at a time per instance. */
export function startWebhookSender(deps: SenderDeps, everyMs: number): { stop(): Promise<void> } {
  return repeatEvery(everyMs, () =>
    drainWebhooks(deps).catch((err) =>
      deps.log?.warn({ err: (err as Error).message }, 'webhook pass failed'),
    ),
  );
}
