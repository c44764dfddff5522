/**
 * Resellers' OCTO keys on the superusers' dashboard (issue #17): a superuser makes a key, sees it once,
 * the key opens the OCTO API, and after revoking it (with a confirmation) the key is refused.
 */
import { expect, test } from '@playwright/test';
import { atBothWidths, confirmPassword, expectNoSeriousA11yViolations, signInAs } from './fixtures';

test('a superuser makes, uses and revokes a reseller key at 390 px, looked at at 390 and 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAs(page, 'superuser');
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Reseller API keys (OCTO)' });
  await expect(panel).toBeVisible();
  // A name of its own per attempt: a retry runs on the same data, where the first attempt's key stays.
  const name = `Browser Tours ${Math.random().toString(36).slice(2, 8)}`;
  await panel.getByLabel('Reseller name').fill(name);
  await panel.getByLabel('Requests a minute').fill('50');
  // The key's time is Rome's, labelled so (the activity log above keeps the spec's display zone).
  const romeHour = () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
  const hourBefore = romeHour();
  await panel.getByRole('button', { name: 'Create key' }).click();
  // A key acts for the shop: the dashboard asks for the password first (decision 032).
  await confirmPassword(page);
  const shown = panel.getByTestId('new-reseller-key');
  await expect(shown).toHaveText(/^rbt_octo_\S{40,}$/);
  const key = (await shown.textContent())!.trim();
  const row = panel.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('50 a minute');
  await expect(row).toContainText('Active');
  const made = (await row.textContent()) ?? '';
  expect([hourBefore, romeHour()].some((hour) => made.includes(`made ${hour}:`))).toBe(true);
  expect(made).toMatch(/made [^·]+ \(Rome\)/);
  // The key is not in the list: only its first characters.
  await expect(panel.getByRole('list', { name: 'Reseller keys' })).not.toContainText(key);
  await atBothWidths(page, async () => {
    await expectNoSeriousA11yViolations(page);
  });

  const supplier = () => page.request.get('/octo/supplier', { headers: { authorization: `Bearer ${key}` } });
  expect((await supplier()).status()).toBe(200);

  await row.getByRole('button', { name: 'Revoke…' }).click();
  // The question takes the button's place and the focus goes to Keep: a stray Enter keeps the key.
  await expect(row.getByText('Revoke this key now?')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Keep' })).toBeFocused();
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(row).toContainText('Revoked');
  const refused = await supplier();
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('FORBIDDEN');
});
