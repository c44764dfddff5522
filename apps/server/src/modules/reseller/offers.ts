/**
 * The octo/offers capability (decision 074): the shop's promo codes (decision 050) as OCTO offer codes.
 * A reseller sends `offerCode` with an availability check or a reservation; the code is judged by the
 * order core's promo rules (orders/promo.ts: the same service as the storefront's check and checkout),
 * its guesses counted per key, and a booking is priced with its discount from the database. Its use is
 * held by the reservation as a web checkout's is, and becomes a counted use at confirmation.
 */
import { formatEuro, PROMO_MESSAGES, promoDiscountCents, promoRefusal, splitShares } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type orders, promoCodes } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import {
  type PromoRow,
  pricePromo,
  promoCustomerOf,
  promoStillFits,
  refuseUsedUp,
  ruleOf,
  takePromoUse,
} from '../orders/promo';
import { badRequest } from './errors';
import type { Reseller } from './keys';
import { type PackageRow, pricing, UNITS, type UnitId, unitPriceCents } from './products';

type OrderRow = typeof orders.$inferSelect;

/** A priced offer: the code's row and what it takes off the booking's list total. */
export type PricedOffer = { promo: PromoRow; discountCents: number };

/**
 * Whose guesses a reseller's codes count as: its key's (the storefront counts a client address's).
 * Every call of one key comes from the reseller's servers, so its address would say nothing.
 */
const guesser = (reseller: Reseller) => `octo:${reseller.id}`;

/**
 * A refusal of the shop's promo rules as OCTO's BAD_REQUEST with the rule's plain words (the standard
 * names no error of its own for an offer code). Too many wrong codes stays the shop's 429, which the
 * OCTO error handler answers with Retry-After.
 */
function asOctoRefusal(err: unknown): never {
  if (err instanceof HttpError && err.statusCode !== 429 && err.statusCode < 500)
    throw badRequest(String(err.body.error));
  throw err;
}

/**
 * `code` judged for a booking of `pkg` worth `subtotalCents` now, as the storefront's check judges it
 * (dates, product or operator, minimum, a code with no use left): the code and its discount, or OCTO's
 * BAD_REQUEST. A wrong code counts as the key's guess.
 */
export async function priceOffer(
  db: Db,
  reseller: Reseller,
  input: { code: string; pkg: Pick<PackageRow, 'id' | 'folderId'>; subtotalCents: number; now: Date },
): Promise<PricedOffer> {
  try {
    const priced = await pricePromo(db, {
      code: input.code,
      pkg: input.pkg,
      subtotalCents: input.subtotalCents,
      now: input.now,
      address: guesser(reseller),
      locale: 'en',
    });
    await refuseUsedUp(db, priced.promo, input.now);
    return priced;
  } catch (err) {
    asOctoRefusal(err);
  }
}

/**
 * The customer a code's per-customer cap counts (decision 050: by inbox): the contact's e-mail. A code
 * with such a cap needs one; without a cap none is kept.
 */
export function offerCustomer(promo: PromoRow, email: string | null | undefined): string | null {
  if (email) return promoCustomerOf(email);
  if (promo.maxUsesPerCustomer !== null)
    throw badRequest(
      "This offer code can be used a limited number of times per customer: send the customer's contact.emailAddress with it",
    );
  return null;
}

/** The order's columns of a booking with an offer: the discounted total and what the code took. */
export const offerColumns = (offer: PricedOffer, subtotalCents: number, customer: string | null) => ({
  totalCents: subtotalCents - offer.discountCents,
  promoCodeId: offer.promo.id,
  discountCents: offer.discountCents,
  promoCustomer: customer,
});

/**
 * Takes the code's use for the booking about to be written, in its transaction and under the code's
 * lock (before the slot's, as a web checkout does): none left is OCTO's BAD_REQUEST, nothing stored.
 */
export async function takeOfferUse(t: Db, promo: PromoRow, customer: string | null, now: Date) {
  try {
    await takePromoUse(t, promo, customer ?? '', now);
  } catch (err) {
    asOctoRefusal(err);
  }
}

/**
 * At confirmation, in its transaction: a booking whose hold ran out had given its code's use back, so
 * it takes it again under the code's lock (decision 050's late payment); none left refuses the
 * confirmation, and the booking stays on hold.
 */
export async function offerStillFits(t: Db, order: OrderRow, now: Date): Promise<void> {
  if (!(await promoStillFits(t, order, now)))
    throw badRequest(
      'The offer code of this booking has been used up since its hold ran out: cancel it and book again',
    );
}

/**
 * A booking's new list total (its people or product changed): its code judged again on it, as it was
 * when the booking was made (dates at that moment; the code still on, for this product, above its
 * minimum). The order's discount columns, or OCTO's BAD_REQUEST.
 */
export async function repricedOffer(
  t: Db,
  order: OrderRow,
  pkg: Pick<PackageRow, 'id' | 'folderId'>,
  subtotalCents: number,
): Promise<{ totalCents: number; discountCents: number }> {
  if (!order.promoCodeId) return { totalCents: subtotalCents, discountCents: 0 };
  const [promo] = await t.select().from(promoCodes).where(eq(promoCodes.id, order.promoCodeId));
  const refusal = promo
    ? promoRefusal(
        ruleOf(promo),
        { packageId: pkg.id, folderId: pkg.folderId, subtotalCents },
        order.createdAt,
      )
    : 'invalid';
  if (refusal) {
    const why =
      refusal === 'minBasket'
        ? PROMO_MESSAGES.minBasket.replace('{amount}', formatEuro(promo?.minBasketCents ?? 0))
        : PROMO_MESSAGES[refusal];
    throw badRequest(
      `${why} The booking's offer code stays with it: keep its people and product, or cancel it and book again.`,
    );
  }
  const discountCents = promoDiscountCents(promo, subtotalCents);
  return { totalCents: subtotalCents - discountCents, discountCents };
}

/** An offer's title as the reseller may show it: '10% off', '€5.00 off'. */
export const offerTitle = (promo: PromoRow): string =>
  promo.kind === 'percent' ? `${promo.value}% off` : `${formatEuro(promo.value)} off`;

/**
 * OCTO's Offer (octo-types 1.x `Offer`): the code, its title and what limits it. `netDiscount` FULL:
 * the reseller owes the discounted price (the shop publishes no separate net rate).
 */
export function offerOf(promo: PromoRow, unitIds: string[]) {
  const min = promo.minBasketCents;
  return {
    title: offerTitle(promo),
    code: promo.code,
    description: `${offerTitle(promo)} the booking's price${min ? `, for bookings of at least ${formatEuro(min)}` : ''}`,
    netDiscount: 'FULL' as const,
    restrictions: { minUnits: null, maxUnits: null, minTotal: min, maxTotal: null, unitIds },
    usable: true,
  };
}

/** OCTO's `offerDiscount` of a pricing: what the offer took off (retail, and net: the same). */
export const offerDiscount = (discountCents: number) => ({
  net: discountCents,
  retail: discountCents,
  includedTaxes: [],
});

/**
 * The offer fields of a booking (with octo/offers): its code and title, the offer, and what the
 * standard names beside them that the shop does not make (comparisons, combinations) empty.
 */
export function bookingOffers(promo: PromoRow | null, unitIds: string[]) {
  const offer = promo ? offerOf(promo, unitIds) : null;
  return {
    offerCode: promo?.code ?? null,
    offerTitle: offer?.title ?? null,
    offerComparisons: [],
    offerIsCombination: false,
    offers: offer ? [offer] : [],
    offer,
  };
}

/** The code row of an order (null without one). */
export async function promoOf(db: Db, order: Pick<OrderRow, 'promoCodeId'>): Promise<PromoRow | null> {
  if (!order.promoCodeId) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, order.promoCodeId));
  return row ?? null;
}

/** Each unit item's share of the discount, in proportion to its price (to the cent, adding up). */
export const itemDiscounts = (discountCents: number, itemPrices: number[]): number[] =>
  splitShares(discountCents, itemPrices);

/** The unit ids a product sells: the three kinds and its price categories (an offer's `unitIds`). */
export const unitIdsOf = (pkg: PackageRow): string[] => [
  ...UNITS,
  ...(pkg.categoryPrices ?? []).map((c) => c.key),
];

/** The list total of the units an availability check asks for (units the product does not sell: none). */
function unitsTotalCents(pkg: PackageRow, units: { id?: string; quantity: number }[]): number {
  const price = (id: string | undefined) =>
    (UNITS as readonly string[]).includes(id ?? '')
      ? unitPriceCents(pkg, id as UnitId)
      : ((pkg.categoryPrices ?? []).find((c) => c.key === id)?.priceCents ?? 0);
  return units.reduce((sum, u) => sum + price(u.id) * Math.max(0, u.quantity), 0);
}

/**
 * What an availability check's offer code adds to each availability (and calendar day): the code and
 * its offer, and, for the units asked, the standard's `pricing` of them with its `offerDiscount`. The
 * code is judged as at a reservation; without units the minimum cannot be, and is left to the booking.
 */
export async function availabilityOffer(
  db: Db,
  reseller: Reseller,
  input: {
    code: string;
    pkg: PackageRow;
    units: { id?: string; quantity: number }[] | undefined;
    withPricing: boolean;
    now: Date;
  },
) {
  const asked = input.units?.length ? unitsTotalCents(input.pkg, input.units) : null;
  const { promo, discountCents } = await priceOffer(db, reseller, {
    code: input.code,
    pkg: input.pkg,
    subtotalCents: asked ?? Number.MAX_SAFE_INTEGER,
    now: input.now,
  });
  const offer = offerOf(promo, unitIdsOf(input.pkg));
  return {
    offerCode: promo.code,
    offerTitle: offer.title,
    offer,
    offers: [offer],
    ...(asked !== null && input.withPricing
      ? { pricing: { ...pricing(asked - discountCents, asked), offerDiscount: offerDiscount(discountCents) } }
      : {}),
  };
}
