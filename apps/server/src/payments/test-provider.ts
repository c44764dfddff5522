/**
 * The built-in test checkout: our own hosted page at /pay/{session}, marked as test mode. Its Pay
 * button goes through the same fulfilment path as a Stripe webhook. It hands out tickets without
 * money, so a production start refuses it unless ALLOW_TEST_PAYMENTS is set (see config.ts).
 */
import { randomBytes } from 'node:crypto';
import { localizedPath } from '@rome/contract';
import type { CreateSessionInput, PaymentProvider, ProviderSession } from './provider';

/** The test checkout's page is on the shop itself, at the address the return URLs name. */
export function testProvider(): PaymentProvider {
  return {
    name: 'test',
    async createSession(input: CreateSessionInput) {
      const id = `test_cs_${randomBytes(18).toString('base64url')}`;
      return { id, url: `${new URL(input.successUrl).origin}${localizedPath(input.locale, `/pay/${id}`)}` };
    },
    async retrieveSession(id: string): Promise<ProviderSession> {
      // The test checkout has no remote state: the order row is the session.
      return { id, status: 'open', paymentStatus: 'unpaid', amountTotalCents: null, currency: 'eur' };
    },
    async refund(input) {
      // No money moved, so the refund is done in place; its id is derived so a retry gives the same one.
      return { id: `test_re_${input.idempotencyKey}` };
    },
    async sessionOfPayment() {
      return null;
    },
  };
}
