/**
 * The ticket page's suggestions by what a package is (decision 039). Apart from the categories' words,
 * which every page's first load carries, so that these rules come with the ticket page only.
 *
 * The spec's 'Similar Packages' keep the spec's rule (catalog.ts `similarPackages`: the same duration, a
 * different tag, at most 8), ordered so that those sharing more categories with the current package
 * come first: a museum page lists its same-day museums before the bus passes. Beside it, 'More like
 * this' offers what shares a category whatever its duration (the other museums of a museum page),
 * which the spec's rule cannot reach.
 */
import { sameText } from './catalog';

type Listed = { duration: string; package_tag: string; categories?: readonly string[] };

const sharedWith = (current: Listed) => {
  const own = new Set(current.categories ?? []);
  return (p: Listed) => (p.categories ?? []).filter((c) => own.has(c)).length;
};

/** The spec's similar packages, those of the same kind first (catalogue order among equals). */
export function similarByWhatItIs<P extends Listed>(packages: P[], current: Listed, limit = 8): P[] {
  const shared = sharedWith(current);
  return packages
    .map((p, index) => ({ p, index, shared: shared(p) }))
    .filter((r) => sameText(r.p.duration, current.duration) && r.p.package_tag !== current.package_tag)
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.p);
}

/**
 * Packages that share a category with the current one, whatever their duration, leaving out the
 * current one and those `shown` already: more sharing first, then catalogue order; at most `limit`.
 * None for a package without categories.
 */
export function moreLikeThis<P extends Listed>(
  packages: P[],
  current: Listed,
  shown: readonly string[],
  limit = 8,
): P[] {
  const shared = sharedWith(current);
  return packages
    .map((p, index) => ({ p, index, shared: shared(p) }))
    .filter(
      (r) => r.shared > 0 && r.p.package_tag !== current.package_tag && !shown.includes(r.p.package_tag),
    )
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.p);
}
