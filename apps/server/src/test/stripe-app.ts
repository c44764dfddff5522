/**
 * The real app configured for Stripe, its SDK pointed at the local stand-in (stripe-standin.ts): what
 * every Stripe suite starts from, with the calls they all make (a checkout as the web app sends it, a
 * payment at Stripe, a signed webhook delivery).
 */
import Stripe from 'stripe';
import type { AppDeps } from '../app';
import type { Config } from '../config';
import { createTestApp } from './harness';
import { multipart } from './multipart';
import { type StandinSession, startStripeStandin } from './stripe-standin';
import type { TestUser } from './users';

export async function stripeTestApp(opts: {
  /** Each suite its own, so a signature made for one suite is refused by another. */
  webhookSecret: string;
  /** Left out: the app has no publishable key, as the refunds suite runs it. */
  publishableKey?: string;
  deps?: Partial<AppDeps>;
  /** How often the shop settles pending refunds by itself (config REFUND_SETTLE_SECONDS). */
  refundSettleSeconds?: number;
  /** Other settings (a suite that walks the waiting lists itself sets the walk's interval). */
  config?: Partial<Config>;
}) {
  const standin = await startStripeStandin();
  const stripe = new Stripe('sk_test_standin', {
    host: '127.0.0.1',
    port: standin.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const t = await createTestApp(
    {
      stripe: {
        secretKey: 'sk_test_standin',
        webhookSecret: opts.webhookSecret,
        ...(opts.publishableKey ? { publishableKey: opts.publishableKey } : {}),
      },
      ...(opts.refundSettleSeconds ? { refundSettleSeconds: opts.refundSettleSeconds } : {}),
      ...opts.config,
    },
    { ...opts.deps, stripe },
  );
  return {
    ...t,
    standin,
    stripe,
    /** POST create-checkout-session with the multipart form the web app sends, as `user` (null: nobody). */
    async checkout(fields: Record<string, string>, user: TestUser | null) {
      const form = await multipart(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session/',
        headers: { ...form.headers, ...(user ? user.auth : {}) },
        payload: form.payload,
      });
    },
    /** The buyer pays on Stripe's hosted page: the stand-in's session is complete and paid. */
    paidAtStripe(sessionId: string): StandinSession {
      const session = standin.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId} at the stand-in`);
      session.status = 'complete';
      session.payment_status = 'paid';
      return session;
    },
    /** Stripe's webhook call with `event`, signed with the suite's secret (or another, to forge one). */
    deliver(event: unknown, secret = opts.webhookSecret) {
      const payload = JSON.stringify(event);
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    },
    async close() {
      await t.close();
      await standin.close();
    },
  };
}

export type StripeTestApp = Awaited<ReturnType<typeof stripeTestApp>>;
