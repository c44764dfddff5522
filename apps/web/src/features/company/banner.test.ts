import { describe, expect, it } from 'vitest';
import { defaultBannerUrl, servicesBadge, titleCase } from './banner';

describe('defaultBannerUrl', () => {
  it('gives each known company its own bundled banner', () => {
    for (const slug of ['big-bus', 'i-love-rome', 'green-line', 'city-sightseeing']) {
      expect(defaultBannerUrl(slug)).toBe(`/banners/${slug}.webp`);
    }
  });

  it('gives any other slug the default banner, never a path built from the URL', () => {
    expect(defaultBannerUrl('roma-musei')).toBe('/banners/default.webp');
    expect(defaultBannerUrl('../../etc')).toBe('/banners/default.webp');
    expect(defaultBannerUrl('toString')).toBe('/banners/default.webp');
  });
});

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
