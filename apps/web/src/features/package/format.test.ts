import { galleryImages } from '@rome/contract';
import { describe, expect, it } from 'vitest';
import { shortEuro, stepCount, viewMorePath } from './format';

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

describe('shortEuro', () => {
  it('drops the cents of whole euros only, in the page language', () => {
    expect(shortEuro(2400)).toBe('€24');
    expect(shortEuro(2450)).toBe('€24.50');
    // Intl puts a no-break space before the sign.
    expect(shortEuro(2400, 'it').replace(/\s/g, ' ')).toBe('24 €');
    expect(shortEuro(2405, 'de').replace(/\s/g, ' ')).toBe('24,05 €');
  });
});
