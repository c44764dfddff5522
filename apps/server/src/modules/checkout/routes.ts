import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { orders, packages } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { requireUser } from '../auth/plugin';
import { readFields } from './fields';
import { closeUnpaidSession, fulfilPaidSession } from './fulfilment';
import { createCheckout } from './service';

export const checkoutRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/create-checkout-session/', { preHandler: requireUser }, async (req) => {
    const user = req.user!;
    await enforce(app.db, `checkout:user:${user.id}`, 30, 600);
    const input = await readFields(req);
    return createCheckout(
      { db: app.db, provider: app.payments, publicUrl: app.config.publicUrl },
      user,
      input,
      req.ip,
    );
  });

  // What the client needs to know of the provider (the publishable key is public by design).
  app.get('/api/payments/config/', async () => ({
    provider: app.payments.name,
    publishable_key: app.payments.name === 'stripe' ? (app.config.stripe.publishableKey ?? null) : null,
    test_mode: app.payments.name === 'test',
  }));

  // The built-in test checkout (only when it is the provider): the page at /pay/{session} reads the
  // order, and its Pay and Cancel buttons end here.
  if (app.payments.name !== 'test') return;

  const loadOwnSession = async (sessionId: string, userId: string) => {
    const [row] = await app.db
      .select({ order: orders, title: packages.title })
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .where(and(eq(orders.providerSessionId, sessionId), eq(orders.userId, userId)));
    if (!row) throw notFound('Checkout session not found.');
    return row;
  };

  app.get('/api/test-checkout/:session/', { preHandler: requireUser }, async (req) => {
    const { session } = req.params as { session: string };
    const { order, title } = await loadOwnSession(session, req.user!.id);
    return {
      session,
      test_mode: true,
      status: order.status,
      package: title,
      selected_date: order.selectedDate,
      adults: order.adultCount,
      youths: order.youthCount,
      infants: order.infantCount,
      adult_price: (order.adultPriceCents / 100).toFixed(2),
      youth_price: (order.youthPriceCents / 100).toFixed(2),
      total_price: (order.totalCents / 100).toFixed(2),
      success_url: `/success/${order.uniqueId}/`,
      cancel_url: '/cancel/',
    };
  });

  app.post('/api/test-checkout/:session/pay/', { preHandler: requireUser }, async (req, reply) => {
    const { session } = req.params as { session: string };
    const { order } = await loadOwnSession(session, req.user!.id);
    if (order.status !== 'pending' && order.status !== 'paid') {
      return reply.code(409).send({ error: 'This checkout is no longer open.' });
    }
    const result = await fulfilPaidSession(
      { db: app.db, storage: app.storage, publicUrl: app.config.publicUrl },
      session,
      { amountCents: order.totalCents, currency: 'eur' },
    );
    return { result, redirect: `/success/${order.uniqueId}/` };
  });

  app.post('/api/test-checkout/:session/cancel/', { preHandler: requireUser }, async (req) => {
    const { session } = req.params as { session: string };
    await loadOwnSession(session, req.user!.id);
    await closeUnpaidSession(app.db, session, 'cancelled');
    return { redirect: '/cancel/' };
  });
};
