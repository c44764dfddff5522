/**
 * OCTO bookings are the shop's orders. A reservation is a pending order that holds its places exactly
 * as a web checkout does (modules/inventory/hold.ts), so the web shop and every reseller count against
 * the same places; confirming it issues the same claim code the agents redeem; cancelling a confirmed
 * booking is a refund (the reseller gives its customer the money back; nothing moves through Stripe).
 *
 *   order 'pending', hold running   -> ON_HOLD       order 'paid'                 -> CONFIRMED
 *   order 'pending', hold run out   -> EXPIRED       order 'paid', claimed        -> REDEEMED
 *   order 'cancelled' / 'expired'   -> CANCELLED / EXPIRED      order 'refunded'  -> CANCELLED
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACTION,
  extraPlaces,
  HOLD_LIMITS,
  orderReference,
  placesFor,
  romeParts,
  romeToday,
  validateCheckout,
} from '@rome/contract';
import { and, eq, exists, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, txDb } from '../../db/client';
import { type BookingContact, type BookingUnitItem, orders, packages, slots } from '../../db/schema';
import { recordServerEvent } from '../../lib/server-events';
import {
  closeComboParts,
  comboCancellable,
  comboPartOrders,
  comboPartsOf,
  holdComboOrder,
  partShares,
} from '../orders/combo';
import {
  categoryPricesOf,
  checkMove,
  checkPassMove,
  holdOrder,
  pricedOrder,
  stillFits,
} from '../orders/hold';
import { latestHold, resellerHeldPlaces } from '../orders/hold-limits';
import { canCancel, markRefunded, offerRefundedPlaces } from '../orders/refunds';
import { lockSlot } from '../orders/slots';
import { moveOrder, type OrderRow } from '../orders/state';
import { hashClaimCode, issueTicket, ticketQrTextFor, voucherClaimCode } from '../orders/ticket-issue';
import { awaitsClosureAnswer, recordMove, rescheduleRefusal } from '../orders/ticket-move';
import { bookingAvailability, resolveAvailability } from './availability';
import { badRequest, invalidBooking, invalidOption, invalidUnit, unprocessable } from './errors';
import type { Reseller } from './keys';
import {
  bookingOffers,
  itemDiscounts,
  offerColumns,
  offerCustomer,
  offerDiscount,
  offerStillFits,
  type PricedOffer,
  priceOffer,
  promoOf,
  repricedOffer,
  takeOfferUse,
  unitIdsOf,
} from './offers';
import { comboBooking, comboDate, isPackage, type PackageBookingInput, partSlots } from './packages';
import {
  type Capabilities,
  isFreesale,
  OPTION_ID,
  type PackageRow,
  pricing,
  productPackage,
  UNITS,
  type UnitId,
  unitPriceCents,
} from './products';

/** OCTO's default hold, when the reseller names none, is the shop's (HOLD_MINUTES); at most this. */
export const MAX_EXPIRATION_MINUTES = 120;

export type OctoContext = {
  db: Db;
  reseller: Reseller;
  caps: Capabilities;
  publicUrl: string;
  holdMinutes: number;
  /** Derives each confirmed booking's claim code (config's server secret). */
  ticketSecret: string;
  testMode: boolean;
  /** How long a waiting-list offer of the places a cancellation frees holds them (decision 063). */
  waitlistOfferMinutes?: number;
};

type ContactInput = Partial<Record<keyof BookingContact, unknown>> | undefined;
type UnitItemInput = { uuid?: string; unitId: string; resellerReference?: string };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const utc = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null);

/** The voucher's QR: the claim link, with the ticket signed for agents (decision 021) in its fragment. */
const claimUrl = (ctx: OctoContext, orderId: string, code: string) =>
  ticketQrTextFor({ db: ctx.db, publicUrl: ctx.publicUrl, signingSecret: ctx.ticketSecret }, code, {
    orderId,
  });

function contactOf(input: ContactInput, fallback?: BookingContact | null): BookingContact {
  const str = (v: unknown, max = 300): string | null =>
    typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;
  const base = fallback ?? {
    fullName: null,
    firstName: null,
    lastName: null,
    emailAddress: null,
    phoneNumber: null,
    locales: [],
    postalCode: null,
    country: null,
    notes: null,
  };
  if (!input) return base;
  const pick = (k: keyof BookingContact) =>
    k in input ? str(input[k], k === 'notes' ? 2000 : 300) : base[k];
  const firstName = pick('firstName') as string | null;
  const lastName = pick('lastName') as string | null;
  return {
    fullName:
      (pick('fullName') as string | null) ?? ([firstName, lastName].filter(Boolean).join(' ') || null),
    firstName,
    lastName,
    emailAddress: pick('emailAddress') as string | null,
    phoneNumber: pick('phoneNumber') as string | null,
    locales: Array.isArray(input.locales)
      ? input.locales.filter((l): l is string => typeof l === 'string').slice(0, 10)
      : base.locales,
    postalCode: pick('postalCode') as string | null,
    country: pick('country') as string | null,
    notes: pick('notes') as string | null,
  };
}

/** OCTO's answer to a booking without unit items (missing or empty): understood, but nothing to book. */
export const noUnitItems = () => unprocessable('unitItems must name at least one unit');

/**
 * The shop's counts from OCTO unit items, and the price categories' (decision 070); an unknown unit,
 * or a category the product does not sell, is INVALID_UNIT_ID.
 */
function unitItemsOf(
  pkg: PackageRow,
  items: UnitItemInput[],
): { items: BookingUnitItem[]; counts: Record<UnitId, number>; extras: Record<string, number> } {
  const counts: Record<UnitId, number> = { adult: 0, youth: 0, infant: 0 };
  const extras: Record<string, number> = {};
  const sold = new Set((pkg.categoryPrices ?? []).map((c) => c.key as string));
  const seen = new Set<string>();
  const out = items.map((item) => {
    if (sold.has(item.unitId)) extras[item.unitId] = (extras[item.unitId] ?? 0) + 1;
    else if (!(UNITS as readonly string[]).includes(item.unitId)) throw invalidUnit(item.unitId);
    else counts[item.unitId as UnitId]++;
    const uuid = item.uuid ?? randomUUID();
    if (seen.has(uuid)) throw badRequest('Each unit item needs its own uuid');
    seen.add(uuid);
    return { uuid, unitId: item.unitId, resellerReference: item.resellerReference?.slice(0, 300) ?? null };
  });
  return { items: out, counts, extras };
}

/**
 * The shop's rules on counts (at most 50 of a kind, something to pay, a carer only with a disabled
 * visitor), as OCTO's 400; the categories priced from the product's rows.
 */
function checkedCounts(
  pkg: PackageRow,
  counts: Record<UnitId, number>,
  extras: Record<string, number>,
  now: Date,
) {
  const checked = validateCheckout(
    { ...pkg, dates: [] },
    { adult_count: counts.adult, youth_count: counts.youth, infant_count: counts.infant },
    romeToday(now),
    { prices: pkg.categoryPrices ?? [], counts: extras },
  );
  if (!checked.ok) throw unprocessable(checked.error);
  return checked;
}

/**
 * What a key holds on unconfirmed bookings is capped (HOLD_LIMITS.placesPerReseller): a key cannot
 * take a day's places by booking and never confirming.
 */
async function refuseOverResellerHolds(ctx: OctoContext, places: number, now: Date, except?: string) {
  const held = await resellerHeldPlaces(ctx.db, ctx.reseller.id, now, except);
  if (held + places > HOLD_LIMITS.placesPerReseller)
    throw unprocessable(
      `This key holds ${held} places on unconfirmed bookings; at most ${HOLD_LIMITS.placesPerReseller} may be held at once. Confirm or cancel some first.`,
    );
}

/**
 * A new hold time, never past HOLD_LIMITS.bookingHoldMinutes from when the booking was made: extending
 * again and again does not keep places for ever. A booking at its limit is refused.
 */
function cappedHold(order: OrderRow, now: Date, minutes: number): Date {
  const latest = latestHold(order.createdAt);
  if (latest.getTime() <= now.getTime())
    throw unprocessable(
      `A booking is held at most ${HOLD_LIMITS.bookingHoldMinutes} minutes from when it was made: confirm it or book again`,
    );
  return new Date(Math.min(now.getTime() + minutes * 60_000, latest.getTime()));
}

const holdFor = (ctx: OctoContext, minutes: number | undefined): number => {
  if (minutes === undefined) return ctx.holdMinutes;
  if (minutes < 1 || minutes > MAX_EXPIRATION_MINUTES)
    throw badRequest(`expirationMinutes must be between 1 and ${MAX_EXPIRATION_MINUTES}`);
  return minutes;
};

export function octoStatus(order: OrderRow, now: Date) {
  switch (order.status) {
    case 'pending':
      return order.holdExpiresAt && order.holdExpiresAt <= now ? 'EXPIRED' : 'ON_HOLD';
    case 'paid':
      return order.qrCodeScanned ? 'REDEEMED' : 'CONFIRMED';
    case 'expired':
      return 'EXPIRED';
    default:
      return 'CANCELLED';
  }
}

async function packageOf(db: Db, order: OrderRow): Promise<PackageRow> {
  const [row] = await db
    .select({ pkg: packages, categoryPrices: categoryPricesOf(packages.id) })
    .from(packages)
    .where(eq(packages.id, order.packageId));
  return { ...row.pkg, categoryPrices: row.categoryPrices ?? [] };
}

async function slotStart(db: Db, order: OrderRow): Promise<Date | null> {
  if (!order.slotId) return null;
  const [slot] = await db.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, order.slotId));
  return slot?.startsAt ?? null;
}

/** A unit item's price: a price category's as the booking bought it (decision 070), else the kind's. */
const itemPriceCents = (pkg: PackageRow, order: OrderRow, unitId: string): number =>
  order.extraTickets.find((l) => l.key === unitId)?.price_cents ?? unitPriceCents(pkg, unitId as UnitId);

/**
 * An order as OCTO's Booking. A combo's order (decision 072) is the package's booking, its parts'
 * orders its package bookings.
 */
export async function toBooking(ctx: OctoContext, order: OrderRow, now = new Date()) {
  const booking = await bookingOf(ctx, order, now);
  if (!order.isCombo) return booking;
  const parts = [];
  for (const p of await comboPartOrders(ctx.db, order.id))
    parts.push({ order: p.order, pkg: p.pkg, booking: await bookingOf(ctx, p.order, now) });
  return comboBooking(ctx, order, await packageOf(ctx.db, order), booking, parts, now);
}

/** One order as OCTO's Booking, as it is on its own. */
async function bookingOf(ctx: OctoContext, order: OrderRow, now: Date) {
  const pkg = await packageOf(ctx.db, order);
  const status = octoStatus(order, now);
  const start = await slotStart(ctx.db, order);
  const cancellable =
    status === 'ON_HOLD' || (status === 'CONFIRMED' && canCancel(order, start, pkg.cancelCutoffHours, now));
  const cancelled = status === 'CANCELLED';
  const redeemedAt = order.qrCodeScanned ? utc(order.claimedAt) : null;
  // The voucher's QR holds the claim link; shown once the booking is confirmed (and after it is used).
  // Before (on hold) and after (cancelled) the voucher is there without it: a booking delivered by
  // VOUCHER always carries OCTO's Ticket object, its delivery options empty until there is a ticket.
  const code =
    order.status === 'paid' ? voucherClaimCode(ctx.ticketSecret, order.id, order.ticketRevision) : null;
  const codeValid = code !== null && hashClaimCode(code) === order.claimCodeHash;
  const voucher = {
    redemptionMethod: 'DIGITAL' as const,
    utcRedeemedAt: redeemedAt,
    deliveryOptions: codeValid
      ? [{ deliveryFormat: 'QRCODE' as const, deliveryValue: await claimUrl(ctx, order.id, code) }]
      : [],
  };
  const availability = await bookingAvailability(ctx.db, pkg, order, ctx.caps, now);
  const contact = order.contact ?? contactOf(undefined);
  // Each unit item's price and its share of an offer's discount, adding up to the booking's.
  const prices = (order.unitItems ?? []).map((item) => itemPriceCents(pkg, order, item.unitId));
  const discounts = itemDiscounts(order.discountCents, prices);
  return {
    id: order.id,
    uuid: order.bookingUuid ?? order.id,
    testMode: ctx.testMode,
    resellerReference: order.resellerReference,
    supplierReference: orderReference(order.uniqueId),
    status,
    utcCreatedAt: utc(order.createdAt)!,
    utcUpdatedAt: utc(order.updatedAt)!,
    utcExpiresAt: order.status === 'pending' ? utc(order.holdExpiresAt) : null,
    utcRedeemedAt: redeemedAt,
    utcConfirmedAt: order.status === 'paid' || order.status === 'refunded' ? utc(order.paidAt) : null,
    productId: pkg.packageTag,
    optionId: OPTION_ID,
    cancellable,
    cancellation: cancelled
      ? {
          refund: order.status === 'refunded' ? ('FULL' as const) : ('NONE' as const),
          reason: order.cancelReason,
          utcCancelledAt: utc(order.refundedAt ?? order.updatedAt)!,
        }
      : null,
    freesale: isFreesale(pkg),
    availabilityId: availability?.id ?? null,
    availability,
    contact,
    notes: order.notes,
    deliveryMethods: ['VOUCHER' as const],
    voucher,
    unitItems: (order.unitItems ?? []).map((item, i) => ({
      uuid: item.uuid,
      resellerReference: item.resellerReference,
      supplierReference: null,
      unitId: item.unitId,
      status,
      utcRedeemedAt: redeemedAt,
      contact,
      ticket: null,
      ...(ctx.caps.pricing ? { pricing: itemPricing(ctx, prices[i], discounts[i]) } : {}),
    })),
    ...(ctx.caps.pricing
      ? { pricing: itemPricing(ctx, order.totalCents + order.discountCents, order.discountCents) }
      : {}),
    ...(ctx.caps.offers ? bookingOffers(await promoOf(ctx.db, order), unitIdsOf(pkg)) : {}),
  };
}

/**
 * A price and the offer's part of it (decision 074): retail what is owed, original the list price, and
 * with octo/offers the standard's `offerDiscount`.
 */
const itemPricing = (ctx: OctoContext, listCents: number, discountCents: number) => ({
  ...pricing(listCents - discountCents, listCents),
  ...(ctx.caps.offers && discountCents > 0 ? { offerDiscount: offerDiscount(discountCents) } : {}),
});

/** The reseller's own booking by uuid, or INVALID_BOOKING_UUID (another key's booking is unknown here). */
async function ownBooking(ctx: OctoContext, uuid: string, lock?: Db): Promise<OrderRow> {
  if (!UUID_RE.test(uuid)) throw invalidBooking(uuid);
  const db = lock ?? ctx.db;
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.resellerId, ctx.reseller.id), eq(orders.bookingUuid, uuid)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw invalidBooking(uuid);
  return row;
}

export const getBooking = async (ctx: OctoContext, uuid: string) =>
  toBooking(ctx, await ownBooking(ctx, uuid));

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: any = err, i = 0; e && i < 4; e = e.cause, i++) if (e.code === '23505') return true;
  return false;
};

export type ReserveInput = {
  uuid?: string;
  productId: string;
  optionId: string;
  availabilityId?: string;
  expirationMinutes?: number;
  notes?: string | null;
  unitItems: UnitItemInput[];
  resellerReference?: string;
  contact?: ContactInput;
  /** A package's included products' times (octo/packages, decision 072). */
  packageBookings?: PackageBookingInput[];
  /** A promo code as OCTO's offer code (octo/offers, decision 074); ignored without the capability. */
  offerCode?: string;
};

type HeldOffer = { offer: PricedOffer; customer: string | null };

/**
 * The offer code sent with a reservation, judged on the booking's list total as the storefront judges a
 * promo code (octo/offers, decision 074): null without one, or without the capability (the standard's
 * fields are read only by a reseller that asked for them). A code that does not apply is BAD_REQUEST.
 */
async function offerFor(
  ctx: OctoContext,
  input: ReserveInput,
  pkg: Pick<PackageRow, 'id' | 'folderId'>,
  subtotalCents: number,
  now: Date,
): Promise<HeldOffer | null> {
  const code = ctx.caps.offers ? (input.offerCode ?? '').trim() : '';
  if (!code) return null;
  const offer = await priceOffer(ctx.db, ctx.reseller, { code, pkg, subtotalCents, now });
  return { offer, customer: offerCustomer(offer.promo, contactOf(input.contact).emailAddress) };
}

/**
 * Writes a held booking; with an offer, the code's use is taken first, under the code's lock, in the
 * same transaction (before the slot's lock, as a web checkout takes them): none left stores nothing.
 */
function withOfferUse(
  ctx: OctoContext,
  held: HeldOffer | null,
  now: Date,
  write: (db: Db) => Promise<OrderRow>,
): Promise<OrderRow> {
  if (!held) return write(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const t = txDb(tx);
    await takeOfferUse(t, held.offer.promo, held.customer, now);
    return write(t);
  });
}

/** What the event log keeps of an offer: the code's id, never the code (a code is money). */
const offerDetails = (held: HeldOffer | null) =>
  held ? { promo_code_id: held.offer.promo.id, discount_cents: held.offer.discountCents } : {};

/**
 * A reservation is a payment begun, as a checkout is on the storefront: the analytics' payment
 * initiations count both, with the reseller as the channel.
 */
const recordBookingStarted = (
  ctx: OctoContext,
  order: OrderRow,
  pkg: PackageRow,
  held: HeldOffer | null,
  ip: string | null,
  extra: { combo?: true } = {},
) =>
  recordServerEvent(ctx.db, {
    action: ACTION.payment_initiated,
    userId: null,
    userEmail: null,
    amountCents: order.totalCents,
    status: 'pending',
    details: {
      order: order.uniqueId,
      package: pkg.title,
      package_tag: pkg.packageTag,
      channel: ctx.reseller.name,
      ...extra,
      ...offerDetails(held),
    },
    ipAddress: ip,
  });

/** POST /bookings: holds the places. The same uuid again answers the booking it made (idempotent). */
export async function reserve(ctx: OctoContext, input: ReserveInput, ip: string | null) {
  const now = new Date();
  const uuid = input.uuid ?? randomUUID();
  const [existing] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.resellerId, ctx.reseller.id), eq(orders.bookingUuid, uuid)));
  if (existing) return toBooking(ctx, existing, now);

  const pkg = await productPackage(ctx.db, input.productId, input.optionId, { combos: ctx.caps.packages });
  if (input.unitItems.length === 0) throw noUnitItems();
  if (isPackage(pkg)) return reserveCombo(ctx, pkg, input, uuid, ip, now);
  const { items, counts, extras } = unitItemsOf(pkg, input.unitItems);
  const checked = checkedCounts(pkg, counts, extras, now);
  const { slot, date } = await resolveAvailability(ctx.db, pkg, input.availabilityId, now);
  const minutes = holdFor(ctx, input.expirationMinutes);
  const held = await offerFor(ctx, input, pkg, checked.totalCents, now);
  const values = {
    uniqueId: randomBytes(16).toString('base64url'),
    userId: null,
    resellerId: ctx.reseller.id,
    bookingUuid: uuid,
    resellerReference: input.resellerReference?.slice(0, 300) ?? null,
    contact: contactOf(input.contact),
    notes: input.notes?.slice(0, 2000) ?? null,
    unitItems: items,
    selectedDate: date,
    ...pricedOrder(pkg, checked),
    ...(held ? offerColumns(held.offer, checked.totalCents, held.customer) : {}),
    provider: 'octo',
  };
  await refuseOverResellerHolds(ctx, values.places, now);
  let order: OrderRow;
  try {
    order = await withOfferUse(ctx, held, now, (db) => holdOrder(db, pkg, slot, values, now, minutes));
  } catch (err) {
    // The same uuid sent twice at once: the other request made the booking; answer it.
    if (!isUniqueViolation(err)) throw err;
    return getBooking(ctx, uuid);
  }
  await recordBookingStarted(ctx, order, pkg, held, ip);
  return toBooking(ctx, order, now);
}

/**
 * A combo's reservation (decision 072): the day and each timed part's time are checked first, then the
 * combo's order and one order per part are written in one transaction (the order core's
 * `holdComboOrder`), every part holding its places or none. Priced at the combo's prices, adults and
 * youths only (decision 071); the key's cap on held places counts every part's.
 */
async function reserveCombo(
  ctx: OctoContext,
  pkg: Parameters<typeof comboDate>[0],
  input: ReserveInput,
  uuid: string,
  ip: string | null,
  now: Date,
) {
  const plain = { ...pkg, categoryPrices: [] };
  const { items, counts, extras } = unitItemsOf(plain, input.unitItems);
  const checked = checkedCounts(plain, counts, extras, now);
  const date = comboDate(pkg, input.availabilityId, now);
  const chosen = await partSlots(ctx.db, pkg, date, input.packageBookings, now);
  const slotOf = new Map(pkg.combo.parts.map((p, i) => [p.id, chosen[i]]));
  const minutes = holdFor(ctx, input.expirationMinutes);
  const held = await offerFor(ctx, input, pkg, checked.totalCents, now);
  const parts = await comboPartsOf(ctx.db, pkg.id);
  await refuseOverResellerHolds(
    ctx,
    parts.reduce((n, p) => n + placesFor(checked, p.pkg.infantsTakePlace), 0),
    now,
  );
  const values = {
    uniqueId: randomBytes(16).toString('base64url'),
    userId: null,
    resellerId: ctx.reseller.id,
    bookingUuid: uuid,
    resellerReference: input.resellerReference?.slice(0, 300) ?? null,
    contact: contactOf(input.contact),
    notes: input.notes?.slice(0, 2000) ?? null,
    unitItems: items,
    ...pricedOrder(plain, checked),
    ...(held ? offerColumns(held.offer, checked.totalCents, held.customer) : {}),
    provider: 'octo',
  };
  let order: OrderRow;
  try {
    order = await withOfferUse(ctx, held, now, (db) =>
      db.transaction((tx) =>
        holdComboOrder(
          txDb(tx),
          values,
          parts.map((part) => ({ part, slot: slotOf.get(part.pkg.id) ?? null })),
          () => randomBytes(16).toString('base64url'),
          now,
          minutes,
        ),
      ),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return getBooking(ctx, uuid);
  }
  await recordBookingStarted(ctx, order, pkg, held, ip, { combo: true });
  return toBooking(ctx, order, now);
}

export type UpdateInput = {
  resellerReference?: string;
  productId?: string;
  optionId?: string;
  availabilityId?: string;
  expirationMinutes?: number;
  notes?: string | null;
  unitItems?: UnitItemInput[];
  contact?: ContactInput;
};

/**
 * Changes a booking in one transaction under its row lock: reference, contact and notes always; while it
 * is on hold or confirmed (and before the cancellation cut-off), its time and people too, moving its
 * places under the new slot's lock. The claim code of a confirmed booking stays the same.
 */
async function applyUpdate(tx: Db, ctx: OctoContext, order: OrderRow, input: UpdateInput, now: Date) {
  const status = octoStatus(order, now);
  if (status !== 'ON_HOLD' && status !== 'CONFIRMED')
    throw unprocessable(`A booking that is ${status.toLowerCase().replace('_', ' ')} cannot be changed`);
  const current = await packageOf(tx, order);
  // Another product is a move like another time: the booking keeps its uuid, references
  // and contact, and takes the new product's places and prices (checked below).
  const otherProduct = input.productId !== undefined && input.productId !== current.packageTag;
  const pkg = otherProduct ? await productPackage(tx, input.productId!, input.optionId) : current;
  if (input.optionId !== undefined && input.optionId !== OPTION_ID) throw invalidOption(input.optionId);
  const changes: Partial<typeof orders.$inferInsert> = { updatedAt: now };
  if (input.resellerReference !== undefined)
    changes.resellerReference = input.resellerReference.slice(0, 300);
  if (input.notes !== undefined) changes.notes = input.notes?.slice(0, 2000) ?? null;
  if (input.contact !== undefined) changes.contact = contactOf(input.contact, order.contact);

  const moves = input.availabilityId !== undefined || input.unitItems !== undefined || otherProduct;
  // A package's parts hold their own times (decision 072): none moves on its own (decision 071).
  if (moves && order.isCombo)
    throw unprocessable("A package's day, times and people cannot be changed: cancel it and book again");
  let movedTime = false;
  if (moves) {
    // Changed only while it could be cancelled: the cut-off is the booking's own product's.
    if (
      status === 'CONFIRMED' &&
      !canCancel(order, await slotStart(tx, order), current.cancelCutoffHours, now)
    )
      throw unprocessable('The cancellation cut-off has passed: the booking can no longer be changed');
    const { items, counts, extras } = input.unitItems
      ? unitItemsOf(pkg, input.unitItems)
      : { items: order.unitItems ?? [], counts: countsOf(order), extras: extrasOf(order) };
    if (items.length === 0) throw noUnitItems();
    const checked = checkedCounts(pkg, counts, extras, now);
    // A new product needs its own availability (an open-dated one needs none).
    const target =
      input.availabilityId !== undefined || otherProduct
        ? await resolveAvailability(tx, pkg, input.availabilityId, now)
        : {
            slot: order.slotId ? ((await lockSlot(tx, order.slotId)) ?? null) : null,
            date: order.selectedDate,
          };
    const places = placesFor(checked, pkg.infantsTakePlace) + extraPlaces(checked.extras);
    // A confirmed booking's new time of the same product is the ticket link's change of time, under
    // the same rule (decision 067): a limit of moves, recorded. A closure's booking waiting for an
    // answer is the shop's to move (decision 059): neither refused nor counted.
    movedTime =
      status === 'CONFIRMED' &&
      !otherProduct &&
      target.slot !== null &&
      target.slot.id !== order.slotId &&
      !(await awaitsClosureAnswer(tx, order.id));
    if (movedTime) {
      const refusal = await rescheduleRefusal(tx, order, current, now);
      if (refusal) throw unprocessable(refusal);
    }
    if (status === 'ON_HOLD') await refuseOverResellerHolds({ ...ctx, db: tx }, places, now, order.id);
    if (target.slot) await checkMove(tx, pkg, order.id, target.slot, places, now);
    else if (otherProduct) await checkPassMove(tx, pkg, order.id, places, now);
    // A booking with an offer code keeps it only where the code still applies (decision 074).
    const offer = await repricedOffer(tx, order, pkg, checked.totalCents);
    Object.assign(changes, {
      ...pricedOrder(pkg, checked),
      ...offer,
      slotId: target.slot?.id ?? null,
      selectedDate: target.slot ? romeParts(target.slot.startsAt).date : target.date,
      unitItems: items,
      ...(status === 'CONFIRMED' ? { amountPaidCents: offer.totalCents } : {}),
    });
    // A confirmed ticket whose day, time or people change gets a new code and QR; the old ones are
    // void, online at once and offline through the devices' list (decision 034).
    const changed =
      changes.packageId !== order.packageId ||
      changes.slotId !== order.slotId ||
      changes.selectedDate !== order.selectedDate ||
      changes.adultCount !== order.adultCount ||
      changes.youthCount !== order.youthCount ||
      changes.infantCount !== order.infantCount ||
      JSON.stringify(changes.extraTickets ?? []) !== JSON.stringify(order.extraTickets);
    if (status === 'CONFIRMED' && changed) {
      const revision = order.ticketRevision + 1;
      Object.assign(changes, {
        ticketRevision: revision,
        ticketChangedAt: now,
        claimCodeHash: hashClaimCode(voucherClaimCode(ctx.ticketSecret, order.id, revision)),
      });
    }
  }
  if (input.expirationMinutes !== undefined && status === 'ON_HOLD')
    changes.holdExpiresAt = cappedHold(order, now, holdFor(ctx, input.expirationMinutes));
  const [row] = await tx
    .update(orders)
    .set(changes)
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  // A package's parts carry its contact (a closure tells each part's customer, decision 058).
  if (row && order.isCombo && changes.contact)
    await tx.update(orders).set({ contact: changes.contact }).where(eq(orders.comboOrderId, order.id));
  if (movedTime && row)
    await recordMove(
      tx,
      { orderId: order.id, fromSlotId: order.slotId, toSlotId: row.slotId!, channel: 'octo' },
      now,
    );
  return row;
}

/** A booking's price categories' counts as kept (decision 070), priced again with the product's rows. */
const extrasOf = (o: OrderRow): Record<string, number> =>
  Object.fromEntries(o.extraTickets.map((l) => [l.key, l.count]));

const countsOf = (o: OrderRow): Record<UnitId, number> => ({
  adult: o.adultCount,
  youth: o.youthCount,
  infant: o.infantCount,
});

export async function updateBooking(ctx: OctoContext, uuid: string, input: UpdateInput) {
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const t = txDb(tx);
    return applyUpdate(t, ctx, await ownBooking(ctx, uuid, t), input, now);
  });
  return toBooking(ctx, row, now);
}

export type ConfirmInput = {
  resellerReference?: string;
  contact: ContactInput;
  unitItems?: UnitItemInput[];
  emailReceipt?: boolean;
};

/**
 * POST /bookings/{uuid}/confirm: the booking becomes a ticket. A hold that ran out is still honoured
 * when its places are free (as a late web payment is); when they are gone the booking cannot be
 * confirmed. Confirming a confirmed booking again answers it unchanged (a retried call).
 */
export async function confirmBooking(ctx: OctoContext, uuid: string, input: ConfirmInput) {
  const now = new Date();
  const { row, pkg, first } = await ctx.db.transaction(async (tx) => {
    const t = txDb(tx);
    let order = await ownBooking(ctx, uuid, t);
    if (order.status === 'paid') return { row: order, pkg: null, first: false };
    if (order.status !== 'pending')
      throw unprocessable(`A booking that is ${octoStatus(order, now).toLowerCase()} cannot be confirmed`);
    const pkg = await packageOf(t, order);
    // An offer code's use, then the places: the code's lock before the slot's (decision 074). Its use
    // held by the hold becomes a counted one here, as a web payment's does.
    await offerStillFits(t, order, now);
    if (!(await stillFits(t, order, pkg, now)) || !(await partsStillFit(t, order, now)))
      throw invalidBooking(uuid, 'The booking expired and its places have been sold meanwhile');
    if (order.isCombo && input.unitItems && !sameUnits(order, input.unitItems))
      throw unprocessable("A package's people cannot be changed: cancel it and book again");
    // A hold that ran out is renewed for the moment of the update, so the change below applies to it.
    if (order.holdExpiresAt && order.holdExpiresAt <= now) {
      order = { ...order, holdExpiresAt: new Date(now.getTime() + 60_000) };
      await t.update(orders).set({ holdExpiresAt: order.holdExpiresAt }).where(eq(orders.id, order.id));
    }
    if (input.unitItems || input.resellerReference !== undefined || input.contact)
      order = await applyUpdate(
        t,
        ctx,
        order,
        {
          resellerReference: input.resellerReference,
          contact: input.contact,
          unitItems: input.unitItems && sameUnits(order, input.unitItems) ? undefined : input.unitItems,
        },
        now,
      );
    if (input.unitItems && sameUnits(order, input.unitItems))
      order = await keepUnitRefs(t, order, input.unitItems);
    if (order.isCombo) return { row: await confirmParts(ctx, t, order, now), pkg, first: true };
    const { columns } = issueTicket({ voucher: { secret: ctx.ticketSecret, orderId: order.id } }, now);
    const moved = await moveOrder(t, order, 'confirm', {
      paidAt: now,
      amountPaidCents: order.totalCents,
      ...columns,
    });
    if (!moved) throw invalidBooking(uuid, 'The booking changed meanwhile; fetch it and try again');
    return { row: moved, pkg, first: true };
  });
  if (first && pkg)
    await recordServerEvent(ctx.db, {
      action: ACTION.payment_completed,
      userId: null,
      userEmail: null,
      amountCents: row.totalCents,
      status: 'completed',
      details: {
        order: row.uniqueId,
        package: pkg.title,
        package_tag: pkg.packageTag,
        channel: ctx.reseller.name,
      },
    });
  return toBooking(ctx, row, now);
}

/** Whether every part of a combo's order (none for another order) still has its places, locked. */
async function partsStillFit(t: Db, order: OrderRow, now: Date): Promise<boolean> {
  if (!order.isCombo) return true;
  for (const p of await comboPartOrders(t, order.id, true))
    if (p.order.status !== 'pending' || !(await stillFits(t, p.order, p.pkg, now))) return false;
  return true;
}

/**
 * A combo's confirmation (decision 072), under its parts' locks: the combo's order is confirmed at its
 * price (the money the reseller owes), and each part becomes its own ticket (a reseller's derived
 * voucher code) with its operator's share of that price, recorded now as a web payment records it
 * (decision 071: `partShares`, adding up to the cent).
 */
async function confirmParts(ctx: OctoContext, t: Db, order: OrderRow, now: Date): Promise<OrderRow> {
  const parts = await comboPartOrders(t, order.id, true);
  const moved = await moveOrder(t, order, 'confirm', { paidAt: now, amountPaidCents: order.totalCents });
  if (!moved)
    throw invalidBooking(
      order.bookingUuid ?? order.id,
      'The booking changed meanwhile; fetch it and try again',
    );
  const shares = partShares(
    order.totalCents,
    parts.map((p) => p.order),
  );
  for (const [i, p] of parts.entries()) {
    const { columns } = issueTicket({ voucher: { secret: ctx.ticketSecret, orderId: p.order.id } }, now);
    const paid = await moveOrder(t, p.order, 'confirm', {
      paidAt: now,
      comboShareCents: shares[i],
      contact: moved.contact,
      unitItems: moved.unitItems,
      ...columns,
    });
    if (!paid) throw new Error('The locked order moved under its confirmation.');
  }
  return moved;
}

/** Whether unit items name the same units the order has (so only their references change). */
function sameUnits(order: OrderRow, items: UnitItemInput[]): boolean {
  const current = (order.unitItems ?? []).map((i) => i.unitId).sort();
  const asked = items.map((i) => i.unitId).sort();
  return current.length === asked.length && current.every((u, i) => u === asked[i]);
}

async function keepUnitRefs(tx: Db, order: OrderRow, items: UnitItemInput[]): Promise<OrderRow> {
  const refs = new Map(items.filter((i) => i.uuid).map((i) => [i.uuid, i.resellerReference]));
  const unitItems = (order.unitItems ?? []).map((u) =>
    refs.has(u.uuid) ? { ...u, resellerReference: refs.get(u.uuid)?.slice(0, 300) ?? null } : u,
  );
  const [row] = await tx.update(orders).set({ unitItems }).where(eq(orders.id, order.id)).returning();
  return row;
}

/**
 * POST /bookings/{uuid}/cancel. On hold: the hold ends. Confirmed: refunded (the reseller pays its
 * customer back), within the package's cancellation cut-off and only while unused. Cancelling a
 * cancelled booking answers it unchanged.
 */
export async function cancelBooking(ctx: OctoContext, uuid: string, input: { reason?: string | null }) {
  const now = new Date();
  const reason = input.reason?.slice(0, 500) ?? null;
  let freed = false;
  const row = await ctx.db.transaction(async (tx) => {
    const t = txDb(tx);
    const order = await ownBooking(ctx, uuid, t);
    if (order.status === 'cancelled' || order.status === 'refunded') return order;
    if (order.status === 'pending') {
      const moved = await moveOrder(t, order, 'cancel', { cancelReason: reason, refundedAt: now });
      // A package's parts let their places go with it (decision 072).
      if (moved && order.isCombo) await closeComboParts(t, order.id, 'cancel');
      freed = moved !== null;
      return moved ?? order;
    }
    if (order.status !== 'paid') throw unprocessable('This booking cannot be cancelled');
    if (order.qrCodeScanned) throw unprocessable('This booking has been redeemed and cannot be cancelled');
    const pkg = await packageOf(t, order);
    if (order.isCombo) {
      // Refunded whole or not at all, under the rule of decision 071 (no part used, the strictest cut-off).
      const parts = await comboPartOrders(t, order.id, true);
      if (parts.some((p) => p.order.qrCodeScanned))
        throw unprocessable('A part of this package has been redeemed: it cannot be cancelled');
      if (!(await comboCancellable(t, order.id, now)))
        throw unprocessable('The cancellation cut-off has passed: this booking can no longer be cancelled');
    } else if (!canCancel(order, await slotStart(t, order), pkg.cancelCutoffHours, now))
      throw unprocessable('The cancellation cut-off has passed: this booking can no longer be cancelled');
    const refunded = await markRefunded(t, order, 'reseller', { now, refundId: `octo:${ctx.reseller.id}` });
    const [withReason] = await t
      .update(orders)
      .set({ cancelReason: reason })
      .where(eq(orders.id, refunded.id))
      .returning();
    freed = true;
    return withReason;
  });
  // The places came back: the time's waiting list is offered them now, as after the shop's refunds.
  if (freed) await offerRefundedPlaces(ctx, row);
  return toBooking(ctx, row, now);
}

/** POST /bookings/{uuid}/extend: a booking on hold keeps its places longer. */
export async function extendBooking(ctx: OctoContext, uuid: string, input: { expirationMinutes?: number }) {
  const now = new Date();
  const minutes = holdFor(ctx, input.expirationMinutes);
  const row = await ctx.db.transaction(async (tx) => {
    const t = txDb(tx);
    const order = await ownBooking(ctx, uuid, t);
    if (order.status !== 'pending') throw unprocessable('Only a booking on hold can be extended');
    // A hold that ran out is extended only while its places are still free.
    if (!(await stillFits(t, order, await packageOf(t, order), now)) || !(await partsStillFit(t, order, now)))
      throw invalidBooking(uuid, 'The booking expired and its places have been sold meanwhile');
    const holdExpiresAt = cappedHold(order, now, minutes);
    const [updated] = await t
      .update(orders)
      .set({ holdExpiresAt, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    // A package's parts hold their places as long as it does (decision 072).
    if (order.isCombo)
      await t.update(orders).set({ holdExpiresAt, updatedAt: now }).where(eq(orders.comboOrderId, order.id));
    return updated;
  });
  return toBooking(ctx, row, now);
}

export type ListQuery = {
  resellerReference?: string;
  supplierReference?: string;
  localDate?: string;
  localDateStart?: string;
  localDateEnd?: string;
  productId?: string;
};

/** GET /bookings: the key's own bookings matching a reference or a visit date range (at most 500). */
export async function listBookings(ctx: OctoContext, q: ListQuery) {
  // A package's parts are its booking's packageBookings, never bookings of their own (decision 072).
  const where: (SQL | undefined)[] = [eq(orders.resellerId, ctx.reseller.id), isNull(orders.comboOrderId)];
  const start = q.localDate ?? q.localDateStart;
  const end = q.localDate ?? q.localDateEnd;
  if (!q.resellerReference && !q.supplierReference && !(start && end))
    throw badRequest(
      'either resellerReference, supplierReference, localDate or localDateStart/localDateEnd is required',
    );
  if (q.resellerReference) where.push(eq(orders.resellerReference, q.resellerReference));
  if (q.supplierReference) {
    const ref = q.supplierReference
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 8);
    where.push(sql`left(upper(regexp_replace(${orders.uniqueId}, '[^A-Za-z0-9]', '', 'g')), 8) = ${ref}`);
  }
  if (start && end) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end))
      throw badRequest('Dates are YYYY-MM-DD');
    const part = alias(orders, 'part');
    // A package's day is its parts' (its own order holds none).
    where.push(
      or(
        and(gte(orders.selectedDate, start), lt(orders.selectedDate, nextDay(end))),
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(part)
            .where(
              and(
                eq(part.comboOrderId, orders.id),
                gte(part.selectedDate, start),
                lt(part.selectedDate, nextDay(end)),
              ),
            ),
        ),
      ),
    );
  }
  if (q.productId) {
    const pkg = await productPackage(ctx.db, q.productId, undefined, { combos: true });
    where.push(eq(orders.packageId, pkg.id));
  }
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(...where, inArray(orders.status, ['pending', 'paid', 'cancelled', 'expired', 'refunded'])))
    .orderBy(orders.createdAt)
    .limit(500);
  const now = new Date();
  const out = [];
  for (const r of rows) out.push(await toBooking(ctx, r, now));
  return out;
}

const nextDay = (date: string): string => {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw badRequest('Dates are YYYY-MM-DD');
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
