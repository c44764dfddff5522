/**
 * The page-route table (spec §2): every page of the web app, once. The web app's router builds its
 * routes from it (apps/web/src/router.tsx, with the page modules of apps/web/src/pages.ts), the navigation
 * bar and the footer take their links from it, and the server answers each page path from it: status,
 * <head> (modules/web/head.ts), preloads of the page's code and first-screen data (web/preload.ts), the
 * frame painted before the app runs, the sitemap and robots.txt (web/routes.ts).
 *
 * Plain data and pure functions, no zod: the web app imports this at run time.
 */
import type { FirstScreenData } from './first-screen';
import type { PageDescriptionKey } from './page-descriptions';
import { matchRoute, PRODUCT_NAME } from './routes';

/**
 * A page module of the web app: the file `apps/web/src/<id>.tsx`, whose default export is the page.
 * Each is its own lazy chunk; the web's PAGE_LOADERS has exactly one loader per id (type-checked), and the
 * server finds the chunk in Vite's manifest as `src/<id>.tsx`.
 */
export type PageModule =
  | 'features/home/HomePage'
  | 'features/company/CompanyPage'
  | 'features/pages/AboutUsPage'
  | 'features/pages/TermsPage'
  | 'features/pages/ReturnPolicyPage'
  | 'features/pages/RefundPage'
  | 'features/pages/AgentPointsPage'
  | 'features/offers/OffersPage'
  | 'features/tickets/PurchaseHistoryPage'
  | 'features/checkout/SuccessPage'
  | 'features/checkout/CancelPage'
  | 'features/tickets/VerifyPage'
  | 'features/search/SearchPage'
  | 'features/package/TicketDetailsPage'
  | 'features/package/WidgetPage'
  | 'features/viewmore/ViewMorePage'
  | 'features/account/ProfilePage'
  | 'features/analytics/AnalyticsPage'
  | 'features/operators/OperatorConsolePage'
  | 'features/auth/LoginPage'
  | 'features/auth/RegisterPage'
  | 'features/auth/ForgotPasswordPage'
  | 'features/auth/ResetPasswordPage'
  | 'features/auth/ResetSuccessPage'
  | 'features/checkout/TestCheckoutPage'
  | 'features/auth/UndoEmailChangePage'
  | 'features/tickets/TicketLinkPage'
  | 'features/tickets/FindTicketsPage'
  | 'features/giftcards/GiftCardsPage'
  | 'features/test/TestPage'
  | 'features/notfound/NotFoundPage';

export type PageParams = Readonly<Record<string, string>>;

/**
 * Puts an English text of the table (its catalogue id, marked for `npm run i18n:extract` with an
 * i18n comment) into the page's language, with `{name}` values filled in: the web app passes Lingui's
 * i18n._, the server its own instance of the page's language (decision 024).
 */
export type Translate = (id: string, values?: Record<string, string>) => string;

/** English: the text as written, its values filled in. */
export const english: Translate = (id, values) =>
  values ? id.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole) : id;

type Text = string | ((params: PageParams, tr: Translate) => string);

/**
 * A page's <head>. Either its own words (static, or built from the path's params), or drawn from the
 * catalog: the company folder named by `companySlug`, or the package named by `id` (no such folder or
 * package: the not-found head and status 404). A page with a stored page (`storedPage`) takes the
 * editor's metadata title, description, keywords and JSON-LD over these where they are set.
 * Canonical URL: the page's own path without trailing slash and query, or for an alias the path of
 * the page it duplicates (`canonical`).
 */
export type PageHeadRule =
  | {
      title: Text;
      /**
       * The page's description for search engines and link previews: a key of the contract's
       * PAGE_DESCRIPTIONS, which only the server reads (the texts stay out of the app's first load).
       */
      description: PageDescriptionKey;
      /** Kept out of search results (<meta name="robots" content="noindex">). */
      noindex?: true;
      /** The shop's schema.org Organization as JSON-LD. */
      organization?: true;
    }
  | { catalog: 'company' | 'package' };

/** Where a page's link appears, at which position (0 first), with its spec label. */
export type PageNav = {
  label: string;
  /** The navigation bar (spec §2 Navigation bar) for signed-out and signed-in visitors. */
  bar?: { signedOut?: number; signedIn?: number };
  /** The footer's About list (spec §2 Footer). */
  footer?: number;
};

/**
 * What a page tells the app about itself in its HTML (decision 032): the key its session calls carry
 * (in the header below), present only in a page loaded by a signed-in browser; or that the page
 * carries the editors' head code, where the app then never signs in or restores a session.
 */
export const PAGE_KEY_META = 'rbt-page-key';
export const HEAD_CODE_META = 'rbt-head-code';
export const PAGE_KEY_HEADER = 'x-page-key';

export type PageEntry = {
  /** The path, params as `:name` (React Router and Fastify syntax). */
  pattern: string;
  module: PageModule;
  /** Inside the main layout (navigation bar, footer) or on its own (spec §2: /analytics, /test). */
  layout: 'main' | 'own';
  head: PageHeadRule;
  /** An alias's canonical path: the page it duplicates. */
  canonical?: string;
  /** The stored page (editor metadata; static content for a page with a banner) the route shows. */
  storedPage?: Text;
  /**
   * What the server paints inside #root before the app runs (docs/architecture.md, First paint): the
   * page's banner with its picture (contract banner.ts; its static content comes with the HTML too), or
   * the home hero's words (home-hero.ts).
   */
  frame?: 'banner' | 'home-hero';
  /** The data the page's first screen is drawn from (first-screen.ts): preloaded, awaited before render. */
  firstScreen?: readonly FirstScreenData['kind'][];
  /** A results page whose largest picture is the first card of the query's ticketType: preloaded. */
  firstCardOf?: 'ticketType';
  /**
   * In /sitemap.xml: the page itself, or one URL per active company folder / per package (routes with
   * params). Not listed when absent.
   */
  sitemap?: 'page' | 'each-company' | 'each-package';
  /** false: robots.txt disallows it (the path up to its first param). */
  crawl?: false;
  /**
   * false: the editors' global head code (analytics, tag managers) is left off this page (decision 018):
   * where a customer, an agent or a superuser signs in, pays, or works with tickets and analytics, or
   * where the URL holds a token, an editor's markup has no business running.
   */
  headCode?: false;
  /** What the app shows while the page's code loads (default: the plain loading page). */
  loading?: 'search';
  nav?: PageNav;
};

const DEFAULT_DESCRIPTION = 'default' satisfies PageDescriptionKey;

/** A page's title: its name in the page's language, then the shop's name. */
const titled =
  (name: string) =>
  (_params: PageParams, tr: Translate): string =>
    `${tr(name)} | ${PRODUCT_NAME}`;

/** A company page's title (its head is drawn from the catalog: the folder's name). */
export const companyPageTitle = (companyName: string, tr: Translate = english) =>
  tr(/*i18n*/ 'Explore Rome with {company} | Book Tickets at {shop}', {
    company: companyName,
    shop: PRODUCT_NAME,
  });

const TABLE = [
  {
    pattern: '/',
    module: 'features/home/HomePage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Rome Hop-On Hop-Off Bus Tours & Museum Tickets'),
      description: DEFAULT_DESCRIPTION,
      organization: true,
    },
    storedPage: 'home',
    frame: 'home-hero',
    // The partner strip is some 300 elements (spec: the logos 20 times over): drawn in the first,
    // time-sliced render rather than in a blocking one when its data arrives.
    firstScreen: ['packages', 'partnerLogos', 'settings'],
    sitemap: 'page',
    nav: { label: /*i18n*/ 'Home', bar: { signedOut: 0, signedIn: 0 } },
  },
  {
    pattern: '/bus/:companySlug/:companyName',
    module: 'features/company/CompanyPage',
    layout: 'main',
    head: { catalog: 'company' },
    storedPage: (p) => `company-${p.companySlug}`,
    frame: 'banner',
    firstScreen: ['packages', 'settings'],
    sitemap: 'each-company',
  },
  {
    pattern: '/aboutus',
    module: 'features/pages/AboutUsPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'About Us'),
      description: 'aboutus',
    },
    storedPage: 'about-us',
    frame: 'banner',
    sitemap: 'page',
    nav: { label: /*i18n*/ 'About Us', bar: { signedOut: 1 }, footer: 0 },
  },
  {
    pattern: '/terms',
    module: 'features/pages/TermsPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Terms and Conditions'),
      description: 'terms',
    },
    storedPage: 'terms',
    frame: 'banner',
    sitemap: 'page',
    nav: { label: /*i18n*/ 'Terms and Conditions', footer: 1 },
  },
  {
    pattern: '/returnPolicy',
    module: 'features/pages/ReturnPolicyPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Return Policy'),
      description: 'returnpolicy',
    },
    storedPage: 'return-policy',
    frame: 'banner',
    sitemap: 'page',
    nav: { label: /*i18n*/ 'Return Policy', footer: 2 },
  },
  {
    pattern: '/refund',
    module: 'features/pages/RefundPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Refund Policy'),
      description: 'refund',
    },
    storedPage: 'refund',
    frame: 'banner',
    sitemap: 'page',
    nav: { label: /*i18n*/ 'Refund Policy', footer: 3 },
  },
  {
    pattern: '/agentpoints',
    module: 'features/pages/AgentPointsPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Agent Points'),
      description: 'agentpoints',
    },
    storedPage: 'agent-points',
    frame: 'banner',
    sitemap: 'page',
    nav: { label: /*i18n*/ 'Agent Points', bar: { signedOut: 2, signedIn: 2 }, footer: 4 },
  },
  {
    // Spec §2: /agentpoints is also linked as /agentPoints.
    pattern: '/agentPoints',
    module: 'features/pages/AgentPointsPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Agent Points'),
      description: 'agentpoints',
    },
    canonical: '/agentpoints',
    storedPage: 'agent-points',
    frame: 'banner',
  },
  {
    pattern: '/offer',
    module: 'features/offers/OffersPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Special Offers'),
      description: 'offer',
    },
    sitemap: 'page',
    nav: { label: /*i18n*/ 'Offers', footer: 5 },
  },
  {
    pattern: '/yourticket',
    module: 'features/tickets/PurchaseHistoryPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Purchase History'),
      description: 'yourticket',
      noindex: true,
    },
    crawl: false,
    nav: { label: /*i18n*/ 'Purchase History', bar: { signedIn: 1 } },
    headCode: false,
  },
  {
    pattern: '/success',
    module: 'features/checkout/SuccessPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Payment Successful'),
      description: 'success',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/success/:uniqueId',
    module: 'features/checkout/SuccessPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Payment Successful'),
      description: 'successUniqueId',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/cancel',
    module: 'features/checkout/CancelPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Payment Cancelled'),
      description: 'cancel',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/verify/:code',
    module: 'features/tickets/VerifyPage',
    // An agent's desk tool (beside the spec, which shows nothing of this screen's frame): its own
    // frame, without the storefront's navigation, newsletter and footer.
    layout: 'own',
    head: {
      title: titled(/*i18n*/ 'Ticket Verification'),
      description: 'verifyCode',
      noindex: true,
    },
    crawl: false,
    headCode: false,
  },
  {
    pattern: '/search',
    module: 'features/search/SearchPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Search Tickets'),
      description: 'search',
    },
    firstScreen: ['packages', 'settings'],
    firstCardOf: 'ticketType',
    loading: 'search',
  },
  {
    // The spec names the package key `id` in this page's path (package-key.ts).
    pattern: '/manageBookings/:status/:id',
    module: 'features/package/TicketDetailsPage',
    layout: 'main',
    head: { catalog: 'package' },
    firstScreen: ['package', 'packages', 'settings'],
    sitemap: 'each-package',
  },
  {
    pattern: '/viewsimilar/:hours/:company',
    module: 'features/viewmore/ViewMorePage',
    layout: 'main',
    head: {
      title: (p, tr) =>
        `${tr(/*i18n*/ '{company} and similar {hours} tickets', { company: p.company, hours: p.hours })} | ${PRODUCT_NAME}`,
      // The server fills in {hours} from the path's params.
      description: 'viewSimilar',
    },
    storedPage: 'view-more',
    frame: 'banner',
    firstScreen: ['packages', 'settings'],
  },
  {
    pattern: '/profile',
    module: 'features/account/ProfilePage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'My Account'),
      description: 'profile',
      noindex: true,
    },
    crawl: false,
    nav: { label: /*i18n*/ 'Profile', bar: { signedIn: 3 } },
    headCode: false,
  },
  {
    pattern: '/analytics',
    module: 'features/analytics/AnalyticsPage',
    layout: 'own',
    head: {
      title: titled(/*i18n*/ 'Analytics Dashboard'),
      description: 'analytics',
      noindex: true,
    },
    crawl: false,
    headCode: false,
  },
  {
    // The operators' console (decision 066): their people's own page, outside the shop's layout.
    pattern: '/operator',
    module: 'features/operators/OperatorConsolePage',
    layout: 'own',
    head: {
      // In English, as the console is (the staff's tools are, like the dashboard's texts of the spec):
      // the title stays out of every visitor's first-load catalogue.
      title: () => `Operator Console | ${PRODUCT_NAME}`,
      description: 'operator',
      noindex: true,
    },
    crawl: false,
    headCode: false,
  },
  {
    pattern: '/login',
    module: 'features/auth/LoginPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Sign In'),
      description: 'login',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/registation',
    module: 'features/auth/RegisterPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Create Account'),
      description: 'registation',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/forgot-password',
    module: 'features/auth/ForgotPasswordPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Forgot Password'),
      description: 'forgotPassword',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/reset-password',
    module: 'features/auth/ResetPasswordPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Reset Password'),
      description: 'resetPassword',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/reset-success',
    module: 'features/auth/ResetSuccessPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Password Reset'),
      description: 'resetSuccess',
      noindex: true,
    },
    headCode: false,
  },
  {
    pattern: '/undo-email-change',
    module: 'features/auth/UndoEmailChangePage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Undo Email Change'),
      description: 'undoEmailChange',
      noindex: true,
    },
    // Its link carries a one-time token.
    headCode: false,
  },
  {
    // Issue #18: a ticket by its link (no sign-in). Outside the main layout, so nothing on it needs the
    // network once it is kept for offline use, and no page view records the link's token.
    pattern: '/t/:token',
    module: 'features/tickets/TicketLinkPage',
    layout: 'own',
    head: {
      title: titled(/*i18n*/ 'Your Ticket'),
      description: 'tToken',
      noindex: true,
    },
    crawl: false,
    headCode: false,
  },
  {
    // Issue #18: the form that e-mails a buyer's ticket links again.
    pattern: '/find-tickets',
    module: 'features/tickets/FindTicketsPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Find My Tickets'),
      description: 'findTickets',
    },
    headCode: false,
    // Beside the spec's footer links: a guest's way back to their tickets (decision 035).
    nav: { label: /*i18n*/ 'Find My Tickets', footer: 6 },
  },
  {
    // Beside the spec's pages (decision 053): buying a gift card.
    pattern: '/gift-cards',
    module: 'features/giftcards/GiftCardsPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Gift Cards'),
      description: 'giftCards',
    },
    sitemap: 'page',
    headCode: false,
    nav: { label: /*i18n*/ 'Gift Cards', footer: 7 },
  },
  {
    // A gift card by its e-mail link (decision 053): like a ticket link, on its own, no page view of the token.
    pattern: '/gift-card/:token',
    // One module for both gift card pages: one loader less in every first load.
    module: 'features/giftcards/GiftCardsPage',
    layout: 'own',
    head: {
      // The list page's words (a card's page is not indexed): nothing more in every first load.
      title: titled(/*i18n*/ 'Gift Cards'),
      description: 'giftCards',
      noindex: true,
    },
    crawl: false,
    headCode: false,
  },
  {
    // Spec §2: outside the main layout, its content not shown.
    pattern: '/test',
    module: 'features/test/TestPage',
    layout: 'own',
    head: { title: PRODUCT_NAME, description: DEFAULT_DESCRIPTION, noindex: true },
  },
  {
    // The built-in test checkout (no Stripe key): not in the spec's table.
    pattern: '/pay/:session',
    module: 'features/checkout/TestCheckoutPage',
    layout: 'main',
    head: {
      title: titled(/*i18n*/ 'Test Checkout'),
      description: 'paySession',
      noindex: true,
    },
    crawl: false,
    headCode: false,
  },
  {
    // The booking widget (decision 060): framed by partners' sites (its own frame-ancestors), on its own,
    // no head code (a partner's visitor never meets the shop's tag manager), kept from search engines.
    pattern: '/widget/:id',
    module: 'features/package/WidgetPage',
    layout: 'own',
    // The shop's name as its title (no word more in the first load); the page sets the ticket's own.
    head: { title: PRODUCT_NAME, description: 'widget', noindex: true },
    crawl: false,
    headCode: false,
  },
] as const satisfies readonly PageEntry[];

/** Every page, in the order of spec §2's table. */
export const PAGES: readonly PageEntry[] = TABLE;

export type PagePattern = (typeof TABLE)[number]['pattern'];

/** The params a page pattern names (`'/success/:uniqueId'` -> `{ uniqueId: string }`). */
type PatternParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PatternParams<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/**
 * The path of a page of the table with its params filled in (encoded), and the trailing slash the
 * spec's links carry when `slash` is set. Code that links to a page names it by its pattern, so a
 * typo or a renamed page fails the type-check instead of sending a visitor to a page that is not
 * there. Wrap it in `localizedPath` for the visitor's language.
 */
export function pagePath<P extends PagePattern>(
  pattern: P,
  params: PatternParams<P> = {} as PatternParams<P>,
  opts: { slash?: boolean } = {},
): string {
  const filled = pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
  return opts.slash && !filled.endsWith('/') ? `${filled}/` : filled;
}

/** The page patterns (spec §2 route table). */
export const PAGE_ROUTES: readonly PagePattern[] = TABLE.map((p) => p.pattern);

/** Spec §2 `*`: the not-found page inside the main layout, answered with status 404. */
export const NOT_FOUND_PAGE = {
  module: 'features/notfound/NotFoundPage',
  layout: 'main',
  head: { title: titled(/*i18n*/ 'Page Not Found'), description: DEFAULT_DESCRIPTION, noindex: true },
} as const satisfies Pick<PageEntry, 'module' | 'layout' | 'head'>;

export type FoundPage = { page: PageEntry; pattern: string; params: Record<string, string> };

/** The page at `path` and its params, or null (the not-found page). */
export function findPage(path: string): FoundPage | null {
  for (const page of PAGES) {
    const params = matchRoute(page.pattern, path);
    if (params) return { page, pattern: page.pattern, params };
  }
  return null;
}

/** The pattern and params of the page at `path`, or null. */
export function findRoute(path: string): { pattern: string; params: Record<string, string> } | null {
  const found = findPage(path);
  return found && { pattern: found.pattern, params: found.params };
}

/** A text of the table in the page's language (English by default), built from the path's params. */
export const pageText = (text: Text, params: PageParams, tr: Translate = english): string =>
  typeof text === 'function' ? text(params, tr) : tr(text);

/** The stored page (editor metadata, static content) the page at `path` shows, or null. */
export function storedPageOf(found: FoundPage): string | null {
  return found.page.storedPage === undefined ? null : pageText(found.page.storedPage, found.params);
}

/** What the page at `pathname` draws its first screen from (nothing for pages that draw none). */
export function firstScreenData(pathname: string): FirstScreenData[] {
  const found = findPage(pathname);
  if (!found) return [];
  return (found.page.firstScreen ?? []).map((kind): FirstScreenData => {
    switch (kind) {
      case 'package':
        return { kind, status: found.params.status, packageTag: found.params.id };
      default:
        return { kind };
    }
  });
}

export type NavPlace = 'signedOut' | 'signedIn' | 'footer';
export type PageLink = { to: PagePattern; label: string };

/** The links of the navigation bar (signed out or in) or of the footer's About list, in order. */
export function navLinks(place: NavPlace): PageLink[] {
  return PAGES.flatMap(({ pattern, nav }) => {
    const position = place === 'footer' ? nav?.footer : nav?.bar?.[place];
    return nav && position !== undefined ? [{ position, to: pattern as PagePattern, label: nav.label }] : [];
  })
    .sort((a, b) => a.position - b.position)
    .map(({ to, label }) => ({ to, label }));
}

/** The robots.txt Disallow paths of the pages kept from crawlers: each path up to its first param. */
export const uncrawledPaths = (): string[] =>
  PAGES.filter((p) => p.crawl === false).map((p) => p.pattern.replace(/:.*$/, ''));

/**
 * The storefront's words come in two catalogues per language (lingui.config.ts): `shell`, what the
 * navigation, footer and home page say, and `pages`, every other page's words. These pages need only
 * the first; every other page loads both before it is drawn (the web's router, the server's preloads).
 */
export const SHELL_WORDS_ONLY: readonly PageModule[] = ['features/home/HomePage'];
export const needsPageWords = (module: PageModule | undefined): boolean =>
  module === undefined || !SHELL_WORDS_ONLY.includes(module);
