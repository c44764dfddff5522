/**
 * axe on every route of the spec (§2 route table), as a visitor, a customer, an editor (edit outlines
 * and buttons on the page) and a superuser, at phone and desktop widths: no violation of any impact.
 * The editor dialogs are checked open in keyboard.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Role, signInAs } from './fixtures';

/** Every route of spec §2, with the seeded shop's company and package; unknown ids where a route needs one. */
async function specRoutes(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1].replace(/&amp;/g, '&')).pathname,
  );
  const company = paths.find((p) => p.startsWith('/bus/'));
  const ticket = paths.find((p) => p.startsWith('/manageBookings/'));
  if (!company || !ticket) throw new Error('the sitemap lists no company or ticket page');
  return [
    '/',
    company,
    '/aboutus',
    '/terms',
    '/returnPolicy',
    '/refund',
    '/agentpoints',
    '/offer',
    '/yourticket',
    '/success',
    '/success/not-a-ticket/',
    '/cancel/',
    '/verify/not-a-claim-code/',
    '/search?ticketType=24%20hours',
    ticket,
    '/viewsimilar/24%20hours/big%20bus',
    '/profile',
    '/analytics',
    '/login',
    '/registation',
    '/forgot-password',
    '/reset-password',
    '/reset-success',
    '/test',
    '/no/such/page',
  ];
}

for (const who of ['visitor', 'customer', 'editor', 'superuser'] as const) {
  test(`axe: no violations on any route as ${who}, at 390 and 1280 px`, async ({ page }) => {
    test.setTimeout(240_000);
    if (who !== 'visitor') await signInAs(page, who as Role);
    const found: string[] = [];
    for (const url of await specRoutes(page)) {
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
