import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isOrderOpen,
  nextOrderStatus,
  ORDER_EVENTS,
  ORDER_STATE_MESSAGES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from './order';

describe('order state table', () => {
  it('has a row for every state and only known states as targets', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const row of Object.values(ORDER_TRANSITIONS)) {
      for (const [event, to] of Object.entries(row)) {
        expect(ORDER_EVENTS).toContain(event);
        expect(ORDER_STATUSES).toContain(to);
      }
    }
    for (const event of ORDER_EVENTS) expect(ORDER_STATE_MESSAGES[event]).toBeTruthy();
  });

  it('moves a pending order by each of its events', () => {
    expect(nextOrderStatus('pending', 'pay')).toBe('paid');
    expect(nextOrderStatus('pending', 'amount_mismatch')).toBe('amount_mismatch');
    expect(nextOrderStatus('pending', 'cancel')).toBe('cancelled');
    expect(nextOrderStatus('pending', 'expire')).toBe('expired');
    expect(nextOrderStatus('pending', 'refund')).toBeNull();
  });

  it('reaches refunded only by a refund of money that was taken', () => {
    expect(nextOrderStatus('paid', 'refund')).toBe('refunded');
    expect(nextOrderStatus('amount_mismatch', 'refund')).toBe('refunded');
    const into = ORDER_STATUSES.filter((s) => canTransition(s, 'refunded'));
    expect(into.sort()).toEqual(['amount_mismatch', 'paid']);
    for (const row of Object.values(ORDER_TRANSITIONS))
      for (const [event, to] of Object.entries(row)) if (to === 'refunded') expect(event).toBe('refund');
  });

  it('refuses every other move: a paid order is not cancelled, closed orders stay closed', () => {
    expect(nextOrderStatus('paid', 'cancel')).toBeNull();
    expect(nextOrderStatus('paid', 'pay')).toBeNull();
    expect(nextOrderStatus('paid', 'expire')).toBeNull();
    for (const closed of ['cancelled', 'expired', 'refunded'] as OrderStatus[])
      for (const event of ORDER_EVENTS)
        expect(nextOrderStatus(closed, event), `${closed} ${event}`).toBeNull();
    for (const s of ORDER_STATUSES) expect(canTransition(s, s), s).toBe(false);
    expect(canTransition('cancelled', 'paid')).toBe(false);
    expect(canTransition('expired', 'paid')).toBe(false);
    expect(canTransition('refunded', 'paid')).toBe(false);
  });

  it('counts exactly the allowed moves', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual([
      'amount_mismatch->refunded',
      'paid->refunded',
      'pending->amount_mismatch',
      'pending->cancelled',
      'pending->expired',
      'pending->paid',
    ]);
  });

  it('only a pending order is open', () => {
    expect(ORDER_STATUSES.filter(isOrderOpen)).toEqual(['pending']);
  });
});
