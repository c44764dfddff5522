import type { Slot } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import { chosenSlot, dayMarks, fitCounts, showSlots, slotDays, slotRange, withOffer } from './slots';

const slot = (id: string, startsAt: string, status: Slot['status'], remaining = 20): Slot => ({
  id,
  starts_at: startsAt,
  date: '',
  time: '',
  remaining,
  status,
});

describe('showSlots', () => {
  const now = new Date('2026-12-05T08:00:00Z'); // 09:00 in Rome
  it('shows Rome time and the label of each slot, in order', () => {
    const shown = showSlots(
      [
        slot('b', '2026-12-05T12:00:00Z', 'LIMITED', 3),
        slot('a', '2026-12-05T10:00:00Z', 'AVAILABLE'),
        slot('c', '2026-12-05T14:00:00Z', 'SOLD_OUT', 0),
        slot('d', '2026-12-05T16:00:00Z', 'CLOSED'),
      ],
      0,
      now,
    );
    expect(shown.map((s) => [s.id, s.romeDate, s.romeTime, s.label, s.bookable])).toEqual([
      ['a', '2026-12-05', '11:00', '', true],
      ['b', '2026-12-05', '13:00', '3 left', true],
      ['c', '2026-12-05', '15:00', 'Sold out', false],
      ['d', '2026-12-05', '17:00', 'Closed', false],
    ]);
  });

  it('counts a slot within its booking cut-off as past, even if the answer said otherwise', () => {
    const [s] = showSlots([slot('a', '2026-12-05T08:20:00Z', 'AVAILABLE')], 30, now);
    expect(s.status).toBe('PAST');
    expect(s.bookable).toBe(false);
  });

  it('uses summer time in July (Rome is UTC+2)', () => {
    const [s] = showSlots([slot('a', '2027-07-01T19:00:00Z', 'AVAILABLE')], 0, now);
    expect([s.romeDate, s.romeTime]).toEqual(['2027-07-01', '21:00']);
  });

  it('gives the Rome date of a slot just after midnight in Rome', () => {
    const [s] = showSlots([slot('a', '2026-12-05T23:30:00Z', 'AVAILABLE')], 0, now);
    expect([s.romeDate, s.romeTime]).toEqual(['2026-12-06', '00:30']);
  });
});

describe('slotDays', () => {
  const now = new Date('2026-12-05T08:00:00Z');
  it('lists days with a time still to come, marking days with nothing bookable', () => {
    const shown = showSlots(
      [
        slot('p', '2026-12-05T07:00:00Z', 'PAST'),
        slot('x', '2026-12-06T10:00:00Z', 'SOLD_OUT', 0),
        slot('y', '2026-12-07T10:00:00Z', 'AVAILABLE'),
        slot('z', '2026-12-07T12:00:00Z', 'CLOSED'),
      ],
      0,
      now,
    );
    expect(slotDays(shown)).toEqual([
      { date: '2026-12-06', full: true },
      { date: '2026-12-07', full: false },
    ]);
  });
});

describe('chosenSlot', () => {
  const now = new Date('2026-12-05T08:00:00Z');
  const [open, full] = showSlots(
    [slot('o', '2026-12-06T10:00:00Z', 'AVAILABLE'), slot('f', '2026-12-06T12:00:00Z', 'SOLD_OUT', 0)],
    0,
    now,
  );
  it('pre-selects the only time of a day when it can be booked', () => {
    expect(chosenSlot([open], null)?.id).toBe('o');
    expect(chosenSlot([full], null)).toBeNull();
  });
  it("keeps the buyer's choice only while it can be booked", () => {
    expect(chosenSlot([open, full], 'o')?.id).toBe('o');
    expect(chosenSlot([open, full], 'f')).toBeNull();
    expect(chosenSlot([open, full], null)).toBeNull();
  });
});

describe('slotRange', () => {
  it("asks for the package's listed days, at most 370 days", () => {
    expect(slotRange([])).toEqual({});
    expect(slotRange(['2026-12-07', '2026-12-05'])).toEqual({ from: '2026-12-05', to: '2026-12-07' });
    expect(slotRange(['2026-01-01', '2028-01-01'])).toEqual({ from: '2026-01-01', to: '2027-01-06' });
  });
});

describe('dayMarks', () => {
  const now = new Date('2026-12-05T08:00:00Z');
  it('marks a day with no time left to buy as sold out, one with every time closed as closed', () => {
    const shown = showSlots(
      [
        slot('a', '2026-12-06T10:00:00Z', 'SOLD_OUT', 0),
        slot('b', '2026-12-06T11:00:00Z', 'CLOSED'),
        slot('c', '2026-12-07T10:00:00Z', 'CLOSED'),
        slot('d', '2026-12-08T10:00:00Z', 'SOLD_OUT', 0),
        slot('e', '2026-12-08T11:00:00Z', 'LIMITED', 2),
        // Past: left out, so the day is not marked for a time no one can buy any more.
        slot('f', '2026-12-05T07:00:00Z', 'SOLD_OUT', 0),
      ],
      0,
      now,
    );
    expect([...dayMarks(shown)]).toEqual([
      ['2026-12-06', 'sold-out'],
      ['2026-12-07', 'closed'],
    ]);
  });
});

describe('fitCounts', () => {
  it('keeps counts that fit, and lets youths give way first when they do not', () => {
    expect(fitCounts({ adults: 2, youths: 1 }, 3)).toEqual({ adults: 2, youths: 1 });
    expect(fitCounts({ adults: 2, youths: 2 }, null)).toEqual({ adults: 2, youths: 2 });
    expect(fitCounts({ adults: 2, youths: 2 }, 3)).toEqual({ adults: 2, youths: 1 });
    expect(fitCounts({ adults: 4, youths: 1 }, 3)).toEqual({ adults: 3, youths: 0 });
    expect(fitCounts({ adults: 1, youths: 1 }, 0)).toEqual({ adults: 0, youths: 0 });
  });
});

describe('withOffer', () => {
  const now = new Date('2026-12-05T08:00:00Z');
  const shown = showSlots(
    [
      slot('held', '2026-12-05T10:00:00Z', 'SOLD_OUT', 0),
      slot('other', '2026-12-05T11:00:00Z', 'SOLD_OUT', 0),
    ],
    0,
    now,
  );
  it("makes the offer's places bookable on its time only, for its holder", () => {
    const out = withOffer(shown, { slot_id: 'held', places: 2 });
    expect(out.map((s) => [s.id, s.status, s.remaining, s.bookable])).toEqual([
      ['held', 'LIMITED', 2, true],
      ['other', 'SOLD_OUT', 0, false],
    ]);
    expect(chosenSlot(out, 'held')?.id).toBe('held');
  });
  it('leaves the times as they are without an offer', () => {
    expect(withOffer(shown, null)).toEqual(shown);
  });
});
