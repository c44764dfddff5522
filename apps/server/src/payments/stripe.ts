import Stripe from 'stripe';
import type { CreateSessionInput, PaymentProvider, ProviderSession } from './provider';

export type StripeOptions = {
  secretKey: string;
  /** Point the SDK somewhere else (a local stand-in in tests). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

export function createStripeClient(opts: StripeOptions): Stripe {
  return new Stripe(opts.secretKey, {
    ...(opts.host ? { host: opts.host, port: opts.port, protocol: opts.protocol ?? 'https' } : {}),
    maxNetworkRetries: 2,
    timeout: 15_000,
  });
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createSession(input: CreateSessionInput) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: input.lines.map((l) => ({
            quantity: l.quantity,
            price_data: {
              currency: input.currency,
              unit_amount: l.unitAmountCents,
              product_data: { name: l.name },
            },
          })),
          customer_email: input.customerEmail,
          client_reference_id: input.orderUniqueId,
          metadata: { order_unique_id: input.orderUniqueId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          // Stripe's hosted page in the buyer's language (Stripe knows all five).
          locale: input.locale,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id: string): Promise<ProviderSession> {
      const s = await stripe.checkout.sessions.retrieve(id);
      return {
        id: s.id,
        status: (s.status ?? 'open') as ProviderSession['status'],
        paymentStatus: s.payment_status as ProviderSession['paymentStatus'],
        amountTotalCents: s.amount_total,
        currency: s.currency,
      };
    },
    async refund(input) {
      const session = await stripe.checkout.sessions.retrieve(input.sessionId);
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error('The checkout session has no payment to refund');
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: input.amountCents, metadata: { session: input.sessionId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id };
    },
    async sessionOfPayment(paymentRef: string) {
      const list = await stripe.checkout.sessions.list({ payment_intent: paymentRef, limit: 1 });
      return list.data[0]?.id ?? null;
    },
  };
}
