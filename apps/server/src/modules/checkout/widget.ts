/**
 * The booking widget (decision 060): who is credited for a widget's sale, and how its buyer reaches the
 * payment page from a third-party frame.
 *
 * - A partner's code (in the script tag, so public on the partner's site but unguessable) is checked
 *   once, when the widget opens; the answer is a token the shop signs with the package and the partner.
 *   The checkout reads the partner from that token only: a form cannot name another partner, and a
 *   changed token fails its signature.
 * - The frame gets no cookie (third-party cookies are blocked), so the checkout answers a one-time link
 *   that the widget opens in a tab of its own; that top-level page sets the guest cookie (decision 035)
 *   first-party and goes on to the payment page, where Stripe Checkout may run (it refuses frames).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { centsToDecimal, PARTNER_CODE, type PartnerInfo } from '@rome/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, partners, widgetHandoffs } from '../../db/schema';
import { soldColumns } from './sales-columns';

/** A widget stays usable this long after it opened; a visitor then reloads the page. */
export const WIDGET_TOKEN_SECONDS = 4 * 3600;
/** The one-time payment link is opened at once by the widget; a quarter of an hour is plenty. */
export const HANDOFF_SECONDS = 15 * 60;
/** Unknown partner codes and payment links, per client address. */
export const WIDGET_GUESS_LIMIT = { max: 30, windowSeconds: 600 } as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type WidgetClaims = { partnerId: string | null; packageTag: string };

/** The HMAC of a token's body, keyed for this use only (never equal to a JWT's or a ticket's signature). */
const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`widget-token.v1.${body}`).digest('base64url');

export function signWidgetToken(secret: string, claims: WidgetClaims, now = new Date()): string {
  const body = Buffer.from(
    JSON.stringify({
      p: claims.partnerId,
      k: claims.packageTag,
      x: Math.floor(now.getTime() / 1000) + WIDGET_TOKEN_SECONDS,
    }),
  ).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The token's claims when the shop signed it and it has not expired; null otherwise. */
export function readWidgetToken(secret: string, token: string, now = new Date()): WidgetClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof claims?.x !== 'number' || claims.x * 1000 <= now.getTime()) return null;
    if (typeof claims.k !== 'string') return null;
    if (claims.p !== null && typeof claims.p !== 'string') return null;
    return { partnerId: claims.p, packageTag: claims.k };
  } catch {
    return null;
  }
}

/** The active partner a code names, or undefined (a code of another form is not looked up). */
export async function partnerByCode(db: Db, code: string) {
  if (!PARTNER_CODE.test(code)) return undefined;
  const [row] = await db
    .select()
    .from(partners)
    .where(and(eq(partners.codeHash, sha256(code)), eq(partners.active, true)));
  return row;
}

/** Whether the partner may still be credited (a superuser may have switched it off since). */
export async function partnerActive(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, id), eq(partners.active, true)));
  return row !== undefined;
}

/** A new partner and its code, answered once: only the code's hash and last characters are kept. */
export async function makePartner(db: Db, name: string, createdBy: string | null) {
  const code = `ptn_${randomBytes(18).toString('base64url')}`;
  const [row] = await db
    .insert(partners)
    .values({ name, codeHash: sha256(code), codeEnd: code.slice(-4), createdBy })
    .returning();
  return { row, code };
}

/** Each partner with its widget's sales: paid orders (refunded included), refunded, revenue kept. */
export async function partnerReport(db: Db, id?: string): Promise<PartnerInfo[]> {
  const rows = await db
    .select({
      partner: partners,
      ...soldColumns(),
    })
    .from(partners)
    .leftJoin(orders, eq(orders.partnerId, partners.id))
    .where(id ? eq(partners.id, id) : undefined)
    .groupBy(partners.id)
    .orderBy(desc(partners.createdAt));
  return rows.map((r) => ({
    id: r.partner.id,
    name: r.partner.name,
    code_end: r.partner.codeEnd,
    active: r.partner.active,
    created_at: r.partner.createdAt.toISOString(),
    orders: r.sold,
    refunded: r.refunded,
    revenue: centsToDecimal(r.revenue),
  }));
}

/** A one-time link to the order's payment page; answers the link's code (its hash is stored). */
export async function makeHandoff(db: Db, orderId: string, payUrl: string, now = new Date()) {
  const code = randomBytes(32).toString('base64url');
  await db.insert(widgetHandoffs).values({
    codeHash: sha256(code),
    orderId,
    payUrl,
    expiresAt: new Date(now.getTime() + HANDOFF_SECONDS * 1000),
  });
  return code;
}

/** The link's order and payment page, taken once (the row goes in the same statement); undefined if used or expired. */
export async function takeHandoff(db: Db, code: string, now = new Date()) {
  if (code.length > 100) return undefined;
  const [row] = await db
    .delete(widgetHandoffs)
    .where(and(eq(widgetHandoffs.codeHash, sha256(code)), gt(widgetHandoffs.expiresAt, now)))
    .returning();
  return row;
}

/**
 * The order now opens to the tab's guest cookie: its payment page and success page (an order a gift
 * card paid in full is already paid; the link is used once, seconds after the checkout).
 */
export async function giveOrderToGuest(db: Db, orderId: string, guestTokenHash: string): Promise<void> {
  await db.update(orders).set({ guestTokenHash }).where(eq(orders.id, orderId));
}

/** A guest token nobody holds: the order waits for the tab's own cookie (`giveOrderToGuest`). */
export const unheldGuestHash = (): string => sha256(randomBytes(32).toString('base64url'));
