import { describe, expect, it } from 'vitest';
import { bulkCapacityRefusal, bulkSlotsMessage, isYearMonth, weekdayDatesOfMonth } from './inventory';
import { bulkSlotsSchema } from './inventory.schema';

describe('bulk slot steps', () => {
  it("finds a weekday's dates in a month, Rome calendar days", () => {
    // December 2026 starts on a Tuesday: its Saturdays are the 5th, 12th, 19th and 26th.
    expect(weekdayDatesOfMonth('2026-12', 6)).toEqual([
      '2026-12-05',
      '2026-12-12',
      '2026-12-19',
      '2026-12-26',
    ]);
    expect(weekdayDatesOfMonth('2028-02', 2)).toEqual([
      '2028-02-01',
      '2028-02-08',
      '2028-02-15',
      '2028-02-22',
      '2028-02-29',
    ]);
    expect(weekdayDatesOfMonth('2026-13', 1)).toEqual([]);
    expect([isYearMonth('2026-12'), isYearMonth('2026-00'), isYearMonth('26-12')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('says what a step did and what it left', () => {
    const n = (changed: number, unchanged = 0, past = 0) => ({
      matched: changed + unchanged + past,
      changed,
      unchanged,
      past,
    });
    expect(bulkSlotsMessage('close', n(15))).toBe('15 times closed.');
    expect(bulkSlotsMessage('close', n(12, 0, 3))).toBe('12 times closed (3 passed, kept as they were).');
    expect(bulkSlotsMessage('reopen', n(1, 2, 1))).toBe(
      '1 time reopened (2 already open; 1 passed, kept as it was).',
    );
    expect(bulkSlotsMessage('capacity', n(8, 1), 30)).toBe(
      '8 times set to 30 places (1 already at 30 places).',
    );
    expect(bulkSlotsMessage('close', n(0))).toBe('No times on those days.');
    expect(bulkCapacityRefusal(2, { date: '2026-12-05', time: '09:00', taken: 3 }, 1)).toBe(
      'Capacity cannot be 2 at 09:00 on Sat, 5 Dec 2026: 3 places are already sold or held (and 1 time more). ' +
        'Nothing was changed.',
    );
  });

  it('takes either dates or a weekday and a month, and a capacity only with the capacity step', () => {
    const ok = (body: object) => bulkSlotsSchema.safeParse(body).success;
    expect(ok({ action: 'close', dates: ['2026-12-05'] })).toBe(true);
    expect(ok({ action: 'capacity', weekday: 6, month: '2026-12', capacity: 30, time_from: '09:00' })).toBe(
      true,
    );
    expect(ok({ action: 'close', weekday: 6 })).toBe(false);
    expect(ok({ action: 'close', dates: ['2026-12-05'], month: '2026-12', weekday: 6 })).toBe(false);
    expect(ok({ action: 'capacity', dates: ['2026-12-05'] })).toBe(false);
    expect(ok({ action: 'reopen', dates: ['2026-12-05'], capacity: 3 })).toBe(false);
    expect(ok({ action: 'close', dates: ['2026-12-05'], time_from: '10:00', time_to: '09:00' })).toBe(false);
  });
});
