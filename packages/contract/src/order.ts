/**
 * An order's life, once: its states (the orders table's status column takes them from here), the
 * events that move it, and which event moves it where. Every status change of an order in the server
 * goes through `nextOrderStatus`; a move the table does not allow is refused (the API answers 409,
 * code 'order_state').
 *
 *   pending --pay--------------> paid --refund--> refunded
 *   pending --confirm----------> paid          (a reseller's booking, OCTO: the reseller took the money)
 *   pending --amount_mismatch--> amount_mismatch --refund--> refunded
 *   pending --cancel-----------> cancelled
 *   pending --expire-----------> expired
 *
 * 'refunded' is reached only by a refund (money that was taken goes back: a paid order, or one whose
 * paid amount did not match; a reseller's confirmed booking that the reseller cancels). Cancelled and expired orders took no money and are final.
 */
import { ERROR_CODES } from './error-codes';

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'cancelled',
  'expired',
  'refunded',
  'amount_mismatch',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = ['pay', 'confirm', 'amount_mismatch', 'cancel', 'expire', 'refund'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** The whole state table: per state, the events it accepts and where each leads. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  pending: {
    pay: 'paid',
    confirm: 'paid',
    amount_mismatch: 'amount_mismatch',
    cancel: 'cancelled',
    expire: 'expired',
  },
  paid: { refund: 'refunded' },
  amount_mismatch: { refund: 'refunded' },
  cancelled: {},
  expired: {},
  refunded: {},
};

/** Where `event` moves an order in state `from`; null when the table does not allow it. */
export function nextOrderStatus(from: OrderStatus, event: OrderEvent): OrderStatus | null {
  return ORDER_TRANSITIONS[from]?.[event] ?? null;
}

/** Whether some event moves an order from `from` to `to` (staying put is no transition). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return Object.values(ORDER_TRANSITIONS[from] ?? {}).includes(to);
}

/** An order that can still be paid or closed: its checkout is open. */
export const isOrderOpen = (status: OrderStatus): boolean => status === 'pending';

/** The messages of a refused move, by the event that was refused. */
export const ORDER_STATE_MESSAGES: Record<OrderEvent, string> = {
  pay: /*i18n*/ 'This checkout is no longer open.',
  confirm: 'This booking is no longer on hold.',
  amount_mismatch: /*i18n*/ 'This checkout is no longer open.',
  cancel: /*i18n*/ 'This checkout can no longer be cancelled.',
  expire: /*i18n*/ 'This checkout is no longer open.',
  refund: /*i18n*/ 'This order cannot be refunded.',
};

/** The machine code of a refused move (apiErrorSchema's `code`). */
export const ORDER_STATE_CODE = ERROR_CODES.orderState;
