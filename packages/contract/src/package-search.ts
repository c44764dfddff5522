/**
 * The text search (decision 039), beside the spec's search by ticket type (`/search?ticketType=`):
 * words a visitor types, in any of the shop's languages and with a typo or two, find packages by name,
 * operator, landmark and kind; a category narrows it, a sort orders it by price. The server answers
 * `GET /api/packages/search/`; the storefront shows it at `/search?q=...&category=...&sort=...`.
 *
 * Plain data and pure functions, no zod: the web app imports this at run time.
 */
/** How results are ordered: best match first (the default), or by adult price. */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const isSearchSort = (value: unknown): value is SearchSort =>
  typeof value === 'string' && (SEARCH_SORTS as readonly string[]).includes(value);

/** The longest text a search takes: longer is refused (400), not cut. */
export const SEARCH_TEXT_MAX = 100;
/** Results in one answer: `limit` defaults to this... */
export const SEARCH_LIMIT_DEFAULT = 24;
/** ...and may be at most this. */
export const SEARCH_LIMIT_MAX = 50;
