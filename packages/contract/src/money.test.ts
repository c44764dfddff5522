import { describe, expect, it } from 'vitest';
import { signedDecimalToCents } from './analytics-period';
import {
  centsToDecimal,
  decimalToCents,
  formatEuro,
  formatEuroAmount,
  orderTotalCents,
  savePercent,
} from './money';

describe('money', () => {
  it('converts between cents and the API decimal string', () => {
    expect(centsToDecimal(1900)).toBe('19.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(decimalToCents('19.5')).toBe(1950);
    expect(decimalToCents('19.05')).toBe(1905);
    expect(decimalToCents(12.3)).toBe(1230);
    expect(decimalToCents('1.234')).toBeNull();
    expect(decimalToCents('-1')).toBeNull();
    expect(decimalToCents('abc')).toBeNull();
    expect(decimalToCents(null)).toBeNull();
    expect(formatEuro(2900)).toBe('€29.00');
  });

  it("reads a report's signed decimal back to cents, the way centsToDecimal wrote it", () => {
    for (const cents of [0, 5, 1900, -5700, -5])
      expect(signedDecimalToCents(centsToDecimal(cents))).toBe(cents);
    expect(signedDecimalToCents('--1')).toBeNull();
    expect(signedDecimalToCents('1-')).toBeNull();
  });

  it('formats dashboard amounts with thousands grouped, as en-IE euro does', () => {
    const intl = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
    for (const cents of [
      0, 5, 99, 100, 2500, 99_999, 100_000, 123_456, 100_000_000, 123_456_789, -150, -123_456,
    ])
      expect(formatEuroAmount(cents), String(cents)).toBe(intl.format(cents / 100));
    expect(formatEuroAmount(123_456)).toBe('€1,234.56');
  });

  it('save percent is round((original - price) / original * 100), none without a higher old price', () => {
    expect(savePercent(2900, 3500)).toBe(17);
    expect(savePercent(2500, 3000)).toBe(17);
    expect(savePercent(1900, 2300)).toBe(17);
    expect(savePercent(5000, 10000)).toBe(50);
    expect(savePercent(3500, 3500)).toBeNull();
    expect(savePercent(3500, 2000)).toBeNull();
    expect(savePercent(3500, null)).toBeNull();
  });

  it('totals count adults and youths at their prices; infants are free', () => {
    expect(orderTotalCents({ adults: 2, youths: 1 }, { adultCents: 2900, youthCents: 1900 })).toBe(7700);
    expect(orderTotalCents({ adults: 0, youths: 0 }, { adultCents: 2900, youthCents: 1900 })).toBe(0);
  });
});
