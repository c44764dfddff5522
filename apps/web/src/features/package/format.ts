/** Pure display helpers of the ticket page, kept apart so they are unit-tested. */
import { pagePath } from '@rome/contract';

/** The package's pictures for the gallery, in order, without empty slots or repeats. */
export function galleryImages(pkg: {
  image_big?: unknown;
  second_image?: unknown;
  third_image?: unknown;
  fourth_image?: unknown;
}): string[] {
  const urls = [pkg.image_big, pkg.second_image, pkg.third_image, pkg.fourth_image].filter(
    (u): u is string => typeof u === 'string' && u.trim() !== '',
  );
  return [...new Set(urls)];
}

/** A count after one step of a counter: never below 0, no upper bound (spec §5). */
export function stepCount(count: number, step: 1 | -1): number {
  return Math.max(0, count + step);
}

/** The view-more page of a package: its duration and company, each one encoded path segment. */
export function viewMorePath(pkg: { duration: string; company: string }): string | null {
  if (!pkg.duration.trim() || !pkg.company.trim()) return null;
  return pagePath('/viewsimilar/:hours/:company', { hours: pkg.duration, company: pkg.company });
}
