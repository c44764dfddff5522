import type { EditorSlot } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import {
  monthLabel,
  monthRange,
  parseDates,
  parseTimes,
  romeMonth,
  shiftMonth,
  slotsByDay,
} from './availability';

describe('months', () => {
  it('gives the first and last day of a month, leap years included', () => {
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });
  it("names a month and finds Rome's month at an instant", () => {
    expect(monthLabel('2026-12')).toBe('December 2026');
    // 23:30 UTC on 31 December is already January in Rome.
    expect(romeMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01');
  });
});

describe('parseTimes and parseDates', () => {
  it('reads times separated by commas or spaces, padding 9:00', () => {
    expect(parseTimes('11:00, 9:00 09:00,\n21:30')).toEqual({ times: ['09:00', '11:00', '21:30'], bad: [] });
    expect(parseTimes('25:00, 10').bad).toEqual(['25:00', '10']);
  });
  it('reads dates and names what is not one', () => {
    expect(parseDates('2026-12-25, 2027-01-01')).toEqual({ dates: ['2026-12-25', '2027-01-01'], bad: [] });
    expect(parseDates('2026-02-30 tomorrow').bad).toEqual(['2026-02-30', 'tomorrow']);
    expect(parseDates('')).toEqual({ dates: [], bad: [] });
  });
});

describe('slotsByDay', () => {
  const slot = (id: string, startsAt: string): EditorSlot => ({
    id,
    starts_at: startsAt,
    date: '',
    time: '',
    remaining: 1,
    status: 'AVAILABLE',
    capacity: 1,
    taken: 0,
    closed: false,
  });
  it('groups by Rome day, in order', () => {
    const days = slotsByDay([
      slot('b', '2026-12-05T20:00:00Z'),
      slot('c', '2026-12-05T23:15:00Z'), // 00:15 on the 6th in Rome
      slot('a', '2026-12-05T08:00:00Z'),
    ]);
    expect(days.map((d) => [d.date, d.slots.map((s) => s.id)])).toEqual([
      ['2026-12-05', ['a', 'b']],
      ['2026-12-06', ['c']],
    ]);
  });
});
