/**
 * Partial refunds (decision 068): part of a paid order's money given back while its ticket stays valid,
 * a goodwill gesture made at the payment provider (Stripe's dashboard). Each is a row dated when it
 * happened, so an operator's statement shows it in its own period; a later full refund gives back only
 * what is left of the payment.
 */
import { eq, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orderPartialRefunds, orders } from '../../db/schema';

/** What the order's partial refunds gave back so far, in cents. */
export async function partlyRefundedCents(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderPartialRefunds.cents}), 0)::int`.mapWith(Number) })
    .from(orderPartialRefunds)
    .where(eq(orderPartialRefunds.orderId, orderId));
  return row?.cents ?? 0;
}

export type PartialRefundOutcome = 'recorded' | 'duplicate' | 'unchanged';

/**
 * Records that the provider has given back `cumulativeCents` of the order's payment in all (Stripe's
 * `amount_refunded`, which counts every refund of the charge): the part not recorded yet becomes one
 * row, keyed by `sourceRef` plus that total, so the same report twice, or an older one after a newer
 * one, records nothing. Only a paid order: a refunded one has given everything back already. Under the
 * order's lock, so two reports at once cannot both count the same part.
 */
export async function recordProviderPartialRefund(
  db: Db,
  input: { orderId: string; cumulativeCents: number; at: Date; sourceRef: string },
): Promise<PartialRefundOutcome> {
  return db.transaction(async (tx) => {
    const t = txDb(tx);
    const [order] = await t.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (order?.status !== 'paid' || order.amountPaidCents === null) return 'unchanged';
    const before = await partlyRefundedCents(t, order.id);
    const cents = Math.min(input.cumulativeCents, order.amountPaidCents) - before;
    if (cents <= 0) return 'unchanged';
    const inserted = await t
      .insert(orderPartialRefunds)
      .values({
        orderId: order.id,
        cents,
        refundedAt: input.at,
        source: 'provider',
        sourceRef: `${input.sourceRef}:${input.cumulativeCents}`,
      })
      .onConflictDoNothing()
      .returning({ id: orderPartialRefunds.id });
    return inserted.length ? 'recorded' : 'duplicate';
  });
}
