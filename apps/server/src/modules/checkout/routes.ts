import { CHECKOUT_MESSAGES, centsToDecimal, localizedPath, romeParts } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { promoCodes } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { enforce } from '../../lib/rate-limit';
import { guestHashOf, keepGuestToken } from '../orders/guest';
import { holdAddressOf } from '../orders/hold-limits';
import {
  buyerSessionOrder,
  closeUnpaidSession,
  fulfilPaidSession,
  guestSessionOrder,
} from '../orders/payment';
import { orderLocale, orderStateError } from '../orders/state';
import { readCheckoutPayload, readGuestCheckoutPayload } from './fields';
import {
  CANCEL_PATH,
  CHECKOUT_LIMIT,
  checkoutLimitKey,
  createCheckout,
  GUEST_CHECKOUT_LIMIT,
  guestCheckoutLimitKey,
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
  });

  route(app, 'POST /api/create-checkout-session/', async (req) => {
    const user = signedIn(req);
    // The buyer's checkouts are counted (CHECKOUT_LIMIT) in createCheckout's first statement; a body
    // that cannot be read is counted here, so that sending junk costs attempts too (429 past the limit).
    let input: Awaited<ReturnType<typeof readCheckoutPayload>>;
    try {
      input = await readCheckoutPayload(req);
    } catch (err) {
      await enforce(app.db, checkoutLimitKey(user.id), CHECKOUT_LIMIT.max, CHECKOUT_LIMIT.windowSeconds);
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
      const key = guestCheckoutLimitKey(holdAddressOf(app.config.jwtSecret, req.ip ?? 'unknown'));
      await enforce(app.db, key, GUEST_CHECKOUT_LIMIT.max, GUEST_CHECKOUT_LIMIT.windowSeconds);
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

  const showSession = async (session: string, buyer: Buyer) => {
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
      ...(order.promoCodeId
        ? { promo_code: promoCode ?? null, discount: centsToDecimal(order.discountCents) }
        : {}),
      success_url: localizedPath(orderLocale(order), successPath(order.uniqueId)),
      cancel_url: localizedPath(orderLocale(order), CANCEL_PATH),
    };
  };
  route(app, 'GET /api/test-checkout/:session/', (req) => showSession(req.params.session, userOf(req)));
  route(app, 'GET /api/guest-checkout/:session/', (req) => showSession(req.params.session, guestOf(req)));

  const pay = async (req: FastifyRequest, session: string, buyer: Buyer) => {
    const read = await loadOwnSession(session, buyer);
    const { order } = read;
    const result = await fulfilPaidSession(
      {
        db: app.db,
        publicUrl: publicUrlFor(app.config, req),
        provider: app.payments,
        signingSecret: app.config.jwtSecret,
      },
      session,
      { amountCents: order.totalCents, currency: 'eur' },
      read,
    );
    // A cancelled or expired checkout is not paid afterwards (the order state table refuses it).
    if (result === 'order_closed') throw orderStateError('pay');
    return { result, redirect: localizedPath(orderLocale(order), successPath(order.uniqueId)) };
  };
  route(app, 'POST /api/test-checkout/:session/pay/', (req) => pay(req, req.params.session, userOf(req)));
  route(app, 'POST /api/guest-checkout/:session/pay/', (req) => pay(req, req.params.session, guestOf(req)));

  const cancel = async (session: string, buyer: Buyer) => {
    const { order } = await loadOwnSession(session, buyer);
    // Cancelling twice is fine; cancelling a paid (or expired) checkout is refused.
    if ((await closeUnpaidSession(app.db, session, 'cancel')) === 'refused') throw orderStateError('cancel');
    // Back to the cancel page in the buyer's language, as Stripe's cancel_url does.
    return { redirect: localizedPath(orderLocale(order), CANCEL_PATH) };
  };
  route(app, 'POST /api/test-checkout/:session/cancel/', (req) => cancel(req.params.session, userOf(req)));
  route(app, 'POST /api/guest-checkout/:session/cancel/', (req) => cancel(req.params.session, guestOf(req)));
};
