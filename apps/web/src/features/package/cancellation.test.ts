import { describe, expect, it } from 'vitest';
import { cancellationTerms } from './cancellation';

const now = new Date('2026-11-28T08:00:00Z');

describe('cancellationTerms', () => {
  it('counts the cut-off back from the chosen time', () => {
    const terms = cancellationTerms(
      { availability_type: 'START_TIME', dates: ['2026-11-30'], cancel_cutoff_hours: 24 },
      { startsAt: '2026-11-30T09:30:00Z', date: '2026-11-30' },
      now,
    );
    expect(terms).toEqual({ kind: 'until', at: new Date('2026-11-29T09:30:00Z'), passed: false });
  });

  it("counts from the start of the chosen Rome day for a dated ticket without times (Rome's midnight, not UTC's)", () => {
    const terms = cancellationTerms(
      { availability_type: null, dates: ['2026-12-05'], cancel_cutoff_hours: 48 },
      { date: '2026-12-05' },
      now,
    );
    // 5 December 00:00 in Rome is 4 December 23:00 UTC; 48 hours before.
    expect(terms).toEqual({ kind: 'until', at: new Date('2026-12-02T23:00:00Z'), passed: false });
  });

  it('says the rule in hours until a time is chosen, and until first use for an open-dated pass', () => {
    const timed = {
      availability_type: 'START_TIME' as const,
      dates: ['2026-11-30'],
      cancel_cutoff_hours: 48,
    };
    expect(cancellationTerms(timed, {}, now)).toEqual({ kind: 'before-visit', hours: 48 });
    // A day chosen but not its time: still the rule.
    expect(cancellationTerms(timed, { date: '2026-11-30' }, now)).toEqual({
      kind: 'before-visit',
      hours: 48,
    });
    expect(
      cancellationTerms({ availability_type: 'PASS', dates: [], cancel_cutoff_hours: 24 }, {}, now),
    ).toEqual({ kind: 'until-used' });
  });

  it('says when free cancellation for the chosen time has already ended', () => {
    const terms = cancellationTerms(
      { availability_type: 'START_TIME', dates: ['2026-11-29'], cancel_cutoff_hours: 48 },
      { startsAt: '2026-11-29T09:00:00Z' },
      now,
    );
    expect(terms).toMatchObject({ kind: 'until', passed: true });
  });
});
