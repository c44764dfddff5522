import { expect, test } from '@playwright/test';

test('an unknown URL shows the Not-found page with a 404 status', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
