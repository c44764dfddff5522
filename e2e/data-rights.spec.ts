/**
 * Customers' data rights on the profile page at phone width (GDPR, issue #21): "Download my data"
 * saves a JSON file of the account, and "Delete my account" asks for the password, deletes the
 * account and signs out. Also: a changed e-mail address asks for the current password, and the link
 * e-mailed to the previous address puts it back (item 1).
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInWith } from './fixtures';

/** The undo link of the newest notice to `to` in the outbox folder (quoted-printable decoded). */
async function undoLinkFor(to: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const name of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
      if (!name.endsWith('.eml')) continue;
      const text = (await readFile(path.join(dir, name), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
      if (!text.toLowerCase().includes(`to: ${to}`)) continue;
      const link = /https?:\/\/\S+\/undo-email-change#token=[A-Za-z0-9_-]+/.exec(text);
      if (link) return link[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no undo link for ${to} in ${dir}`);
}

async function newCustomer(page: Page, name: string) {
  const email = `rights-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  const registered = await page.request.post('/api/register/', {
    data: { full_name: name, email, phone_number: '3912345678', password },
  });
  expect(registered.status()).toBe(201);
  return { email, password };
}

test('e-mail change with the password, then the link sent to the previous address undoes it', async ({
  page,
}) => {
  const { email, password } = await newCustomer(page, 'Udo Undo');
  await signInWith(page, email, password);
  await page.goto('/profile');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Edit Profile' }).click();
  await main.getByLabel('Email').fill(`moved-${email}`);
  await main.getByLabel('Current Password').fill(password);
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(/Profile updated successfully/)).toBeVisible();
  await expect(main.getByLabel('Email')).toHaveValue(`moved-${email}`);

  const link = new URL(await undoLinkFor(email));
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByRole('button', { name: 'Restore my previous email address' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your previous email address is back',
  );
  expect(await page.evaluate(() => window.location.hash)).toBe('');
  const signIn = await page.request.post('/api/api/token/', { data: { username: email, password } });
  expect(signIn.status()).toBe(200);
});

test('profile at 390 px: download my data, then delete my account with the password', async ({ page }) => {
  const { email, password } = await newCustomer(page, 'Rita Rights');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWith(page, email, password);
  await page.goto('/profile');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Rita Rights' })).toBeVisible();

  // A new e-mail address asks for the current password; the phone alone does not.
  await main.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(main.getByLabel('Current Password')).toHaveCount(0);
  await main.getByLabel('Email').fill(`new-${email}`);
  await expect(main.getByLabel('Current Password')).toBeVisible();
  await main.getByRole('button', { name: 'Cancel' }).click();

  const section = main.getByRole('region', { name: 'Your Data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('rome-bus-tickets-my-data.json');
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email, full_name: 'Rita Rights' });
  expect(JSON.stringify(data)).not.toContain('argon2');

  // Nothing fits sideways at phone width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  await section.getByLabel('Enter your password to confirm').fill('not my password');
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(section.getByText('Current password is incorrect.')).toBeVisible();
  await section.getByLabel('Enter your password to confirm').fill(password);
  await section.getByRole('button', { name: 'Delete my account permanently' }).click();

  await expect(page).toHaveURL(/\/$/);
  // The home page says what happened and keeps saying it (no toast that vanishes) until closed.
  const notice = page.getByTestId('page-notice');
  await expect(notice).toContainText('Your account has been deleted.');
  await expect(notice).toContainText('signed you out on every device');
  await expect(notice).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('account-deleted.png') });
  await page.waitForTimeout(4000);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
  const signIn = await page.request.post('/api/api/token/', { data: { username: email, password } });
  expect(signIn.status()).toBe(401);
});
