import { centsToDecimal, decimalToCents, savePercent } from './money';

/** Spec §2 Search: the known ticket types, in this order, each with an emoji icon. */

export const TICKET_TYPES = [
  { value: 'half day', label: /*i18n*/ 'Half Day', icon: '🌅' },
  { value: '1 day', label: /*i18n*/ '1 Day', icon: '☀️' },
  { value: '24 hours', label: /*i18n*/ '24 Hours', icon: '🕐' },
  { value: '48 hours', label: /*i18n*/ '48 Hours', icon: '🕑' },
  { value: '72 hours', label: /*i18n*/ '72 Hours', icon: '🕒' },
  { value: 'daily tour', label: /*i18n*/ 'Daily Tour', icon: '🚌' },
  { value: 'one run', label: /*i18n*/ 'One Run', icon: '🎟️' },
  { value: '3 pass', label: /*i18n*/ '3 Pass', icon: '🏛️' },
] as const;
export type TicketTypeValue = (typeof TICKET_TYPES)[number]['value'];
/** A package is a bus tour or a museum ticket; the account statistics split on it. */
export const PACKAGE_KINDS = ['bus_tour', 'museum'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
/**
 * Image slots of a package (spec §3). Ten images an editor can replace; thumbnails and carousel
 * entries come in a small and a large variant, each with its alt text.
 */
export const IMAGE_SLOTS = [
  'image_big',
  'second_image',
  'third_image',
  'fourth_image',
  'thumbnail_small',
  'thumbnail_large',
  'carousel_one_small',
  'carousel_one_large',
  'carousel_two_small',
  'carousel_two_large',
  'carousel_three_small',
  'carousel_three_large',
  'carousel_four_small',
  'carousel_four_large',
] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
/** Slots that carry an alt text of their own (`{slot}_alt`). */
export type AltSlot = Extract<ImageSlot, `thumbnail_${string}` | `carousel_${string}`>;
export const ALT_SLOTS = IMAGE_SLOTS.filter(
  (s): s is AltSlot => s.startsWith('thumbnail') || s.startsWith('carousel'),
);
/**
 * A package's words that editors write per language (decision 024; the ticket editor on the page in that
 * language). Everything else is the same in every language: prices, pictures, dates, and the duration,
 * which the search matches against the ticket types.
 */
export const PACKAGE_TEXT_FIELDS = [
  'title',
  'type',
  'description',
  'meta_title',
  'meta_description',
  'meta_keywords',
] as const;
export type PackageTextField = (typeof PACKAGE_TEXT_FIELDS)[number];
/** Spec §9: booking path codes. E9 when the package has a duration, otherwise E8. */
export const BOOKING_STATUSES = ['E9', 'E8'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const bookingStatus = (pkg: { duration?: string | null }): BookingStatus =>
  pkg.duration && pkg.duration.trim() !== '' ? 'E9' : 'E8';
/** A booking path code the package call answers (GET package/{status}/{package_tag}/); any other is a 404. */
export const isBookingStatus = (s: string): s is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(s);
/** Spec §2 Package card: click goes to /manageBookings/{E9 or E8}/{package_tag}. */
export const bookingPath = (pkg: { duration?: string | null; package_tag: string }): string =>
  `/manageBookings/${bookingStatus(pkg)}/${encodeURIComponent(pkg.package_tag)}`;
/** Spec §2: comparisons of duration and company are case-insensitive. */
export const sameText = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
/** Search: packages whose duration matches the type, compared case-insensitively. */
export const packagesOfType = <P extends { duration: string }>(packages: P[], type: string): P[] =>
  packages.filter((p) => sameText(p.duration, type));
/** Spec §9: similar packages have the same duration and a different tag, at most 8. */
export const similarPackages = <P extends { duration: string; package_tag: string }>(
  packages: P[],
  current: { duration: string; package_tag: string },
  limit = 8,
): P[] =>
  packages
    .filter((p) => sameText(p.duration, current.duration) && p.package_tag !== current.package_tag)
    .slice(0, limit);
/** View more: 'Same Categories' are the packages whose company equals the route company. */
export const sameCompany = <P extends { company: string }>(packages: P[], company: string): P[] =>
  packages.filter((p) => sameText(p.company, company));
/** View more: 'Similar Options' have the same duration as the route hours and a different company. */
export const similarOptions = <P extends { company: string; duration: string }>(
  packages: P[],
  hours: string,
  company: string,
): P[] => packages.filter((p) => sameText(p.duration, hours) && !sameText(p.company, company));
/** Company page 'similar' section: other companies' packages sharing a duration with any shown one. */
export const otherCompaniesSameDurations = <P extends { company: string; duration: string }>(
  packages: P[],
  company: string,
): P[] => {
  const shown = sameCompany(packages, company);
  const durations = new Set(shown.map((p) => p.duration.trim().toLowerCase()));
  return packages.filter(
    (p) => !sameText(p.company, company) && durations.has(p.duration.trim().toLowerCase()),
  );
};
/** Footer: company page link uses company_slug and the lower-case service name. */
export const companyPath = (folder: { company_slug: string; name: string }): string =>
  `/bus/${encodeURIComponent(folder.company_slug)}/${encodeURIComponent(folder.name.toLowerCase())}`;
/**
 * Spec §2 Package card picture: the large thumbnail from the 768 px breakpoint up (CARD_DESKTOP_MEDIA),
 * the small one below it, and the big image when a thumbnail is missing. The server preloads the first
 * search result's pair with the same rule.
 */
export const CARD_DESKTOP_MEDIA = '(min-width: 768px)';
export function cardImages(pkg: {
  thumbnail_large?: unknown;
  thumbnail_small?: unknown;
  image_big?: unknown;
}): { large: string; small: string } | null {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const large = text(pkg.thumbnail_large) ?? text(pkg.image_big);
  if (!large) return null;
  return { large, small: text(pkg.thumbnail_small) ?? large };
}
/** Company banners: known slugs have their own banner tags; other slugs use a tag built from the slug. */
export const KNOWN_COMPANY_BANNERS: Record<string, string> = {
  'big-bus': 'big-bus-banner',
  'i-love-rome': 'i-love-rome-banner',
  'green-line': 'green-line-banner',
  'city-sightseeing': 'city-sightseeing-banner',
};
export const companyBannerTag = (slug: string): string =>
  KNOWN_COMPANY_BANNERS[slug] ?? `${slug.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-banner`;
/**
 * The bundled default banner of a company (apps/web/public/banners): the known companies have their
 * own, any other slug the shop's default (never a path built from the URL).
 */
export const defaultBannerUrl = (slug: string): string =>
  Object.hasOwn(KNOWN_COMPANY_BANNERS, slug) ? `/banners/${slug}.webp` : '/banners/default.webp';
/**
 * The banner of a content page tag ('about-us', 'view-more', 'company-{slug}', ...): the page image
 * tag an editor attaches a picture to, and the bundled picture shown while none is attached. The web
 * app renders it and the server preloads the same picture with the page's HTML.
 */
export function pageBanner(pageTag: string): { tag: string; fallback: string } {
  if (pageTag.startsWith('company-')) {
    const slug = pageTag.slice('company-'.length);
    return { tag: companyBannerTag(slug), fallback: defaultBannerUrl(slug) };
  }
  return { tag: `${pageTag}-banner`, fallback: '/banners/default.webp' };
}

/**
 * One card of the offers page (spec §7 GET /bus.json: title, subtitle, image, duration, ticket_count,
 * price), built from a package of the catalogue; the fields after `price` are added beside the spec's.
 */
export type OfferCard = {
  title: string;
  /** The package's type, shown as its subtitle (spec §3). */
  subtitle: string;
  image: string;
  duration: string;
  /** One ticket: the price is per person, as on the package card. */
  ticket_count: number;
  /** The adult price, as the package card shows it (euro, two decimals). */
  price: string;
  package_tag: string;
  company: string;
  /** The small thumbnail for narrow screens (the large one when there is none). */
  image_small: string;
  /** The struck-through old price: the lowest of the 30 days before the reduction (`announcedOldPrice`). */
  original_price: string;
  /** Spec §9: round((original - price) / original * 100). */
  save_percent: number;
  /** The ticket page of the package. */
  path: string;
};

/**
 * The old price a card, the ticket page, the offers and OCTO strike through, in cents, or null
 * (decision 064). Only when an editor announces a reduction (off_price) and the price really was
 * higher in the 30 days before the current one began (prior_price, the EU Omnibus rule); then the
 * prior price, never the editor's own figure, so no 'SAVE n%' is larger than the real reduction.
 */
export function announcedOldPrice(pkg: {
  adult_price: string;
  off_price: string | null;
  prior_price?: string | null;
}): number | null {
  const price = decimalToCents(pkg.adult_price);
  const prior = decimalToCents(pkg.prior_price ?? null);
  if (price === null || prior === null || decimalToCents(pkg.off_price) === null) return null;
  return prior > price ? prior : null;
}

/**
 * Spec §2 Offers, from the catalogue (decision 017): every package announcing a reduction (decision 064),
 * with the catalogue's own price and saving, the largest saving first (catalogue order among equals).
 * The spec's static list had invented offers, prices that were not the catalogue's and a fixed '15% off'
 * beside 'Up to 50% OFF' on every card (decision 017).
 */
export function catalogOffers(
  packages: readonly {
    package_tag: string;
    title: string;
    type: string;
    duration: string;
    company: string;
    adult_price: string;
    off_price: string | null;
    prior_price?: string | null;
    thumbnail_large?: unknown;
    thumbnail_small?: unknown;
    image_big?: unknown;
  }[],
): OfferCard[] {
  const offers: OfferCard[] = [];
  for (const pkg of packages) {
    const price = decimalToCents(pkg.adult_price);
    const original = announcedOldPrice(pkg);
    if (price === null || original === null) continue;
    const save = savePercent(price, original);
    if (save === null) continue;
    const picture = cardImages(pkg);
    offers.push({
      title: pkg.title,
      subtitle: pkg.type,
      image: picture?.large ?? '',
      duration: pkg.duration,
      ticket_count: 1,
      price: centsToDecimal(price),
      package_tag: pkg.package_tag,
      company: pkg.company,
      image_small: picture?.small ?? '',
      original_price: centsToDecimal(original),
      save_percent: save,
      path: bookingPath(pkg),
    });
  }
  // Array.prototype.sort is stable: equal savings keep the catalogue's order.
  return offers.sort((a, b) => b.save_percent - a.save_percent);
}
