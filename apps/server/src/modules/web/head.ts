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
  decimalToCents,
  escapeHtml,
  type FoundPage,
  findPage,
  NOT_FOUND_PAGE,
  type PageParams,
  PRODUCT_NAME,
  packagesOfType,
  pageBanner,
  pageText,
  storedPageOf,
} from '@rome/contract';
import type { CatalogSnapshot } from '../catalog/service';
import type { SiteSnapshot } from '../content/site-cache';

export type PageHead = {
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
  /** What the HTML paints inside #root before the app runs (the page table's `frame`). */
  frame?: 'banner' | 'home-hero';
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
  head = { ...head, frame: found.page.frame };
  // Home draws its hero's words from its content blocks (issue #23): its content comes with the HTML.
  if (slug && found.page.frame === 'home-hero') head = { ...head, contentPage: slug };
  else if (slug && found.page.frame === 'banner') {
    const banner = pageBanner(slug);
    head = {
      ...head,
      contentPage: slug,
      lcpImage: site?.pageImages.get(banner.tag) ?? banner.fallback,
    };
  }
  const meta = slug ? site?.pages.get(slug) : undefined;
  if (!meta) return head;
  return {
    ...head,
    title: meta.metaTitle || head.title,
    description: meta.metaDescription || head.description,
    keywords: meta.metaKeywords || head.keywords,
    jsonLd: meta.schemaJson ?? head.jsonLd,
  };
}

const notFoundHead = (canonicalPath: string): PageHead => ({
  title: NOT_FOUND_PAGE.head.title,
  description: NOT_FOUND_PAGE.head.description,
  canonicalPath,
  status: 404,
  noindex: true,
});

export function pageHead(
  pathname: string,
  catalog: CatalogSnapshot,
  site?: SiteSnapshot,
  search?: URLSearchParams,
): PageHead {
  const found = findPage(pathname);
  if (!found) return notFoundHead(pathname);
  const canonicalPath = found.page.canonical ?? (pathname.replace(/\/+$/, '') || '/');
  const rule = found.page.head;
  const head: PageHead =
    'catalog' in rule
      ? CATALOG_HEADS[rule.catalog](found.params, catalog, canonicalPath)
      : {
          title: pageText(rule.title, found.params),
          description: pageText(rule.description, found.params),
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
  (params: PageParams, catalog: CatalogSnapshot, canonicalPath: string) => PageHead
> = {
  company(params, catalog, canonicalPath) {
    const folder = catalog.folders.find((f) => f.company_slug === params.companySlug);
    if (!folder) return notFoundHead(canonicalPath);
    const name = folder.name;
    return {
      title: companyPageTitle(name),
      description: `Book ${name} hop-on hop-off tickets in Rome: 24h, 48h and 72h tickets, the best sights and flexible routes.`,
      canonicalPath,
      status: 200,
    };
  },
  package(params, catalog, canonicalPath) {
    const pkg = catalog.byTag.get(params.id);
    if (!pkg) return notFoundHead(canonicalPath);
    const description =
      pkg.meta_description ||
      `${pkg.title}: ${pkg.type}. Book ${pkg.company} tickets in Rome from €${pkg.adult_price} per person.`;
    return {
      title: pkg.meta_title || `${pkg.title} | ${PRODUCT_NAME}`,
      description,
      keywords: pkg.meta_keywords,
      canonicalPath,
      image: (pkg.thumbnail_large as string | null) ?? (pkg.image_big as string | null),
      // The gallery's large picture (TicketDetailsPage: image_big first).
      lcpImage: pkg.image_big as string | null,
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

export function renderHead(head: PageHead, publicUrl: string): string {
  const url = `${publicUrl}${head.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords)}">` : '',
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(url)}">`,
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
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(`${publicUrl}${head.image ?? '/social-preview.png'}`)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    head.jsonLd ? `<script type="application/ld+json">${safeJson(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
