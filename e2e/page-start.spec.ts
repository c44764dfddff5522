/**
 * How a page starts, as a tourist on a phone meets it: every navigation opens at the top (a full page
 * load too, like the hosted checkout), and a slow API still shows the page's frame and loading state at
 * once instead of a blank page.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './fixtures';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('at 390 px', () => {
  test.use(phone);

  test('the payment page opens at the top, though the pages before it were scrolled down', async ({
    page,
  }) => {
    // The server sends the buyer to its public URL (http://localhost:port); the walk starts on that
    // origin too, as a visitor's does, so the pages share one sessionStorage and its scroll positions
    // (and the session cookie is that origin's).
    const origin = test.info().project.use.baseURL!.replace('127.0.0.1', 'localhost');
    await signInAs(page, 'customer', { origin });
    // The tourist's path: search results scrolled down to a card, the ticket page down to Checkout.
    await page.goto(`${origin}/search?ticketType=24%20hours`);
    const card = page.getByRole('main').getByTestId('package-card').nth(2);
    await card.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(300);
    await card.click();
    await expect(page).toHaveURL(/\/manageBookings\//);
    await page.getByRole('button', { name: 'Increase adults' }).click();
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await checkout.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(200);
    await checkout.click();
    await expect(page).toHaveURL(/\/pay\/test_cs_/);
    await expect(page.getByRole('button', { name: /^Pay €/ })).toBeVisible();
    // Give a late scroll restoration its chance to move the page.
    await page.waitForTimeout(300);
    expect(await scrollY(page)).toBe(0);
    await expect(page.getByRole('button', { name: /^Pay €/ })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('pay-390.png') });
  });

  test('a link in the footer opens its page at the top', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

/**
 * Holds every answer of GET /api/packages/ back for 4 s, as a slow API does. Answers whether one has
 * been let through yet: what shows before that was drawn without the packages.
 */
async function slowPackages(page: Page): Promise<() => boolean> {
  let answered = false;
  await page.route(/\/api\/packages\/?$/, async (route) => {
    await new Promise((r) => setTimeout(r, 4000));
    answered = true;
    await route.continue().catch(() => {});
  });
  return () => answered;
}

/** Collects the console's warnings and errors that mention `word`. */
function consoleMentions(page: Page, word: string): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'warning' || m.type() === 'error') && m.text().includes(word)) seen.push(m.text());
  });
  return seen;
}

test.describe('with /api/packages/ 4 s slow, at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('search shows the navigation, the 8 skeletons and the footer before the packages arrive', async ({
    page,
  }) => {
    const answered = await slowPackages(page);
    const warnings = consoleMentions(page, 'HydrateFallback');
    await page.goto('/search?ticketType=24%20hours', { waitUntil: 'commit' });
    // The spec's loading state: only drawn if the page did not wait for the packages.
    await expect(page.getByRole('main').getByTestId('package-skeleton')).toHaveCount(8, { timeout: 6000 });
    expect(answered()).toBe(false);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'HOP IN!' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('search-slow-1280.png') });
    // The packages arrive later and take the skeletons' place.
    await expect(page.getByRole('main').getByTestId('package-card').first()).toBeVisible({ timeout: 8000 });
    expect(warnings).toEqual([]);
  });

  test('home shows its hero, the navigation and the footer before the packages arrive', async ({ page }) => {
    const answered = await slowPackages(page);
    const warnings = consoleMentions(page, 'HydrateFallback');
    await page.goto('/', { waitUntil: 'commit' });
    // The app's own hero (the HTML's frame has no region and no search).
    await expect(page.getByRole('region', { name: 'See Rome from the top deck' })).toBeVisible({
      timeout: 6000,
    });
    expect(answered()).toBe(false);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'HOP IN!' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('home-slow-1280.png') });
    expect(warnings).toEqual([]);
  });
});

test('a page without first-screen data draws the frame while its code loads, and no HydrateFallback warning', async ({
  page,
}) => {
  const warnings = consoleMentions(page, 'HydrateFallback');
  // The sign-in page's own code held back 3 s, as on a slow connection.
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue().catch(() => {});
  });
  await page.goto('/login', { waitUntil: 'commit' });
  // The frame and a loading page are there while the page's code is still held back.
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'HOP IN!' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 8000 });
  expect(warnings).toEqual([]);
});
