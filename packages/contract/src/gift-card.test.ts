import { describe, expect, it } from 'vitest';
import {
  giftCardAmountRefusal,
  giftCardCodeFrom,
  giftCardExpiry,
  giftCardTakeCents,
  looksLikeGiftCardCode,
  normalizeGiftCardCode,
} from './gift-card';

describe('gift card rules', () => {
  it('takes min(balance, total), never leaving less than €0.50 to pay by card, never negative', () => {
    expect(giftCardTakeCents(2500, 7700)).toBe(2500);
    expect(giftCardTakeCents(10000, 7700)).toBe(7700);
    expect(giftCardTakeCents(7680, 7700)).toBe(7650);
    expect(giftCardTakeCents(0, 7700)).toBe(0);
    expect(giftCardTakeCents(-5, 7700)).toBe(0);
    expect(giftCardTakeCents(100, 30)).toBe(30);
  });

  it('draws 80 bits as 16 characters in four groups, read back in any case and spacing', () => {
    const code = giftCardCodeFrom(new Uint8Array([255, 0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    expect(giftCardCodeFrom(new Uint8Array(10).fill(0))).not.toBe(
      giftCardCodeFrom(new Uint8Array(10).fill(1)),
    );
    expect(looksLikeGiftCardCode(normalizeGiftCardCode(code.toLowerCase().replaceAll('-', ' ')))).toBe(true);
    expect(looksLikeGiftCardCode('ABC')).toBe(false);
    expect(looksLikeGiftCardCode('O'.repeat(16))).toBe(false);
  });

  it('expires 24 months later, a month end kept in its month', () => {
    expect(giftCardExpiry(new Date('2026-12-06T14:00:00Z')).toISOString()).toBe('2028-12-06T14:00:00.000Z');
    expect(giftCardExpiry(new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(giftCardExpiry(new Date('2026-08-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-09-30T10:00:00.000Z',
    );
  });

  it('sells whole euros from €10 to €500', () => {
    expect(giftCardAmountRefusal(1000)).toBeNull();
    expect(giftCardAmountRefusal(50000)).toBeNull();
    for (const cents of [900, 50100, 1250, null]) expect(giftCardAmountRefusal(cents)).not.toBeNull();
  });
});
