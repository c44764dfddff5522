/**
 * Resellers' webhooks (decision 056): a key holder registers a URL for one of OCTO's webhook events
 * (`booking_update`, `availability_update`, the names of OCTO's octo/webhooks capability), and the shop
 * POSTs each change there, signed with a secret the reseller was shown once. The events themselves are
 * written by the database in the transaction that made the change (migration 0023); the sender
 * (webhook-sender.ts) delivers them.
 *
 * Signing is Stripe's scheme: header `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`; a receiver recomputes the HMAC over the raw body with its secret, compares in
 * constant time, and refuses a `t` more than REPLAY_WINDOW_SECONDS from its clock
 * (`verifyWebhookSignature` is that check, docs/octo.md shows it for receivers).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  resellers,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  webhookAttempts,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema';
import { isPrivateIp, normaliseIp } from '../../lib/ip';
import { openSealed, seal } from '../../lib/sealed';
import { badRequest, OctoError } from './errors';

export type WebhookRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const SIGNATURE_HEADER = 'webhook-signature';
export const EVENT_ID_HEADER = 'webhook-id';
export const EVENT_HEADER = 'webhook-event';
/** A signature older (or newer) than this is refused by the receiver: a captured request replays no later. */
export const REPLAY_WINDOW_SECONDS = 300;
/** Webhooks one key may have at once. */
export const MAX_WEBHOOKS_PER_KEY = 20;
const MAX_URL_LENGTH = 2000;
const SECRET_PREFIX = 'whsec_';
/** The HKDF purpose webhook secrets are sealed under (lib/sealed.ts). */
const SEALED_AS = 'webhook-secret';

export const isWebhookEvent = (v: unknown): v is WebhookEvent =>
  typeof v === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(v);

// ---- signing ----

const hmacHex = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The signature header's value for `body`, sent at unix second `t`. */
export const signatureHeader = (secret: string, body: string, t: number): string =>
  `t=${t},v1=${hmacHex(secret, t, body)}`;

export type Verification =
  | { ok: true; t: number }
  | { ok: false; reason: 'malformed' | 'signature' | 'too_old' };

/**
 * A receiver's check: the header's `t` and any of its `v1` signatures over `t.body` with `secret`
 * (compared in constant time), and `t` within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = REPLAY_WINDOW_SECONDS,
): Verification {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const sigs = parts.filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? '')).map(([, v]) => v);
  if (!Number.isInteger(t) || sigs.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(hmacHex(secret, t, body), 'hex');
  if (!sigs.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected)))
    return { ok: false, reason: 'signature' };
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return { ok: false, reason: 'too_old' };
  return { ok: true, t };
}

// ---- where a webhook may point ----

/** True for an address the shop must not call in production (an IPv4-mapped IPv6 by its IPv4). */
export const isInternalAddress = (ip: string): boolean => isPrivateIp(normaliseIp(ip) ?? '');

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The URL a webhook may have: https; http only to this machine and only outside production (a
 * receiver under test). No credentials in it (the signature authenticates the shop). In production its
 * host must resolve to public addresses only, checked again on every delivery (webhook-sender.ts).
 */
export async function checkWebhookUrl(raw: unknown, production: boolean): Promise<string> {
  if (typeof raw !== 'string' || raw.length === 0) throw badRequest('url: a webhook URL is required');
  if (raw.length > MAX_URL_LENGTH) throw badRequest(`url: at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url: not a valid URL');
  }
  if (url.username || url.password)
    throw badRequest('url: no credentials in the URL (every request is signed)');
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol === 'http:') {
    if (production || !local) throw badRequest('url: https is required');
  } else if (url.protocol !== 'https:') throw badRequest('url: https is required');
  if (production) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : await lookup(host, { all: true }).then(
          (r) => r.map((a) => a.address),
          () => [],
        );
    if (addresses.length === 0) throw badRequest('url: the host does not resolve');
    if (local || addresses.some(isInternalAddress))
      throw badRequest('url: the host is a private or internal address');
  }
  url.hash = '';
  return url.toString();
}

// ---- subscriptions ----

/** OCTO's webhook object, as every webhook call answers it. */
export const webhookInfo = (w: WebhookRow) => ({
  id: w.id,
  event: w.event,
  url: w.url,
  capabilities: w.capabilities,
  createdAt: w.createdAt.toISOString(),
});

export type NewWebhook = { url: unknown; event: unknown; capabilities: string[] };

/** Registers a webhook; answers it and its signing secret (never shown again). */
export async function createWebhook(
  db: Db,
  serverSecret: string,
  resellerId: string,
  input: NewWebhook,
  production: boolean,
): Promise<{ webhook: WebhookRow; secret: string }> {
  if (!isWebhookEvent(input.event)) throw badRequest(`event: one of ${WEBHOOK_EVENTS.join(', ')}`);
  const url = await checkWebhookUrl(input.url, production);
  const live = await listWebhooks(db, resellerId);
  if (live.length >= MAX_WEBHOOKS_PER_KEY)
    throw badRequest(`At most ${MAX_WEBHOOKS_PER_KEY} webhooks per key: delete one first`);
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [webhook] = await db
    .insert(webhookSubscriptions)
    .values({
      resellerId,
      event: input.event,
      url,
      secretSealed: seal(serverSecret, SEALED_AS, Buffer.from(secret)),
      capabilities: input.capabilities,
    })
    .returning();
  return { webhook, secret };
}

/** The secret a webhook signs with; null when it was sealed under another server secret. */
export const webhookSecret = (serverSecret: string, w: Pick<WebhookRow, 'secretSealed'>): string | null =>
  openSealed(serverSecret, SEALED_AS, w.secretSealed)?.toString() ?? null;

/** A key's live webhooks, or every key's (`resellerId` null: the superusers' view). */
export const listWebhooks = (db: Db, resellerId: string | null): Promise<WebhookRow[]> =>
  db
    .select()
    .from(webhookSubscriptions)
    .where(
      and(
        isNull(webhookSubscriptions.deletedAt),
        resellerId ? eq(webhookSubscriptions.resellerId, resellerId) : undefined,
      ),
    )
    .orderBy(desc(webhookSubscriptions.createdAt));

export const noSuchWebhook = (id: string) =>
  new OctoError('BAD_REQUEST', 'No such webhook', { webhookId: id }, 404);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes a webhook (of `resellerId`'s, unless null): no new events go to it, and what is still
 * waiting for it is marked failed. Its deliveries stay in the log.
 */
export async function deleteWebhook(
  db: Db,
  resellerId: string | null,
  id: string,
): Promise<WebhookRow | null> {
  if (!UUID_RE.test(id)) return null;
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(webhookSubscriptions.id, id),
        isNull(webhookSubscriptions.deletedAt),
        resellerId ? eq(webhookSubscriptions.resellerId, resellerId) : undefined,
      ),
    )
    .returning();
  if (!row) return null;
  // The claim goes too: a try in flight then ends without writing (its claim is lost), rather than
  // putting the delivery back to pending after this marked it failed.
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'webhook deleted', claimToken: null, lockedUntil: null })
    .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.status, 'pending')));
  return row;
}

/**
 * Puts the deliveries given up (a receiver down longer than WEBHOOK_GIVE_UP_HOURS) back in line, of
 * one key or every key: only those of a live webhook of a key not revoked. Each gets its whole retry
 * time again, keeps its event id (a receiver that did get it drops it) and is rendered anew, so it
 * carries the booking or availability as it is now, not as it was when it was given up. Answers how many.
 */
export async function requeueFailedDeliveries(db: Db, resellerId?: string): Promise<number> {
  if (resellerId !== undefined && !UUID_RE.test(resellerId)) return 0;
  const result = await db.execute(sql`
    UPDATE webhook_deliveries d SET status = 'pending', attempts = 0, next_attempt_at = now(),
      locked_until = NULL, claim_token = NULL, body = NULL, requeued_at = now()
    FROM webhook_subscriptions w JOIN resellers r ON r.id = w.reseller_id
    WHERE d.subscription_id = w.id AND d.status = 'failed'
      AND w.deleted_at IS NULL AND r.revoked_at IS NULL
      ${resellerId ? sql`AND d.reseller_id = ${resellerId}` : sql``}
    RETURNING d.id`);
  return ((result as any).rows ?? result).length;
}

/** Every key's live webhooks with the key's name and what waits or was given up (the superusers' view). */
export async function adminWebhooks(db: Db, id?: string) {
  const rows = await db
    .select({
      w: webhookSubscriptions,
      name: resellers.name,
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')`.mapWith(Number),
    })
    .from(webhookSubscriptions)
    .innerJoin(resellers, eq(resellers.id, webhookSubscriptions.resellerId))
    .leftJoin(webhookDeliveries, eq(webhookDeliveries.subscriptionId, webhookSubscriptions.id))
    .where(id ? eq(webhookSubscriptions.id, id) : isNull(webhookSubscriptions.deletedAt))
    .groupBy(webhookSubscriptions.id, resellers.name)
    .orderBy(desc(webhookSubscriptions.createdAt));
  return rows.map((r) => ({
    id: r.w.id,
    reseller_id: r.w.resellerId,
    reseller_name: r.name,
    event: r.w.event,
    url: r.w.url,
    created_at: r.w.createdAt.toISOString(),
    pending: r.pending,
    failed: r.failed,
  }));
}

// ---- the delivery log ----

export type DeliveryFilter = { resellerId: string | null; status?: string; limit?: number };

/** The newest deliveries (of one key, or all), each with its tries; never a body or a secret. */
export async function listDeliveries(db: Db, f: DeliveryFilter) {
  const where: (SQL | undefined)[] = [
    f.resellerId ? eq(webhookDeliveries.resellerId, f.resellerId) : undefined,
  ];
  if (f.status === 'pending' || f.status === 'delivered' || f.status === 'failed')
    where.push(eq(webhookDeliveries.status, f.status));
  else if (f.status !== undefined) throw badRequest('status: one of pending, delivered, failed');
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      webhookId: webhookDeliveries.subscriptionId,
      resellerId: webhookDeliveries.resellerId,
      event: webhookDeliveries.event,
      action: webhookDeliveries.action,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatus: webhookDeliveries.lastStatus,
      lastError: webhookDeliveries.lastError,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
      url: webhookSubscriptions.url,
      resellerName: resellers.name,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .innerJoin(resellers, eq(resellers.id, webhookDeliveries.resellerId))
    .where(and(...where))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(Math.min(Math.max(f.limit ?? 100, 1), 500));
  const tries = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    webhookId: r.webhookId,
    resellerId: r.resellerId,
    resellerName: r.resellerName,
    url: r.url,
    event: r.event,
    action: r.action,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    tries: tries
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        at: a.at.toISOString(),
        status: a.statusCode,
        durationMs: a.durationMs,
        error: a.error,
      })),
  }));
}
