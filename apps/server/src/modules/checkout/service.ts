/**
 * Creating a checkout: the order is priced from the database (the client's title, image or prices are
 * ignored), stored as pending, and handed to the payment provider's hosted page.
 */
import { randomBytes } from 'node:crypto';
import {
  ACTION,
  CHECKOUT_MESSAGES,
  type CheckoutPayload,
  COMBO_MESSAGES,
  DEFAULT_LOCALE,
  formatEuro,
  giftCardTakeCents,
  localizedPath,
  pagePath,
  placesFor,
  priceCategory,
  readComboSlots,
  romeToday,
  usesSlots,
  validateCheckout,
  WAITLIST_MESSAGES,
} from '@rome/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filled, placeholders, preparedPerDb, preparedSql } from '../../db/prepared';
import { activityEvents, orders, packages, slots } from '../../db/schema';
import { togetherSql, writeTogether } from '../../db/write-together';
import { serverI18n } from '../../i18n/catalog';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { enforce, hitWith, judged, refuseOver } from '../../lib/rate-limit';
import { EVENT_COLUMNS, serverEventRow } from '../../lib/server-events';
import type { PaymentProvider } from '../../payments/provider';
import { type ComboPart, closeComboParts, comboPartsOf, holdComboOrder } from '../orders/combo';
import { findGiftCard, giftCardSpentError, lockedGiftCardBalance } from '../orders/gift-card';
import {
  categoryPricesOf,
  chooseSlot,
  countsPlaces,
  holdOrder,
  holdUntil,
  isSlotId,
  pricedOrder,
} from '../orders/hold';
import { type HoldBuyer, holdAddressOf, replaceBuyerHold, replacingBuyerHold } from '../orders/hold-limits';
import { sellerIssuesInvoices } from '../orders/invoice-record';
import { fulfilPaidSession } from '../orders/payment';
import { pricePromo, promoCustomerOf, takePromoUse } from '../orders/promo';
import type { SlotRow } from '../orders/slots';
import { moveOrder, type OrderRow, orderLocale } from '../orders/state';
import { linkWaitlistOrder, takeWaitlistOffer } from '../orders/waitlist';
import { packageTitleIn } from '../orders/words';

/** How long a hosted checkout stays open (Stripe's minimum is 30 minutes). */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;

/** A buyer's checkouts: at most this many in the window, counted before anything is written. */
/** Where a payment sends the buyer back: the spec's success and cancel pages (with their slash). */
export const successPath = (uniqueId: string) =>
  pagePath('/success/:uniqueId', { uniqueId }, { slash: true });
export const CANCEL_PATH = pagePath('/cancel', {}, { slash: true });

/**
 * Checkouts are counted in windows of 10 minutes: a buyer's as many as CHECKOUTS_PER_ACCOUNT allows,
 * guests' per client address (a cookie is dropped at will) as many as GUEST_CHECKOUTS_PER_ADDRESS
 * allows (config.ts): more than one account's, since a hotel's guests share one address.
 */
export const CHECKOUT_WINDOW_SECONDS = 600;
export const checkoutLimitKey = (userId: string): string => `checkout:user:${userId}`;
export const guestCheckoutLimitKey = (holdAddress: string): string => `checkout:guest:${holdAddress}`;
/** Counts one guest checkout (or a refused form) from `holdAddress`; 429 past `perAddress`. */
export const countGuestCheckout = (db: Db, holdAddress: string, perAddress: number) =>
  enforce(db, guestCheckoutLimitKey(holdAddress), perAddress, CHECKOUT_WINDOW_SECONDS);
/** Counts one checkout (or a refused form) of the account `userId`; 429 past `perAccount`. */
export const countAccountCheckout = (db: Db, userId: string, perAccount: number) =>
  enforce(db, checkoutLimitKey(userId), perAccount, CHECKOUT_WINDOW_SECONDS);

/** Who buys: an account, or a guest with the address the ticket goes to and their browser's token. */
export type CheckoutBuyer =
  | { id: string; email: string; guestTokenHash?: null }
  | { id: null; email: string; guestTokenHash: string };

/**
 * The buyer's checkout counted against the limit, and the package it names if it is on sale, in one
 * statement prepared once (decision 029: every checkout asks; one round trip, not two).
 */
const countedPackageByTag = preparedPerDb((db) => {
  const hit = hitWith(db);
  return (
    db
      .with(hit)
      // The title for the payment page's lines, in the buyer's language (decision 024).
      .select({
        count: hit.count,
        retry: hit.retry,
        pkg: packages,
        title: packageTitleIn(sql.placeholder('language')),
        // The slot asked for, read here (one round trip fewer for a timed departure):
        // null when none was asked for, or it is not one of this package's.
        slot: slots,
        // The categories it sells and their prices (decision 070), read with it: the checkout's prices.
        categoryPrices: categoryPricesOf(packages.id),
        // Whether it is a combo (decision 071): its parts are read only then.
        isCombo: sql<boolean>`exists (select 1 from combo_parts c where c.combo_package_id = ${packages.id})`,
      })
      .from(hit)
      .leftJoin(packages, and(eq(packages.packageTag, sql.placeholder('tag')), eq(packages.status, 'active')))
      .leftJoin(slots, and(eq(slots.id, sql.placeholder('slotId')), eq(slots.packageId, packages.id)))
      .prepare('checkout_counted_package')
  );
});

/** A new order's columns when nothing is counted first (`createCheckout`, the order's values). */
const NEW_ORDER_COLUMNS = [
  'uniqueId',
  'userId',
  'guestEmail',
  'guestTokenHash',
  'language',
  'selectedDate',
  'packageId',
  'adultCount',
  'youthCount',
  'infantCount',
  'places',
  'adultPriceCents',
  'youthPriceCents',
  'extraTickets',
  'totalCents',
  'promoCodeId',
  'discountCents',
  'promoCustomer',
  'giftCardId',
  'giftCardCents',
  'reminderConsent',
  'partnerId',
  'invoiceRequest',
  'provider',
  'holdExpiresAt',
  'providerSessionId',
] as const;
type NewOrderColumn = (typeof NEW_ORDER_COLUMNS)[number];
type NewOrderRow = Pick<typeof orders.$inferInsert, NewOrderColumn>;

/** The new order with its provider session and the payment's start, one statement built once. */
const newOrderWrite = preparedSql('checkout_new_order', (db) =>
  togetherSql(
    db.insert(orders).values(placeholders<NewOrderRow>('order_', NEW_ORDER_COLUMNS)),
    db
      .insert(activityEvents)
      .values(placeholders<ReturnType<typeof serverEventRow>>('event_', EVENT_COLUMNS)),
  ),
);

export async function createCheckout(
  deps: {
    db: Db;
    provider: PaymentProvider;
    publicUrl: string;
    holdMinutes: number;
    /** Keys the client address stored with a hold (hold-limits.ts). */
    secret: string;
    placesPerAddress: number;
    /** Checkouts one account may open in CHECKOUT_WINDOW_SECONDS. */
    checkoutsPerAccount: number;
    /** Guests' checkouts one client address may open in CHECKOUT_WINDOW_SECONDS. */
    guestCheckoutsPerAddress: number;
  },
  buyer: CheckoutBuyer,
  input: CheckoutPayload,
  ip: string | null,
  /** The partner a booking widget's signed token credits (decision 060); never from the form itself. */
  partnerId: string | null = null,
): Promise<{ id: string; url: string }> {
  const holdAddress = holdAddressOf(deps.secret, ip ?? 'unknown');
  const limit = {
    max: buyer.id !== null ? deps.checkoutsPerAccount : deps.guestCheckoutsPerAddress,
    windowSeconds: CHECKOUT_WINDOW_SECONDS,
  };
  const [row] = await countedPackageByTag(deps.db).execute({
    limitKey: buyer.id !== null ? checkoutLimitKey(buyer.id) : guestCheckoutLimitKey(holdAddress),
    limitSeconds: limit.windowSeconds,
    tag: input.package_identifier,
    language: input.language ?? DEFAULT_LOCALE,
    // Only a well-formed id is compared with the slots' uuid column (anything else matches none).
    slotId: isSlotId(input.slot_id) ? input.slot_id.trim() : null,
  });
  refuseOver(judged(row, limit.max));
  const pkg = row.pkg;
  if (!pkg) throw badRequest(CHECKOUT_MESSAGES.unknownPackage);
  // package_id is optional; when sent it must name the same package.
  const packageId = String(input.package_id ?? '').trim();
  if (packageId !== '' && String(pkg.id) !== packageId) {
    throw badRequest(CHECKOUT_MESSAGES.unknownPackage);
  }

  const now = new Date();
  const sellsSlots = usesSlots(pkg.availabilityType);
  // The category counts beside the spec's (decision 070), priced from this package's rows only.
  const extras = { prices: row.categoryPrices ?? [], counts: input.extra_counts };
  // A package sold in slots takes its date from the slot; the counts' rules are the same for all.
  const checked = sellsSlots
    ? validateCheckout({ ...pkg, dates: [] }, { ...input, date: undefined }, romeToday(now), extras)
    : validateCheckout(pkg, input, romeToday(now), extras);
  if (!checked.ok) throw badRequest(checked.error);
  // An invoice asked for of an operator that issues none yet is refused now, before anything is held.
  if (input.invoice) await sellerIssuesInvoices(deps.db, pkg.folderId);

  const uniqueId = randomBytes(16).toString('base64url');
  const language = input.language ?? DEFAULT_LOCALE;
  // A promo code (decision 050) is priced here, from the database, whatever the page showed.
  const code = (input.promo_code ?? '').trim();
  const promo = code
    ? await pricePromo(deps.db, {
        code,
        pkg,
        subtotalCents: checked.totalCents,
        now,
        address: holdAddress,
        locale: language,
      })
    : null;
  const discountCents = promo?.discountCents ?? 0;
  const totalCents = checked.totalCents - discountCents;
  // A gift card (decision 053): found now (throttled with promo codes), its part taken under its lock below.
  const giftCode = (input.gift_card_code ?? '').trim();
  const giftCard = giftCode
    ? await findGiftCard(deps.db, { code: giftCode, secret: deps.secret, address: holdAddress, now })
    : null;
  const values = {
    uniqueId,
    userId: buyer.id,
    guestEmail: buyer.id !== null ? null : buyer.email,
    guestTokenHash: buyer.id !== null ? null : buyer.guestTokenHash,
    language,
    selectedDate: checked.date,
    ...pricedOrder(pkg, checked),
    totalCents,
    promoCodeId: promo?.promo.id ?? null,
    discountCents,
    promoCustomer: promo ? promoCustomerOf(buyer.email) : null,
    giftCardId: null as string | null,
    giftCardCents: 0,
    reminderConsent: input.remind_me === 'true',
    partnerId,
    // 'I need an invoice' (decision 069): the billing details, checked by the contract's rules; the
    // invoice itself (its number) comes when the payment is fulfilled, never for an unpaid order.
    invoiceRequest: input.invoice ?? null,
    provider: deps.provider.name as string,
  };
  // Every column of an order's values is in the prepared statement's list (a new one must be added there).
  const everyColumnListed: Exclude<keyof typeof values, NewOrderColumn> extends never ? true : false = true;
  void everyColumnListed;
  const slot = sellsSlots ? await chooseSlot(deps.db, pkg, input, now, row.slot) : null;
  const waitlistToken = (input.waitlist_token ?? '').trim();
  // A combo (decision 071): each part's time, checked now; nothing is held before all are known.
  const combo = row.isCombo
    ? await comboChoice(deps.db, pkg.id, input, checked.extras.length, waitlistToken, now)
    : null;
  if (combo) values.places = combo.reduce((n, c) => n + placesFor(checked, c.part.pkg.infantsTakePlace), 0);
  if (waitlistToken && !slot) throw conflict(WAITLIST_MESSAGES.offerGone);

  // The payment page's lines in the buyer's language: the title and the kind of ticket.
  const i18n = serverI18n(language);
  const lines = [
    {
      name: i18n._('{title} (adult)', { title: row.title }),
      unitAmountCents: pkg.adultPriceCents,
      quantity: checked.adults,
    },
    {
      name: i18n._('{title} (youth)', { title: row.title }),
      unitAmountCents: pkg.youthPriceCents,
      quantity: checked.youths,
    },
    ...checked.extras.map((l) => ({
      name: `${row.title} (${i18n._(priceCategory(l.key).label)})`,
      unitAmountCents: l.price_cents,
      quantity: l.count,
    })),
  ].filter((l) => l.quantity > 0);
  // With a code the payment page shows one line at the price the buyer pays (its lines must add up to
  // the order's total, which the payment is checked against).
  const payLines = promo
    ? [
        {
          name: i18n._('{title}, promo code {code}', { title: row.title, code: promo.promo.code }),
          unitAmountCents: totalCents,
          quantity: 1,
        },
      ]
    : lines;
  // With a gift card, one line at what is left to pay once the card's part is known (under its lock).
  const chargeLines = () =>
    values.giftCardCents > 0
      ? [
          {
            name: i18n._('{title}, less gift card {amount}', {
              title: row.title,
              amount: formatEuro(values.giftCardCents, language),
            }),
            unitAmountCents: totalCents - values.giftCardCents,
            quantity: 1,
          },
        ]
      : payLines;
  // The provider's outage is the buyer's 503 with a plain message, not the shop's 500.
  const openSession = () =>
    providerSession({
      orderUniqueId: uniqueId,
      currency: 'eur',
      lines: chargeLines(),
      customerEmail: buyer.email,
      // Back to the pages of the buyer's language.
      successUrl: `${deps.publicUrl}${localizedPath(language, successPath(uniqueId))}`,
      cancelUrl: `${deps.publicUrl}${localizedPath(language, CANCEL_PATH)}`,
      locale: language,
      expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
      idempotencyKey: `checkout-${uniqueId}`,
    });
  async function providerSession(input: Parameters<PaymentProvider['createSession']>[0]) {
    try {
      return await deps.provider.createSession(input);
    } catch {
      throw new HttpError(503, { error: CHECKOUT_MESSAGES.paymentUnavailable, retry_after: 30 });
    }
  }
  const started = serverEventRow({
    action: ACTION.payment_initiated,
    userId: buyer.id,
    // A guest's address stays with the order only (the activity log keeps no guest's e-mail).
    userEmail: buyer.id !== null ? buyer.email : null,
    amountCents: totalCents,
    status: 'pending',
    details: {
      order: uniqueId,
      package: pkg.title,
      package_tag: pkg.packageTag,
      // The code's id, not the code: a code is money to whoever reads the log.
      ...(promo ? { promo_code_id: promo.promo.id, discount_cents: discountCents } : {}),
      ...(giftCard ? { gift_card_id: giftCard.id } : {}),
    },
    ipAddress: ip,
  });

  // A promo code's use is taken under the code's lock with the order, like places (orders/promo.ts).
  if (!promo && !giftCard && !combo && !countsPlaces(pkg, slot)) {
    // No places to count (decision 029): the provider's session first, then the order with it and
    // the payment's start in one prepared statement. A session that fails leaves nothing stored.
    const session = await openSession();
    await newOrderWrite.execute(deps.db, {
      ...filled('order_', {
        ...values,
        holdExpiresAt: holdUntil(now, deps.holdMinutes),
        providerSessionId: session.id,
      } satisfies Record<NewOrderColumn, unknown>),
      ...filled('event_', started),
    });
    return session;
  }

  // The buyer's earlier hold goes back and the address's holds are capped (hold-limits.ts); then the
  // places, counted under a lock: no provider session for a sold-out slot.
  const holder: HoldBuyer =
    buyer.id !== null ? { userId: buyer.id } : { userId: null, guestTokenHash: buyer.guestTokenHash };
  const order = await replacingBuyerHold(deps.db, holder, async (t) => {
    await replaceBuyerHold(t, { ...holder, address: holdAddress }, values.places, now, deps.placesPerAddress);
    if (promo) await takePromoUse(t, promo.promo, values.promoCustomer!, now);
    // The card's part under its row lock, after the code's and before the slot's (decision 053):
    // min(balance, total), what fifty racing checkouts take adding up to the balance at most.
    if (giftCard) {
      const locked = await lockedGiftCardBalance(t, giftCard.id, now);
      const part = giftCardTakeCents(locked?.balanceCents ?? 0, totalCents);
      if (part <= 0) throw giftCardSpentError();
      values.giftCardId = giftCard.id;
      values.giftCardCents = part;
      // Paid by the card alone: no payment session at all; the order is paid right below.
      if (part === totalCents) Object.assign(values, { provider: GIFT_CARD_PROVIDER });
    }
    // A waiting-list offer's places (decision 063) are let go under the slot's lock, in this
    // transaction, just before this order takes them: nobody else can get between the two.
    const offer = waitlistToken && slot ? await takeWaitlistOffer(t, waitlistToken, slot.id, now) : null;
    const held = combo
      ? await holdComboOrder(
          t,
          {
            ...values,
            holdAddress,
            providerSessionId: values.provider === GIFT_CARD_PROVIDER ? `gift_${uniqueId}` : null,
          },
          combo,
          () => randomBytes(16).toString('base64url'),
          now,
          deps.holdMinutes,
        )
      : await holdOrder(
          t,
          pkg,
          slot,
          {
            ...values,
            holdAddress,
            providerSessionId: values.provider === GIFT_CARD_PROVIDER ? `gift_${uniqueId}` : null,
          },
          now,
          deps.holdMinutes,
        );
    if (offer) await linkWaitlistOrder(t, offer, held.id);
    return held;
  });
  if (order.provider === GIFT_CARD_PROVIDER) return payByGiftCardAlone(deps, order, started);
  let session: { id: string; url: string };
  try {
    session = await openSession();
  } catch (err) {
    await cancelOrder(deps.db, order);
    throw err;
  }
  // The session's id and the payment's start in one statement (decision 029: one round trip, not two).
  try {
    await writeTogether(
      deps.db,
      deps.db.update(orders).set({ providerSessionId: session.id }).where(eq(orders.id, order.id)),
      deps.db.insert(activityEvents).values(withGiftPart(started, values.giftCardCents, totalCents)),
    );
  } catch (err) {
    // The buyer is told it failed, so the places go back at once rather than when the hold runs out
    // (nothing links the order to a session the buyer could pay). Should this fail too, the hold ends
    // by itself.
    await cancelOrder(deps.db, order).catch(() => undefined);
    throw err;
  }
  return session;
}

/** Closes a checkout's order the buyer was told failed, with a combo's parts (their places go back). */
async function cancelOrder(db: Db, order: OrderRow): Promise<void> {
  await moveOrder(db, order, 'cancel');
  if (order.isCombo) await closeComboParts(db, order.id, 'cancel');
}

/**
 * A combo's checkout (decision 071): its parts, each with the time the buyer chose for it when it sells
 * in times (`combo_slots`, part tag to slot id). Adults and youths only (no price categories), no
 * invoice at checkout (each operator invoices its own part), no waiting list. Throws the buyer's message.
 */
async function comboChoice(
  db: Db,
  comboPackageId: number,
  input: CheckoutPayload,
  extras: number,
  waitlistToken: string,
  now: Date,
): Promise<{ part: ComboPart; slot: SlotRow | null }[]> {
  if (extras > 0) throw badRequest(COMBO_MESSAGES.adultsAndYouthsOnly);
  if (input.invoice) throw badRequest(COMBO_MESSAGES.noInvoice);
  if (waitlistToken) throw badRequest(COMBO_MESSAGES.noWaitlist);
  const chosen = readComboSlots(input.combo_slots);
  if (!chosen) throw badRequest(COMBO_MESSAGES.badSlots);
  const parts = await comboPartsOf(db, comboPackageId);
  const out: { part: ComboPart; slot: SlotRow | null }[] = [];
  for (const part of parts) {
    if (part.pkg.status !== 'active') throw badRequest(CHECKOUT_MESSAGES.unknownPackage);
    if (!usesSlots(part.pkg.availabilityType)) {
      out.push({ part, slot: null });
      continue;
    }
    const slotId = (chosen[part.pkg.packageTag] ?? '').trim();
    if (!slotId) throw badRequest(COMBO_MESSAGES.chooseTimes);
    out.push({ part, slot: await chooseSlot(db, part.pkg, { slot_id: slotId }, now) });
  }
  return out;
}

/** An order paid by a gift card alone has this provider: no payment session, nothing to refund there. */
export const GIFT_CARD_PROVIDER = 'gift_card';

/** The payment's start with what the card paid and what is charged (the event's amount). */
const withGiftPart = <E extends { amountCents: number | null; details: unknown }>(
  event: E,
  giftCardCents: number,
  totalCents: number,
): E =>
  giftCardCents > 0
    ? {
        ...event,
        amountCents: totalCents - giftCardCents,
        details: { ...(event.details as object), gift_card_cents: giftCardCents },
      }
    : event;

/**
 * An order the card pays in full (decision 053): paid at once through the one fulfilment path with
 * nothing charged, so its ticket, e-mail and payment event are a card-paid order's; the buyer goes
 * straight to the success page.
 */
async function payByGiftCardAlone(
  deps: { db: Db; provider: PaymentProvider; publicUrl: string; secret: string },
  order: typeof orders.$inferSelect,
  started: ReturnType<typeof serverEventRow>,
): Promise<{ id: string; url: string }> {
  const sessionId = order.providerSessionId!;
  await deps.db.insert(activityEvents).values(withGiftPart(started, order.giftCardCents, order.totalCents));
  const result = await fulfilPaidSession(
    { db: deps.db, publicUrl: deps.publicUrl, provider: deps.provider, signingSecret: deps.secret },
    sessionId,
    { amountCents: 0, currency: order.currency },
  );
  if (result !== 'fulfilled') throw giftCardSpentError();
  return {
    id: sessionId,
    url: `${deps.publicUrl}${localizedPath(orderLocale(order), successPath(order.uniqueId))}`,
  };
}
