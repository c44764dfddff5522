import { describe, expect, it, vi } from 'vitest';
import { formatTicketDate } from './ticketDate';

describe('formatTicketDate', () => {
  it('formats a calendar day in English with weekday, day, short month and year', () => {
    expect(formatTicketDate('2026-11-23')).toBe('Mon, 23 Nov 2026');
    expect(formatTicketDate('2027-01-01')).toBe('Fri, 1 Jan 2027');
  });

  it('never shifts the day, whatever the time zone', () => {
    // The worker's later files keep their own zone, also when an expectation fails here.
    try {
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Rome']) {
        vi.stubEnv('TZ', zone);
        expect(formatTicketDate('2026-03-29')).toBe('Sun, 29 Mar 2026');
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("formats the day in the page's language, English unchanged", () => {
    expect(formatTicketDate('2026-11-23', 'en')).toBe('Mon, 23 Nov 2026');
    expect(formatTicketDate('2026-11-23', 'it')).toMatch(/^lun.* 23 nov 2026$/);
    expect(formatTicketDate('2026-11-23', 'de')).toMatch(/^Mo.* 23\. Nov\. 2026$/);
  });

  it('returns anything that is not a real day unchanged', () => {
    expect(formatTicketDate('2026-02-30')).toBe('2026-02-30');
    expect(formatTicketDate('tomorrow')).toBe('tomorrow');
    expect(formatTicketDate('')).toBe('');
  });
});
