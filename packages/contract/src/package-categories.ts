/**
 * The storefront's categories (decision 039): what a ticket is, beside the spec's ticket types, which
 * say how long it lasts. A package is listed under any number of them (`packages.categories`, set in
 * the ticket editor); the text search filters on them, the category links list them, and the ticket
 * page's similar packages share them first.
 *
 * Plain data and pure functions, no zod: the web app imports this at run time.
 */
/** Each category: its key (in URLs, the API and the database) and its label, a word of the catalogues. */
export const PACKAGE_CATEGORIES = [
  { key: 'bus-tours', label: /*i18n*/ 'Bus tours' },
  { key: 'museums', label: /*i18n*/ 'Museums and sights' },
  { key: 'night', label: /*i18n*/ 'Night tours' },
  { key: 'combos', label: /*i18n*/ 'Combo tickets' },
] as const;
export type PackageCategory = (typeof PACKAGE_CATEGORIES)[number]['key'];
export const PACKAGE_CATEGORY_KEYS = PACKAGE_CATEGORIES.map((c) => c.key) as [
  PackageCategory,
  ...PackageCategory[],
];

export const isPackageCategory = (value: unknown): value is PackageCategory =>
  typeof value === 'string' && (PACKAGE_CATEGORY_KEYS as readonly string[]).includes(value);

/** A category's English label (its catalogue id), or undefined for a key that is not one. */
export const categoryLabel = (key: string): string | undefined =>
  PACKAGE_CATEGORIES.find((c) => c.key === key)?.label;

/**
 * A list of keys as stored: known keys only, each once, in the order of PACKAGE_CATEGORIES (so the
 * same choice always reads the same, whatever order an editor ticked it in).
 */
export const normalizeCategories = (keys: readonly unknown[]): PackageCategory[] =>
  PACKAGE_CATEGORY_KEYS.filter((k) => keys.includes(k));

/** Where a category's list is: the text search's results page filtered on it. */
export const categoryPath = (key: PackageCategory): string => `/search?category=${encodeURIComponent(key)}`;
