/**
 * Gift cards in the order core (decision 053, contract gift-card.ts): a card's code is found by its
 * keyed hash, its balance is counted from the orders that spend it, and an order takes its part under
 * the card's row lock, in the transaction that writes the order: fifty checkouts racing for a card's
 * last €10 take exactly €10 in all. Wrong codes count with wrong promo codes (one throttle per address).
 */
import { createHash, createHmac } from 'node:crypto';
import {
  ERROR_CODES,
  GIFT_CARD_MESSAGES,
  GIFT_CARD_RETURN_MONTHS,
  giftCardCodeFrom,
  giftCardExpiry,
  looksLikeGiftCardCode,
  normalizeGiftCardCode,
} from '@rome/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCards, orders } from '../../db/schema';
import { badRequest, conflict, type HttpError } from '../../lib/errors';
import { unhit } from '../../lib/rate-limit';
import { countGuess } from './promo';

export type GiftCardRow = typeof giftCards.$inferSelect;

/**
 * The card's code, drawn from its link's token (256 random bits): the page the link opens can show the
 * code without the database keeping it, and a copy of the database (the token's and the code's hashes
 * only) gives neither. 80 bits of SHA-256, grouped for typing.
 */
export const giftCardCodeOf = (linkToken: string): string =>
  giftCardCodeFrom(createHash('sha256').update(`gift-card-code:${linkToken}`).digest());

/** What the card is found by: an HMAC of the normalized code with the server secret. */
export const giftCardKeyOf = (secret: string, code: string): string =>
  createHmac('sha256', secret)
    .update(`gift-card:${normalizeGiftCardCode(code)}`)
    .digest('base64url');

/**
 * Whether an order spends its card's part now: bought (paid; a mismatched payment too, until support
 * refunds it) or an unpaid checkout whose hold has not run out. A refunded order gives its part back.
 */
export const spendsGiftCard = (now: Date) =>
  sql`(${orders.status} IN ('paid', 'amount_mismatch') OR order_holds_places(${orders.status}, ${orders.holdExpiresAt}, ${now}))`;

/** The card's balance now: its amount less what the orders spending it took (`except` left out). */
export async function giftCardBalance(
  db: Db,
  card: GiftCardRow,
  now: Date,
  except?: string,
): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(sum(${orders.giftCardCents}), 0)::int`.mapWith(Number) })
    .from(orders)
    .where(
      and(eq(orders.giftCardId, card.id), spendsGiftCard(now), except ? ne(orders.id, except) : undefined),
    );
  return card.amountCents - (row?.spent ?? 0);
}

/** Why a card cannot pay now (400 with the buyer's reason), or null. */
function refusal(card: GiftCardRow | undefined, now: Date): HttpError | null {
  if (card?.status !== 'active') return badRequest(GIFT_CARD_MESSAGES.invalid, ERROR_CODES.giftCardInvalid);
  if (card.expiresAt && card.expiresAt <= now)
    return badRequest(GIFT_CARD_MESSAGES.expired, ERROR_CODES.giftCardInvalid);
  return null;
}

/**
 * The active card of a typed code, throttled with promo codes (decision 014: only failures count): an
 * address past PROMO_GUESS_LIMIT wrong codes is refused every code with 429, a real one too.
 */
export async function findGiftCard(
  db: Db,
  input: { code: string; secret: string; address: string; now: Date },
): Promise<GiftCardRow> {
  const key = await countGuess(db, input.address, GIFT_CARD_MESSAGES.tooManyTries);
  const normalized = normalizeGiftCardCode(input.code);
  const [card] = looksLikeGiftCardCode(normalized)
    ? await db
        .select()
        .from(giftCards)
        .where(eq(giftCards.codeKey, giftCardKeyOf(input.secret, normalized)))
    : [];
  // An unknown (or never paid) card's try stays counted; a real one's is taken back.
  if (card?.status !== 'active') throw badRequest(GIFT_CARD_MESSAGES.invalid, ERROR_CODES.giftCardInvalid);
  await unhit(db, key);
  const refused = refusal(card, input.now);
  if (refused) throw refused;
  return card;
}

/**
 * Locks the card's row and answers what it can still give (0 when expired or switched off), inside the
 * transaction that then writes or pays the order: every checkout and late payment with the card waits
 * its turn, so the sum of the parts taken never passes the card's amount.
 */
export async function lockedGiftCardBalance(
  t: Db,
  cardId: string,
  now: Date,
  except?: string,
): Promise<{ card: GiftCardRow; balanceCents: number } | null> {
  const [card] = await t.select().from(giftCards).where(eq(giftCards.id, cardId)).for('update');
  if (!card) return null;
  if (refusal(card, now)) return { card, balanceCents: 0 };
  return { card, balanceCents: Math.max(0, await giftCardBalance(t, card, now, except)) };
}

/** 409 when the card has nothing left to give (another checkout took it meanwhile). */
export const giftCardSpentError = () => conflict(GIFT_CARD_MESSAGES.empty, ERROR_CODES.giftCardSpent);

/**
 * Whether an unpaid order still holds its card's part (no card, or its hold has not run out nor been
 * released): `spendsGiftCard` counts it.
 */
export const giftCardHeld = (
  order: Pick<typeof orders.$inferSelect, 'giftCardId' | 'holdExpiresAt'>,
  now: Date,
): boolean => !order.giftCardId || (order.holdExpiresAt !== null && order.holdExpiresAt > now);

/**
 * A payment for an order whose hold had gone: its card's part was given back then, so it is taken again
 * here under the card's lock, before the order is paid. False when the card cannot give it all any more
 * (spent meanwhile, expired): the caller refunds the payment at once, as for a place sold meanwhile.
 */
export async function giftCardStillFits(
  tx: Db,
  order: typeof orders.$inferSelect,
  now: Date,
): Promise<boolean> {
  if (!order.giftCardId || giftCardHeld(order, now)) return true;
  const locked = await lockedGiftCardBalance(tx, order.giftCardId, now, order.id);
  return locked !== null && locked.balanceCents >= order.giftCardCents;
}

/**
 * A refund gives the card's part back (the refunded order no longer spends it); a card that would
 * expire within GIFT_CARD_RETURN_MONTHS of the refund is kept valid that long (decision 054), so a
 * returned balance is never lost to an expiry the buyer could not foresee.
 */
export async function keepReturnedBalance(tx: Db, cardId: string, now: Date): Promise<void> {
  const until = giftCardExpiry(now, GIFT_CARD_RETURN_MONTHS);
  await tx
    .update(giftCards)
    .set({ expiresAt: sql`greatest(${giftCards.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(eq(giftCards.id, cardId));
}
