/**
 * Price categories (decision 070) as a tourist meets them on the Colosseum's ticket page, walked at
 * 390 px and each page looked at at 390 and 1280 px: beneath the adult and youth counters, the reduced
 * EU 18-25 and disabled visitor counters with the proof to bring under each, the carer's only once there
 * is a disabled visitor; the total follows; a guest pays one of each, and the e-mail and the ticket link
 * say what to bring.
 */
import { expect, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { atBothWidths, axeScan, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { chooseTicketDate } from './ticket-date';
import { mailTo } from './tickets';

test("a guest buys a reduced, a disabled visitor's and a carer's ticket, at 390 px, looked at at 390 and 1280 px", async ({
  page,
}) => {
  // A whole purchase with an accessibility scan: more than the default on a shared machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/manageBookings/E9/RM-COL');
  await chooseTicketDate(page, addDays(romeToday(), 8));
  await page.getByTestId('slot-times').getByRole('button', { disabled: false }).first().click();

  const extras = page.getByTestId('extra-counters');
  await expect(extras).toBeVisible();
  await expect(page.getByTestId('extra-reduced_eu-proof')).toHaveText('Bring: EU ID card showing age 18-25');
  await expect(page.getByTestId('extra-disabled-proof')).toHaveText('Bring: Disability card');
  // The Colosseum sells no family ticket: no counter for it.
  await expect(page.getByTestId('extra-family-count')).toHaveCount(0);

  // A carer only with a disabled visitor: its plus does nothing until there is one.
  const carerPlus = page.getByRole('button', { name: 'Increase Carer (with a disabled visitor)' });
  await expect(carerPlus).toHaveAttribute('aria-disabled', 'true');
  // (A click straight on it: Playwright waits for an aria-disabled button to become enabled.)
  await carerPlus.dispatchEvent('click');
  await expect(page.getByTestId('extra-carer-count')).toHaveText('0');

  await page.getByRole('button', { name: 'Increase Reduced EU 18-25' }).click();
  await page.getByRole('button', { name: 'Increase Disabled visitor' }).click();
  await expect(carerPlus).not.toHaveAttribute('aria-disabled', 'true');
  await carerPlus.click();
  await expect(page.getByTestId('extra-carer-count')).toHaveText('1');
  // One carer per disabled visitor.
  await expect(carerPlus).toHaveAttribute('aria-disabled', 'true');
  // 2.00 + 12.00 + 0.00 (the demo's prices).
  await expect(page.getByTestId('order-total')).toHaveText('€14.00');
  await atBothWidths(page, async (width) => {
    await expect(extras).toBeVisible();
    await extras.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`categories-panel-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  });

  await page.getByRole('button', { name: 'Checkout' }).click();
  const email = `categories-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await atBothWidths(page, async () => {
    await expect(page.getByText('€14.00').first()).toBeVisible();
    await expect(page.getByText('Reduced EU 18-25')).toBeVisible();
  });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The e-mail says what to bring, and its ticket link shows it on the phone.
  const mail = await mailTo(email);
  expect(mail).toContain('Bring: EU ID card showing age 18-25');
  expect(mail).toContain('Bring: Disability card');
  const link = /\/t\/[\w-]{43}/.exec(mail)![0];
  await page.goto(link);
  const ticket = page.getByTestId('ticket-link');
  await expect(ticket).toContainText('Bring: EU ID card showing age 18-25');
  await expect(ticket).toContainText('Bring: Disability card');
  await atBothWidths(page, async (width) => {
    await page.screenshot({ path: test.info().outputPath(`categories-ticket-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  // The claim page the agent opens from the QR: each category with the proof to check.
  const verify = /\/verify\/[\w-]+\//.exec(mail)![0];
  await page.goto(verify);
  await atBothWidths(page, async (width) => {
    await expect(page.getByText('1 · Bring: EU ID card showing age 18-25')).toBeVisible();
    await expect(page.getByText('1 · Bring: Disability card')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`categories-claim-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});

test('an editor prices a family ticket and the ticket page sells it, at 390 px, the editor looked at at 390 and 1280 px', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'editor');
  await page.goto('/manageBookings/E9/BB-48');
  const editor = page.getByRole('dialog', { name: /^Edit Ticket/ });
  const prices = editor.getByTestId('category-prices');
  const family = prices.getByLabel('Family (2 adults + 2 children)');
  const setFamily = async (price: string) => {
    if (!(await editor.isVisible())) await page.getByRole('button', { name: 'Edit Ticket' }).click();
    await family.fill(price);
    await prices.getByRole('button', { name: 'Set category prices' }).click();
    await expect(prices.getByRole('status')).toHaveText('Category prices saved.');
  };
  try {
    await expect(page.getByTestId('extra-counters')).toHaveCount(0);
    await setFamily('64.50');
    await atBothWidths(page, async (width) => {
      await prices.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`category-editor-${width}.png`) });
      // The editor's new fieldset (the whole dialog at 390 px has an older finding of its own: the
      // description's scrolling preview).
      const scan = await axeScan(page).include('[data-testid="category-prices"]').analyze();
      expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    });
    await page.goto('/manageBookings/E9/BB-48');
    await page.getByRole('button', { name: 'Increase Family (2 adults + 2 children)' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('€64.50');
  } finally {
    // Back as it was: BB-48 sells no category in the demo.
    await setFamily('');
  }
});
