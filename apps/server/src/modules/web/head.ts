/**
 * What a page's <head> says before any script runs: title, description, canonical URL, social tags
 * and JSON-LD. Crawlers and link previews read this, so it comes from the server.
 */
import {
  CARD_DESKTOP_MEDIA,
  cardImages,
  centsToDecimal,
  decimalToCents,
  escapeHtml,
  findRoute,
  PRODUCT_NAME,
  packagesOfType,
  pageBanner,
} from '@rome/contract';
import type { CatalogSnapshot } from '../catalog/service';
import type { SiteSnapshot } from '../content/site-cache';

/** Which stored page (metadata, content) a route shows. */
export function pageSlugFor(pattern: string, params: Record<string, string>): string | null {
  switch (pattern) {
    case '/':
      return 'home';
    case '/aboutus':
      return 'about-us';
    case '/terms':
      return 'terms';
    case '/returnPolicy':
      return 'return-policy';
    case '/refund':
      return 'refund';
    case '/agentpoints':
    case '/agentPoints':
      return 'agent-points';
    case '/bus/:companySlug/:companyName':
      return `company-${params.companySlug}`;
    case '/viewsimilar/:hours/:company':
      return 'view-more';
    default:
      return null;
  }
}

/**
 * An editor's page metadata wins over the generated title, description and JSON-LD. Every stored page
 * is sent with its content; a page with a banner (every one but home) also with the banner picture:
 * the attached picture, else the bundled default (`pageBanner`, as the web app's ContentBanner).
 */
function withPageMeta(
  head: PageHead,
  pattern: string,
  params: Record<string, string>,
  site?: SiteSnapshot,
): PageHead {
  const slug = pageSlugFor(pattern, params);
  // Home draws its hero's words from its content blocks (issue #23): its content comes with the HTML.
  if (slug === 'home') head = { ...head, contentPage: slug };
  else if (slug) {
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
  jsonLd?: unknown;
  status: number;
  noindex?: boolean;
};

const DEFAULT_DESCRIPTION =
  'Hop-on hop-off bus tours and museum tickets in Rome from several operators. Compare, book online and get your QR ticket at once.';

const STATIC: Record<string, { title: string; description: string; noindex?: boolean }> = {
  '/': {
    title: `Rome Hop-On Hop-Off Bus Tours & Museum Tickets | ${PRODUCT_NAME}`,
    description: DEFAULT_DESCRIPTION,
  },
  '/aboutus': {
    title: `About Us | ${PRODUCT_NAME}`,
    description:
      'Who we are: a Rome ticket shop selling sightseeing bus tours and museum entries from trusted operators.',
  },
  '/terms': {
    title: `Terms and Conditions | ${PRODUCT_NAME}`,
    description: 'The terms and conditions for buying sightseeing tickets from our shop.',
  },
  '/returnPolicy': {
    title: `Return Policy | ${PRODUCT_NAME}`,
    description: 'How returns of unused sightseeing tickets work.',
  },
  '/refund': {
    title: `Refund Policy | ${PRODUCT_NAME}`,
    description: 'When and how we refund sightseeing ticket purchases.',
  },
  '/agentpoints': {
    title: `Agent Points | ${PRODUCT_NAME}`,
    description: 'Where to find our ticket agents in Rome to redeem your QR ticket.',
  },
  '/agentPoints': {
    title: `Agent Points | ${PRODUCT_NAME}`,
    description: 'Where to find our ticket agents in Rome to redeem your QR ticket.',
  },
  '/offer': {
    title: `Special Offers | ${PRODUCT_NAME}`,
    description: 'Exciting deals on Rome bus tours and museum tickets.',
  },
  '/search': {
    title: `Search Tickets | ${PRODUCT_NAME}`,
    description: 'Find Rome bus tours and museum tickets by ticket type.',
  },
  '/login': { title: `Sign In | ${PRODUCT_NAME}`, description: 'Sign in to your account.', noindex: true },
  '/registation': {
    title: `Create Account | ${PRODUCT_NAME}`,
    description: 'Create an account to book tickets and keep your QR codes.',
    noindex: true,
  },
  '/forgot-password': {
    title: `Forgot Password | ${PRODUCT_NAME}`,
    description: 'Request a password reset code.',
    noindex: true,
  },
  '/reset-password': {
    title: `Reset Password | ${PRODUCT_NAME}`,
    description: 'Enter your code and a new password.',
    noindex: true,
  },
  '/reset-success': {
    title: `Password Reset | ${PRODUCT_NAME}`,
    description: 'Your password has been reset.',
    noindex: true,
  },
  '/undo-email-change': {
    title: `Undo Email Change | ${PRODUCT_NAME}`,
    description: 'Put the previous email address of your account back.',
    noindex: true,
  },
  '/profile': {
    title: `My Account | ${PRODUCT_NAME}`,
    description: 'Manage your account settings and view your travel history.',
    noindex: true,
  },
  '/yourticket': {
    title: `Purchase History | ${PRODUCT_NAME}`,
    description: 'Your tickets and QR codes.',
    noindex: true,
  },
  '/analytics': {
    title: `Analytics Dashboard | ${PRODUCT_NAME}`,
    description: 'Real-time insights and user activities',
    noindex: true,
  },
  '/cancel': {
    title: `Payment Cancelled | ${PRODUCT_NAME}`,
    description: 'Your payment was cancelled.',
    noindex: true,
  },
  '/success': {
    title: `Payment Successful | ${PRODUCT_NAME}`,
    description: 'Your ticket is ready.',
    noindex: true,
  },
  '/success/:uniqueId': {
    title: `Payment Successful | ${PRODUCT_NAME}`,
    description: 'Your ticket is ready.',
    noindex: true,
  },
  '/verify/:code': {
    title: `Ticket Verification | ${PRODUCT_NAME}`,
    description: 'Ticket verification for agents.',
    noindex: true,
  },
  '/pay/:session': { title: `Test Checkout | ${PRODUCT_NAME}`, description: 'Test checkout.', noindex: true },
  '/t/:token': {
    title: `Your Ticket | ${PRODUCT_NAME}`,
    description: 'Your ticket and its QR code.',
    noindex: true,
  },
  '/find-tickets': {
    title: `Find My Tickets | ${PRODUCT_NAME}`,
    description: 'Lost your ticket e-mail? Get the links to your tickets sent to your e-mail address again.',
  },
  '/test': { title: PRODUCT_NAME, description: DEFAULT_DESCRIPTION, noindex: true },
};

const notFoundHead = (canonicalPath: string): PageHead => ({
  title: `Page Not Found | ${PRODUCT_NAME}`,
  description: DEFAULT_DESCRIPTION,
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
  const route = findRoute(pathname);
  if (!route) return notFoundHead(pathname);
  const head = baseHead(route, pathname, catalog);
  if (route.pattern === '/search') {
    // The first result card is the largest picture on the results page (SearchPage, PackageGrid).
    const type = search?.get('ticketType');
    const first = type ? packagesOfType(catalog.packages, type)[0] : undefined;
    head.lcpCard = first ? cardImages(first) : null;
  }
  return head.status === 200 ? withPageMeta(head, route.pattern, route.params, site) : head;
}

function baseHead(
  route: { pattern: string; params: Record<string, string> },
  pathname: string,
  catalog: CatalogSnapshot,
): PageHead {
  const canonicalPath = pathname.replace(/\/+$/, '') || '/';
  if (route.pattern === '/manageBookings/:status/:id') {
    const pkg = catalog.byTag.get(route.params.id);
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
  }
  if (route.pattern === '/bus/:companySlug/:companyName') {
    const folder = catalog.folders.find((f) => f.company_slug === route.params.companySlug);
    if (!folder) return notFoundHead(canonicalPath);
    const name = folder.name;
    return {
      title: `Explore Rome with ${name} | Book Tickets at ${PRODUCT_NAME}`,
      description: `Book ${name} hop-on hop-off tickets in Rome: 24h, 48h and 72h tickets, the best sights and flexible routes.`,
      canonicalPath,
      status: 200,
    };
  }
  if (route.pattern === '/viewsimilar/:hours/:company') {
    return {
      title: `${route.params.company} and similar ${route.params.hours} tickets | ${PRODUCT_NAME}`,
      description: `Compare ${route.params.hours} sightseeing tickets in Rome.`,
      canonicalPath,
      status: 200,
    };
  }
  const known = STATIC[route.pattern];
  return {
    title: known?.title ?? PRODUCT_NAME,
    description: known?.description ?? DEFAULT_DESCRIPTION,
    canonicalPath,
    status: 200,
    noindex: known?.noindex,
    jsonLd:
      route.pattern === '/'
        ? { '@context': 'https://schema.org', '@type': 'Organization', name: PRODUCT_NAME }
        : undefined,
  };
}

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
