/**
 * What one party may hold without paying (contract HOLD_LIMITS). Without these, 15 unpaid checkouts
 * of 40 adults took every Colosseum place of a day, again every 15 minutes, and a reseller's booking
 * stayed on hold for ever by extending it.
 *
 * - A buyer's new checkout replaces their earlier hold: its places go back at once (the order stays
 *   pending, so a payment that still arrives is taken if there is room, as any late payment).
 * - One address holds at most `placesPerAddress` places unpaid, whatever the accounts (the shop's
 *   setting HOLD_PLACES_PER_ADDRESS: a travel agency's desk may need more).
 * - One reseller key at most `placesPerReseller` on unconfirmed bookings.
 * - A booking is held at most `bookingHoldMinutes` after it was made, extensions included.
 *
 * Counted before the hold, outside the slot's lock: two checkouts at the same instant from one address
 * may pass together, which overshoots by one checkout at most and never sells a place twice (the
 * slot's own count is exact, decision 030).
 */
import { createHmac } from 'node:crypto';
import { CHECKOUT_MESSAGES, ERROR_CODES, HOLD_LIMITS } from '@rome/contract';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { rowsOf } from '../../lib/limits';

/**
 * The address as stored with a hold: an HMAC, so the orders table keeps no client address; an IPv6
 * address by its /64 (lib/ip.ts, limitAddress), which its holder can change at will.
 */
export const holdAddressOf = (secret: string, ip: string): string =>
  createHmac('sha256', secret)
    .update(`hold-address:${limitAddress(ip)}`)
    .digest('base64url');

const live = (now: Date) => and(eq(orders.status, 'pending'), gt(orders.holdExpiresAt, now));

/**
 * Runs a buyer's release-and-hold as one step: one buyer's checkouts one after another (an advisory
 * lock on the buyer, for the transaction), so two at once cannot both keep a hold. A hold that is
 * refused (sold out, the address's cap) rolls the release back: the earlier hold stays.
 */
export function replacingBuyerHold<T>(db: Db, buyer: HoldBuyer, step: (t: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const t = txDb(tx);
    const key = buyer.userId !== null ? `hold:${buyer.userId}` : `hold:guest:${buyer.guestTokenHash}`;
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return step(t);
  });
}

/** Who holds: an account, or a guest's browser (its cookie token's hash, decision 035). */
export type HoldBuyer = { userId: string; guestTokenHash?: null } | { userId: null; guestTokenHash: string };

/** The buyer's own orders: by account, or by the guest browser's token. */
const ownedBy = (buyer: HoldBuyer) =>
  buyer.userId !== null ? eq(orders.userId, buyer.userId) : eq(orders.guestTokenHash, buyer.guestTokenHash);

/**
 * Ends the buyer's earlier holds and answers what the address holds besides them, in one statement
 * (the update's rows are not seen by the count, so the buyer's own rows are left out of it by hand).
 */
export async function replaceBuyerHold(
  db: Db,
  buyer: HoldBuyer & { address: string },
  places: number,
  now: Date,
  /** The address's cap (config HOLD_PLACES_PER_ADDRESS, default HOLD_LIMITS.placesPerAddress). */
  perAddress: number = HOLD_LIMITS.placesPerAddress,
): Promise<void> {
  const rows = rowsOf<{ held: string | number; soonest: string | Date | null }>(
    await db.execute(sql`
      WITH released AS (
        UPDATE ${orders} SET hold_expires_at = ${now}, updated_at = ${now}
          WHERE ${and(ownedBy(buyer), live(now))}
          RETURNING 1
      )
      SELECT coalesce(sum(${orders.places}), 0) AS held, min(${orders.holdExpiresAt}) AS soonest FROM ${orders}
        WHERE ${and(eq(orders.holdAddress, buyer.address), sql`NOT coalesce(${ownedBy(buyer)}, false)`, live(now))}`),
  );
  const [found] = rows;
  if (Number(found?.held ?? 0) + places > perAddress) {
    // When the address's first hold runs out (its places may let this one through).
    const soonest = found?.soonest ? new Date(found.soonest).getTime() : now.getTime() + 60_000;
    throw new HttpError(429, {
      error: CHECKOUT_MESSAGES.tooManyHeld,
      code: ERROR_CODES.holdLimit,
      retry_after: Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)),
    });
  }
}

/** Places the reseller holds on unconfirmed bookings now, `except` one booking (a change of it). */
export async function resellerHeldPlaces(
  db: Db,
  resellerId: string,
  now: Date,
  except?: string,
): Promise<number> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${orders.places}), 0)` })
    .from(orders)
    .where(and(eq(orders.resellerId, resellerId), live(now), except ? ne(orders.id, except) : undefined));
  return Number(row?.held ?? 0);
}

/** The latest a booking made at `createdAt` may be held until. */
export const latestHold = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + HOLD_LIMITS.bookingHoldMinutes * 60_000);
