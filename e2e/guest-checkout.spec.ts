/**
 * A tourist who is not signed in, on a phone (390 px): Checkout asks them to sign in and says why,
 * and after signing in, or registering and then signing in, they are back on the ticket with the same
 * date and counts. After registering, the sign-in page says the account was created and has the e-mail.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, expectNoSeriousA11yViolations } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const inMain = (page: Page) => page.getByRole('main');

/** On the night tour: the second offered date, 2 adults and 1 youth (EUR 59.00), then Checkout. */
async function chooseAndCheckout(page: Page): Promise<string> {
  await page.goto('/manageBookings/E9/BB-NIGHT');
  const dateSelect = page.getByLabel('Select a date');
  const date = (await dateSelect.locator('option').nth(2).getAttribute('value'))!;
  await dateSelect.selectOption(date);
  await page.getByRole('button', { name: 'Increase adults' }).click();
  await page.getByRole('button', { name: 'Increase adults' }).click();
  await page.getByRole('button', { name: 'Increase youths' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('€59.00');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  // The ticket page stays on screen until the sign-in page's code has arrived (a navigation is a
  // transition, decision 025): wait for the sign-in form itself.
  await expect(inMain(page).getByLabel('Username')).toBeVisible();
  return date;
}

async function expectSameChoice(page: Page, date: string) {
  await expect(page).toHaveURL(/\/manageBookings\/E9\/BB-NIGHT$/);
  await expect(page.getByLabel('Select a date')).toHaveValue(date);
  await expect(page.getByLabel('Adults: 2')).toBeVisible();
  await expect(page.getByLabel('Youths: 1')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('€59.00');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
}

test('a guest is told why Checkout asks to sign in, and comes back to the same choice', async ({ page }) => {
  const date = await chooseAndCheckout(page);
  await expect(inMain(page).getByRole('status')).toContainText(
    'Please sign in or create an account to check out.',
  );
  await page.screenshot({ path: test.info().outputPath('login-checkout-390.png') });
  await expectNoSeriousA11yViolations(page);
  const { customer } = demoAccounts();
  await inMain(page).getByLabel('Username').pressSequentially(customer.email);
  await inMain(page).getByLabel('Password', { exact: true }).fill(customer.password);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
  await expectSameChoice(page, date);
});

test('a guest who registers from there gets a note, the e-mail filled in, and the same choice back', async ({
  page,
}) => {
  const date = await chooseAndCheckout(page);
  await inMain(page).getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/registation$/);
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `guest-${id}@example.com`;
  const password = `Pantheon-${id}`;
  await inMain(page).getByLabel('Full Name').fill(`Guest ${id}`);
  await inMain(page).getByLabel('Email Address').fill(email);
  await inMain(page).getByLabel('Phone Number').fill('3901234567');
  await inMain(page).getByLabel('Password', { exact: true }).fill(password);
  await inMain(page).getByLabel('Confirm Password').fill(password);
  await inMain(page).getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(inMain(page).getByRole('status')).toHaveText(
    'Your account has been created. Sign in with your password to continue to checkout.',
  );
  await expect(inMain(page).getByLabel('Username')).toHaveValue(email);
  await page.screenshot({ path: test.info().outputPath('login-registered-390.png') });
  await inMain(page).getByLabel('Password', { exact: true }).fill(password);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
  await expectSameChoice(page, date);
});

test('after registering, the sign-in page says the account was created and has the e-mail', async ({
  page,
}) => {
  await page.goto('/registation');
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `new-${id}@example.com`;
  await inMain(page).getByLabel('Full Name').fill(`New ${id}`);
  await inMain(page).getByLabel('Email Address').fill(email);
  await inMain(page).getByLabel('Phone Number').fill('3901234567');
  await inMain(page).getByLabel('Password', { exact: true }).fill(`Forum-${id}`);
  await inMain(page).getByLabel('Confirm Password').fill(`Forum-${id}`);
  await inMain(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(inMain(page).getByRole('status')).toHaveText(
    'Your account has been created. Sign in with your password.',
  );
  await expect(inMain(page).getByLabel('Username')).toHaveValue(email);
  // Success goes to / (spec §2 Sign in).
  await inMain(page).getByLabel('Password', { exact: true }).fill(`Forum-${id}`);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
});
