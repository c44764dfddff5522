/**
 * A card payment provider with a hosted checkout page. Two implementations: Stripe (production) and
 * the built-in test checkout (the default when no Stripe key is set).
 */
import type { Locale } from '@rome/contract';

export type CheckoutLine = { name: string; unitAmountCents: number; quantity: number };

export type CreateSessionInput = {
  orderUniqueId: string;
  currency: 'eur';
  lines: CheckoutLine[];
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** The buyer's language (decision 024): the hosted page speaks it too. */
  locale: Locale;
  expiresAt: Date;
  idempotencyKey: string;
};

export type ProviderSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalCents: number | null;
  currency: string | null;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
  /** The provider's own view of a session: fulfilment trusts this, not a webhook's copy. */
  retrieveSession(id: string): Promise<ProviderSession>;
  /**
   * Gives a session's payment back (all of `amountCents`). The idempotency key makes a retried refund
   * one refund at the provider.
   */
  refund(input: { sessionId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** The checkout session a provider payment (Stripe: payment intent) belongs to; for refund events. */
  sessionOfPayment(paymentRef: string): Promise<string | null>;
}
