import { describe, expect, it } from 'vitest';
import { similarPackages } from './catalog';
import {
  categoryPath,
  isPackageCategory,
  normalizeCategories,
  PACKAGE_CATEGORIES,
} from './package-categories';
import { moreLikeThis, similarByWhatItIs } from './package-similar';

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
  it("keeps the spec's similar packages, the same kind first, and offers more of the kind beside", () => {
    const colosseum = CATALOGUE[4];
    // The spec's rule alone: the packages of the same duration, in catalogue order.
    expect(tags(similarPackages(CATALOGUE, colosseum))).toEqual(['GL-1DAY', 'CS-1DAY', 'PLAIN']);
    // The same set: nothing of another duration joins the spec's section.
    const similar = similarByWhatItIs(CATALOGUE, colosseum);
    expect(tags(similar).sort()).toEqual(['CS-1DAY', 'GL-1DAY', 'PLAIN']);
    // Beside it, the other museums whatever their duration.
    expect(tags(moreLikeThis(CATALOGUE, colosseum, tags(similar)))).toEqual(['RM-VAT', 'RM-BORGHESE']);
  });

  it('puts those sharing more categories first, then the catalogue order', () => {
    const night = CATALOGUE[5];
    // BB-NIGHT: the other 'one run' is a museum; the night bus tours come beside.
    expect(tags(similarByWhatItIs(CATALOGUE, night))).toEqual(['RM-VAT']);
    expect(tags(moreLikeThis(CATALOGUE, night, ['RM-VAT']))).toEqual([
      'BB-72',
      'GL-1DAY',
      'BB-24',
      'CS-1DAY',
    ]);
    const dayBus = pkg('X-1DAY', '1 day', ['bus-tours']);
    expect(tags(similarByWhatItIs([...CATALOGUE, dayBus], dayBus))).toEqual([
      'GL-1DAY',
      'CS-1DAY',
      'RM-COL',
      'PLAIN',
    ]);
  });

  it('never offers the package itself, keeps to the limit, and without categories is the spec rule', () => {
    const plain = CATALOGUE[8];
    expect(tags(similarByWhatItIs(CATALOGUE, plain))).toEqual(tags(similarPackages(CATALOGUE, plain)));
    expect(moreLikeThis(CATALOGUE, plain, [])).toEqual([]);
    expect(tags(similarByWhatItIs(CATALOGUE, CATALOGUE[0], 1))).toEqual(['CS-1DAY']);
    expect(tags(moreLikeThis(CATALOGUE, CATALOGUE[1], [], 2))).toEqual(['GL-1DAY', 'CS-1DAY']);
    expect(tags(moreLikeThis(CATALOGUE, CATALOGUE[1], []))).not.toContain('BB-24');
  });
});
