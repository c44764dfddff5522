import type { PackageCategory, SearchSort } from '@rome/contract';

/**
 * The results page's address of a text search (decision 039; the visitor's language prefix comes from
 * the router's basename): empty parts left out, the default sort too. Written as the search box's form
 * writes it (URLSearchParams), so the same search has one address.
 */
export function textSearchPath(search: { q?: string; category?: PackageCategory | null; sort?: SearchSort }) {
  const params = new URLSearchParams();
  const q = search.q?.trim();
  if (q) params.set('q', q);
  if (search.category) params.set('category', search.category);
  if (search.sort && search.sort !== 'relevance') params.set('sort', search.sort);
  return params.size ? `/search?${params}` : '/search';
}
