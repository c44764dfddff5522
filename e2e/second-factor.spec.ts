/**
 * Two-step sign-in (decision 051) in the browser: a customer turns an authenticator on from the account
 * page on a phone (QR code, key, first code, recovery codes once), signs in again with a code, and a
 * superuser resets the lost factor from the dashboard (with the password prompt), after which the
 * password alone signs the customer in.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { confirmPassword, demoAccounts, expectNoSeriousA11yViolations, signInWith } from './fixtures';

const inMain = (page: Page) => page.getByRole('main');
/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function signInOnThePage(page: Page, email: string, password: string) {
  await page.goto('/login');
  await inMain(page).getByLabel('Username').fill(email);
  await inMain(page).getByLabel('Password', { exact: true }).fill(password);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
}

test('a customer turns on two-step sign-in at 390 px, signs in with a code, and a superuser resets it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const email = `e2e-2fa-${id}@example.com`;
  const password = `Aventine-Keyhole-${id}`;
  const made = await page.request.post('/api/register/', {
    data: { full_name: 'Marta Tester', email, phone_number: '3901234567', password },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await signInWith(page, email, password);

  // The account page: turn it on.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  const secret = ((await section.getByTestId('second-factor-key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page);
  // A wrong first code is refused with the server's words; the right one turns it on.
  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('This code is not right, or it was already used.')).toBeVisible();
  await section.getByLabel('Code from the app').fill(codeOf(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  // Nothing runs past the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(
    section.getByText('On: signing in asks for a code from your authenticator app.'),
  ).toBeVisible();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();

  // Signed out, then in again: the password, then the code (the next step's: this one was taken).
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInOnThePage(page, email, password);
  const code = inMain(page).getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await code.fill(codeOf(secret, 1));
  await inMain(page).getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  // The phone is lost: a superuser resets the factor from the dashboard, with the password prompt.
  const admin = await browser.newPage();
  try {
    await signInWith(admin, demoAccounts().superuser.email, demoAccounts().superuser.password);
    await admin.goto('/analytics');
    const reset = admin.getByRole('region', { name: 'Reset a lost authenticator' });
    await reset.getByLabel('Their email address').fill(email);
    await reset.getByRole('button', { name: 'Reset authenticator' }).click();
    await confirmPassword(admin);
    await expect(reset.getByText(`The authenticator of ${email} was reset.`)).toBeVisible();
  } finally {
    await admin.close();
  }
  // The customer's sign-ins ended; the password alone signs in now.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInOnThePage(page, email, password);
  await expect(page).toHaveURL(/\/$/);
});
