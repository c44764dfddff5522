/**
 * Promo codes (decision 050): the pure rules the server prices with and the web shows. A code takes
 * a percentage or a fixed amount off one order (one package, its adults and youths), for every
 * package, one package or one operator's packages, between two instants, above a minimum basket,
 * within a total and a per-customer number of uses. Money stays integer cents (decision 006).
 */

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
/** Where a code applies: every package (the basket), one package, or one operator's packages. */
export const PROMO_SCOPES = ['basket', 'package', 'operator'] as const;
export type PromoScope = (typeof PROMO_SCOPES)[number];

/**
 * A code's random part: 12 characters of 32 (no 0/O, 1/I), 60 random bits, so a code cannot be
 * guessed even before the guesser is throttled (PROMO_GUESS_LIMIT). A readable prefix may go before it.
 */
export const PROMO_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PROMO_RANDOM_LENGTH = 12;
/** Wrong codes one client address may try in the window before every code it sends is refused (429). */
export const PROMO_GUESS_LIMIT = { max: 10, windowSeconds: 15 * 60 } as const;
/**
 * A discount never takes an order below this (Stripe's smallest euro charge): a code never makes an
 * order negative nor free. A 100% code leaves €0.50 to pay.
 */
export const PROMO_MIN_CHARGE_CENTS = 50;

export const PROMO_MESSAGES = {
  invalid: /*i18n*/ 'This promo code is not valid.',
  notYet: /*i18n*/ 'This promo code is not valid yet.',
  expired: /*i18n*/ 'This promo code has expired.',
  notForTicket: /*i18n*/ 'This promo code does not apply to this ticket.',
  minBasket: /*i18n*/ 'This promo code needs an order of at least {amount}.',
  usedUp: /*i18n*/ 'This promo code has been used up.',
  usedByYou: /*i18n*/ 'You have already used this promo code.',
  tooManyTries: /*i18n*/ 'Too many wrong promo codes. Please try again later.',
} as const;
export type PromoRefusal = keyof typeof PROMO_MESSAGES;

/** What a code is typed as, compared: case, spaces and dashes do not matter ('summer-7k3q' = 'SUMMER7K3Q'). */
export const normalizePromoCode = (code: string): string => code.toUpperCase().replace(/[\s\-_]/g, '');

/** A readable prefix an editor may put before the random part: letters and digits, at most 12. */
export const isPromoPrefix = (prefix: string): boolean => /^[A-Za-z0-9]{0,12}$/.test(prefix);

/**
 * A new code from `randomBytes` (one byte per character, 32 divides 256: no bias), e.g. 'SUMMER-7K3Q-M2X9-PH4C'.
 */
export function makePromoCode(prefix: string, randomBytes: Uint8Array): string {
  const chars = Array.from(randomBytes.slice(0, PROMO_RANDOM_LENGTH), (b) => PROMO_CODE_ALPHABET[b % 32]);
  const groups = [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((g) => g.join(''));
  const head = prefix.trim().toUpperCase();
  return [...(head ? [head] : []), ...groups].join('-');
}

/** A code's rule as the server stores it: percent in whole percent (1-100), amount in cents. */
export type PromoRule = {
  kind: PromoKind;
  /** Whole percent (1..100) for 'percent', cents for 'amount'. */
  value: number;
  scope: PromoScope;
  packageId: number | null;
  folderId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  minBasketCents: number | null;
  active: boolean;
};

/**
 * The discount of `rule` on an order of `subtotalCents`: percent rounded half up to the cent, an
 * amount at most the order, and never below PROMO_MIN_CHARGE_CENTS left to pay (nor below zero off).
 */
export function promoDiscountCents(rule: Pick<PromoRule, 'kind' | 'value'>, subtotalCents: number): number {
  const raw =
    rule.kind === 'percent'
      ? Math.floor((subtotalCents * Math.min(100, Math.max(0, rule.value)) + 50) / 100)
      : Math.max(0, rule.value);
  return Math.max(0, Math.min(raw, subtotalCents - PROMO_MIN_CHARGE_CENTS));
}

/**
 * Whether `rule` applies to this order at `now` (uses are counted apart, under a lock): the refusal's
 * key, or null. An inactive code reads as an unknown one.
 */
export function promoRefusal(
  rule: PromoRule,
  order: { packageId: number; folderId: number; subtotalCents: number },
  now: Date,
): PromoRefusal | null {
  if (!rule.active) return 'invalid';
  if (rule.startsAt && now < rule.startsAt) return 'notYet';
  if (rule.endsAt && now >= rule.endsAt) return 'expired';
  if (rule.scope === 'package' && rule.packageId !== order.packageId) return 'notForTicket';
  if (rule.scope === 'operator' && rule.folderId !== order.folderId) return 'notForTicket';
  if (rule.minBasketCents !== null && order.subtotalCents < rule.minBasketCents) return 'minBasket';
  if (promoDiscountCents(rule, order.subtotalCents) <= 0) return 'minBasket';
  return null;
}
