import {
  CHECKOUT_MESSAGES,
  centsToDecimal,
  extraTicketsView,
  localizedPath,
  romeParts,
} from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { giftCards, promoCodes } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { giftCardLocale } from '../orders/gift-card-sale';
import { guestHashOf, keepGuestToken } from '../orders/guest';
import { holdAddressOf } from '../orders/hold-limits';
import {
  buyerSessionOrder,
  chargeCents,
  closeUnpaidSession,
  fulfilPaidSession,
  guestSessionOrder,
} from '../orders/payment';
import { orderLocale, orderStateError } from '../orders/state';
import { readCheckoutPayload, readGuestCheckoutPayload } from './fields';
import { giftCardReturnPath } from './gift-cards';
import {
  CANCEL_PATH,
  countAccountCheckout,
  countGuestCheckout,
  createCheckout,
  successPath,
} from './service';

export const checkoutRoutes: FastifyPluginAsync = async (app) => {
  const checkoutDeps = (req: FastifyRequest) => ({
    db: app.db,
    provider: app.payments,
    publicUrl: publicUrlFor(app.config, req),
    holdMinutes: app.config.holdMinutes,
    secret: app.config.jwtSecret,
    placesPerAddress: app.config.holdPlacesPerAddress,
    checkoutsPerAccount: app.config.checkoutsPerAccount,
    guestCheckoutsPerAddress: app.config.guestCheckoutsPerAddress,
  });

  route(app, 'POST /api/create-checkout-session/', async (req) => {
    const user = signedIn(req);
    // The buyer's checkouts are counted (CHECKOUTS_PER_ACCOUNT) in createCheckout's first statement; a body
    // that cannot be read is counted here, so that sending junk costs attempts too (429 past the limit).
    let input: Awaited<ReturnType<typeof readCheckoutPayload>>;
    try {
      input = await readCheckoutPayload(req);
    } catch (err) {
      await countAccountCheckout(app.db, user.id, app.config.checkoutsPerAccount);
      throw err;
    }
    return createCheckout(checkoutDeps(req), user, input, req.ip);
  });

  // A guest buys with an e-mail address (decision 035): the browser's cookie opens the order's pages.
  route(app, 'POST /api/guest-checkout-session/', async (req, reply) => {
    let input: Awaited<ReturnType<typeof readGuestCheckoutPayload>>;
    try {
      input = await readGuestCheckoutPayload(req);
    } catch (err) {
      const address = holdAddressOf(app.config.jwtSecret, req.ip ?? 'unknown');
      await countGuestCheckout(app.db, address, app.config.guestCheckoutsPerAddress);
      throw err;
    }
    const guestTokenHash = keepGuestToken(req, reply);
    return createCheckout(checkoutDeps(req), { id: null, email: input.email, guestTokenHash }, input, req.ip);
  });

  // What the client needs to know of the provider (the publishable key is public by design).
  route(app, 'GET /api/payments/config/', async () => ({
    provider: app.payments.name,
    publishable_key: app.payments.name === 'stripe' ? (app.config.stripe.publishableKey ?? null) : null,
    test_mode: app.payments.name === 'test',
  }));

  // The built-in test checkout (only when it is the provider): the page at /pay/{session} reads the
  // order, and its Pay and Cancel buttons end here. An account's session by its sign-in, a guest's by
  // the browser's guest cookie (decision 035): the same answers.
  if (app.payments.name !== 'test') return;

  type Buyer = { userId: string } | { guestTokenHash: string | null };
  const loadOwnSession = async (sessionId: string, buyer: Buyer) => {
    const [row] =
      'userId' in buyer
        ? await buyerSessionOrder(app.db).execute({ sessionId, userId: buyer.userId })
        : buyer.guestTokenHash
          ? await guestSessionOrder(app.db).execute({ sessionId, guestTokenHash: buyer.guestTokenHash })
          : [];
    if (!row?.pkg) throw notFound(CHECKOUT_MESSAGES.sessionNotFound);
    return row;
  };
  const userOf = (req: FastifyRequest): Buyer => ({ userId: signedIn(req).id });
  const guestOf = (req: FastifyRequest): Buyer => ({ guestTokenHash: guestHashOf(req) });

  /**
   * A gift card's purchase (decision 053) has a session and no order: the browser that bought it (its
   * guest cookie) opens it, whether or not it is signed in.
   */
  const ownGiftCard = async (req: FastifyRequest, session: string) => {
    const guest = guestHashOf(req);
    if (!guest || session.length > 200) return undefined;
    const [card] = await app.db
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.providerSessionId, session), eq(giftCards.guestTokenHash, guest)));
    return card;
  };
  const showGiftCard = (card: typeof giftCards.$inferSelect) => {
    const locale = giftCardLocale(card);
    const amount = centsToDecimal(card.amountCents);
    return {
      session: card.providerSessionId!,
      test_mode: true as const,
      status:
        card.status === 'active'
          ? ('paid' as const)
          : card.status === 'pending'
            ? ('pending' as const)
            : ('cancelled' as const),
      package: serverI18n(locale)._('Rome Bus Tickets gift card'),
      selected_date: null,
      time: null,
      adults: 0,
      youths: 0,
      infants: 0,
      adult_price: amount,
      youth_price: '0.00',
      total_price: amount,
      success_url: localizedPath(locale, giftCardReturnPath('bought')),
      cancel_url: localizedPath(locale, giftCardReturnPath('cancelled')),
    };
  };

  const showSession = async (req: FastifyRequest, session: string, buyer: Buyer) => {
    const card = await ownGiftCard(req, session);
    if (card) return showGiftCard(card);
    const { order, title, startsAt } = await loadOwnSession(session, buyer);
    const promoCode = order.promoCodeId
      ? (
          await app.db
            .select({ code: promoCodes.code })
            .from(promoCodes)
            .where(eq(promoCodes.id, order.promoCodeId))
        )[0]?.code
      : null;
    return {
      session,
      test_mode: true as const,
      status: order.status,
      package: title,
      selected_date: order.selectedDate,
      time: startsAt ? romeParts(startsAt).time : null,
      adults: order.adultCount,
      youths: order.youthCount,
      infants: order.infantCount,
      adult_price: centsToDecimal(order.adultPriceCents),
      youth_price: centsToDecimal(order.youthPriceCents),
      total_price: centsToDecimal(order.totalCents),
      extra_tickets: extraTicketsView(order.extraTickets),
      ...(order.promoCodeId
        ? { promo_code: promoCode ?? null, discount: centsToDecimal(order.discountCents) }
        : {}),
      ...(order.giftCardId
        ? { gift_card: centsToDecimal(order.giftCardCents), to_pay: centsToDecimal(chargeCents(order)) }
        : {}),
      success_url: localizedPath(orderLocale(order), successPath(order.uniqueId)),
      cancel_url: localizedPath(orderLocale(order), CANCEL_PATH),
    };
  };
  route(app, 'GET /api/test-checkout/:session/', (req) => showSession(req, req.params.session, userOf(req)));
  route(app, 'GET /api/guest-checkout/:session/', (req) =>
    showSession(req, req.params.session, guestOf(req)),
  );

  const fulfilDeps = (req: FastifyRequest) => ({
    db: app.db,
    publicUrl: publicUrlFor(app.config, req),
    provider: app.payments,
    signingSecret: app.config.jwtSecret,
    log: req.log,
    waitlistOfferMinutes: app.config.waitlistOfferMinutes,
  });
  const pay = async (req: FastifyRequest, session: string, buyer: Buyer) => {
    const card = await ownGiftCard(req, session);
    if (card) {
      const result = await fulfilPaidSession(fulfilDeps(req), session, {
        amountCents: card.amountCents,
        currency: card.currency,
      });
      if (result === 'order_closed') throw orderStateError('pay');
      return { result, redirect: localizedPath(giftCardLocale(card), giftCardReturnPath('bought')) };
    }
    const read = await loadOwnSession(session, buyer);
    const { order } = read;
    const result = await fulfilPaidSession(
      fulfilDeps(req),
      session,
      // What the card is charged: the total less a gift card's part (decision 053).
      { amountCents: chargeCents(order), currency: 'eur' },
      read,
    );
    // A cancelled or expired checkout is not paid afterwards (the order state table refuses it).
    if (result === 'order_closed') throw orderStateError('pay');
    return { result, redirect: localizedPath(orderLocale(order), successPath(order.uniqueId)) };
  };
  route(app, 'POST /api/test-checkout/:session/pay/', (req) => pay(req, req.params.session, userOf(req)));
  route(app, 'POST /api/guest-checkout/:session/pay/', (req) => pay(req, req.params.session, guestOf(req)));

  const cancel = async (req: FastifyRequest, session: string, buyer: Buyer) => {
    const card = await ownGiftCard(req, session);
    if (card) {
      if (card.status === 'active') throw orderStateError('cancel');
      await app.db
        .update(giftCards)
        .set({ status: 'cancelled' })
        .where(and(eq(giftCards.id, card.id), eq(giftCards.status, 'pending')));
      return { redirect: localizedPath(giftCardLocale(card), giftCardReturnPath('cancelled')) };
    }
    const { order } = await loadOwnSession(session, buyer);
    // Cancelling twice is fine; cancelling a paid (or expired) checkout is refused.
    if ((await closeUnpaidSession(app.db, session, 'cancel')) === 'refused') throw orderStateError('cancel');
    // Back to the cancel page in the buyer's language, as Stripe's cancel_url does.
    return { redirect: localizedPath(orderLocale(order), CANCEL_PATH) };
  };
  route(app, 'POST /api/test-checkout/:session/cancel/', (req) =>
    cancel(req, req.params.session, userOf(req)),
  );
  route(app, 'POST /api/guest-checkout/:session/cancel/', (req) =>
    cancel(req, req.params.session, guestOf(req)),
  );
};
