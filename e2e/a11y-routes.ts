/**
 * axe on every route of the spec (§2 route table, as the contract's page table, PAGE_ROUTES), each
 * scanned at phone and desktop widths by one of the four roles (sampleFor): no violation of any impact.
 * The roles are split over two spec files (a11y.spec.ts: visitor and customer; a11y-staff.spec.ts:
 * editor and superuser) so the two browser-test shards share the walk (scripts/e2e.mjs).
 */
import { expect, type Page, test } from '@playwright/test';
import { PAGE_ROUTES, type PagePattern } from '@rome/contract';
import { axeScan, type Role, seededPages, signInAs } from './fixtures';

/**
 * Every route of the web app's route table (the contract's page table, pages.ts, spec §2) as a path to open: the
 * seeded shop's company and package, unknown ids where a route needs one, and an unknown path. A route
 * added to the table without a sample path here fails the test.
 */
async function specRoutes(page: Page): Promise<string[]> {
  const { company, ticket } = await seededPages(page);
  const samples: Partial<Record<PagePattern, string>> = {
    '/bus/:companySlug/:companyName': company,
    '/success/:uniqueId': '/success/not-a-ticket/',
    '/verify/:code': '/verify/not-a-claim-code/',
    '/search': '/search?ticketType=24%20hours',
    '/manageBookings/:status/:id': ticket,
    '/viewsimilar/:hours/:company': '/viewsimilar/24%20hours/big%20bus',
    '/pay/:session': '/pay/not-a-session',
    // The booking widget's page opened on its own (decision 060); framed by another site in booking-widget.spec.ts.
    '/widget/:id': '/widget/RM-COL',
    // An unknown ticket link (its 404 page); a real one is checked in ticket-link.spec.ts.
    '/t/:token': '/t/not-a-ticket-link',
    // An unknown gift card link; a real one is checked in gift-cards.spec.ts.
    '/gift-card/:token': '/gift-card/not-a-gift-card-link',
  };
  const paths = PAGE_ROUTES.map((pattern) => samples[pattern] ?? (pattern.includes(':') ? '' : pattern));
  expect(
    PAGE_ROUTES.filter((_, i) => !paths[i]),
    'routes without a sample path',
  ).toEqual([]);
  return [...paths, '/no/such/page'];
}

const ROLES = ['visitor', 'customer', 'editor', 'superuser'] as const;
type Walker = (typeof ROLES)[number];

/**
 * Pages whose look depends on who is signed in are always scanned as the one who sees the most there:
 * the dashboard as a superuser, the account page as a customer, the sign-in pages as a visitor (a
 * signed-in browser is sent away from them).
 */
const PINNED: Record<string, Walker> = {
  '/analytics': 'superuser',
  '/profile': 'customer',
  '/login': 'visitor',
  '/registation': 'visitor',
  '/forgot-password': 'visitor',
  '/reset-password': 'visitor',
};

/**
 * The walk is sampled per role: every route is scanned once at each width, by one role. The other
 * routes are dealt to the four roles in turn, starting at an offset that moves by one each day (UTC), so
 * in four days every role has seen every route; A11Y_ROTATION=n repeats a given day's sample. The
 * whole walk of every route as every role was 37% of the browser suite (docs/performance.md, CI).
 */
export function rotation(): number {
  const fixed = process.env.A11Y_ROTATION;
  return fixed !== undefined
    ? Number(fixed) % ROLES.length
    : Math.floor(Date.now() / 86_400_000) % ROLES.length;
}

/** The paths `who` scans in this run's sample. */
export function sampleFor(who: Walker, all: readonly string[], turn = rotation()): string[] {
  let dealt = turn;
  const owner = new Map<string, Walker>();
  for (const path of all) {
    const pinned = PINNED[path];
    if (pinned) owner.set(path, pinned);
    else owner.set(path, ROLES[dealt++ % ROLES.length]);
  }
  return all.filter((path) => owner.get(path) === who);
}

/** Declares the test that scans `who`'s share of the routes with axe. */
export function axeEveryRoute(who: Walker) {
  test(`axe: no violations on ${who}'s share of the routes, at 390 and 1280 px`, async ({ page }) => {
    test.setTimeout(240_000);
    if (who !== 'visitor') await signInAs(page, who as Role);
    const turn = rotation();
    const all = await specRoutes(page);
    const mine = sampleFor(who, all, turn);
    // Every route once over the four roles, and no pinned page lost from the route table.
    expect(ROLES.flatMap((role) => sampleFor(role, all, turn)).sort()).toEqual([...all].sort());
    expect(Object.keys(PINNED).filter((path) => !all.includes(path))).toEqual([]);
    test.info().annotations.push({ type: 'sample', description: `A11Y_ROTATION=${turn}: ${mine.join(' ')}` });
    const found: string[] = [];
    for (const url of mine) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(url, { waitUntil: 'networkidle' });
      // The same page at both widths: the layout is responsive, nothing is loaded again.
      for (const width of [1280, 390]) {
        if (width === 390) await page.setViewportSize({ width: 390, height: 844 });
        const { violations } = await axeScan(page).analyze();
        for (const v of violations) {
          found.push(
            `${url} -> ${page.url().replace(/^https?:\/\/[^/]+/, '')} at ${width}px: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
        }
      }
    }
    expect(found, `${who}, A11Y_ROTATION=${turn}`).toEqual([]);
  });
}
