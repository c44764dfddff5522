import { describe, expect, it } from 'vitest';
import { servicesBadge, titleCase } from './banner';

describe('servicesBadge', () => {
  it('upper-cases the company name and adds SERVICES', () => {
    expect(servicesBadge('Big Bus')).toBe('BIG BUS SERVICES');
    expect(servicesBadge(' I Love Rome ')).toBe('I LOVE ROME SERVICES');
  });
});

describe('titleCase', () => {
  it('capitalises each word of a route segment', () => {
    expect(titleCase('big bus')).toBe('Big Bus');
    expect(titleCase('  city   sightseeing ')).toBe('City Sightseeing');
    expect(titleCase('')).toBe('');
  });
});
