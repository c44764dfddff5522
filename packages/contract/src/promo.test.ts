import { describe, expect, it } from 'vitest';
import {
  makePromoCode,
  normalizePromoCode,
  PROMO_CODE_ALPHABET,
  PROMO_MIN_CHARGE_CENTS,
  type PromoRule,
  promoDiscountCents,
  promoRefusal,
} from './promo';

const rule = (r: Partial<PromoRule>): PromoRule => ({
  kind: 'percent',
  value: 10,
  scope: 'basket',
  packageId: null,
  folderId: null,
  startsAt: null,
  endsAt: null,
  minBasketCents: null,
  active: true,
  ...r,
});
const order = { packageId: 1, folderId: 2, subtotalCents: 7700 };

describe('promo codes (decision 050)', () => {
  it('rounds a percentage half up to the cent, in integer cents', () => {
    expect(promoDiscountCents({ kind: 'percent', value: 10 }, 7700)).toBe(770);
    expect(promoDiscountCents({ kind: 'percent', value: 15 }, 1990)).toBe(299); // 298.5 -> 299
    expect(promoDiscountCents({ kind: 'percent', value: 33 }, 1001)).toBe(330); // 330.33 -> 330
  });

  it('never makes an order negative or free', () => {
    expect(promoDiscountCents({ kind: 'amount', value: 50_000 }, 7700)).toBe(7700 - PROMO_MIN_CHARGE_CENTS);
    expect(promoDiscountCents({ kind: 'percent', value: 100 }, 7700)).toBe(7700 - PROMO_MIN_CHARGE_CENTS);
    expect(promoDiscountCents({ kind: 'amount', value: 500 }, 40)).toBe(0);
  });

  it('judges activity, dates, scope and the minimum basket', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    expect(promoRefusal(rule({}), order, now)).toBeNull();
    expect(promoRefusal(rule({ active: false }), order, now)).toBe('invalid');
    expect(promoRefusal(rule({ startsAt: new Date('2026-06-02T00:00:00Z') }), order, now)).toBe('notYet');
    expect(promoRefusal(rule({ endsAt: now }), order, now)).toBe('expired');
    expect(promoRefusal(rule({ scope: 'package', packageId: 9 }), order, now)).toBe('notForTicket');
    expect(promoRefusal(rule({ scope: 'package', packageId: 1 }), order, now)).toBeNull();
    expect(promoRefusal(rule({ scope: 'operator', folderId: 9 }), order, now)).toBe('notForTicket');
    expect(promoRefusal(rule({ minBasketCents: 7701 }), order, now)).toBe('minBasket');
    expect(promoRefusal(rule({ minBasketCents: 7700 }), order, now)).toBeNull();
  });

  it('makes codes of the unambiguous alphabet, compared without case, spaces or dashes', () => {
    expect(PROMO_CODE_ALPHABET).toHaveLength(32);
    expect(PROMO_CODE_ALPHABET).not.toMatch(/[01IO]/);
    const code = makePromoCode('summer', new Uint8Array(Array.from({ length: 12 }, (_, i) => i * 21)));
    expect(code).toMatch(/^SUMMER-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(normalizePromoCode(' summer-ab cd_ef ')).toBe('SUMMERABCDEF');
  });
});
