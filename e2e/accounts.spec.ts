/**
 * Accounts in the browser (spec §2 Sign in, Create account, Password reset, Account page; §4; §5; §8):
 * the whole journey of a new customer, the /profile guard, every validation message of the forms, and
 * an accessibility check of each screen.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, expectNoSeriousA11yViolations, signInAs } from './fixtures';

const inMain = (page: Page) => page.getByRole('main');

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** The reset code from the newest .eml of the outbox addressed to `email` (the outbox drains every ~2 s). */
async function readResetCode(email: string, after: number): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const text = await readFile(path.join(dir, name), 'utf8');
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const match = /reset code is:\s*(?:<[^>]+>)?\s*(\d{6})/.exec(text);
      if (match && (await stat(path.join(dir, name))).mtimeMs >= after - 1000) return match[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no reset code e-mail for ${email} in ${dir}`);
}

async function signIn(page: Page, email: string, password: string) {
  await inMain(page).getByLabel('Username').fill(email);
  await inMain(page).getByLabel('Password', { exact: true }).fill(password);
  await inMain(page).getByRole('button', { name: 'Sign In' }).click();
}

/** The code boxes, typed one key at a time: focus must move forward by itself. */
async function typeCode(page: Page, code: string) {
  await inMain(page).getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

test('a new customer registers, signs in, edits the profile, changes and resets the password', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const id = unique();
  const email = `e2e-${id}@example.com`;
  const fullName = `Giulia Tester ${id}`;
  const phone = '3901234567';
  const firstPassword = `Colosseum-${id}`;
  const changedPassword = `Trevi-Fountain-${id}`;
  const resetPassword = `Palatine-Hill-${id}`;

  // Create account -> /login.
  await page.goto('/registation');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await inMain(page).getByLabel('Full Name').fill(fullName);
  await inMain(page).getByLabel('Email Address').fill(email);
  await inMain(page).getByLabel('Phone Number').fill(phone);
  await inMain(page).getByLabel('Password', { exact: true }).fill(firstPassword);
  await inMain(page).getByLabel('Confirm Password').fill(firstPassword);
  await inMain(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Registering the same address again answers as any registration (nobody learns who has an
  // account here: the owner is told by e-mail instead), and the account keeps its password. The
  // sign-in page's own link leads there (no new page load).
  await inMain(page).getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/registation$/);
  await inMain(page).getByLabel('Full Name').fill(fullName);
  await inMain(page).getByLabel('Email Address').fill(email);
  await inMain(page).getByLabel('Phone Number').fill(phone);
  await inMain(page).getByLabel('Password', { exact: true }).fill(`${firstPassword}-other`);
  await inMain(page).getByLabel('Confirm Password').fill(`${firstPassword}-other`);
  await inMain(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Sign in (on the page the registration led to) -> / with the e-mail stored; the tokens are where no
  // page script can read them (decision 018): the refresh token in an HttpOnly cookie, the access
  // token in memory.
  await signIn(page, email, firstPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('access'),
    refresh: localStorage.getItem('refresh'),
    email: localStorage.getItem('email'),
    cookie: document.cookie,
  }));
  expect(stored).toEqual({ access: null, refresh: null, email, cookie: '' });
  const sessionCookie = async () => (await page.context().cookies()).find((c) => c.name === 'rbt_refresh');
  expect(await sessionCookie()).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/session/' });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('is_editor'))).toBe('false');

  // The account page.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByText('Manage your account settings and view your travel history')).toBeVisible();
  await expect(page.getByText('Total Bookings')).toBeVisible();
  await expect(page.getByText('Member Since')).toBeVisible();
  await expect(page.getByText('€0.00').first()).toBeVisible();
  const year = String(new Date().getUTCFullYear());
  await expect(page.locator('dd', { hasText: year })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoSeriousA11yViolations(page);

  const emailField = inMain(page).getByLabel('Email', { exact: true });
  const phoneField = inMain(page).getByLabel('Phone Number');
  await expect(inMain(page).getByLabel('Username')).toHaveValue(fullName);
  await expect(inMain(page).getByLabel('Username')).not.toBeEditable();
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute('type', 'email');
  await expect(phoneField).toHaveAttribute('type', 'tel');
  await expect(phoneField).not.toBeEditable();

  // Edit, change the phone, Cancel: the original comes back.
  await inMain(page).getByRole('button', { name: 'Edit Profile' }).click();
  await expect(phoneField).toBeEditable();
  await phoneField.fill('3909999999');
  await inMain(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(phoneField).toHaveValue(phone);
  await expect(phoneField).not.toBeEditable();

  // Edit and save: toast, the profile reloads, back to view.
  const newPhone = '3907654321';
  await inMain(page).getByRole('button', { name: 'Edit Profile' }).click();
  await phoneField.fill(newPhone);
  await inMain(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(inMain(page).getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(phoneField).toHaveValue(newPhone);
  await page.reload();
  await expect(inMain(page).getByLabel('Phone Number')).toHaveValue(newPhone);

  // Change Password tab: the session cookie is replaced and the fields are cleared.
  const before = (await sessionCookie())?.value;
  await page.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'true');
  await inMain(page).getByLabel('Current Password').fill(firstPassword);
  await inMain(page).getByLabel('New Password', { exact: true }).fill(changedPassword);
  await inMain(page).getByLabel('Confirm New Password').fill(changedPassword);
  await inMain(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(inMain(page).getByLabel('Current Password')).toHaveValue('');
  await expect(inMain(page).getByLabel('New Password', { exact: true })).toHaveValue('');
  await expect(inMain(page).getByLabel('Confirm New Password')).toHaveValue('');
  const after = (await sessionCookie())?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);

  // A wrong current password shows the server's error.
  await inMain(page).getByLabel('Current Password').fill('not-my-password');
  await inMain(page).getByLabel('New Password', { exact: true }).fill(`Another-${id}`);
  await inMain(page).getByLabel('Confirm New Password').fill(`Another-${id}`);
  await inMain(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is incorrect.')).toBeVisible();

  // Statistics tab (a new account has no purchases yet).
  await page.getByRole('tab', { name: 'Purchase Statistics' }).click();
  for (const label of ['Total Purchases', 'Total Spent', 'Recent Purchases', 'Recent Spent']) {
    await expect(page.getByRole('tabpanel').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Purchase Breakdown' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Bus Tours', { exact: true })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Museum Tickets', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Tickets' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The session survives a reload after the password change (the new pair verifies).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Log out: storage and the session cookie cleared, back on /.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await sessionCookie()).toBeUndefined();

  // Forgot password -> code by e-mail -> reset -> /reset-success.
  await page.goto('/forgot-password');
  await inMain(page).getByLabel('Email Address').fill(email);
  const requestedAt = Date.now();
  await inMain(page).getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectNoSeriousA11yViolations(page);
  const code = await readResetCode(email, requestedAt);
  await typeCode(page, code);
  for (let i = 0; i < 6; i++)
    await expect(inMain(page).getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(code[i]);
  await inMain(page).getByLabel('New Password').fill(resetPassword);
  await inMain(page).getByLabel('Confirm Password').fill(resetPassword);
  await inMain(page).getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/reset-success$/);
  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();
  await expect(
    page.getByText('Your password has been successfully reset. You can now log in with your new password.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Sign in with the new password.
  await inMain(page).getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, resetPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('/profile without a token goes to /login and, after signing in, back to /profile', async ({ page }) => {
  const { customer } = demoAccounts();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Manage your account settings and view your travel history')).toBeVisible();
});

test('an expired access token is renewed from the session cookie; a dead session goes to /login', async ({
  page,
}) => {
  const { customer } = demoAccounts();
  // Signed in as the app is after a login; the form's own sign-in is the other tests'.
  await signInAs(page, 'customer');

  // The profile call meets a 401 once (an expired access token): the client renews from the cookie
  // and repeats it.
  let refused = 0;
  await page.route('**/api/profile/', async (route) => {
    if (refused++ === 0)
      return route.fulfill({
        status: 401,
        json: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
      });
    return route.continue();
  });
  const renewals: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/session/refresh/')) renewals.push(r.url());
  });
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Profile Information' })).toBeVisible();
  await expect(inMain(page).getByLabel('Email', { exact: true })).toHaveValue(customer.email);
  // One to restore the session on the page load, one to renew after the 401.
  expect(renewals).toHaveLength(2);
  await page.unroute('**/api/profile/');

  // The session is over (the cookie is gone): signed out, /login, and back to /profile after signing in.
  await page.context().clearCookies();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/profile$/);
});

// The sign-in page, its registration page and its forgotten-password page are each looked at on one
// load: the axe scan first, as the page opens, then what its controls do.
test('sign-in page: accessibility, toggle, links, a wrong password, and the close button', async ({
  page,
}) => {
  const { customer } = demoAccounts();
  await page.goto('/login');
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const password = inMain(page).getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await inMain(page).getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await inMain(page).getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
  await expect(inMain(page).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(inMain(page).getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/registation',
  );

  // A wrong password shows the spec message and clears the password field.
  await signIn(page, customer.email, `wrong-${unique()}`);
  await expect(inMain(page).getByRole('alert')).toHaveText('Invalid username or password!');
  await expect(password).toHaveValue('');
  await expect(inMain(page).getByLabel('Username')).toHaveValue(customer.email);
  await expect(page).toHaveURL(/\/login$/);

  await inMain(page).getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('registration page: accessibility; the messages come in the spec order: email, phone, passwords', async ({
  page,
}) => {
  await page.goto('/registation');
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await inMain(page).getByLabel('Full Name').fill('Order Tester');
  await inMain(page).getByLabel('Email Address').fill('not-an-email');
  await inMain(page).getByLabel('Phone Number').fill('12345');
  await inMain(page).getByLabel('Password', { exact: true }).fill('Abcdefgh-1');
  await inMain(page).getByLabel('Confirm Password').fill('Abcdefgh-2');
  const submit = inMain(page).getByRole('button', { name: 'Create Account' });
  const alert = inMain(page).getByRole('alert');

  await submit.click();
  await expect(alert).toHaveText('Please enter a valid email address.');
  await inMain(page).getByLabel('Email Address').fill(`order-${unique()}@example.com`);
  await submit.click();
  await expect(alert).toHaveText('Phone number must be at least 10 digits and numeric.');
  await inMain(page).getByLabel('Phone Number').fill('12345abcde');
  await submit.click();
  await expect(alert).toHaveText('Phone number must be at least 10 digits and numeric.');
  await inMain(page).getByLabel('Phone Number').fill('3901234567');
  await submit.click();
  await expect(alert).toHaveText("Passwords didn't match!");
  await expect(page).toHaveURL(/\/registation$/);
});

test('forgot password: the reset screens send visitors without a reset there; accessibility; a bad address is refused', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto('/reset-success');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await inMain(page).getByLabel('Email Address').fill('someone@nowhere');
  await inMain(page).getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(inMain(page).getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(inMain(page).getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
});

test('reset password: code boxes and the messages in the spec order', async ({ page }) => {
  // Any well-formed address gets the same answer, so the flow opens for an unknown one too.
  const email = `nobody-${unique()}@example.com`;
  await page.goto('/forgot-password');
  await inMain(page).getByLabel('Email Address').fill(email);
  await inMain(page).getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);

  const box = (i: number) => inMain(page).getByLabel(`Digit ${i} of 6`);
  const submit = inMain(page).getByRole('button', { name: 'Reset Password' });
  const alert = inMain(page).getByRole('alert');

  // Typing moves forward; Backspace on an empty box goes back and clears the previous box.
  await typeCode(page, '123');
  await expect(box(4)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(3)).toBeFocused();
  await expect(box(3)).toHaveValue('');
  await expect(box(2)).toHaveValue('2');
  await page.keyboard.type('x');
  await expect(box(3)).toHaveValue('');

  await inMain(page).getByLabel('New Password').fill('Abcdefgh-1');
  await inMain(page).getByLabel('Confirm Password').fill('Abcdefgh-2');
  await submit.click();
  await expect(alert).toHaveText('Please enter the complete verification code');

  // Pasting six digits fills every box.
  await box(1).focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '65 43 21');
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
  });
  for (const [i, d] of ['6', '5', '4', '3', '2', '1'].entries()) await expect(box(i + 1)).toHaveValue(d);

  await submit.click();
  await expect(alert).toHaveText("Passwords don't match");
  await inMain(page).getByLabel('New Password').fill('short');
  await inMain(page).getByLabel('Confirm Password').fill('short');
  await submit.click();
  await expect(alert).toHaveText('Password must be at least 8 characters long');

  // A wrong code: the server's error as is.
  await inMain(page).getByLabel('New Password').fill('Abcdefgh-1');
  await inMain(page).getByLabel('Confirm Password').fill('Abcdefgh-1');
  await submit.click();
  await expect(alert).toHaveText('Invalid or expired code.');
  await expect(page).toHaveURL(/\/reset-password$/);
});

test('change password: a mismatch is refused before anything is sent', async ({ page }) => {
  const { customer } = demoAccounts();
  await signInAs(page, 'customer');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Change Password' }).click();
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/profile/change-password/')) sent = true;
  });
  await inMain(page).getByLabel('Current Password').fill(customer.password);
  await inMain(page).getByLabel('New Password', { exact: true }).fill('Abcdefgh-1');
  await inMain(page).getByLabel('Confirm New Password').fill('Abcdefgh-2');
  await inMain(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(
    inMain(page).getByRole('alert').filter({ hasText: 'New passwords do not match' }),
  ).toBeVisible();
  expect(sent).toBe(false);
  // The tabs are a keyboard tab list.
  await page.getByRole('tab', { name: 'Change Password' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Purchase Statistics' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Purchase Statistics' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
