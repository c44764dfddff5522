/**
 * Promo codes in the order core (decision 050, contract promo.ts): a code is priced on the server for
 * the order it is sent with, and its uses are counted from the orders that carry it under a lock of
 * the code's row, in the transaction that writes the order: a code with one use left that twenty
 * checkouts send at once is taken by exactly one. Wrong codes are counted per client address, and past
 * PROMO_GUESS_LIMIT every code from that address is refused (decision 014: only failures count).
 */
import {
  ERROR_CODES,
  formatEuro,
  type Locale,
  normalizePromoCode,
  PROMO_GUESS_LIMIT,
  PROMO_MESSAGES,
  type PromoRefusal,
  type PromoRule,
  promoDiscountCents,
  promoRefusal,
} from '@rome/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, promoCodes } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { hit, unhit } from '../../lib/rate-limit';

export type PromoRow = typeof promoCodes.$inferSelect;

/** The wrong codes of one client address (its hold address: an HMAC, never the address itself). */
export const promoGuessKey = (address: string): string => `promo:guess:${address}`;

/**
 * Counts a code's try for the address before it is judged (promo codes and gift cards count together:
 * one guesser, one counter): 429 with `message` past PROMO_GUESS_LIMIT; else the key, whose try the
 * caller takes back (`unhit`) once the code proves one the shop knows, so only wrong codes stay.
 */
export async function countGuess(db: Db, address: string, message: string): Promise<string> {
  const key = promoGuessKey(address);
  const tried = await hit(db, key, PROMO_GUESS_LIMIT.max, PROMO_GUESS_LIMIT.windowSeconds);
  if (!tried.allowed) {
    await unhit(db, key);
    throw new HttpError(429, {
      error: message,
      code: ERROR_CODES.rateLimited,
      retry_after: tried.retryAfterSeconds,
    });
  }
  return key;
}

/**
 * Whether an order spends a use of its code now: bought (paid, refunded: a refund does not give the
 * use back) or an unpaid checkout whose hold has not run out (the places rule of migration 0013).
 */
export const spendsPromoUse = (now: Date) =>
  sql`(${orders.status} IN ('paid', 'refunded', 'amount_mismatch') OR order_holds_places(${orders.status}, ${orders.holdExpiresAt}, ${now}))`;

export const ruleOf = (row: PromoRow): PromoRule => ({
  kind: row.kind,
  value: row.value,
  scope: row.scope,
  packageId: row.packageId,
  folderId: row.folderId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  minBasketCents: row.minBasketCents,
  active: row.active,
});

function refusalError(refusal: PromoRefusal, row: PromoRow | undefined, locale: Locale): HttpError {
  if (refusal === 'minBasket' && row) {
    const min = row.minBasketCents ?? 0;
    return badRequest(
      {
        error: PROMO_MESSAGES.minBasket.replace('{amount}', formatEuro(min)),
        message_id: PROMO_MESSAGES.minBasket,
        values: { amount: formatEuro(min, locale) },
      },
      ERROR_CODES.promoInvalid,
    );
  }
  if (refusal === 'usedUp' || refusal === 'usedByYou')
    return conflict(PROMO_MESSAGES[refusal], ERROR_CODES.promoUsedUp);
  return badRequest(PROMO_MESSAGES[refusal], ERROR_CODES.promoInvalid);
}

/**
 * The code sent with an order of `pkg` for `subtotalCents`, and what it takes off; throws the buyer's
 * refusal (400 promo_invalid with the reason, 429 for an address that guessed too often).
 */
export async function pricePromo(
  db: Db,
  input: {
    code: string;
    pkg: { id: number; folderId: number };
    subtotalCents: number;
    now: Date;
    address: string;
    locale: Locale;
  },
): Promise<{ promo: PromoRow; discountCents: number }> {
  // Counted before it is judged (a code sent twenty times at once is twenty tries, not one that
  // each of them read), and taken back when it proves a code the shop knows: only wrong codes stay.
  const key = await countGuess(db, input.address, PROMO_MESSAGES.tooManyTries);
  const codeKey = normalizePromoCode(input.code);
  const [row] = codeKey ? await db.select().from(promoCodes).where(eq(promoCodes.codeKey, codeKey)) : [];
  const refusal = row
    ? promoRefusal(
        ruleOf(row),
        { packageId: input.pkg.id, folderId: input.pkg.folderId, subtotalCents: input.subtotalCents },
        input.now,
      )
    : 'invalid';
  if (refusal === 'invalid') throw refusalError('invalid', row, input.locale);
  await unhit(db, key);
  if (refusal) throw refusalError(refusal, row, input.locale);
  return { promo: row, discountCents: promoDiscountCents(row, input.subtotalCents) };
}

/** The code's uses now: all of them, and `customer`'s. */
async function usesOf(db: Db, promoId: string, customer: string | null, now: Date) {
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`.mapWith(Number),
      mine: sql<number>`count(*) FILTER (WHERE ${orders.promoCustomer} = ${customer ?? ''})::int`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(and(eq(orders.promoCodeId, promoId), spendsPromoUse(now)));
  return counts ?? { all: 0, mine: 0 };
}

/** For showing only (the check call): refuses a code with no use left, without a lock. */
export async function refuseUsedUp(db: Db, promo: PromoRow, now: Date): Promise<void> {
  if (promo.maxUses === null) return;
  if ((await usesOf(db, promo.id, null, now)).all >= promo.maxUses) throw refusalError('usedUp', promo, 'en');
}

/**
 * Takes a use of the code for `customer` (the buyer's lower-case e-mail), inside the transaction that
 * then writes the order: refuses when no use is left, in total or for this customer. A code without
 * caps takes no lock. A total cap locks the code's row (every checkout with the code waits its turn);
 * a per-customer cap alone locks only that customer's use of it (an advisory lock), so different
 * buyers of the code do not wait for each other.
 */
export async function takePromoUse(t: Db, promo: PromoRow, customer: string, now: Date): Promise<void> {
  if (promo.maxUses === null && promo.maxUsesPerCustomer === null) return;
  let code = promo;
  if (promo.maxUses !== null) {
    const [locked] = await t.select().from(promoCodes).where(eq(promoCodes.id, promo.id)).for('update');
    if (!locked?.active) throw refusalError('invalid', locked, 'en');
    code = locked;
  } else {
    await t.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`promo:${promo.id}:${customer}`}, 0))`,
    );
  }
  const uses = await usesOf(t, promo.id, customer, now);
  if (code.maxUses !== null && uses.all >= code.maxUses) throw refusalError('usedUp', code, 'en');
  if (code.maxUsesPerCustomer !== null && uses.mine >= code.maxUsesPerCustomer)
    throw refusalError('usedByYou', code, 'en');
}

/** Mail services whose addresses ignore dots in the name (every dotted spelling reaches one inbox). */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The customer a per-customer cap counts: the buyer's e-mail, whether as an account or a guest, in the
 * form that names one inbox: lower-case, without a '+tag' (which most mail services deliver to the same
 * inbox, so a guest could otherwise type a new address for every use), and without the dots that Gmail
 * ignores.
 */
export const promoCustomerOf = (email: string): string => {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let name = address.slice(0, at).split('+')[0] || address.slice(0, at);
  let domain = address.slice(at + 1);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    name = name.replaceAll('.', '');
    domain = dotless;
  }
  return `${name}@${domain}`;
};

/**
 * Whether an unpaid order still holds its code's use (no code, or its hold has not run out nor been
 * released: `spendsPromoUse` counts it), whatever its package: an open-dated ticket holds no places but
 * its code's use all the same.
 */
export const promoUseHeld = (
  order: Pick<typeof orders.$inferSelect, 'promoCodeId' | 'holdExpiresAt'>,
  now: Date,
): boolean => !order.promoCodeId || (order.holdExpiresAt !== null && order.holdExpiresAt > now);

/**
 * A payment for an order whose hold had gone (the buyer's next checkout released it, or it ran out):
 * its code's use was given back then, so it is taken again here, under the same locks, before the order
 * is paid (decision 050). False when none is left (or the code was switched off): the caller refunds the
 * payment at once, as for a place sold meanwhile. Without this a buyer could open checkouts one after
 * another with a single-use code, each releasing the one before, and then pay them all.
 */
export async function promoStillFits(tx: Db, order: typeof orders.$inferSelect, now: Date): Promise<boolean> {
  const id = order.promoCodeId;
  if (!id || promoUseHeld(order, now)) return true;
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!promo) return false;
  try {
    await takePromoUse(tx, promo, order.promoCustomer ?? '', now);
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
}
