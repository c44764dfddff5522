/**
 * The one place an order's status is written. The move is the contract's state table
 * (`nextOrderStatus`, packages/contract/src/order.ts); a move it does not allow is refused with 409
 * `{error, code: 'order_state'}` (ERROR_CODES.orderState). The write is conditional on the status it
 * was read in, so two requests racing on one order cannot both move it.
 */
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  nextOrderStatus,
  ORDER_STATE_CODE,
  ORDER_STATE_MESSAGES,
  type OrderEvent,
  type OrderStatus,
} from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { HttpError } from '../../lib/errors';

export type OrderRow = typeof orders.$inferSelect;
/** The language the order was bought in (decision 024); English for orders from before languages. */
export const orderLocale = (order: Pick<OrderRow, 'language'>): Locale =>
  isLocale(order.language) ? order.language : DEFAULT_LOCALE;

/** Columns a move may set beside the status (what the event brings: paid amount, claim code, ...). */
export type OrderChanges = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status' | 'updatedAt'>>;

/** The 409 of a refused move. */
export const orderStateError = (event: OrderEvent): HttpError =>
  new HttpError(409, { error: ORDER_STATE_MESSAGES[event], code: ORDER_STATE_CODE });

/**
 * The update that moves `order` by `event` (conditional on the status it was read in). Throws
 * orderStateError when the table refuses. For a caller that writes it with other writes in one
 * statement (writeTogether) and needs no answer: the order's row is locked, so it cannot miss.
 */
export function orderMove(
  db: Db,
  order: { id: string; status: OrderStatus },
  event: OrderEvent,
  changes: OrderChanges = {},
) {
  return db
    .update(orders)
    .set(orderMoveSet(order, event, changes))
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)));
}

/**
 * What moving `order` by `event` sets: `changes`, the state table's next status and the time (also
 * for a prepared statement that writes the move with others). Throws orderStateError when refused.
 */
export function orderMoveSet<C extends OrderChanges>(
  order: { status: OrderStatus },
  event: OrderEvent,
  changes: C,
): C & { status: OrderStatus; updatedAt: Date } {
  const to = nextOrderStatus(order.status, event);
  if (!to) throw orderStateError(event);
  return { ...changes, status: to, updatedAt: new Date() };
}

/**
 * Moves `order` by `event`. Throws orderStateError when the table refuses; answers null when another
 * request moved the order first (its status is no longer `order.status`), else the updated row.
 */
export async function moveOrder(
  db: Db,
  order: { id: string; status: OrderStatus },
  event: OrderEvent,
  changes: OrderChanges = {},
): Promise<OrderRow | null> {
  const [moved] = await orderMove(db, order, event, changes).returning();
  return moved ?? null;
}
