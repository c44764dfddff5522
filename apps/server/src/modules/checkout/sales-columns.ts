/**
 * What a group of orders sold, as the dashboard's reports count it (a promo code's, a widget partner's):
 * paid orders (refunded ones included: the sale happened), refunded ones, and the revenue kept (paid,
 * not refunded; what the buyers paid). Columns for a query grouped over a left join of `orders`.
 */
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema';

export const soldColumns = () => ({
  sold: sql<number>`count(${orders.id}) FILTER (WHERE ${orders.status} IN ('paid', 'refunded', 'amount_mismatch'))::int`.mapWith(
    Number,
  ),
  refunded: sql<number>`count(${orders.id}) FILTER (WHERE ${orders.status} = 'refunded')::int`.mapWith(
    Number,
  ),
  revenue:
    sql<number>`coalesce(sum(coalesce(${orders.amountPaidCents}, ${orders.totalCents})) FILTER (WHERE ${orders.status} = 'paid'), 0)::int`.mapWith(
      Number,
    ),
});
