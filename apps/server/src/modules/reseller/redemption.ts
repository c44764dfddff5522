/**
 * Redemption for partners' scanners (Ventrata's octo/redemption capability): a key allowed to redeem
 * looks a scanned code up and redeems what it found. A code is what a ticket's QR holds (the claim link,
 * or the code alone) or an order reference. A scanner stands at a door: it finds the tickets of its
 * products only (`redeem_products`), whoever sold them; of a ticket another party sold it learns what
 * the door needs (product, time, people, status), not the buyer's contact, reference or voucher; and it
 * redeems a ticket once, atomically, on the ticket's day only, by the same window rule as an agent's
 * claim (contract ticketWindowResult).
 */
import { ticketWindowResult } from '@rome/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, packages } from '../../db/schema';
import type { OrderRow } from '../orders/state';
import { hashClaimCode } from '../orders/ticket-issue';
import { type OctoContext, toBooking } from './bookings';
import { badRequest, OctoError, unprocessable } from './errors';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireRedeemKey(ctx: OctoContext): void {
  if (!ctx.reseller.canRedeem)
    throw new OctoError('FORBIDDEN', 'This API key may not look up or redeem tickets');
}

/**
 * The claim code inside what a scanner read: a claim link ('.../verify/CODE/', with or without the
 * signed ticket in its fragment, decision 021) or the code itself.
 */
function codeIn(reference: string): string | null {
  const m =
    /\/verify\/([A-Za-z0-9_-]{16,64})\/?(?:#[A-Za-z0-9_.=&-]*)?$/.exec(reference) ??
    /^([A-Za-z0-9_-]{16,64})$/.exec(reference);
  return m ? m[1] : null;
}

/** Why a found ticket may not be redeemed now (null: it may). */
async function refusal(db: Db, order: OrderRow, now: Date): Promise<string | null> {
  if (order.qrCodeScanned) return 'This ticket has already been redeemed';
  if (order.status !== 'paid') return 'This ticket cannot be redeemed';
  const [pkg] = await db
    .select({ type: packages.availabilityType, validityDays: packages.validityDays })
    .from(packages)
    .where(eq(packages.id, order.packageId));
  const outside = ticketWindowResult(
    {
      date: order.selectedDate,
      paidAt: order.paidAt,
      availabilityType: pkg?.type ?? null,
      validityDays: pkg?.validityDays ?? null,
    },
    now,
  );
  if (outside === 'expired') return 'This ticket has expired';
  if (outside === 'wrong_date') return `This ticket is for ${order.selectedDate}, not today`;
  return null;
}

/** The key's door: its products' ids. */
async function scope(ctx: OctoContext): Promise<number[]> {
  if (ctx.reseller.redeemProducts.length === 0) return [];
  const rows = await ctx.db
    .select({ id: packages.id })
    .from(packages)
    .where(inArray(packages.packageTag, ctx.reseller.redeemProducts));
  return rows.map((r) => r.id);
}

/** What the door needs of a ticket someone else sold: no contact, reference, notes or voucher. */
function forTheDoor<B extends Awaited<ReturnType<typeof toBooking>>>(booking: B): B {
  const blank = {
    ...booking.contact,
    fullName: null,
    firstName: null,
    lastName: null,
    emailAddress: null,
    phoneNumber: null,
    postalCode: null,
    country: null,
    notes: null,
  };
  return {
    ...booking,
    resellerReference: null,
    notes: null,
    contact: blank,
    voucher: booking.voucher ? { ...booking.voucher, deliveryOptions: [] } : null,
    unitItems: booking.unitItems.map((u) => ({ ...u, resellerReference: null, contact: blank })),
  };
}

/** GET /redemption/lookup?reference=: the tickets of the key's products a scanned code or reference names. */
export async function lookup(ctx: OctoContext, reference: string) {
  requireRedeemKey(ctx);
  const ref = reference.trim();
  if (!ref || ref.length > 500) throw badRequest('reference is required');
  const code = codeIn(ref);
  const byRef = ref.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const products = await scope(ctx);
  if (products.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.packageId, products),
        code
          ? eq(orders.claimCodeHash, hashClaimCode(code))
          : byRef.length === 8
            ? and(
                sql`left(upper(regexp_replace(${orders.uniqueId}, '[^A-Za-z0-9]', '', 'g')), 8) = ${byRef}`,
                sql`${orders.status} IN ('paid', 'refunded')`,
              )
            : sql`false`,
      ),
    )
    .limit(10);
  const now = new Date();
  const out = [];
  for (const order of rows) {
    const booking = await toBooking(ctx, order, now);
    const own = order.resellerId === ctx.reseller.id;
    out.push({
      ...(own ? booking : forTheDoor(booking)),
      redemptionCode: order.id,
      redeemable: (await refusal(ctx.db, order, now)) === null,
    });
  }
  return out;
}

/** POST /redemption/redeem {redemptionCode}: one code, or several (then an array answers). */
export async function redeem(ctx: OctoContext, redemptionCode: string | string[]) {
  requireRedeemKey(ctx);
  const codes = Array.isArray(redemptionCode) ? redemptionCode : [redemptionCode];
  if (codes.length === 0 || codes.length > 50) throw badRequest('redemptionCode: 1 to 50 codes');
  const products = await scope(ctx);
  const out = [];
  for (const code of codes) {
    if (!UUID_RE.test(code)) throw badRequest(`Unknown redemptionCode: ${code.slice(0, 60)}`);
    const [order] = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, code), inArray(orders.packageId, products.length ? products : [-1])));
    // Another door's ticket is unknown here, as a made-up code is.
    if (!order) throw badRequest(`Unknown redemptionCode: ${code}`);
    const now = new Date();
    const refused = await refusal(ctx.db, order, now);
    if (refused) throw unprocessable(refused);
    const [claimed] = await ctx.db
      .update(orders)
      .set({ qrCodeScanned: true, claimedAt: now, claimedByResellerId: ctx.reseller.id, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.qrCodeScanned, false), eq(orders.status, 'paid')))
      .returning();
    if (!claimed) throw unprocessable('This ticket has already been redeemed');
    const booking = await toBooking(ctx, claimed, now);
    out.push(claimed.resellerId === ctx.reseller.id ? booking : forTheDoor(booking));
  }
  return Array.isArray(redemptionCode) ? out : out[0];
}
