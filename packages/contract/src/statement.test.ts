import { describe, expect, it } from 'vitest';
import { commissionCents } from './statement';

describe('commissionCents (decision 068)', () => {
  it('takes the rate in basis points, rounded half away from zero', () => {
    expect(commissionCents(7700, 1500)).toBe(1155);
    expect(commissionCents(2999, 1500)).toBe(450); // 449.85
    expect(commissionCents(10, 1250)).toBe(1); // 1.25
    expect(commissionCents(2, 2500)).toBe(1); // 0.5 rounds up
    expect(commissionCents(0, 1500)).toBe(0);
    expect(commissionCents(12345, 0)).toBe(0);
    expect(commissionCents(12345, 10_000)).toBe(12345);
  });

  it("gives a refund exactly its sale's commission back", () => {
    for (const cents of [1, 2, 99, 2999, 7700, 123457])
      for (const bps of [1, 999, 1250, 1500, 3333])
        expect(commissionCents(-cents, bps)).toBe(-commissionCents(cents, bps));
  });
});
