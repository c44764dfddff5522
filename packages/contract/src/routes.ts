/** Route matching for the page table (pages.ts). */

/** Matches a path against a pattern like '/bus/:slug/:name'; returns the params or null. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const a = clean(pattern).split('/');
  const b = clean(path).split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (!b[i]) return null;
      try {
        params[a[i].slice(1)] = decodeURIComponent(b[i]);
      } catch {
        return null;
      }
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

export const PRODUCT_NAME = 'Rome Bus Tickets';
