/**
 * A tourist who is not signed in (decision 035): Checkout asks for the address the tickets go to and
 * nothing else; they pay on the test checkout and see the ticket with its entry time, and the ticket
 * e-mail goes to that address: walked at 390 px, each page on the way looked at at 390 and 1280 px.
 * 'Sign in to pay' keeps date, time and counts through signing in, or registering and then signing in.
 */
import { expect, type Page, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { atBothWidths, demoAccounts, expectNoSeriousA11yViolations } from './fixtures';
import { calendarDay, chooseTicketDate } from './ticket-date';
import { mailTo, readableDay } from './tickets';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const inMain = (page: Page) => page.getByRole('main');
const uniqueAddress = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * On the Colosseum, a week ahead: its first time that sells, 2 adults and 1 youth, then Checkout: the
 * guest's form. Answers the date and the time chosen.
 */
async function chooseAndCheckout(page: Page): Promise<{ date: string; time: string }> {
  await page.goto('/manageBookings/E9/RM-COL');
  const date = addDays(romeToday(), 7);
  await chooseTicketDate(page, date);
  const slot = page.getByTestId('slot-times').getByRole('button', { disabled: false }).first();
  const time = ((await slot.textContent()) ?? '').slice(0, 5);
  await slot.click();
  await page.getByRole('button', { name: 'Increase adults' }).click();
  await page.getByRole('button', { name: 'Increase adults' }).click();
  await page.getByRole('button', { name: 'Increase youths' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Where should we send your tickets?' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  return { date, time };
}

async function expectSameChoice(page: Page, choice: { date: string; time: string }) {
  await expect(page).toHaveURL(/\/manageBookings\/E9\/RM-COL$/);
  await expect(calendarDay(page, choice.date)).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByTestId('slot-times').getByRole('button', { name: new RegExp(`^${choice.time}`) }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Adults: 2')).toBeVisible();
  await expect(page.getByLabel('Youths: 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
}

test('a guest buys a timed entry with an e-mail address alone, at 390 px, looked at at 390 and 1280 px', async ({
  page,
}) => {
  // A whole purchase with an accessibility scan: 15-40 s on a shared machine, more than the default.
  test.slow();
  const choice = await chooseAndCheckout(page);
  const email = uniqueAddress('guest');
  // The browser checks the address first: no call for a malformed one.
  await page.getByLabel('E-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/manageBookings\//);
  await atBothWidths(page, async (width) => {
    // The resize keeps the scroll offset while the form moves with the layout (at 1280 px it ends up
    // under the sticky header, which scrollIntoViewIfNeeded counts as in view): centred at each width.
    await page.getByLabel('E-mail address').evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: test.info().outputPath(`guest-form-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await expect(page.getByText(readableDay(choice.date))).toBeVisible();
  await expect(page.getByTestId('test-checkout-time')).toHaveText(choice.time);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/success\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('entry-time')).toHaveText(choice.time);
  await atBothWidths(page, async (width) => {
    await expect(page.getByRole('img', { name: 'Your ticket QR code' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`guest-success-${width}.png`), fullPage: true });
  });

  // The ticket e-mail went to the guest's address, with the ticket link: their way back.
  const mail = await mailTo(email);
  expect(mail).toMatch(/\/t\/[\w-]{43}/);
  // Reloaded, the success page still opens (the browser's guest cookie), with no sign-in asked.
  await page.reload();
  await expect(page.getByTestId('entry-time')).toHaveText(choice.time);
});

test('after paying, a guest keeps the ticket in a new account and finds it in the purchase history', async ({
  page,
}) => {
  await chooseAndCheckout(page);
  const email = uniqueAddress('keeper');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const reference = (await page.getByTestId('order-summary').locator('dd').first().textContent())!;

  const keep = page.getByRole('region', { name: 'Keep your tickets in an account' });
  await keep.getByLabel('Full Name').fill('Kim Keeper');
  await keep.getByLabel('Phone Number').fill('3901234567');
  const password = `Keeper-${Date.now()}`;
  await keep.getByLabel('Password', { exact: true }).fill(password);
  await keep.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('guest-keep-390.png') });
  await expectNoSeriousA11yViolations(page);
  await keep.getByRole('button', { name: 'Create Account' }).click();

  // One sign-in with the new password, and the ticket is in the history.
  await expect(page).toHaveURL(/\/login\/?$/);
  await expect(inMain(page).getByLabel('Username')).toHaveValue(email);
  await inMain(page).getByLabel('Password', { exact: true }).fill(password);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/yourticket$/);
  await expect(page.getByTestId('ticket-card').filter({ hasText: 'Colosseum' })).toHaveCount(1);
  expect(reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
});

test('a guest who prefers to sign in keeps the date, the time and the counts', async ({ page }) => {
  const choice = await chooseAndCheckout(page);
  await page.getByRole('button', { name: 'Sign in to pay' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await expect(inMain(page).getByLabel('Username')).toBeVisible();
  await expect(inMain(page).getByRole('status')).toContainText(
    'Please sign in or create an account to check out.',
  );
  await page.screenshot({ path: test.info().outputPath('login-checkout-390.png') });
  await expectNoSeriousA11yViolations(page);
  const { customer } = demoAccounts();
  await inMain(page).getByLabel('Username').pressSequentially(customer.email);
  await inMain(page).getByLabel('Password', { exact: true }).fill(customer.password);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
  await expectSameChoice(page, choice);
});

test('a guest who registers from there gets a note, the e-mail filled in, and the same choice back', async ({
  page,
}) => {
  const choice = await chooseAndCheckout(page);
  await page.getByRole('button', { name: 'Sign in to pay' }).click();
  await expect(inMain(page).getByLabel('Username')).toBeVisible();
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
  await expectSameChoice(page, choice);
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
