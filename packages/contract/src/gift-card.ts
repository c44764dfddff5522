/**
 * Gift cards (decisions 053, 054): the pure rules the server sells, redeems and shows with, and the web
 * shows. A card is bought for a fixed or a chosen amount, paid like a ticket, and spent at checkout: it
 * takes min(balance, total) of an order, the rest is paid by card. Money stays integer cents (decision 006).
 */
import { normalizePromoCode, PROMO_CODE_ALPHABET, PROMO_MIN_CHARGE_CENTS } from './promo';

/** The amounts the shop offers at a click (cents). */
export const GIFT_CARD_AMOUNTS_CENTS = [2500, 5000, 10000, 15000] as const;
/** A chosen amount: whole euros within these limits. */
export const GIFT_CARD_MIN_CENTS = 1000;
export const GIFT_CARD_MAX_CENTS = 50000;
/** How long a card can be spent from its purchase (decision 054: above the usual 12-month minimum). */
export const GIFT_CARD_VALID_MONTHS = 24;
/** A refund's part returned to a card can be spent for at least this long after the refund. */
export const GIFT_CARD_RETURN_MONTHS = 12;
/**
 * A card's code: 16 characters of 32 (no 0/O, 1/I), 80 bits, in four groups of four for typing
 * ('7K3Q-M2X9-PH4C-R8TB'). Compared as promo codes are: case, spaces and dashes do not matter.
 */
export const GIFT_CARD_CODE_LENGTH = 16;
export const normalizeGiftCardCode = normalizePromoCode;
/** Whether a typed code (normalized) can be a card's at all; anything else names no card. */
export const looksLikeGiftCardCode = (normalized: string): boolean =>
  normalized.length === GIFT_CARD_CODE_LENGTH &&
  [...normalized].every((c) => PROMO_CODE_ALPHABET.includes(c));

/** A code from 10 bytes (80 bits), 5 bits a character, grouped: 'XXXX-XXXX-XXXX-XXXX'. */
export function giftCardCodeFrom(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes.slice(0, 10)) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += PROMO_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out.match(/.{4}/g)!.join('-');
}

/** The whole-euro amounts a buyer may choose, or null when `cents` is not one. */
export function giftCardAmountRefusal(cents: number | null): string | null {
  if (cents === null || !Number.isInteger(cents) || cents % 100 !== 0) return GIFT_CARD_MESSAGES.amount;
  if (cents < GIFT_CARD_MIN_CENTS || cents > GIFT_CARD_MAX_CENTS) return GIFT_CARD_MESSAGES.amount;
  return null;
}

/**
 * What a card of `balanceCents` takes of an order of `totalCents`: min(balance, total), except that
 * a rest to pay by card is never below Stripe's smallest charge (PROMO_MIN_CHARGE_CENTS): a card that
 * would leave €0.20 to pay takes €0.30 less and leaves €0.50. Never negative.
 */
export function giftCardTakeCents(balanceCents: number, totalCents: number): number {
  const take = Math.max(0, Math.min(balanceCents, totalCents));
  const rest = totalCents - take;
  if (rest > 0 && rest < PROMO_MIN_CHARGE_CENTS) return Math.max(0, totalCents - PROMO_MIN_CHARGE_CENTS);
  return take;
}

/** When a card paid at `paidAt` expires: GIFT_CARD_VALID_MONTHS later, to the instant. */
export function giftCardExpiry(paidAt: Date, months: number = GIFT_CARD_VALID_MONTHS): Date {
  const d = new Date(paidAt.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // 29 February and the 31st end on the month's last day, never in the month after.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const GIFT_CARD_STATUSES = ['pending', 'active', 'cancelled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
/** A card's history line: bought; spent by an order (paid, or held by an unpaid checkout); given back by a refund. */
export const GIFT_CARD_MOVES = ['bought', 'spent', 'held', 'returned'] as const;
export type GiftCardMove = (typeof GIFT_CARD_MOVES)[number];

export const GIFT_CARD_MESSAGES = {
  invalid: /*i18n*/ 'This gift card code is not valid.',
  expired: /*i18n*/ 'This gift card has expired.',
  empty: /*i18n*/ 'This gift card has no balance left.',
  tooManyTries: /*i18n*/ 'Too many wrong codes. Please try again later.',
  amount: /*i18n*/ 'Choose an amount in whole euros from 10 to 500.',
  notFound: /*i18n*/ 'This gift card link is not valid.',
} as const;
