import { describe, expect, it } from 'vitest';
import { addMonths, keyMove, monthWeeks, sameDayInMonth } from './calendar';

describe('monthWeeks', () => {
  it('starts weeks on Monday and pads with the neighbouring months as null', () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const weeks = monthWeeks('2026-12');
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks.at(-1)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('has no empty first week when the month starts on a Monday', () => {
    expect(monthWeeks('2027-02')[0][0]).toBe('2027-02-01');
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });
});

describe('moves', () => {
  it('crosses months and years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(sameDayInMonth('2027-01-31', 1)).toBe('2027-02-28');
    expect(sameDayInMonth('2026-12-15', -1)).toBe('2026-11-15');
  });

  it('moves by day, week, week edge and month', () => {
    expect(keyMove('ArrowRight', '2026-12-31')).toBe('2027-01-01');
    expect(keyMove('ArrowUp', '2026-12-03')).toBe('2026-11-26');
    expect(keyMove('Home', '2026-12-03')).toBe('2026-11-30');
    expect(keyMove('End', '2026-12-03')).toBe('2026-12-06');
    expect(keyMove('PageDown', '2026-12-03')).toBe('2027-01-03');
    expect(keyMove('Enter', '2026-12-03')).toBeNull();
  });
});
