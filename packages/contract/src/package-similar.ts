/**
 * The ticket page's similar packages by what they are (decision 039). Apart from the categories'
 * words, which every page's first load carries, so that this rule comes with the ticket page only.
 */
import { sameText } from './catalog';

/**
 * The ticket page's similar packages (decision 039), beside the spec's rule (catalog.ts
 * `similarPackages`: same duration, a different tag, at most 8): packages that share a category with
 * the current one come first, those sharing more before those sharing fewer and, among equals, those
 * of the same duration first; then the spec's same-duration packages that share none. A museum page
 * offers museums, a bus page bus tours, and a package without categories gets the spec's list.
 * Catalogue order otherwise; never the package itself; at most `limit`.
 */
export function similarByWhatItIs<
  P extends { duration: string; package_tag: string; categories?: readonly string[] },
>(
  packages: P[],
  current: { duration: string; package_tag: string; categories?: readonly string[] },
  limit = 8,
): P[] {
  const own = new Set(current.categories ?? []);
  const ranked = packages
    .map((p, index) => ({
      p,
      index,
      shared: (p.categories ?? []).filter((c) => own.has(c)).length,
      sameDuration: sameText(p.duration, current.duration),
    }))
    .filter((r) => r.p.package_tag !== current.package_tag && (r.shared > 0 || r.sameDuration));
  ranked.sort(
    (a, b) => b.shared - a.shared || Number(b.sameDuration) - Number(a.sameDuration) || a.index - b.index,
  );
  return ranked.slice(0, limit).map((r) => r.p);
}
