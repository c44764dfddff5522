/**
 * Price categories beside the spec's adult and youth tickets (decision 070): reduced EU 18-25, disabled
 * visitor, carer, family. The list of kinds, what the door checks and their rules are code (here, shared
 * by the server and the booking panel); which package sells which kind, and at what price, is data an
 * editor sets (`package_price_categories`): a package sells a kind only when it has a price for it.
 *
 * Plain data and pure functions, no zod: the booking panel imports this at run time.
 */
import { centsToDecimal } from './money';

/**
 * Each kind: its key (in the API, the database and OCTO's unit ids), its label and the proof the door
 * checks (null: none), as words of the catalogues, and the places it takes (a family is 4 people).
 */
export const PRICE_CATEGORIES = [
  {
    key: 'reduced_eu',
    label: /*i18n*/ 'Reduced EU 18-25',
    proof: /*i18n*/ 'EU ID card showing age 18-25',
    places: 1,
  },
  { key: 'disabled', label: /*i18n*/ 'Disabled visitor', proof: /*i18n*/ 'Disability card', places: 1 },
  { key: 'carer', label: /*i18n*/ 'Carer (with a disabled visitor)', proof: null, places: 1 },
  {
    key: 'family',
    label: /*i18n*/ 'Family (2 adults + 2 children)',
    proof: null,
    places: 4,
  },
] as const satisfies readonly { key: string; label: string; proof: string | null; places: number }[];
export type PriceCategoryKey = (typeof PRICE_CATEGORIES)[number]['key'];
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
export const PRICE_CATEGORY_KEYS = PRICE_CATEGORIES.map((c) => c.key) as [
  PriceCategoryKey,
  ...PriceCategoryKey[],
];

export const isPriceCategory = (value: unknown): value is PriceCategoryKey =>
  typeof value === 'string' && (PRICE_CATEGORY_KEYS as readonly string[]).includes(value);

export const priceCategory = (key: PriceCategoryKey): PriceCategory =>
  PRICE_CATEGORIES.find((c) => c.key === key)!;

/** At most this many tickets of one category in one order (the spec's kinds' own limit). */
export const MAX_CATEGORY_TICKETS = 50;

export const PRICE_CATEGORY_MESSAGES = {
  badCounts: /*i18n*/ 'Ticket counts must be whole numbers of 0 or more.',
  unknown: /*i18n*/ 'Unknown ticket category.',
  notSold: /*i18n*/ 'This ticket is not sold in the category chosen.',
  carerAlone: /*i18n*/ 'A carer ticket is only sold with a disabled visitor ticket.',
  carersOver: /*i18n*/ 'At most one carer per disabled visitor.',
  tooMany: `At most ${MAX_CATEGORY_TICKETS} tickets of one kind per order.`,
  /** The proof line under a category's counter and on the ticket: 'Bring: Disability card'. */
  bring: /*i18n*/ 'Bring: {proof}',
} as const;

/** A package's price for a category (cents), as the server reads it and the ticket page receives it. */
export type CategoryPrice = { key: PriceCategoryKey; priceCents: number };

/** One category line of an order: how many, at what price each (the price at purchase, kept). */
export type ExtraTicket = { key: PriceCategoryKey; count: number; price_cents: number };

/**
 * An order's category lines as the API shows them (the ticket link, the claim page, the agents' scan):
 * the kind, how many, the price each was bought at, and its English name and proof (the catalogues'
 * ids: a page in another language shows them through its catalogue by `key`).
 */
export type ExtraTicketView = {
  key: PriceCategoryKey;
  count: number;
  price: string;
  label: string;
  proof: string | null;
};
export const extraTicketsView = (lines: readonly ExtraTicket[] | null | undefined): ExtraTicketView[] =>
  (lines ?? []).map((l) => {
    const c = priceCategory(l.key);
    return {
      key: l.key,
      count: l.count,
      price: centsToDecimal(l.price_cents),
      label: c.label,
      proof: c.proof,
    };
  });

/** The places an order's category lines take (a family ticket is 4 places). */
export const extraPlaces = (lines: readonly Pick<ExtraTicket, 'key' | 'count'>[]): number =>
  lines.reduce((sum, l) => sum + l.count * priceCategory(l.key).places, 0);

/** What an order's category lines cost (cents). */
export const extraTotalCents = (lines: readonly Pick<ExtraTicket, 'count' | 'price_cents'>[]): number =>
  lines.reduce((sum, l) => sum + l.count * l.price_cents, 0);

/**
 * Checks the category counts a checkout sends (`{"reduced_eu": 1, "disabled": 1, "carer": 1}`, as an
 * object or its JSON in a form field) against the package's prices and the rules: known keys, sold by
 * this package, whole counts, a carer only with a disabled visitor and at most one per disabled visitor.
 * Prices are the package's, never the client's. Answers the lines (counts of 0 left out) or the problem.
 */
export function checkExtraCounts(
  prices: readonly CategoryPrice[],
  raw: unknown,
): { ok: true; lines: ExtraTicket[] } | { ok: false; error: string } {
  let counts: unknown = raw;
  if (counts === undefined || counts === null || counts === '') return { ok: true, lines: [] };
  if (typeof counts === 'string') {
    try {
      counts = JSON.parse(counts);
    } catch {
      return { ok: false, error: PRICE_CATEGORY_MESSAGES.badCounts };
    }
  }
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts))
    return { ok: false, error: PRICE_CATEGORY_MESSAGES.badCounts };
  const lines: ExtraTicket[] = [];
  for (const [key, value] of Object.entries(counts)) {
    if (!isPriceCategory(key)) return { ok: false, error: PRICE_CATEGORY_MESSAGES.unknown };
    const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
    if (!/^\d{1,6}$/.test(text)) return { ok: false, error: PRICE_CATEGORY_MESSAGES.badCounts };
    const count = Number(text);
    if (count > MAX_CATEGORY_TICKETS) return { ok: false, error: PRICE_CATEGORY_MESSAGES.tooMany };
    if (count === 0) continue;
    const price = prices.find((p) => p.key === key);
    if (!price) return { ok: false, error: PRICE_CATEGORY_MESSAGES.notSold };
    lines.push({ key, count, price_cents: price.priceCents });
  }
  const countOf = (key: PriceCategoryKey) => lines.find((l) => l.key === key)?.count ?? 0;
  if (countOf('carer') > 0 && countOf('disabled') === 0)
    return { ok: false, error: PRICE_CATEGORY_MESSAGES.carerAlone };
  if (countOf('carer') > countOf('disabled')) return { ok: false, error: PRICE_CATEGORY_MESSAGES.carersOver };
  // Always in the list's order, so the same choice reads (and is stored) the same.
  lines.sort((a, b) => PRICE_CATEGORY_KEYS.indexOf(a.key) - PRICE_CATEGORY_KEYS.indexOf(b.key));
  return { ok: true, lines };
}
