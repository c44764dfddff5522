import { describe, expect, it } from 'vitest';
import { euro, formatDate, formatDay } from './format';

describe('account formatting', () => {
  it('shows euros with 2 decimals', () => {
    expect(euro(58.5)).toBe('€58.50');
    expect(euro('12')).toBe('€12.00');
    expect(euro(undefined)).toBe('€0.00');
  });
  it('shows dates en-GB: day, short month, year (and the time for a moment)', () => {
    expect(formatDay('2026-05-01')).toBe('1 May 2026');
    expect(formatDate('2026-05-01')).toBe('1 May 2026');
    expect(formatDate('2026-05-01T10:30:00')).toMatch(/^1 May 2026,? 10:30$/);
    expect(formatDay('not a date')).toBe('not a date');
  });
  it("shows the page's language when given one (English unchanged)", () => {
    expect(euro(58.5, 'it')).toBe('58,50\u00a0€');
    expect(euro(58.5, 'en')).toBe('€58.50');
    expect(formatDay('2026-05-01', 'de')).toBe('1. Mai 2026');
    expect(formatDay('2026-05-01', 'en')).toBe('1 May 2026');
  });
});
