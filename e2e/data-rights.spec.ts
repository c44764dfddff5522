/**
 * Customers' data rights on the profile page at phone width (GDPR, issue #21): "Download my data"
 * saves a JSON file of the account, and "Delete my account" asks for the password, deletes the
 * account and signs out. Also: a changed e-mail address asks for the current password (item 1).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInWith } from './fixtures';

test('profile at 390 px: download my data, then delete my account with the password', async ({ page }) => {
  const email = `rights-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  const registered = await page.request.post('/api/register/', {
    data: { full_name: 'Rita Rights', email, phone_number: '3912345678', password },
  });
  expect(registered.status()).toBe(201);
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
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  const signIn = await page.request.post('/api/api/token/', { data: { username: email, password } });
  expect(signIn.status()).toBe(401);
});
