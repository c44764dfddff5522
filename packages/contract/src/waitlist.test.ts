import { describe, expect, it } from 'vitest';
import { entriesToOffer } from './waitlist';

describe('entriesToOffer (decision 063)', () => {
  const line = [
    { id: 'four', places: 4 },
    { id: 'two', places: 2 },
    { id: 'one', places: 1 },
    { id: 'three', places: 3 },
  ];
  it('offers the first in line whose number fits, then the next while places are left', () => {
    expect(entriesToOffer(line, 3).map((e) => e.id)).toEqual(['two', 'one']);
    expect(entriesToOffer(line, 4).map((e) => e.id)).toEqual(['four']);
    expect(entriesToOffer(line, 7).map((e) => e.id)).toEqual(['four', 'two', 'one']);
  });
  it('offers nothing without free places', () => {
    expect(entriesToOffer(line, 0)).toEqual([]);
    expect(entriesToOffer(line, -2)).toEqual([]);
  });
});
