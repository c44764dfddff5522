import { describe, expect, it } from 'vitest';
import { placesFor, slotLabel, slotStatus } from './inventory';
import {
  addDays,
  formatRomeDateTime,
  isRomeDate,
  romeInstant,
  romeLocalIso,
  romeParts,
  weekday,
} from './rome-time';

describe('Rome time', () => {
  it('maps wall-clock times to instants in winter and summer', () => {
    expect(romeInstant('2026-12-05', '09:30')?.toISOString()).toBe('2026-12-05T08:30:00.000Z');
    expect(romeInstant('2026-07-05', '09:30')?.toISOString()).toBe('2026-07-05T07:30:00.000Z');
  });

  it('the last Sunday of March: 02:30 does not exist, 01:59 is winter time, 03:00 summer time', () => {
    expect(romeInstant('2027-03-28', '02:30')).toBeNull();
    expect(romeInstant('2027-03-28', '01:59')?.toISOString()).toBe('2027-03-28T00:59:00.000Z');
    expect(romeInstant('2027-03-28', '03:00')?.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    // The day is 23 hours long.
    const day = romeInstant('2027-03-29', '00:00')!.getTime() - romeInstant('2027-03-28', '00:00')!.getTime();
    expect(day).toBe(23 * 3_600_000);
  });

  it('the last Sunday of October: 02:30 happens twice and means the first (summer) one', () => {
    expect(romeInstant('2026-10-25', '02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(romeParts(new Date('2026-10-25T01:30:00.000Z'))).toEqual({ date: '2026-10-25', time: '02:30' });
    const day = romeInstant('2026-10-26', '00:00')!.getTime() - romeInstant('2026-10-25', '00:00')!.getTime();
    expect(day).toBe(25 * 3_600_000);
    expect(romeParts(new Date('2026-10-25T08:00:00.000Z'))).toEqual({ date: '2026-10-25', time: '09:00' });
  });

  it('answers each instant of a minute alike and the next minute anew (its one-minute memory)', () => {
    // Across Rome's midnight and the summer-time end's repeated hour, second by second.
    for (const [from, date, times] of [
      ['2026-10-24T21:59:58.000Z', ['2026-10-24', '2026-10-25'], ['23:59', '00:00']],
      ['2026-10-25T00:59:58.000Z', ['2026-10-25', '2026-10-25'], ['02:59', '02:00']],
    ] as const) {
      const t0 = Date.parse(from);
      expect(romeParts(new Date(t0))).toEqual({ date: date[0], time: times[0] });
      expect(romeParts(new Date(t0 + 1_999))).toEqual({ date: date[0], time: times[0] });
      expect(romeParts(new Date(t0 + 2_000))).toEqual({ date: date[1], time: times[1] });
      expect(romeParts(new Date(t0 + 1_000))).toEqual({ date: date[0], time: times[0] });
    }
    // A caller changing its answer changes nothing for the next one.
    const a = romeParts(new Date('2026-12-01T10:00:00Z'));
    a.date = 'x';
    expect(romeParts(new Date('2026-12-01T10:00:30Z')).date).toBe('2026-12-01');
  });

  it("Rome's day, not UTC's: 23:30 UTC on 31 December is already 1 January in Rome", () => {
    expect(romeParts(new Date('2026-12-31T23:30:00.000Z'))).toEqual({ date: '2027-01-01', time: '00:30' });
    expect(formatRomeDateTime('2026-12-31T23:30:00.000Z')).toBe('Fri, 1 Jan 2027, 00:30');
  });

  it("writes an instant as Rome's local ISO time with the offset of that day, and reads back", () => {
    const winter = romeInstant('2027-01-15', '09:30')!;
    const summer = romeInstant('2027-07-15', '21:00')!;
    expect(romeLocalIso(winter)).toBe('2027-01-15T09:30:00+01:00');
    expect(romeLocalIso(summer)).toBe('2027-07-15T21:00:00+02:00');
    expect(new Date(romeLocalIso(summer)).getTime()).toBe(summer.getTime());
  });

  it('checks dates and steps through calendar days', () => {
    expect(isRomeDate('2026-02-29')).toBe(false);
    expect(isRomeDate('2028-02-29')).toBe(true);
    expect(romeInstant('2026-02-30', '10:00')).toBeNull();
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(weekday('2027-03-28')).toBe(0);
  });
});

describe('slot rules', () => {
  const now = new Date('2026-12-01T10:00:00.000Z');
  const slot = (over: Partial<{ startsAt: Date; capacity: number; taken: number; closed: boolean }>) => ({
    startsAt: new Date('2026-12-01T12:00:00.000Z'),
    capacity: 40,
    taken: 0,
    closed: false,
    ...over,
  });
  it('says what a slot is to a buyer', () => {
    expect(slotStatus(slot({}), 0, now)).toEqual({ status: 'AVAILABLE', remaining: 40 });
    expect(slotStatus(slot({ taken: 37 }), 0, now)).toEqual({ status: 'LIMITED', remaining: 3 });
    expect(slotLabel('LIMITED', 3)).toBe('3 left');
    expect(slotStatus(slot({ taken: 40 }), 0, now).status).toBe('SOLD_OUT');
    expect(slotLabel('SOLD_OUT', 0)).toBe('Sold out');
    expect(slotStatus(slot({ closed: true }), 0, now).status).toBe('CLOSED');
    // Within the cut-off (two hours ahead, cut-off 120 minutes) it no longer sells.
    expect(slotStatus(slot({}), 120, now).status).toBe('PAST');
    expect(slotStatus(slot({}), 119, now).status).toBe('AVAILABLE');
  });
  it('counts places: infants only when the operator says so', () => {
    expect(placesFor({ adults: 2, youths: 1, infants: 2 }, false)).toBe(3);
    expect(placesFor({ adults: 2, youths: 1, infants: 2 }, true)).toBe(5);
  });
});
