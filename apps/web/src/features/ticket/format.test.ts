import { describe, expect, it } from 'vitest';
import { formatTicketDate, galleryImages, stepCount, viewMorePath } from './format';

describe('formatTicketDate', () => {
  it('formats a calendar day in English with weekday, day, short month and year', () => {
    expect(formatTicketDate('2026-11-23')).toBe('Mon, 23 Nov 2026');
    expect(formatTicketDate('2027-01-01')).toBe('Fri, 1 Jan 2027');
  });

  it('never shifts the day, whatever the time zone', () => {
    const tz = process.env.TZ;
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Rome']) {
      process.env.TZ = zone;
      expect(formatTicketDate('2026-03-29')).toBe('Sun, 29 Mar 2026');
    }
    process.env.TZ = tz;
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

describe('galleryImages', () => {
  it('keeps the four slots in order, skipping empty ones and repeats', () => {
    expect(
      galleryImages({
        image_big: '/a.webp',
        second_image: null,
        third_image: '/a.webp',
        fourth_image: '/d.webp',
      }),
    ).toEqual(['/a.webp', '/d.webp']);
    expect(galleryImages({ image_big: null, second_image: '' })).toEqual([]);
  });
});

describe('stepCount', () => {
  it('never goes below 0 and has no upper bound', () => {
    expect(stepCount(0, -1)).toBe(0);
    expect(stepCount(1, -1)).toBe(0);
    expect(stepCount(0, 1)).toBe(1);
    expect(stepCount(999, 1)).toBe(1000);
  });
});

describe('viewMorePath', () => {
  it('encodes duration and company as path segments', () => {
    expect(viewMorePath({ duration: '24 hours', company: 'Big Bus' })).toBe(
      '/viewsimilar/24%20hours/Big%20Bus',
    );
    expect(viewMorePath({ duration: '3 pass', company: 'A/B & C' })).toBe(
      '/viewsimilar/3%20pass/A%2FB%20%26%20C',
    );
  });

  it('has no page for a package without a duration', () => {
    expect(viewMorePath({ duration: '', company: 'Roma Musei' })).toBeNull();
  });
});
