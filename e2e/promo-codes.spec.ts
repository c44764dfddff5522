/**
 * Promo codes (decision 050): a superuser makes a code on the dashboard; a guest types it (in lower
 * case) on the ticket page, sees the discount and the total the server computed, pays that total on
 * the test checkout, and the dashboard counts the use and its revenue. A wrong code is refused in the
 * page's language. Walked at 390 px, each page on the way looked at at 390 and 1280 px, with
 * screenshots.
 */
import { expect, type Page, test } from '@playwright/test';
import { atBothWidths, confirmPassword, expectNoSeriousA11yViolations, signInAs } from './fixtures';

async function makeCode(page: Page, prefix: string): Promise<string> {
  await signInAs(page, 'superuser');
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Promo codes' });
  await panel.getByLabel('Prefix (optional)').fill(prefix);
  await panel.getByLabel('Discount kind').selectOption('percent');
  await panel.getByLabel('Percent or amount').fill('10');
  await panel.getByLabel('Uses in all').fill('5');
  await panel.getByRole('button', { name: 'Create code' }).click();
  await confirmPassword(page);
  const shown = panel.getByTestId('new-promo-code');
  await expect(shown).toHaveText(new RegExp(`^${prefix}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$`));
  return (await shown.textContent())!.trim();
}

/** 2 adults and 1 youth of the 24-hour Big Bus pass: €77.00 before any code. */
async function chooseTickets(page: Page) {
  await page.goto('/manageBookings/E9/BB-24');
  await page.getByRole('button', { name: 'Increase adults' }).first().click();
  await page.getByRole('button', { name: 'Increase adults' }).first().click();
  await page.getByRole('button', { name: 'Increase youths' }).first().click();
}

test('a guest applies a promo code at checkout and pays the discounted total, at 390 px, looked at at 390 and 1280 px', async ({
  browser,
  page,
}) => {
  // Two browsers, a dashboard, a checkout and a payment: longer than the default 30 s on a loaded host.
  test.setTimeout(120_000);
  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const code = await makeCode(admin, 'W390');

  await page.setViewportSize({ width: 390, height: 844 });
  await chooseTickets(page);
  await expect(page.getByTestId('order-total')).toHaveText('€77.00');
  await page.getByRole('button', { name: 'Have a promo code?' }).click();
  const input = page.getByLabel('Promo code', { exact: true });
  await expect(input).toBeFocused();

  // A wrong code: refused, nothing taken off.
  await input.fill('NOT-A-REAL-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This promo code is not valid.')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('€77.00');

  // The real one, typed in lower case with spaces: the server's price is shown.
  await input.fill(code.toLowerCase().replaceAll('-', ' '));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText(code);
  await expect(page.getByTestId('order-discount')).toHaveText('−€7.70');
  await expect(page.getByTestId('order-subtotal')).toHaveText('€77.00');
  await expect(page.getByTestId('order-total')).toHaveText('€69.30');
  await atBothWidths(page, async (width) => {
    await page.getByTestId('order-total').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`promo-applied-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  });

  // One more adult: asked again, €106.00 less 10%.
  await page.getByRole('button', { name: 'Increase adults' }).first().click();
  await expect(page.getByTestId('order-total')).toHaveText('€95.40');
  await page.getByRole('button', { name: 'Decrease adults' }).first().click();
  await expect(page.getByTestId('order-total')).toHaveText('€69.30');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await page
    .getByLabel('E-mail address')
    .fill(`promo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await expect(page.getByTestId('test-checkout-total')).toHaveText('€69.30');
  await expect(page.getByTestId('test-checkout-discount')).toHaveText('−€7.70');
  await atBothWidths(page, async (width) => {
    await page.screenshot({ path: test.info().outputPath(`promo-pay-${width}.png`) });
  });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The dashboard counts the use and what it brought in.
  await admin.reload();
  const row = admin.getByTestId('promo-row').filter({ hasText: code });
  await expect(row).toContainText('1 / 5');
  await expect(row).toContainText('€69.30');
  await expect(row).toContainText('€7.70');
  await atBothWidths(admin, async (width) => {
    await row.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`promo-dashboard-${width}.png`) });
  });
});

test('the promo code field speaks the page language', async ({ page }) => {
  await page.goto('/it/manageBookings/E9/BB-24');
  await page.getByRole('button', { name: 'Hai un codice promozionale?' }).click();
  await page.getByLabel('Codice promozionale', { exact: true }).fill('NOPE-NOPE');
  await expect(page.getByRole('button', { name: 'Applica' })).toBeDisabled();
});
