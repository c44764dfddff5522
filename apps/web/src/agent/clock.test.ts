/**
 * The app's one clock: Rome's wall clock whatever the zone of the phone, the day named only when it is
 * not today in Rome (Rome's day, not the UTC one nor the phone's).
 */
import { describe, expect, it } from 'vitest';
import { romeTimeLabel } from './clock';
import { listFromLabel } from './verify';

describe('romeTimeLabel', () => {
  const now = new Date('2026-12-01T15:00:00Z');

  it("is Rome's hour and minute on Rome's today, winter (UTC+1) and summer (UTC+2)", () => {
    expect(romeTimeLabel('2026-12-01T09:14:03Z', now)).toBe('10:14');
    expect(romeTimeLabel(new Date('2026-12-01T09:14:59Z'), now)).toBe('10:14');
    expect(romeTimeLabel('2026-07-01T09:14:00Z', new Date('2026-07-01T20:00:00Z'))).toBe('11:14');
  });

  it("names the Rome day when it is not now's, also when only Rome is past midnight", () => {
    expect(romeTimeLabel('2026-11-30T09:14:00Z', now)).toBe('Mon, 30 Nov 2026, 10:14');
    // 23:30 UTC is 00:30 the next day in Rome: the UTC day would say 'today'.
    expect(romeTimeLabel('2026-11-30T23:30:00Z', new Date('2026-11-30T23:45:00Z'))).toBe('00:30');
    expect(romeTimeLabel('2026-11-30T22:30:00Z', new Date('2026-11-30T23:45:00Z'))).toBe(
      'Mon, 30 Nov 2026, 23:30',
    );
  });

  it('says so rather than throwing on a time it cannot read', () => {
    expect(romeTimeLabel('not a time', now)).toBe('an unknown time');
  });

  it("is what the refunded list's label says", () => {
    const list = { days: {}, fetchedAt: '2026-12-01T14:07:00.000Z' };
    expect(listFromLabel(list, now)).toBe(`list from ${romeTimeLabel(list.fetchedAt, now)}`);
    expect(listFromLabel(list, now)).toBe('list from 15:07');
  });
});
