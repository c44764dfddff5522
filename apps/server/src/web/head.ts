/**
 * What a page's <head> says before any script runs: title, description, canonical URL, social tags
 * and JSON-LD, by the rules of the contract's page table (pages.ts). Crawlers and link previews read
 * this, so it comes from the server.
 */
import {
  CARD_DESKTOP_MEDIA,
  cardImages,
  centsToDecimal,
  companyPageTitle,
  DEFAULT_LOCALE,
  decimalToCents,
  english,
  escapeHtml,
  type FoundPage,
  findPage,
  formatEuroDecimal,
  INTL_LOCALE,
  LOCALES,
  type Locale,
  localizedPath,
  NOT_FOUND_PAGE,
  PAGE_DESCRIPTIONS,
  type Package,
  type PageParams,
  PRODUCT_NAME,
  packagesOfType,
  pageBanner,
  pageText,
  storedPageOf,
  type Translate,
} from '@rome/contract';
import type { CatalogSnapshot } from '../modules/catalog/service';
import type { SiteSnapshot } from '../modules/content/site-cache';

export type PageHead = {
  /** The page's language (decision 024): <html lang>, the canonical's prefix, og:locale. */
  locale: Locale;
  title: string;
  description: string;
  keywords?: string;
  canonicalPath: string;
  image?: string | null;
  /** The page's largest picture above the fold (its LCP element): preloaded with the HTML. */
  lcpImage?: string | null;
  /** The first package card's pictures (search results): preloaded for the width each is shown at. */
  lcpCard?: { large: string; small: string } | null;
  /** The page tag whose static content the page renders first: sent with the HTML (web/routes.ts). */
  contentPage?: string;
  /**
   * What the HTML paints inside #root before the app runs: the page table's `frame`, or a ticket
   * page's picture, heading and booking form (contract ticket-frame.ts, decision 043).
   */
  frame?: 'banner' | 'home-hero' | 'ticket';
  /** The ticket page's package, for its frame. */
  ticket?: Package;
  jsonLd?: unknown;
  status: number;
  noindex?: boolean;
};

/**
 * An editor's page metadata wins over the table's title, description and JSON-LD. A page with a
 * banner is sent with its content and the banner picture it will show: the attached picture, else the
 * bundled default (`pageBanner`, as the web app's ContentBanner).
 */
function withPageMeta(head: PageHead, found: FoundPage, site?: SiteSnapshot): PageHead {
  const slug = storedPageOf(found);
  head = { ...head, frame: found.page.frame ?? head.frame };
  // Home draws its hero's words from its content blocks: its content comes with the HTML.
  if (slug && found.page.frame === 'home-hero') head = { ...head, contentPage: slug };
  else if (slug && found.page.frame === 'banner') {
    const banner = pageBanner(slug);
    head = {
      ...head,
      contentPage: slug,
      lcpImage: site?.pageImages.get(banner.tag) ?? banner.fallback,
    };
  }
  const english = slug ? site?.pages.get(slug) : undefined;
  // In another language, the editor's words in it over the English ones (decision 024).
  const translated =
    slug && head.locale !== DEFAULT_LOCALE ? site?.pageTranslations.get(`${slug}:${head.locale}`) : undefined;
  const meta = english && {
    ...english,
    metaTitle: translated?.metaTitle || english.metaTitle,
    metaDescription: translated?.metaDescription || english.metaDescription,
    metaKeywords: translated?.metaKeywords || english.metaKeywords,
  };
  if (!meta) return head;
  return {
    ...head,
    title: meta.metaTitle || head.title,
    description: meta.metaDescription || head.description,
    keywords: meta.metaKeywords || head.keywords,
    jsonLd: meta.schemaJson ?? head.jsonLd,
  };
}

const notFoundHead = (canonicalPath: string, locale: Locale, tr: Translate): PageHead => ({
  locale,
  title: pageText(NOT_FOUND_PAGE.head.title, {}, tr),
  description: tr(PAGE_DESCRIPTIONS[NOT_FOUND_PAGE.head.description]),
  canonicalPath,
  status: 404,
  noindex: true,
});

/** The page's language and its translator (the server's Lingui instance of it; English as written). */
export type HeadLanguage = { locale: Locale; tr: Translate };
const ENGLISH: HeadLanguage = { locale: DEFAULT_LOCALE, tr: english };

/**
 * The head of the page at `pathname` (the spec's path, without a language prefix), in `language`.
 * Canonical paths are the spec's; renderHead puts them under the language's prefix.
 */
export function pageHead(
  pathname: string,
  catalog: CatalogSnapshot,
  site?: SiteSnapshot,
  search?: URLSearchParams,
  language: HeadLanguage = ENGLISH,
): PageHead {
  const { locale, tr } = language;
  const found = findPage(pathname);
  if (!found) return notFoundHead(pathname, locale, tr);
  const canonicalPath = found.page.canonical ?? (pathname.replace(/\/+$/, '') || '/');
  const rule = found.page.head;
  const head: PageHead =
    'catalog' in rule
      ? CATALOG_HEADS[rule.catalog](found.params, catalog, canonicalPath, language)
      : {
          locale,
          title: pageText(rule.title, found.params, tr),
          // The params fill in a description's placeholders ({hours} of the view-more page).
          description: tr(PAGE_DESCRIPTIONS[rule.description], found.params),
          canonicalPath,
          status: 200,
          noindex: rule.noindex,
          jsonLd: rule.organization
            ? { '@context': 'https://schema.org', '@type': 'Organization', name: PRODUCT_NAME }
            : undefined,
        };
  if (found.page.firstCardOf === 'ticketType') {
    // The first result card is the largest picture on the results page (SearchPage, PackageGrid).
    const type = search?.get('ticketType');
    const first = type ? packagesOfType(catalog.packages, type)[0] : undefined;
    head.lcpCard = first ? cardImages(first) : null;
  }
  return head.status === 200 ? withPageMeta(head, found, site) : head;
}

/** The heads the page table draws from the catalog: a company folder's, a package's; 404 without one. */
const CATALOG_HEADS: Record<
  'company' | 'package',
  (params: PageParams, catalog: CatalogSnapshot, canonicalPath: string, language: HeadLanguage) => PageHead
> = {
  company(params, catalog, canonicalPath, { locale, tr }) {
    const folder = catalog.folders.find((f) => f.company_slug === params.companySlug);
    if (!folder) return notFoundHead(canonicalPath, locale, tr);
    const name = folder.name;
    return {
      locale,
      title: companyPageTitle(name, tr),
      description: tr(
        /*i18n*/ 'Book {company} hop-on hop-off tickets in Rome: 24h, 48h and 72h tickets, the best sights and flexible routes.',
        { company: name },
      ),
      canonicalPath,
      status: 200,
    };
  },
  package(params, catalog, canonicalPath, { locale, tr }) {
    const pkg = catalog.byTag.get(params.id);
    if (!pkg) return notFoundHead(canonicalPath, locale, tr);
    // The package's words are in the page's language where editors wrote them (decision 024). A meta field
    // still in English is left out in another language: the head is then made from the page's words.
    const own = (field: 'meta_title' | 'meta_description' | 'meta_keywords') =>
      pkg.untranslated?.includes(field) ? '' : pkg[field];
    const description =
      own('meta_description') ||
      tr(/*i18n*/ '{title}: {type}. Book {company} tickets in Rome from {price} per person.', {
        title: pkg.title,
        type: pkg.type,
        company: pkg.company,
        price: formatEuroDecimal(String(pkg.adult_price), locale),
      });
    return {
      locale,
      title: own('meta_title') || `${pkg.title} | ${PRODUCT_NAME}`,
      description,
      keywords: own('meta_keywords'),
      canonicalPath,
      image: (pkg.thumbnail_large as string | null) ?? (pkg.image_big as string | null),
      // The gallery's large picture (TicketDetailsPage: image_big first), painted from the HTML.
      lcpImage: pkg.image_big as string | null,
      frame: 'ticket',
      ticket: pkg,
      status: 200,
      jsonLd: pkg.schema_json ?? {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: pkg.title,
        description,
        brand: { '@type': 'Brand', name: pkg.company },
        offers: {
          '@type': 'Offer',
          priceCurrency: 'EUR',
          price: centsToDecimal(decimalToCents(pkg.adult_price) ?? 0),
          availability: 'https://schema.org/InStock',
        },
      },
    };
  },
};

/** JSON inside <script> must not be able to close the tag. */
export const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The same page in every language, for search engines (hreflang; x-default is English at the spec's
 * path). Only indexable pages: a noindex page has no alternates to offer.
 */
export function alternateLinks(head: PageHead, publicUrl: string): string[] {
  if (head.noindex || head.status !== 200) return [];
  const href = (locale: Locale) => escapeHtml(`${publicUrl}${localizedPath(locale, head.canonicalPath)}`);
  return [
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${href(locale)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}">`,
  ];
}

export function renderHead(head: PageHead, publicUrl: string): string {
  const url = `${publicUrl}${localizedPath(head.locale, head.canonicalPath)}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords)}">` : '',
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...alternateLinks(head, publicUrl),
    head.lcpImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.lcpImage)}" fetchpriority="high">`
      : '',
    // The card's <picture>: the large thumbnail from the desktop breakpoint up, the small one below.
    head.lcpCard
      ? `<link rel="preload" as="image" href="${escapeHtml(head.lcpCard.small)}" media="not all and ${CARD_DESKTOP_MEDIA}" fetchpriority="high">`
      : '',
    head.lcpCard
      ? `<link rel="preload" as="image" href="${escapeHtml(head.lcpCard.large)}" media="${CARD_DESKTOP_MEDIA}" fetchpriority="high">`
      : '',
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="${INTL_LOCALE[head.locale].replace('-', '_')}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(`${publicUrl}${head.image ?? '/social-preview.png'}`)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    head.jsonLd ? `<script type="application/ld+json">${safeJson(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
