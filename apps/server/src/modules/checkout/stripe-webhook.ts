/**
 * Stripe webhooks. The signature is checked on the raw body with the SDK's constructEvent. Each event
 * id is recorded once; events may come twice, late or out of order, so fulfilment re-reads the session
 * from Stripe and acts on its payment_status, not on the event's copy.
 */

import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { type Db, txDb } from '../../db/client';
import { orders, paymentEvents } from '../../db/schema';
import { route } from '../../lib/contract-route';
import { badRequest, notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import type { PaymentProvider } from '../../payments/provider';
import { recordProviderPartialRefund } from '../orders/partial-refunds';
import { closeUnpaidSession, type FulfilDeps, fulfilPaidSession } from '../orders/payment';
import { markRefunded, offerRefundedPlaces } from '../orders/refunds';
import { moveOrder, type OrderRow } from '../orders/state';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

type Deps = {
  db: Db;
  publicUrl: string;
  provider: PaymentProvider;
  signingSecret?: string;
  log?: FulfilDeps['log'];
  /** How long a waiting-list offer of the places a refund frees holds them (decision 063). */
  waitlistOfferMinutes?: number;
};

/** Processes one verified event; safe to call again for the same event. */
export async function processStripeEvent(deps: Deps, event: Stripe.Event): Promise<string> {
  const inserted = await deps.db
    .insert(paymentEvents)
    .values({
      id: event.id,
      provider: 'stripe',
      type: event.type,
      payload: { id: event.id, type: event.type },
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (inserted.length === 0) {
    const [existing] = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    if (existing?.processedAt) return 'duplicate';
  }
  let outcome = 'ignored';
  if (event.type === 'charge.refunded') {
    outcome = await applyChargeRefunded(deps, event.data.object as Stripe.Charge);
  } else if ((HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    const sessionId = (event.data.object as { id: string }).id;
    const session = await deps.provider.retrieveSession(sessionId);
    if (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required') {
      outcome = await fulfilPaidSession(deps, session.id, {
        amountCents: session.amountTotalCents ?? -1,
        currency: session.currency,
      });
    } else if (event.type === 'checkout.session.expired' || session.status === 'expired') {
      outcome =
        (await closeUnpaidSession(deps.db, session.id, 'expire')) === 'closed' ? 'expired' : 'unchanged';
    } else if (event.type === 'checkout.session.async_payment_failed') {
      outcome =
        (await closeUnpaidSession(deps.db, session.id, 'cancel')) === 'closed' ? 'failed' : 'unchanged';
    } else {
      outcome = 'awaiting_payment';
    }
  }
  await deps.db.update(paymentEvents).set({ processedAt: new Date() }).where(eq(paymentEvents.id, event.id));
  return outcome;
}

/**
 * A refund made at Stripe (from its dashboard, or the one this shop asked for): the order becomes
 * refunded once. Events may come twice or before the payment's own event; whatever their order, the
 * order ends refunded with no ticket left valid, and a refund this shop started is marked done.
 */
async function applyChargeRefunded(deps: Deps, charge: Stripe.Charge): Promise<string> {
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const sessionId = intent ? await deps.provider.sessionOfPayment(intent) : null;
  if (!sessionId) return 'unknown_session';
  // Only a full refund cancels the ticket; a partial one is a goodwill gesture the ticket survives,
  // recorded with its date for the operator's statement (decision 068).
  if (!charge.refunded) {
    const [order] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    if (!order) return 'unknown_session';
    const outcome = await recordProviderPartialRefund(deps.db, {
      orderId: order.id,
      cumulativeCents: charge.amount_refunded,
      at: new Date(),
      sourceRef: `stripe:${charge.id}`,
    });
    return outcome === 'recorded' ? 'partial_refund_recorded' : 'partial_refund_unchanged';
  }
  const refundId = charge.refunds?.data?.[0]?.id ?? `charge:${charge.id}`;
  let refunded: OrderRow | null = null;
  const outcome = await deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const [order] = await t
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId))
      .for('update');
    if (!order) return 'unknown_session';
    if (order.status === 'refunded') {
      if (order.refundStatus !== 'done') {
        await t
          .update(orders)
          .set({ refundStatus: 'done', refundId: order.refundId ?? refundId })
          .where(eq(orders.id, order.id));
      }
      return 'already_refunded';
    }
    let current = order;
    // The refund came before the payment's own event: record the payment, then its refund.
    if (current.status === 'pending') {
      const paid = await moveOrder(t, current, 'pay', { paidAt: new Date(), amountPaidCents: charge.amount });
      if (!paid) return 'unchanged';
      current = paid;
    }
    if (current.status !== 'paid' && current.status !== 'amount_mismatch') return 'unchanged';
    refunded = await markRefunded(t, current, 'provider', { now: new Date(), refundId });
    return 'refunded';
  });
  // After the commit, as a refund asked for here: the places it gave back go to the waiting lists
  // (decision 063), every part's time for a combo (decision 071).
  if (refunded) await offerRefundedPlaces(deps, refunded);
  return outcome;
}

/**
 * The webhook route, from its contract entry. It is always registered (so the API reference lists it)
 * and answers 404 when the shop has no Stripe client and webhook secret.
 */
export const stripeWebhookRoutes =
  (stripe: Stripe | undefined, webhookSecret: string | undefined): FastifyPluginAsync =>
  async (app) => {
    // The signature covers the exact bytes, so this route keeps the body raw (and the shop's JSON
    // parser, app.ts, gives way in this plugin).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    route(app, 'POST /api/payments/stripe/webhook/', async (req) => {
      if (!stripe || !webhookSecret) throw notFound();
      const signature = req.headers['stripe-signature'];
      const raw: unknown = req.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw badRequest('Missing signature.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, webhookSecret);
      } catch {
        throw badRequest('Invalid signature.');
      }
      const outcome = await processStripeEvent(
        {
          db: app.db,
          publicUrl: publicUrlFor(app.config, req),
          provider: app.payments,
          signingSecret: app.config.jwtSecret,
          log: req.log,
          waitlistOfferMinutes: app.config.waitlistOfferMinutes,
        },
        event,
      );
      return { received: true as const, outcome };
    });
  };

/** Catching up after an outage: processes recent Stripe events this shop has not processed yet. */
export async function reconcileStripe(
  deps: Deps,
  stripe: Stripe,
  sinceSeconds = 3 * 24 * 3600,
): Promise<{ seen: number; processed: number }> {
  let seen = 0;
  let processed = 0;
  for await (const event of stripe.events.list({
    types: [...HANDLED_EVENTS],
    created: { gte: Math.floor(Date.now() / 1000) - sinceSeconds },
    limit: 100,
  })) {
    seen++;
    const [existing] = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    if (existing?.processedAt) continue;
    await processStripeEvent(deps, event);
    processed++;
  }
  return { seen, processed };
}
