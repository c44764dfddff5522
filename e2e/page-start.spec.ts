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
    await signInAs(page, 'customer');
    // The server sends the buyer to its public URL (http://localhost:port); the walk starts on that
    // origin too, as a visitor's does, so the pages share one sessionStorage and its scroll positions.
    const origin = test.info().project.use.baseURL!.replace('127.0.0.1', 'localhost');
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
