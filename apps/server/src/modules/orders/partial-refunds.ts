/**
 * Partial refunds (decision 068): part of a paid order's money given back while its ticket stays valid,
 * a goodwill gesture made at the payment provider (Stripe's dashboard). Each is a row dated when it
 * happened, so an operator's statement shows it in its own period; a later full refund gives back only
 * what is left of the payment. A combo's (decision 071) is also split across its parts, each part's
 * row its operator's part of it.
 */
import { splitShares } from '@rome/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orderPartialRefunds, orders } from '../../db/schema';
import { comboPartOrders } from './combo';

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
    if (inserted.length === 0) return 'duplicate';
    if (order.isCombo)
      await splitAcrossParts(t, order.id, cents, input.at, `${input.sourceRef}:${input.cumulativeCents}`);
    return 'recorded';
  });
}

/**
 * A combo's partial refund given back by its parts' operators (decision 071): `cents` split by the
 * shares rule (`splitShares`, largest remainder) in proportion to what each paid part has left of its
 * share (its share less its partial refunds so far), so the parts add up to the combo's refund to the
 * cent and no part gives back more than it was paid, however many partial refunds come. A first one
 * is split as the shares were. One row per part, dated as the combo's; the combo's own row stays what
 * the provider gave back (a later full refund asks the provider for the rest of it). Under the
 * combo's lock, taken before its parts' as a full refund takes them.
 */
async function splitAcrossParts(t: Db, comboOrderId: string, cents: number, at: Date, sourceRef: string) {
  const parts = (await comboPartOrders(t, comboOrderId, true)).filter(
    (p) => p.order.status === 'paid' && p.order.comboShareCents !== null,
  );
  const left: number[] = [];
  for (const { order } of parts)
    left.push(Math.max(0, (order.comboShareCents ?? 0) - (await partlyRefundedCents(t, order.id))));
  const split = splitShares(cents, left);
  const rows = parts
    .map(({ order }, i) => ({
      orderId: order.id,
      cents: split[i],
      refundedAt: at,
      source: 'provider' as const,
      sourceRef: `${sourceRef}:part:${order.id}`,
    }))
    // A part with nothing left gives nothing back (the table keeps only amounts above zero).
    .filter((r) => r.cents > 0);
  if (rows.length) await t.insert(orderPartialRefunds).values(rows);
}
