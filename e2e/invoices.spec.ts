/**
 * Asking for an invoice after paying (decisions 061, 062): on the ticket link page, a phone that never
 * signed in fills in the form (a wrong Partita IVA is refused in plain words, nothing issued), gets the
 * invoice and downloads its PDF and e-invoice XML; the purchase history shows the same invoice. Walked
 * at 390 px, each page on the way looked at at 390 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { atBothWidths, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { buyTicket, ticketLinkInOutbox } from './tickets';

test.describe.configure({ timeout: 90_000 });

const SHOTS = process.env.E2E_SCREENSHOTS;

test('a buyer asks for an invoice on the ticket link page and downloads the PDF and XML, at 390 px, looked at at 390 and 1280 px', async ({
  browser,
  page,
}) => {
  const { code } = await buyTicket(page, 'BB-24', 0, { adults: 2, youths: 1 });
  const path = new URL(ticketLinkInOutbox(code)).pathname;

  // A phone that never signed in: a context of its own (the test's page signs the buyer in below).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await phone.newPage();
  await tab.goto(path);
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  const opener = tab.getByRole('button', { name: 'I need an invoice' });
  const form = tab.getByTestId('invoice-form');

  // The form, looked at and put away.
  await opener.click();
  await atBothWidths(tab, async (width) => {
    await expect(form).toBeVisible();
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/invoice-form-${width}.png`, fullPage: true });
  });
  await tab.getByRole('button', { name: 'Not now' }).click();
  await expect(opener).toBeVisible();

  await opener.click();
  await form.getByRole('radio', { name: 'A company' }).check();
  await form.getByLabel('Company name').fill('Viaggi Rossi S.r.l.');
  await form.getByLabel('Street and number').fill('Via del Corso 12');
  await form.getByLabel('Postcode').fill('00186');
  await form.getByLabel('City').fill('Roma');
  await form.getByLabel('Province (2 letters)').fill('RM');
  await form.getByLabel('VAT number (Partita IVA)').fill('01234567890');
  await form.getByRole('button', { name: 'Get my invoice' }).click();
  await expect(form.getByRole('alert')).toContainText('This VAT number (Partita IVA) is not valid');
  await expectNoSeriousA11yViolations(tab);
  await atBothWidths(tab, async (width) => {
    await expect(form.getByRole('alert')).toBeVisible();
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/invoice-form-refused-${width}.png` });
  });
  await form.getByLabel('VAT number (Partita IVA)').fill('01234567897');
  await form.getByRole('button', { name: 'Get my invoice' }).click();

  const documents = tab.getByTestId('invoice-documents');
  await expect(documents).toContainText(/Invoice \d{4}\/\d+/);
  // Opened again, the ticket link shows the invoice it was given, and its files download.
  await tab.reload();
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  await expect(documents).toContainText(/Invoice \d{4}\/\d+/);
  await atBothWidths(tab, async (width) => {
    await expect(documents.getByRole('link', { name: /: PDF$/ })).toBeVisible();
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/invoice-link-${width}.png`, fullPage: true });
  });
  const [pdf] = await Promise.all([
    tab.waitForEvent('download'),
    documents.getByRole('link', { name: /: PDF$/ }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^invoice-\d{4}-\d+\.pdf$/);
  const [xml] = await Promise.all([
    tab.waitForEvent('download'),
    documents.getByRole('link', { name: /E-invoice \(XML\)$/ }).click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
  await phone.close();

  // The buyer's account shows the same invoice in the purchase history, in a dialog. Each width has an
  // Invoice button of its own (cards at 390 px, a table at 1280 px): it is opened at each.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'customer');
  await page.goto('/yourticket');
  await atBothWidths(page, async (width) => {
    const opener = page.getByRole('button', { name: /^Invoice for / }).first();
    await expect(opener).toBeVisible();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByTestId('invoice-documents').or(dialog.getByTestId('invoice-form')),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-history-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
