/**
 * Redemption for partners' scanners (Ventrata's octo/redemption capability): a key allowed to redeem
 * looks a scanned code up and redeems what it found. A code is what a ticket's QR holds (the claim link,
 * or the code alone) or an order reference; any ticket of the shop is found, whoever sold it, and is
 * redeemed once, atomically, as an agent's claim is (modules/agents).
 */
import { passExpired } from '@rome/contract';
import { and, eq, sql } from 'drizzle-orm';
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

async function redeemable(db: Db, order: OrderRow): Promise<boolean> {
  if (order.status !== 'paid' || order.qrCodeScanned) return false;
  const [pkg] = await db
    .select({ type: packages.availabilityType, validityDays: packages.validityDays })
    .from(packages)
    .where(eq(packages.id, order.packageId));
  return !passExpired(order.paidAt, pkg?.type ?? null, pkg?.validityDays ?? null);
}

/** GET /redemption/lookup?reference=: the tickets a scanned code or reference names. */
export async function lookup(ctx: OctoContext, reference: string) {
  requireRedeemKey(ctx);
  const ref = reference.trim();
  if (!ref || ref.length > 500) throw badRequest('reference is required');
  const code = codeIn(ref);
  const byRef = ref.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      code
        ? eq(orders.claimCodeHash, hashClaimCode(code))
        : byRef.length === 8
          ? and(
              sql`left(upper(regexp_replace(${orders.uniqueId}, '[^A-Za-z0-9]', '', 'g')), 8) = ${byRef}`,
              sql`${orders.status} IN ('paid', 'refunded')`,
            )
          : sql`false`,
    )
    .limit(10);
  const out = [];
  for (const order of rows) {
    const booking = await toBooking(ctx, order);
    out.push({
      ...booking,
      // A web buyer's contact stays with the shop: a partner sees the name only.
      contact: order.userId ? { ...booking.contact, emailAddress: null, phoneNumber: null } : booking.contact,
      redemptionCode: order.id,
      redeemable: await redeemable(ctx.db, order),
    });
  }
  return out;
}

/** POST /redemption/redeem {redemptionCode}: one code, or several (then an array answers). */
export async function redeem(ctx: OctoContext, redemptionCode: string | string[]) {
  requireRedeemKey(ctx);
  const codes = Array.isArray(redemptionCode) ? redemptionCode : [redemptionCode];
  if (codes.length === 0 || codes.length > 50) throw badRequest('redemptionCode: 1 to 50 codes');
  const out = [];
  for (const code of codes) {
    if (!UUID_RE.test(code)) throw badRequest(`Unknown redemptionCode: ${code.slice(0, 60)}`);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, code));
    if (!order) throw badRequest(`Unknown redemptionCode: ${code}`);
    if (!(await redeemable(ctx.db, order)))
      throw unprocessable(
        order.qrCodeScanned ? 'This ticket has already been redeemed' : 'This ticket cannot be redeemed',
      );
    const now = new Date();
    const [claimed] = await ctx.db
      .update(orders)
      .set({ qrCodeScanned: true, claimedAt: now, claimedByResellerId: ctx.reseller.id, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.qrCodeScanned, false), eq(orders.status, 'paid')))
      .returning();
    if (!claimed) throw unprocessable('This ticket has already been redeemed');
    out.push(await toBooking(ctx, claimed, now));
  }
  return Array.isArray(redemptionCode) ? out : out[0];
}
