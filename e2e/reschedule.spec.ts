/**
 * A change of time on the ticket link page (decision 067): a buyer holds a Colosseum entry, opens the
 * link on a phone that never signed in, opens 'Change date or time' (its own chunk, fetched only then),
 * picks another Rome date and time, confirms, and the page shows the new time with a new QR; the old
 * code is no longer the ticket's. At 390 and 1280 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { expectNoSeriousA11yViolations } from './fixtures';
import { buyTicket, ticketLinkInOutbox } from './tickets';

const TAG = 'RM-COL';
type Slot = { id: string; date: string; time: string; status: string; remaining: number };

test('the buyer moves the ticket to another day from its link, once confirmed', async ({ page, request }) => {
  test.slow();
  // Days well ahead that other journeys do not close (the disruption journey uses days 25 to 45), within
  // the 60 days the link offers.
  let slot: Slot | undefined;
  let target: Slot | undefined;
  for (let n = 46; n < 58 && !(slot && target); n++) {
    const date = addDays(romeToday(), n);
    const next = addDays(date, 1);
    const res = await request.get(`/api/packages/${TAG}/availability/?from=${date}&to=${next}`);
    const slots = ((await res.json()).slots as Slot[]).filter((s) => s.status !== 'CLOSED');
    slot = slots.find((s) => s.date === date && s.time === '16:00' && s.remaining >= 2);
    target = slots.find((s) => s.date === next && s.time === '10:00' && s.remaining >= 2);
  }
  expect(slot && target, 'an open 16:00 entry and the next day at 10:00').toBeTruthy();
  const { code } = await buyTicket(page, TAG, 0, { adults: 2, youths: 0 }, slot!.id);

  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  const panelChunks: string[] = [];
  page.on('request', (r) => {
    if (/ReschedulePanel[^/]*\.js$/.test(r.url())) panelChunks.push(r.url());
  });
  await page.goto(new URL(ticketLinkInOutbox(code)).pathname);
  await expect(page.getByTestId('ticket-qr')).toBeVisible();
  const qrBefore = await page.getByTestId('ticket-qr').getAttribute('src');
  // The panel is not part of the page until it is asked for.
  expect(panelChunks).toEqual([]);
  await page.getByRole('button', { name: 'Change date or time' }).click();
  const panel = page.getByRole('region', { name: 'Change date or time' });
  await expect(panel.getByRole('combobox', { name: 'Date' })).toBeVisible();
  expect(panelChunks.length).toBe(1);
  await expect(panel).toContainText('You can change the time 2 more times.');
  await panel.getByRole('combobox', { name: 'Date' }).selectOption(target!.date);
  // The times are labelled buttons over visually hidden radios: the label is what a finger taps.
  await panel.locator('label', { hasText: /^10:00$/ }).click();
  await expect(panel.getByRole('radio', { name: '10:00' })).toBeChecked();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('reschedule-choose-390.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByTestId('reschedule-confirm');
  await expect(confirm).toContainText('10:00 (Rome time)?');
  await expect(confirm).toContainText('Your current QR code will stop working.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirm.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('reschedule-confirm-1280.png') });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Confirm the change' }).click();

  await expect(page.getByTestId('reschedule-result')).toContainText('Your ticket is moved to the new time.');
  await expect(page.getByTestId('ticket-link')).toContainText('10:00 (Rome time)');
  await expect(page.getByTestId('ticket-status')).toHaveText('Valid');
  await expect.poll(() => page.getByTestId('ticket-qr').getAttribute('src')).not.toBe(qrBefore);
  await page.screenshot({ path: test.info().outputPath('reschedule-done-1280.png') });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('reschedule-result').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('reschedule-done-390.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // In the buyer's language: the same panel in Italian, one move left.
  await page.goto(`/it${new URL(ticketLinkInOutbox(code)).pathname}`);
  await page.getByRole('button', { name: 'Cambia data o orario' }).click();
  const italian = page.getByRole('region', { name: 'Cambia data o orario' });
  await expect(italian).toContainText("Puoi cambiare l'orario ancora 1 volta.");
  await expect(italian.getByRole('combobox', { name: 'Data' })).toBeVisible();
  await italian.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('reschedule-it-390.png') });
  await expectNoSeriousA11yViolations(page);

  // The old code from the first ticket e-mail is no longer the ticket's.
  expect((await request.get(`/api/authenticate/${code}/`)).status()).toBe(404);
});
