/**
 * Gift cards (decision 053): a guest finds 'Gift Cards' in the footer, buys a €25 card on the test
 * checkout, opens the card from its e-mail link (code, balance, PDF), then spends it on a €77 ticket:
 * the card pays €25, the test checkout charges €52, and the card's page shows €0.00 and the order.
 * Walked once at 390 px; each page it passes is looked at at 390 and 1280 px, with screenshots.
 */
import { expect, test } from '@playwright/test';
import { atBothWidths, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { mailTo } from './tickets';

test('a guest buys a gift card and spends it partly on a ticket, at 390 px, looked at at 390 and 1280 px', async ({
  browser,
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `gift-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Gift Cards' }).click();
  await expect(page).toHaveURL(/\/gift-cards$/);
  await page.getByRole('button', { name: '€25.00' }).click();
  await page.getByLabel('Send the card to (your e-mail address)').fill(email);
  await atBothWidths(page, async (width) => {
    await expect(page.getByRole('heading', { name: 'Gift Cards', level: 1 })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`gift-buy-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
  await page.getByRole('button', { name: 'Buy a gift card of €25.00' }).click();
  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await expect(page.getByTestId('test-checkout-total')).toHaveText('€25.00');
  await page.getByRole('button', { name: 'Pay €25.00' }).click();
  await expect(page.getByTestId('gift-card-bought')).toBeVisible();

  // The e-mail: the code and the card's page.
  const mail = await mailTo(email);
  const code = /([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/.exec(mail)![1];
  const link = new URL(/https?:\/\/\S+\/gift-card\/[\w-]{43}/.exec(mail)![0]);
  await page.goto(link.pathname);
  await expect(page.getByTestId('gift-card-code')).toHaveText(code);
  await expect(page.getByTestId('gift-card-balance')).toHaveText('€25.00');
  await atBothWidths(page, async (width) => {
    await expect(page.getByRole('link', { name: 'Download the PDF' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`gift-card-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  // Spent on 2 adults and a youth of the 24-hour pass (€77.00): €25 from the card, €52 by card.
  await page.goto('/manageBookings/E9/BB-24');
  await page.getByRole('button', { name: 'Increase adults' }).first().click();
  await page.getByRole('button', { name: 'Increase adults' }).first().click();
  await page.getByRole('button', { name: 'Increase youths' }).first().click();
  await expect(page.getByTestId('order-total')).toHaveText('€77.00');
  await page.getByRole('button', { name: 'Have a gift card?' }).click();
  const input = page.getByLabel('Gift card code', { exact: true });
  await input.fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This gift card code is not valid.')).toBeVisible();
  await input.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('gift-card-applied')).toContainText(code);
  await expect(page.getByTestId('order-gift-card')).toHaveText('−€25.00');
  await expect(page.getByTestId('order-to-pay')).toHaveText('€52.00');
  await atBothWidths(page, async (width) => {
    await page.getByTestId('order-to-pay').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`gift-applied-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  });

  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await expect(page.getByTestId('test-checkout-total')).toHaveText('€77.00');
  await expect(page.getByTestId('test-checkout-gift-card')).toHaveText('−€25.00');
  await atBothWidths(page, async (width) => {
    await page.screenshot({ path: test.info().outputPath(`gift-pay-${width}.png`) });
  });
  await page.getByRole('button', { name: 'Pay €52.00' }).click();
  await expect(page).toHaveURL(/\/success\//);

  await page.goto(link.pathname);
  await expect(page.getByTestId('gift-card-balance')).toHaveText('€0.00');
  await expect(page.getByTestId('gift-card-history')).toContainText('Spent');

  // The superusers' dashboard lists the card with its balance and use.
  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInAs(admin, 'superuser');
  await admin.goto('/analytics');
  const panel = admin.getByRole('region', { name: 'Gift cards' });
  // The dashboard's many sections load together: on a slow host past the default 7 s.
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const row = panel.getByTestId('gift-card-row').filter({ hasText: email });
  await expect(row.getByTestId('gift-card-row-balance')).toHaveText('€0.00');
  await expect(row).toContainText('€25.00 spent');
  await atBothWidths(admin, async (width) => {
    await expect(panel.getByTestId('gift-card-totals')).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: test.info().outputPath(`gift-dashboard-${width}.png`) });
  });
});
