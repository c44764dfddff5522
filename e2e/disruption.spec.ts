/**
 * The disruption console (decisions 058, 059): a buyer holds a Colosseum entry; the superuser closes
 * that time on the dashboard for the weather (preview, then the password); the buyer opens the ticket
 * link, reads why, and moves the ticket to another time of the same day, once.
 */

import { expect, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { confirmPassword, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { buyTicket, ticketLinkInOutbox } from './tickets';

const TAG = 'RM-COL';
type Slot = { id: string; date: string; time: string; status: string };

test('a superuser closes a time and its buyer moves the ticket on the ticket link page', async ({
  page,
  request,
}) => {
  test.slow();
  // A day far enough ahead that no other test sells it; a retry takes the next day.
  let date = '';
  let slot: Slot | undefined;
  for (let n = 25; n < 45 && !slot; n++) {
    date = addDays(romeToday(), n);
    const res = await request.get(`/api/packages/${TAG}/availability/?from=${date}&to=${date}`);
    const slots = (await res.json()).slots as Slot[];
    if (slots.every((s) => s.status !== 'CLOSED')) slot = slots.find((s) => s.time === '16:00');
  }
  expect(slot, 'an open 16:00 entry').toBeTruthy();

  // The buyer's ticket, bought through the shop's calls; its link comes from the ticket e-mail.
  const { code } = await buyTicket(page, TAG, 0, { adults: 2, youths: 0 }, slot!.id);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'superuser');
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Closures (strikes, weather, sudden closures)' });
  await panel.getByRole('combobox', { name: 'Close', exact: true }).selectOption('slot');
  await panel.getByRole('combobox', { name: 'Ticket', exact: true }).selectOption(TAG);
  await panel.getByLabel('Rome date').fill(date);
  await panel.getByRole('combobox', { name: 'Time', exact: true }).selectOption({ label: '16:00' });
  await panel.getByRole('combobox', { name: 'Reason' }).selectOption('weather');
  await panel.getByLabel(/Note to buyers/).fill('Heavy storm warning for Rome.');
  await panel.getByRole('button', { name: 'Preview' }).click();
  await expect(panel).toContainText('1 time to close: 1 booking, 2 places.');
  await expect(panel).toContainText('web: 1 booking, 2 places');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('console-1280.png') });
  await page.setViewportSize({ width: 390, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('console-390.png') });
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Close and tell 1 booking' }).click();
  await confirmPassword(page);
  await expect(panel.getByRole('status')).toContainText(
    'Closed 1 time(s); 1 booking(s) affected, 1 e-mailed.',
  );
  await expect(panel.getByRole('table')).toContainText('Weather');

  // The buyer, on a phone that never signed in: the link from the ticket e-mail shows the closure.
  await page.context().clearCookies();
  await page.goto(new URL(ticketLinkInOutbox(code)).pathname);
  const closure = page.getByRole('region', { name: 'This visit is cancelled' });
  await expect(closure).toContainText('Because of bad weather');
  await expect(closure).toContainText('Heavy storm warning for Rome.');
  await page.screenshot({ path: test.info().outputPath('ticket-link-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(closure).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ticket-link-1280.png') });
  await expectNoSeriousA11yViolations(page);
  // The nearest times to the closed one are offered: the same afternoon's 15:30 entry among them.
  const times = closure.getByRole('combobox', { name: 'Another time (Rome time)' });
  const afternoon = (await times.locator('option', { hasText: '15:30' }).first().textContent())!;
  await times.selectOption({ label: afternoon });
  await closure.getByRole('button', { name: 'Move my ticket to this time' }).click();
  await expect(page.getByRole('region', { name: 'This visit is cancelled' })).toContainText(
    'You moved your ticket to another time.',
  );
  await expect(page.getByRole('button', { name: 'Move my ticket to this time' })).toHaveCount(0);
  await expect(page.getByTestId('ticket-status')).toHaveText('Valid');
  await expect(page.getByTestId('ticket-link')).toContainText('15:30 (Rome time)');
  await page.screenshot({ path: test.info().outputPath('ticket-link-moved-1280.png') });
});
