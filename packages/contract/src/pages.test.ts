import { describe, expect, it } from 'vitest';
import {
  findPage,
  findRoute,
  firstScreenData,
  NOT_FOUND_PAGE,
  navLinks,
  PAGE_ROUTES,
  PAGES,
  type PagePattern,
  pagePath,
  storedPageOf,
  uncrawledPaths,
} from './pages';

/** A path the pattern matches, each param filled in. */
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name) => `sample-${name}`);

describe('the page table', () => {
  it('lists each pattern once, and findRoute finds each pattern for a path of its own', () => {
    expect(new Set(PAGE_ROUTES).size).toBe(PAGES.length);
    for (const { pattern } of PAGES) {
      expect(findRoute(sample(pattern))?.pattern, pattern).toBe(pattern);
      expect(findRoute(`${sample(pattern)}/`)?.pattern, `${pattern}/`).toBe(pattern);
    }
    expect(findRoute('/bus/big-bus/big%20bus')).toEqual({
      pattern: '/bus/:companySlug/:companyName',
      params: { companySlug: 'big-bus', companyName: 'big bus' },
    });
    expect(findRoute('/no/such/page')).toBeNull();
  });

  it('has the spec §2 routes', () => {
    expect(PAGE_ROUTES).toEqual(
      expect.arrayContaining([
        '/',
        '/bus/:companySlug/:companyName',
        '/aboutus',
        '/terms',
        '/returnPolicy',
        '/refund',
        '/agentpoints',
        '/agentPoints',
        '/offer',
        '/yourticket',
        '/success',
        '/success/:uniqueId',
        '/cancel',
        '/verify/:code',
        '/search',
        '/manageBookings/:status/:id',
        '/viewsimilar/:hours/:company',
        '/profile',
        '/analytics',
        '/login',
        '/registation',
        '/forgot-password',
        '/reset-password',
        '/reset-success',
        '/test',
      ]),
    );
    expect(PAGES.filter((p) => p.layout === 'own').map((p) => p.pattern)).toEqual([
      '/verify/:code',
      '/analytics',
      '/operator',
      '/t/:token',
      '/gift-card/:token',
      '/test',
      '/widget/:id',
    ]);
    expect(NOT_FOUND_PAGE.layout).toBe('main');
  });

  it('gives the navigation bar and the footer the spec texts, in order', () => {
    expect(navLinks('signedOut')).toEqual([
      { to: '/', label: 'Home' },
      { to: '/aboutus', label: 'About Us' },
      { to: '/agentpoints', label: 'Agent Points' },
    ]);
    expect(navLinks('signedIn')).toEqual([
      { to: '/', label: 'Home' },
      { to: '/yourticket', label: 'Purchase History' },
      { to: '/agentpoints', label: 'Agent Points' },
      { to: '/profile', label: 'Profile' },
    ]);
    expect(navLinks('footer')).toEqual([
      { to: '/aboutus', label: 'About Us' },
      { to: '/terms', label: 'Terms and Conditions' },
      { to: '/returnPolicy', label: 'Return Policy' },
      { to: '/refund', label: 'Refund Policy' },
      { to: '/agentpoints', label: 'Agent Points' },
      { to: '/offer', label: 'Offers' },
      { to: '/find-tickets', label: 'Find My Tickets' },
      { to: '/gift-cards', label: 'Gift Cards' },
    ]);
  });

  it('places each nav link once per place, without gaps, and only on pages without params', () => {
    for (const place of ['signedOut', 'signedIn', 'footer'] as const) {
      const positions = PAGES.map((p) => (place === 'footer' ? p.nav?.footer : p.nav?.bar?.[place])).filter(
        (n) => n !== undefined,
      );
      expect(positions.sort(), place).toEqual(positions.map((_, i) => i));
    }
    for (const p of PAGES.filter((p) => p.nav)) expect(p.pattern, p.pattern).not.toContain(':');
  });

  it('is consistent: aliases, stored pages, frames, first-screen data, sitemap and robots', () => {
    for (const p of PAGES) {
      const params = p.pattern.match(/:\w+/g) ?? [];
      if (p.canonical) {
        const target = PAGES.find((q) => q.pattern === p.canonical);
        expect(target?.module, p.pattern).toBe(p.module);
        expect(p.sitemap, p.pattern).toBeUndefined();
      }
      // A banner frame paints the stored page's banner picture and comes with its content.
      if (p.frame === 'banner') expect(p.storedPage, p.pattern).toBeDefined();
      if (p.firstScreen?.includes('package')) expect(params, p.pattern).toEqual([':status', ':id']);
      if (p.sitemap === 'page') expect(params, p.pattern).toEqual([]);
      if (p.sitemap === 'each-company') expect(p.head).toEqual({ catalog: 'company' });
      if (p.sitemap === 'each-package') expect(p.head).toEqual({ catalog: 'package' });
      // What search engines are kept from is not in the sitemap, and says noindex.
      if (p.crawl === false) {
        expect(p.sitemap, p.pattern).toBeUndefined();
        expect('noindex' in p.head && p.head.noindex, p.pattern).toBe(true);
      }
    }
    expect(uncrawledPaths()).toEqual([
      '/yourticket',
      '/verify/',
      '/profile',
      '/analytics',
      '/operator',
      '/t/',
      '/gift-card/',
      '/pay/',
      '/widget/',
    ]);
  });

  it('names the stored page a route shows, from its params where it has them', () => {
    const stored = (path: string) => {
      const found = findPage(path);
      return found && storedPageOf(found);
    };
    expect(stored('/')).toBe('home');
    expect(stored('/aboutus')).toBe('about-us');
    expect(stored('/agentPoints')).toBe('agent-points');
    expect(stored('/bus/big-bus/big%20bus')).toBe('company-big-bus');
    expect(stored('/viewsimilar/24%20hours/x')).toBe('view-more');
    expect(stored('/login')).toBeNull();
  });

  it('a ticket page asks for its own package first', () => {
    expect(firstScreenData('/manageBookings/E8/RM-1')[0]).toEqual({
      kind: 'package',
      status: 'E8',
      packageTag: 'RM-1',
    });
  });
});

describe('pagePath', () => {
  it("fills a page's params, encoded, and adds the spec's slash when asked", () => {
    expect(pagePath('/login')).toBe('/login');
    expect(pagePath('/cancel', {}, { slash: true })).toBe('/cancel/');
    expect(pagePath('/success/:uniqueId', { uniqueId: 'RJZ9fic3' }, { slash: true })).toBe(
      '/success/RJZ9fic3/',
    );
    expect(pagePath('/viewsimilar/:hours/:company', { hours: '24 hours', company: 'Big Bus' })).toBe(
      '/viewsimilar/24%20hours/Big%20Bus',
    );
  });

  it('every path it makes is the page it names', () => {
    for (const page of PAGES) {
      const params = Object.fromEntries([...page.pattern.matchAll(/:(\w+)/g)].map((m) => [m[1], 'x y']));
      const path = pagePath(page.pattern as PagePattern, params as never, { slash: true });
      expect(findRoute(path)?.pattern, path).toBe(page.pattern);
    }
  });
});
