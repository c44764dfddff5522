/**
 * Operators as users in the browser (decision 066): a superuser invites a person to an operator on the
 * dashboard; the person, signed in with the invited address, opens the e-mailed link and gets the
 * console of that operator with what the role allows; a superuser, every operator's manager, changes a
 * price, closes a time and makes an agent there; the demo operator's own manager closes one of its
 * times for a strike, its buyer is told, and the closure's report counts the booking.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  atBothWidths,
  confirmPassword,
  demoAccounts,
  expectNoSeriousA11yViolations,
  signInAs,
  signInWith,
} from './fixtures';
import { buyTicket } from './tickets';

/** The invitation link of the e-mail to `email` in the outbox folder (quoted-printable decoded). */
async function invitationLink(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
      const text = (await readFile(path.join(dir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.toLowerCase().includes(`to: ${email}`)) continue;
      const link = /https?:\/\/\S+\/operator\?invitation=[\w-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no invitation e-mail to ${email}`);
}

test("a person invited as sales opens the link and gets their operator's console, at 390 px, looked at at 390 and 1280 px", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 900 });
  const email = `sales-${randomBytes(4).toString('hex')}@bigbus.example`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const register = await page.request.post('/api/register/', {
    data: { full_name: 'Sara Sales', email, phone_number: '3912345678', password },
  });
  expect(register.ok(), await register.text()).toBe(true);

  // The superuser invites the address on the dashboard.
  await signInAs(page, 'superuser');
  await page.goto('/analytics');
  const people = page.getByRole('region', { name: "Operators' people" });
  await people.getByLabel('E-mail address').fill(email);
  await people.getByLabel('Operator', { exact: true }).selectOption({ label: 'Big Bus' });
  await people.getByLabel('Role').selectOption('sales');
  await people.getByRole('button', { name: 'Send invitation' }).click();
  await confirmPassword(page);
  await expect(people.getByRole('status')).toHaveText(`Invitation sent to ${email} for Big Bus.`);
  await expect(people.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');
  await atBothWidths(page, async () => {
    await expectNoSeriousA11yViolations(page);
  });

  // The invited person, in a browser of their own, opens the link signed in with that address.
  const link = new URL(await invitationLink(email));
  const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  try {
    const own = await context.newPage();
    await signInWith(own, email, password);
    await own.goto(`${link.pathname}${link.search}`);
    await expect(own.getByRole('status')).toContainText('Welcome: you are now part of this operator.');
    await expect(own).toHaveURL(/\/operator$/);
    await expect(own.getByText('Big Bus', { exact: true })).toBeVisible();
    const tabs = own.getByRole('tab');
    await expect(tabs).toHaveText(['Products', 'Times', 'Bookings']);
    await expect(own.getByTestId('operator-product').first()).toBeVisible();
    // Sales reads prices; only a manager has the Save buttons.
    await expect(own.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(own.getByRole('tabpanel')).not.toContainText('I Love Rome');
    await own.getByRole('tab', { name: 'Bookings' }).click();
    await expect(own.getByRole('heading', { name: 'Bookings' })).toBeVisible();
    await expect(own.getByText(/Loading bookings/)).toHaveCount(0);
    await atBothWidths(own, async () => {
      await expectNoSeriousA11yViolations(own);
    });
    // Their account page leads back to the console.
    await own.goto('/profile');
    await expect(own.getByText('You work for Big Bus.')).toBeVisible();
    await own.getByRole('link', { name: 'Open the operator console' }).click();
    await expect(own.getByRole('tab', { name: 'Products' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a superuser, as an operator manager, changes a price, closes a time and makes an agent', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'superuser');
  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Operator Console' })).toBeVisible();
  await page.getByLabel('Operator').selectOption({ label: 'Big Bus' });
  await expect(page.getByRole('tab')).toHaveText([
    'Products',
    'Times',
    'Bookings',
    'Redemptions',
    'Closures',
    'Agents',
    'Statement',
  ]);

  const row = page.getByTestId('operator-product').filter({ hasText: 'BB-72' });
  const adult = row.getByRole('textbox', { name: /^Adult price of/ });
  const before = await adult.inputValue();
  const next = (Number(before) + 1).toFixed(2);
  await adult.fill(next);
  await row.getByRole('button', { name: /^Save/ }).click();
  await expect(row.getByRole('status')).toHaveText('Saved.');
  const list = await (await page.request.get('/api/packages/')).json();
  expect(list.bus_data.find((p: { package_tag: string }) => p.package_tag === 'BB-72').adult_price).toBe(
    next,
  );
  await adult.fill(before);
  await row.getByRole('button', { name: /^Save/ }).click();
  await expect(row.getByRole('status')).toHaveText('Saved.');

  // A bad price is refused with the rule's words and changes nothing.
  await adult.fill('-4');
  await row.getByRole('button', { name: /^Save/ }).click();
  await expect(row.getByRole('alert')).toBeVisible();

  // The night bus's time tomorrow (Rome): closed, then opened again.
  await page.getByRole('tab', { name: 'Times' }).click();
  await page.getByLabel('Product').selectOption({ value: 'BB-NIGHT' });
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });
  await page.getByLabel('Day (Rome)').fill(tomorrow);
  const time = page.getByTestId('operator-time').first();
  await expect(time).toContainText('Open');
  await time.getByRole('button', { name: /^Close/ }).click();
  await expect(time).toContainText('Closed');
  await time.getByRole('button', { name: /^Reopen/ }).click();
  await expect(time).toContainText('Open');

  await page.getByRole('tab', { name: 'Agents' }).click();
  const name = `Big Bus Gate ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Agent name').fill(name);
  await page.getByLabel(/Security code/).fill('3719');
  await page.getByRole('button', { name: 'Make agent' }).click();
  await expect(page.getByRole('status')).toHaveText(`${name} can redeem your tickets now.`);
  const agent = page.getByTestId('operator-agent').filter({ hasText: name });
  await agent.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(agent).toContainText('Disabled');
  await expectNoSeriousA11yViolations(page);

  // The operator's own statement: its totals, and the same as a CSV download.
  await page.getByRole('tab', { name: 'Statement' }).click();
  await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /CSV/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^statement_big-bus_.*\.csv$/);
  await expectNoSeriousA11yViolations(page);
});

test("the operator's manager closes a night tour for a strike on a phone; its buyer is told once", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 900 });
  // A night tour far enough ahead that no other test books it, with one booking on it.
  const day = new Date(Date.now() + 27 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });
  const availability = await (
    await page.request.get(`/api/packages/BB-NIGHT/availability/?from=${day}&to=${day}`)
  ).json();
  const [slot] = availability.slots;
  expect(slot, `BB-NIGHT runs on ${day}`).toBeTruthy();
  await buyTicket(page, 'BB-NIGHT', 0, { adults: 2, youths: 0 }, slot.id);

  const manager = demoAccounts().operators.find((o) => o.role === 'manager')!;
  await signInWith(page, manager.email, manager.password);
  await page.goto('/operator');
  await expect(page.getByRole('tab')).toHaveText([
    'Products',
    'Times',
    'Bookings',
    'Redemptions',
    'Closures',
    'Agents',
    'Statement',
  ]);
  await page.getByRole('tab', { name: 'Closures' }).click();
  const panel = page.getByRole('region', { name: /Closures/ });
  // Only the operator's own timed tickets are offered.
  await expect(panel.getByRole('combobox', { name: 'Ticket', exact: true }).locator('option')).toHaveText([
    'Big Bus Rome by Night',
  ]);
  await panel.getByRole('combobox', { name: 'Ticket', exact: true }).selectOption({ value: 'BB-NIGHT' });
  await panel.getByLabel('Rome date', { exact: true }).fill(day);
  await expect(panel.getByRole('combobox', { name: 'Time', exact: true })).toContainText('21:00');
  await panel.getByRole('combobox', { name: 'Reason', exact: true }).selectOption('strike');
  await panel.getByLabel(/Note to buyers/).fill('Our drivers are on strike that evening.');
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(panel.getByText(/1 time to close: 1 booking, 2 places\./)).toBeVisible();
  await panel.getByRole('button', { name: 'Close and tell 1 booking' }).click();
  await confirmPassword(page, manager.password);
  await expect(panel.getByRole('status')).toHaveText('Closed 1 time(s); 1 booking(s) affected, 1 e-mailed.');
  const report = panel.getByRole('table');
  await expect(report.getByRole('row').nth(1)).toContainText('Strike');
  await expect(report.getByRole('row').nth(1)).toContainText('Big Bus Rome by Night');
  // The storefront and OCTO stop selling that time at once.
  const after = await (
    await page.request.get(`/api/packages/BB-NIGHT/availability/?from=${day}&to=${day}`)
  ).json();
  expect(after.slots.find((s: { id: string }) => s.id === slot.id).status).toBe('CLOSED');
  await expectNoSeriousA11yViolations(page);
  // No page overflows a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
