/**
 * What the router does around the pages (decision 025: declarative routing with the data router's
 * behaviours kept): Back returns to where the visitor was, a navigation keeps the page on screen while
 * the next page's code loads, and a page whose code cannot load shows the route error, which Back leaves.
 */
import { expect, type Page, test } from '@playwright/test';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Back returns to where the search results were scrolled', async ({ page }) => {
    await page.goto('/search?ticketType=24%20hours');
    const card = page.getByRole('main').getByTestId('package-card').nth(2);
    await card.scrollIntoViewIfNeeded();
    // Let the scroll settle, as a visitor reading the card does.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const y = await scrollY(page);
    await card.click();
    await expect(page).toHaveURL(/\/manageBookings\//);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - y)).toBeLessThan(5);
  });
});

test('a navigation keeps the page on screen while the next page code loads', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'See Rome from the top deck' });
  await expect(hero).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The home page stays (no loading page in between) until the sign-in page's code has arrived.
  await page.waitForTimeout(500);
  await expect(hero).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(hero).toHaveCount(0);
});

test('a page whose code cannot load shows the route error; Back draws the page before', async ({ page }) => {
  await page.route(/\/assets\/LoginPage-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await expect(
    page.getByRole('heading', { name: 'Failed to load data. Please try again later.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('region', { name: 'See Rome from the top deck' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
