import { describe, expect, it } from 'vitest';
import {
  flagSrc,
  formatActivityTime,
  formatAmount,
  formatKpiValue,
  formatTrendDay,
  readableKey,
  statusTone,
} from './format';

describe('analytics display rules', () => {
  it('shows UTC times in the display zone, without any extra shift', () => {
    expect(formatActivityTime('2026-11-22T10:06:37.123Z', 'Asia/Dhaka')).toBe('22 Nov 2026, 16:06:37');
    expect(formatActivityTime('2026-11-22T10:06:37Z', 'Europe/Rome')).toBe('22 Nov 2026, 11:06:37');
    expect(formatActivityTime('2026-11-22T23:30:00Z')).toBe('23 Nov 2026, 05:30:00');
  });

  it('falls back to Asia/Dhaka for an unknown zone and leaves bad text alone', () => {
    expect(formatActivityTime('2026-11-22T10:06:37Z', 'Not/AZone')).toBe('22 Nov 2026, 16:06:37');
    expect(formatActivityTime('yesterday', 'Asia/Dhaka')).toBe('yesterday');
  });

  it('makes KPI names readable and marks numbers as percentages', () => {
    expect(readableKey('successful_payments_last_7_days')).toBe('Successful Payments Last 7 Days');
    expect(readableKey('total_revenue')).toBe('Total Revenue');
    expect(formatKpiValue(42.5)).toBe('42.5%');
    expect(formatKpiValue(0)).toBe('0%');
    expect(formatKpiValue('€25.00')).toBe('€25.00');
  });

  it('formats amounts, trend days, statuses and flags', () => {
    expect(formatAmount(59)).toBe('€59.00');
    expect(formatAmount(42.5)).toBe('€42.50');
    expect(formatAmount(1234.56)).toBe('€1,234.56');
    expect(formatAmount(0.1 + 0.2)).toBe('€0.30');
    expect(formatAmount(null)).toBe('—');
    expect(formatTrendDay('2026-11-22')).toBe('Sun 22 Nov');
    expect(statusTone('completed')).toBe('completed');
    expect(statusTone('pending')).toBe('pending');
    expect(statusTone('cancelled')).toBe('failed');
    expect(statusTone('failed')).toBe('failed');
    expect(flagSrc('IT')).toBe('/flags/it.svg');
    expect(flagSrc(null)).toBeNull();
    expect(flagSrc('../x')).toBeNull();
  });
});
