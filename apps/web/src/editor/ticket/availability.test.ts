import type { EditorSlot } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import {
  monthLabel,
  monthRange,
  monthWeeks,
  parseDates,
  parseTimes,
  romeMonth,
  sameSettings,
  settingsBody,
  settingsDraftOf,
  shiftMonth,
  slotsByDay,
  summarizeDay,
  summaryText,
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

describe('the month grid', () => {
  it('lays a month out in weeks from Monday, blanks outside it', () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const weeks = monthWeeks('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks('2027-02').flat().filter(Boolean)).toHaveLength(28);
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });

  const at = (time: string, o: Partial<EditorSlot> = {}): EditorSlot => ({
    id: time,
    starts_at: `2026-12-05T${time}:00Z`,
    date: '2026-12-05',
    time,
    remaining: 0,
    status: 'AVAILABLE',
    capacity: 40,
    taken: 0,
    closed: false,
    ...o,
  });
  const noon = new Date('2026-12-05T12:00:00Z');

  it("counts a day's times, the closed ones and the places left in the open ones to come", () => {
    const day = summarizeDay(
      '2026-12-05',
      [at('09:00', { taken: 30 }), at('13:00', { taken: 10 }), at('14:00', { closed: true }), at('15:00')],
      noon,
    );
    expect(day).toMatchObject({ closed: 1, left: 70, taken: 40, state: 'some-closed' });
    expect(day.started.map((s) => s.id)).toEqual(['09:00']);
    expect(summaryText(day)).toBe('4 times · 1 closed · 70 left');
  });

  it('names the states: passed, all closed, sold out, open, none', () => {
    const past = summarizeDay('2026-12-05', [at('08:00', { taken: 12 }), at('10:00', { taken: 3 })], noon);
    expect(past.state).toBe('past');
    expect(summaryText(past)).toBe('2 times · 15 sold');
    expect(summarizeDay('2026-12-05', [at('13:00', { closed: true })], noon).state).toBe('closed');
    expect(summarizeDay('2026-12-05', [at('13:00', { taken: 40 })], noon).state).toBe('sold-out');
    const open = summarizeDay('2026-12-05', [at('13:00')], noon);
    expect([open.state, summaryText(open)]).toEqual(['open', '1 time · 40 left']);
    expect(summaryText(summarizeDay('2026-12-05', [], noon))).toBe('No times');
  });
});

describe('the settings draft', () => {
  const saved = {
    availability_type: 'START_TIME',
    cutoff_minutes: 30,
    cancel_cutoff_hours: 24,
    infants_take_place: false,
    pass_hours: null,
    validity_days: null,
    daily_cap: null,
  } as const;

  it('sends what was loaded unchanged, and the pass rules only for a pass', () => {
    const draft = settingsDraftOf(saved);
    expect(settingsBody(draft)).toEqual(saved);
    expect(sameSettings(draft, { ...draft, cutoff: '30' })).toBe(true);
    expect(sameSettings(draft, { ...draft, cutoff: '45' })).toBe(false);
    // Pass hours typed for a timed package are not sent, so they change nothing.
    expect(sameSettings(draft, { ...draft, passHours: '24' })).toBe(true);
    expect(settingsBody({ ...draft, kind: 'PASS', passHours: '24', dailyCap: '' })).toMatchObject({
      availability_type: 'PASS',
      pass_hours: 24,
      daily_cap: null,
    });
  });
});
