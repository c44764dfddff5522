import { describe, expect, it } from 'vitest';
import { similarPackages } from './catalog';
import {
  categoryPath,
  isPackageCategory,
  normalizeCategories,
  PACKAGE_CATEGORIES,
} from './package-categories';
import { similarByWhatItIs } from './package-similar';

const pkg = (package_tag: string, duration: string, categories: string[] = []) => ({
  package_tag,
  duration,
  categories,
});
// A small catalogue in the demo's shape: bus passes, museums, the night bus.
const CATALOGUE = [
  pkg('GL-1DAY', '1 day', ['bus-tours']),
  pkg('BB-24', '24 hours', ['bus-tours']),
  pkg('CS-1DAY', '1 Day', ['bus-tours']),
  pkg('RM-VAT', 'one run', ['museums']),
  pkg('RM-COL', '1 day', ['museums']),
  pkg('BB-NIGHT', 'one run', ['bus-tours', 'night']),
  pkg('RM-BORGHESE', '', ['museums']),
  pkg('BB-72', '72 hours', ['bus-tours', 'night']),
  pkg('PLAIN', '1 day'),
];
const tags = (list: { package_tag: string }[]) => list.map((p) => p.package_tag);

describe('categories (decision 039)', () => {
  it('has four categories with keys for URLs and English labels for the catalogues', () => {
    expect(PACKAGE_CATEGORIES.map((c) => c.key)).toEqual(['bus-tours', 'museums', 'night', 'combos']);
    expect(isPackageCategory('museums')).toBe(true);
    expect(isPackageCategory('boats')).toBe(false);
    expect(categoryPath('museums')).toBe('/search?category=museums');
  });

  it('stores known keys only, each once, in the contract order', () => {
    expect(normalizeCategories(['night', 'boats', 'bus-tours', 'night', 3])).toEqual(['bus-tours', 'night']);
    expect(normalizeCategories([])).toEqual([]);
  });
});

describe('similar by what the thing is (decision 039)', () => {
  it('offers museums on a museum page before the bus passes of the same duration', () => {
    const colosseum = CATALOGUE[4];
    // The spec's rule alone: the bus passes of the same duration.
    expect(tags(similarPackages(CATALOGUE, colosseum))).toEqual(['GL-1DAY', 'CS-1DAY', 'PLAIN']);
    expect(tags(similarByWhatItIs(CATALOGUE, colosseum))).toEqual([
      'RM-VAT',
      'RM-BORGHESE',
      'GL-1DAY',
      'CS-1DAY',
      'PLAIN',
    ]);
  });

  it('ranks more shared categories first, then the same duration, then the catalogue order', () => {
    const night = CATALOGUE[5];
    expect(tags(similarByWhatItIs(CATALOGUE, night))).toEqual([
      'BB-72',
      'GL-1DAY',
      'BB-24',
      'CS-1DAY',
      'RM-VAT',
    ]);
  });

  it('never offers the package itself, keeps to the limit, and without categories is the spec rule', () => {
    const plain = CATALOGUE[8];
    expect(tags(similarByWhatItIs(CATALOGUE, plain))).toEqual(tags(similarPackages(CATALOGUE, plain)));
    expect(tags(similarByWhatItIs(CATALOGUE, CATALOGUE[1], 2))).toEqual(['GL-1DAY', 'CS-1DAY']);
    expect(tags(similarByWhatItIs(CATALOGUE, CATALOGUE[1]))).not.toContain('BB-24');
  });
});
