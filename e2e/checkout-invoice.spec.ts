/**
 * 'I need an invoice' at checkout (decision 069): at 390 px a guest ticks the box, a wrong Partita IVA
 * is refused in plain words beside the panel (no payment page), then pays and finds the invoice on the
 * ticket link; at 1280 px a signed-in buyer does the same as a person. The superusers' dashboard lists
 * both invoices with their files. Axe on the checkout with the form open and on the dashboard's panel.
 */
import { expect, type Page, test } from '@playwright/test';
import { addDays, orderReference, romeToday } from '@rome/contract';
import { atBothWidths, axeScan, demoAccounts, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { chooseTicketDate } from './ticket-date';
import { mailsTo } from './tickets';

test.describe.configure({ timeout: 120_000 });

const uniqueAddress = () => `invoice-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** BB-NIGHT tomorrow, one adult, and the invoice box ticked: its fields show. */
async function chooseWithInvoice(page: Page) {
  await page.goto('/manageBookings/E9/BB-NIGHT');
  await chooseTicketDate(page, addDays(romeToday(), 1));
  await page.getByRole('button', { name: 'Increase adults' }).click();
  await page.getByRole('checkbox', { name: 'I need an invoice' }).check();
  const section = page.getByTestId('checkout-invoice');
  await expect(section.getByLabel('Street and number')).toBeVisible();
  return section;
}

/**
 * The ticket link of the ticket e-mail of order `uniqueId` (its reference), to `address`: of all the
 * e-mails to that address (a demo account has had others), once the mail sender has sent it.
 */
async function ticketLinkOf(address: string, uniqueId: string): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(
      () => {
        mail = mailsTo(address).find((text) => text.includes(orderReference(uniqueId)));
        return Boolean(mail);
      },
      { timeout: 60_000, message: 'the ticket e-mail (the mail sender drains its queue every few seconds)' },
    )
    .toBe(true);
  expect(mail).toContain('You asked for an invoice');
  const link = /https?:\/\/[^\s"<>]+\/t\/[\w-]{43}/.exec(mail!)?.[0];
  expect(link, 'the ticket link in the e-mail').toBeTruthy();
  return new URL(link!).pathname;
}

test('an invoice asked for at checkout is issued with the payment and listed for superusers', async ({
  browser,
  page,
}) => {
  test.slow();
  const shots = (name: string) => test.info().outputPath(name);
  const numbers: string[] = [];

  // 390 px, a guest, an Italian company: a wrong VAT number first.
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueAddress();
  const section = await chooseWithInvoice(page);
  await section.getByRole('radio', { name: 'A company' }).check();
  await section.getByLabel('Company name').fill('Viaggi Rossi S.r.l.');
  await section.getByLabel('Street and number').fill('Via del Corso 12');
  await section.getByLabel('Postcode').fill('00186');
  await section.getByLabel('City').fill('Roma');
  await section.getByLabel('Province (2 letters)').fill('RM');
  await section.getByLabel('VAT number (Partita IVA)').fill('01234567890');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This VAT number (Partita IVA) is not valid' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/manageBookings\//);
  await expectNoSeriousA11yViolations(page);
  await section.screenshot({ path: shots('checkout-invoice-390.png') });
  await page.getByRole('button', { name: 'Continue to payment' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('checkout-invoice-refused-390.png') });
  await section.getByLabel('VAT number (Partita IVA)').fill('01234567897');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/success\/[\w-]+\/$/);
  const guestOrder = /\/success\/([\w-]+)\/$/.exec(page.url())![1];
  await page.goto(await ticketLinkOf(email, guestOrder));
  const guestDocs = page.getByTestId('invoice-documents');
  await expect(guestDocs).toContainText(/Invoice \d{4}\/\d+/);
  numbers.push(/Invoice (\d{4}\/\d+)/.exec((await guestDocs.textContent()) ?? '')![1]);
  await expect(guestDocs.getByRole('link', { name: /: PDF$/ })).toBeVisible();
  await page.screenshot({ path: shots('checkout-invoice-link-390.png'), fullPage: true });

  // 1280 px, signed in, an Italian person with a tax code.
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(desk, 'customer');
  const form = await chooseWithInvoice(desk);
  await form.getByLabel('First name').fill('Giulia');
  await form.getByLabel('Last name').fill('Bianchi');
  await form.getByLabel('Street and number').fill('Via Appia Nuova 100');
  await form.getByLabel('Postcode').fill('00183');
  await form.getByLabel('City').fill('Roma');
  await form.getByLabel('Province (2 letters)').fill('RM');
  await form.getByLabel('Tax code (codice fiscale)').fill('BNCGLI85M41H501Z');
  await expectNoSeriousA11yViolations(desk);
  await desk.screenshot({ path: shots('checkout-invoice-1280.png'), fullPage: true });
  await desk.getByRole('button', { name: 'Checkout' }).click();
  await expect(desk).toHaveURL(/\/pay\/test_cs_/);
  await desk.getByRole('button', { name: /^Pay/ }).click();
  await expect(desk).toHaveURL(/\/success\/[\w-]+\/$/);
  const ownOrder = /\/success\/([\w-]+)\/$/.exec(desk.url())![1];
  await desk.goto(await ticketLinkOf(demoAccounts().customer.email, ownOrder));
  const ownDocs = desk.getByTestId('invoice-documents');
  await expect(ownDocs).toContainText(/Invoice \d{4}\/\d+/);
  numbers.push(/Invoice (\d{4}\/\d+)/.exec((await ownDocs.textContent()) ?? '')![1]);

  // The superusers' dashboard lists both, with their files, looked at at both widths on one page: a
  // second page of the superuser in the same test signs in afresh, and a fresh sign-in takes the next
  // authenticator step, waiting up to 30 s when the run has just spent it (decision 051).
  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signInAs(admin, 'superuser');
  await admin.goto('/analytics');
  const panel = admin.getByRole('region', { name: 'Invoices' });
  // The dashboard's many sections load together: on a slow host past the default 7 s.
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await panel.getByLabel('Operator').selectOption({ label: 'Big Bus' });
  for (const [number, buyer] of [
    [numbers[0], 'Viaggi Rossi S.r.l.'],
    [numbers[1], 'Giulia Bianchi'],
  ])
    await expect(
      panel.getByTestId('invoice-row').filter({ hasText: buyer }).filter({ hasText: number }),
    ).toBeVisible();
  const row = panel
    .getByTestId('invoice-row')
    .filter({ hasText: numbers[0] })
    .filter({ hasText: 'Viaggi Rossi' });
  const [xml] = await Promise.all([
    admin.waitForEvent('download'),
    row.getByRole('button', { name: /: XML$/ }).click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^invoice-[\w-]+-\d{4}-\d+\.xml$/);
  await atBothWidths(admin, async (width) => {
    const scan = await axeScan(admin).include('[data-testid="invoices-panel"]').analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    // The download's click scrolled the table sideways at 390 px: back to its first column.
    await panel.getByRole('figure').evaluate((table) => table.scrollTo({ left: 0 }));
    await panel.screenshot({ path: shots(`dashboard-invoices-${width}.png`) });
  });
  await admin.close();
});
