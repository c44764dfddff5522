/**
 * The waiting list in a real browser (decision 063): on the demo's sold-out Colosseum entry (tomorrow
 * 09:30 when the server was seeded) a visitor who is not signed in joins the list with an e-mail
 * address and a number of places, and is told so in the page's language.
 */
import { expect, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { expectNoSeriousA11yViolations } from './fixtures';
import { chooseTicketDate } from './ticket-date';

test('a visitor joins the waiting list of a sold-out time', async ({ page, request }) => {
  const today = romeToday();
  const res = await request.get(`/api/packages/RM-COL/availability/?from=${today}&to=${addDays(today, 1)}`);
  const soldOut = (await res.json()).slots.find(
    (s: { time: string; status: string }) => s.time === '09:30' && s.status === 'SOLD_OUT',
  );
  expect(soldOut, 'the demo data has a sold-out 09:30 Colosseum entry').toBeTruthy();

  await page.goto('/it/manageBookings/E9/RM-COL');
  await chooseTicketDate(page, soldOut.date);
  await page.getByRole('button', { name: "Mettiti in lista d'attesa" }).click();
  const form = page.getByTestId('waitlist-form');
  await expect(form.getByText('Orario: 09:30 (ora di Roma)')).toBeVisible();
  await form.getByLabel('Indirizzo e-mail').fill('in.lista@example.com');
  await form.getByLabel('Quanti posti?').fill('2');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Mettimi in lista' }).click();
  await expect(page.getByTestId('waitlist-joined')).toHaveText(
    "Sei in lista d'attesa. Ti scriveremo appena si liberano dei posti.",
  );
});
