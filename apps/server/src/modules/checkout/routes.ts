import { CHECKOUT_MESSAGES, centsToDecimal, localizedPath } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { enforce } from '../../lib/rate-limit';
import { buyerSessionOrder, closeUnpaidSession, fulfilPaidSession } from '../orders/payment';
import { orderLocale, orderStateError } from '../orders/state';
import { readCheckoutPayload } from './fields';
import { CANCEL_PATH, CHECKOUT_LIMIT, checkoutLimitKey, createCheckout, successPath } from './service';

export const checkoutRoutes: FastifyPluginAsync = async (app) => {
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
    return createCheckout(
      {
        db: app.db,
        provider: app.payments,
        publicUrl: publicUrlFor(app.config, req),
        holdMinutes: app.config.holdMinutes,
        secret: app.config.jwtSecret,
        placesPerAddress: app.config.holdPlacesPerAddress,
      },
      user,
      input,
      req.ip,
    );
  });

  // What the client needs to know of the provider (the publishable key is public by design).
  route(app, 'GET /api/payments/config/', async () => ({
    provider: app.payments.name,
    publishable_key: app.payments.name === 'stripe' ? (app.config.stripe.publishableKey ?? null) : null,
    test_mode: app.payments.name === 'test',
  }));

  // The built-in test checkout (only when it is the provider): the page at /pay/{session} reads the
  // order, and its Pay and Cancel buttons end here.
  if (app.payments.name !== 'test') return;

  const loadOwnSession = async (sessionId: string, userId: string) => {
    const [row] = await buyerSessionOrder(app.db).execute({ sessionId, userId });
    if (!row?.pkg) throw notFound(CHECKOUT_MESSAGES.sessionNotFound);
    return row;
  };

  route(app, 'GET /api/test-checkout/:session/', async (req) => {
    const { session } = req.params;
    const { order, title } = await loadOwnSession(session, signedIn(req).id);
    return {
      session,
      test_mode: true as const,
      status: order.status,
      package: title,
      selected_date: order.selectedDate,
      adults: order.adultCount,
      youths: order.youthCount,
      infants: order.infantCount,
      adult_price: centsToDecimal(order.adultPriceCents),
      youth_price: centsToDecimal(order.youthPriceCents),
      total_price: centsToDecimal(order.totalCents),
      success_url: localizedPath(orderLocale(order), successPath(order.uniqueId)),
      cancel_url: localizedPath(orderLocale(order), CANCEL_PATH),
    };
  });

  route(app, 'POST /api/test-checkout/:session/pay/', async (req) => {
    const { session } = req.params;
    const read = await loadOwnSession(session, signedIn(req).id);
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
  });

  route(app, 'POST /api/test-checkout/:session/cancel/', async (req) => {
    const { session } = req.params;
    const { order } = await loadOwnSession(session, signedIn(req).id);
    // Cancelling twice is fine; cancelling a paid (or expired) checkout is refused.
    if ((await closeUnpaidSession(app.db, session, 'cancel')) === 'refused') throw orderStateError('cancel');
    // Back to the cancel page in the buyer's language, as Stripe's cancel_url does.
    return { redirect: localizedPath(orderLocale(order), CANCEL_PATH) };
  });
};
