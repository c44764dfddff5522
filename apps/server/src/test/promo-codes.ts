/** A test's promo code (decision 050), made by a superuser: 10% off any package unless told otherwise. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './users';

export async function newPromoCode(
  app: FastifyInstance,
  superuser: TestUser,
  body: Record<string, unknown> = {},
): Promise<{ id: string; code: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes/',
    headers: superuser.auth,
    payload: {
      prefix: 'TEST',
      kind: 'percent',
      value: '10',
      scope: 'basket',
      starts_at: null,
      ends_at: null,
      max_uses: null,
      max_uses_per_customer: null,
      min_basket: null,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().promo_code;
}
