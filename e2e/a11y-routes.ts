/**
 * axe on every route of the spec (§2 route table, as the contract's page table, PAGE_ROUTES), as one
 * role, at phone and desktop widths: no violation of any impact. The roles are split over two spec
 * files (a11y.spec.ts: visitor and customer; a11y-staff.spec.ts: editor and superuser) so the two
 * browser-test shards share the walk (scripts/e2e.mjs).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PAGE_ROUTES, type PagePattern } from '@rome/contract';
import { type Role, seededPages, signInAs } from './fixtures';

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
    // An unknown ticket link (its 404 page); a real one is checked in ticket-link.spec.ts.
    '/t/:token': '/t/not-a-ticket-link',
  };
  const paths = PAGE_ROUTES.map((pattern) => samples[pattern] ?? (pattern.includes(':') ? '' : pattern));
  expect(
    PAGE_ROUTES.filter((_, i) => !paths[i]),
    'routes without a sample path',
  ).toEqual([]);
  return [...paths, '/no/such/page'];
}

// Each role's routes in two halves: each test stays well inside its time on a busy machine (the
// browser suite runs as two shards at once).
const HALVES = [0, 1] as const;

/** Declares the tests that walk every route with axe as `who`. */
export function axeEveryRoute(who: Role | 'visitor') {
  for (const half of HALVES) {
    test(`axe: no violations on any route as ${who}, at 390 and 1280 px (part ${half + 1} of 2)`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      if (who !== 'visitor') await signInAs(page, who as Role);
      const all = await specRoutes(page);
      const middle = Math.ceil(all.length / 2);
      const found: string[] = [];
      for (const url of half === 0 ? all.slice(0, middle) : all.slice(middle)) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(url, { waitUntil: 'networkidle' });
        // The same page at both widths: the layout is responsive, nothing is loaded again.
        for (const width of [1280, 390]) {
          if (width === 390) await page.setViewportSize({ width: 390, height: 844 });
          const { violations } = await new AxeBuilder({ page }).analyze();
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
      expect(found, who).toEqual([]);
    });
  }
}
