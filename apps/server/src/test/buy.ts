/**
 * Buying a ticket in the API tests, one way: a checkout as the buyer sends it, then the built-in test
 * checkout's Pay (the same fulfilment as a Stripe webhook). Each step checks its answer, so a test that
 * buys fails where the purchase broke, not later.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { mailOutbox, orders } from '../db/schema';
import { hashClaimCode } from '../modules/orders/ticket-issue';
import type { TestUser } from './users';

/** BB-24, the open-dated 24-hour bus pass: two adults and a youth unless `fields` say otherwise. */
export const PASS_ORDER = { package_identifier: 'BB-24', adult_count: '2', youth_count: '1' } as const;

/** Opens a checkout of `fields` as `user`; answers its payment session's id. */
export async function openCheckout(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, string> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: user.auth,
    payload: { ...PASS_ORDER, ...fields },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

export type Bought = {
  order: typeof orders.$inferSelect;
  uniqueId: string;
  /** The claim code, read from the ticket e-mail (only its hash is stored). */
  code: string;
};

/** Pays session `id` with the test checkout's Pay; answers the paid order and its claim code. */
export async function payTestCheckout(
  app: FastifyInstance,
  db: Db,
  user: TestUser,
  id: string,
): Promise<Bought> {
  const pay = await app.inject({ method: 'POST', url: `/api/test-checkout/${id}/pay/`, headers: user.auth });
  expect(pay.statusCode, pay.body).toBe(200);
  expect(pay.json().result).toBe('fulfilled');
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, id));
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
  const code = mails
    .map((m) => /\/verify\/([\w-]+)\//.exec(m.text)?.[1])
    .find((c) => c && hashClaimCode(c) === order.claimCodeHash);
  expect(code, 'the claim code in the ticket e-mail').toBeTruthy();
  return { order, uniqueId: order.uniqueId, code: code! };
}

/** Buys `fields` (BB-24 by default) as `user` through the test checkout. */
export async function buyTicket(
  app: FastifyInstance,
  db: Db,
  user: TestUser,
  fields: Record<string, string> = {},
): Promise<Bought> {
  return payTestCheckout(app, db, user, await openCheckout(app, user, fields));
}
