/**
 * A landing page's first render already has its data (contract first-screen.ts): on a direct visit the
 * page appears whole, without the skeleton or placeholder that an in-app navigation shows while it
 * loads, and each piece of that data is requested once (the app uses the request the HTML started).
 */
import { expect, type Page, test } from '@playwright/test';
import { holdAppScript, seededPages, signInAs } from './fixtures';

/** Records, from before the page's first script runs, whether an element matching `selector` ever appeared. */
async function watchFor(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    (window as any).__appeared = false;
    new MutationObserver(() => {
      if (document.querySelector(sel)) (window as any).__appeared = true;
    }).observe(document, { childList: true, subtree: true, attributes: true });
  }, selector);
  return () => page.evaluate(() => (window as any).__appeared as boolean);
}

/** Counts the requests for each /api/ path the page makes. */
function countApiRequests(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
  });
  return counts;
}

test('home: the partner strip is drawn in the first render, never as loading placeholders', async ({
  page,
}) => {
  const appeared = await watchFor(page, '[data-testid="partner-placeholders"]');
  const requests = countApiRequests(page);
  await page.goto('/');
  await expect(page.getByTestId('partner-strip')).toBeVisible();
  expect(await appeared()).toBe(false);
  await page.waitForLoadState('networkidle');
  for (const path of ['/api/packages/', '/api/partner-logos', '/api/website-settings/']) {
    expect(requests.get(path), path).toBe(1);
  }
});

test('signed in, the page uses the same preloaded requests (public data goes without the token)', async ({
  page,
}) => {
  await signInAs(page, 'customer');
  const requests = countApiRequests(page);
  await page.goto('/');
  await expect(page.getByTestId('partner-strip')).toBeVisible();
  await expect(page.getByRole('link', { name: /profile/i }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const path of ['/api/packages/', '/api/partner-logos', '/api/website-settings/']) {
    expect(requests.get(path), path).toBe(1);
  }
});

test('search: the results are drawn in the first render, never as skeletons', async ({ page }) => {
  const appeared = await watchFor(page, '[data-testid="package-skeleton"]');
  const requests = countApiRequests(page);
  await page.goto('/search?ticketType=24%20hours');
  await expect(page.getByRole('main').getByTestId('package-card').first()).toBeVisible();
  expect(await appeared()).toBe(false);
  await page.waitForLoadState('networkidle');
  expect(requests.get('/api/packages/')).toBe(1);
});

test('a ticket page is drawn in the first render, never as its loading skeleton', async ({ page }) => {
  const { ticket } = await seededPages(page);
  const appeared = await watchFor(page, 'main[aria-busy="true"]');
  const requests = countApiRequests(page);
  await page.goto(ticket);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await appeared()).toBe(false);
  await page.waitForLoadState('networkidle');
  const id = ticket.split('/').slice(2).join('/');
  expect(requests.get(`/api/package/${id}/`)).toBe(1);
});

test('an API that does not answer delays the first render only a moment', async ({ page }) => {
  // The package list never arrives: the page still appears at once, with its own loading state
  // (issue #23: waiting 4 s for it showed a blank page).
  await page.route(/\/api\/packages\/?$/, () => {});
  await page.goto('/');
  // The app's own hero (the HTML's frame has no region and no search).
  await expect(page.getByRole('region', { name: 'See Rome from the top deck' })).toBeVisible({
    timeout: 10_000,
  });
  // How soon, against a slow answer, is e2e/page-start.spec.ts's subject.
  await expect(
    page.getByRole('region', { name: 'Our tours and tickets' }).getByTestId('package-skeleton').first(),
  ).toBeVisible();
});

test("home: the hero's words are painted from the HTML before the app's code runs, then the app takes their place", async ({
  page,
}) => {
  // The app's JavaScript held back: what the HTML alone shows.
  const release = await holdAppScript(page);
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/index-[^/]+\.css$/.test(r.url())) stylesheets.push(r.url());
  });
  await page.goto('/', { waitUntil: 'commit' });
  const title = page.getByRole('heading', { level: 1, name: 'See Rome from the top deck' });
  await expect(title).toBeVisible();
  // Styled by the stylesheet inside the HTML (server inline-css.ts): no request for it before the paint.
  await expect(page.locator('#root main section')).toHaveCSS('background-color', 'rgb(127, 29, 29)');
  expect(stylesheets).toEqual([]);
  await expect(page.getByText("Bus tours and museum tickets from Rome's favourite operators.")).toBeVisible();
  const before = await title.boundingBox();
  await expect(page.getByRole('radio')).toHaveCount(0);

  release();
  // The app's hero, with its ticket-type search, in the same place: one title, not two.
  await expect(page.getByRole('region', { name: 'See Rome from the top deck' })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await title.boundingBox()).toEqual(before);
  expect(stylesheets).toEqual([]);
});

test("a ticket page's picture and heading are painted from the HTML before the app's code runs, then the app's take their place", async ({
  page,
}) => {
  const { ticket } = await seededPages(page);
  const release = await holdAppScript(page);
  await page.goto(ticket, { waitUntil: 'commit' });
  // The HTML alone: the package's large picture, loaded, in the page's box, and its heading (decision 043).
  const framed = page.locator('#root main img').first();
  await expect(framed).toBeVisible();
  await expect
    .poll(() => framed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const src = await framed.getAttribute('src');
  expect(src).toMatch(/^\/media\//);
  const before = await framed.boundingBox();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCount(1);
  const headingBefore = await heading.boundingBox();
  await expect(page.locator('#ticket-frame')).toBeVisible();

  release();
  // The app's gallery: the same picture, named, in the same place; the page's one heading where it was.
  await expect(page.locator('#ticket-frame')).toHaveCount(0);
  await expect(heading).toHaveCount(1);
  expect(await heading.boundingBox()).toEqual(headingBefore);
  const gallery = page.getByRole('img', { name: /picture 1 of|Big Bus/ }).first();
  await expect(gallery).toHaveAttribute('src', src!);
  expect(await gallery.boundingBox()).toEqual(before);
  await expect(page.locator('#root main')).toHaveCount(1);
});
