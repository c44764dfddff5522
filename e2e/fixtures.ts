/**
 * Shared helpers for the browser tests: the demo accounts of this run, and an axe check that fails on
 * serious or critical violations.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export type Role = 'customer' | 'editor' | 'superuser';

export function demoAccounts(): {
  customer: { email: string; password: string };
  editor: { email: string; password: string };
  superuser: { email: string; password: string };
  agents: { name: string; code: string }[];
} {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-accounts.json'), 'utf8'));
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Signs `page` in with an e-mail and password the way the web app does after a login (spec §3 Browser
 * storage): the token pair and e-mail in localStorage before any page script runs.
 */
export async function signInWith(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/api/token/', { data: { username: email, password } });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const { access, refresh } = await res.json();
  await page.addInitScript(
    ([a, r, e]) => {
      if (!localStorage.getItem('access')) {
        localStorage.setItem('access', a);
        localStorage.setItem('refresh', r);
        localStorage.setItem('email', e);
      }
    },
    [access, refresh, email],
  );
}

/** Signs `page` in as one of the demo accounts. */
export async function signInAs(page: Page, who: Role) {
  const acc = demoAccounts()[who];
  await signInWith(page, acc.email, acc.password);
}

/**
 * Opens `path` the way a click on a link inside the shop does: the app is already running (on /offer,
 * which loads no page content), so the page loads its content itself instead of receiving it with the
 * HTML. Loading and failure states of content exist only there.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.goto('/offer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(path, 'http://shop').pathname);
}

/** A company page and a ticket page of the seeded shop, read from the sitemap. */
export async function seededPages(page: Page): Promise<{ company: string; ticket: string }> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1].replace(/&amp;/g, '&')).pathname,
  );
  const company = paths.find((p) => p.startsWith('/bus/'));
  const ticket = paths.find((p) => p.startsWith('/manageBookings/'));
  if (!company || !ticket) throw new Error('the sitemap lists no company or ticket page');
  return { company, ticket };
}

/**
 * Holds the app's entry script back, so a test sees what the page's HTML alone paints; the returned
 * function lets it through.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
