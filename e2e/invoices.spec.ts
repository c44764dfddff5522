/**
 * Asking for an invoice after paying (decisions 061, 062): on the ticket link page, a phone that never
 * signed in fills in the form (a wrong Partita IVA is refused in plain words, nothing issued), gets the
 * invoice and downloads its PDF and e-invoice XML; the purchase history shows the same invoice.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { buyTicket, ticketLinkInOutbox } from './tickets';

test.describe.configure({ timeout: 90_000 });

const SHOTS = process.env.E2E_SCREENSHOTS;

test('a buyer asks for an invoice on the ticket link page and downloads the PDF and XML', async ({
  browser,
  page,
}) => {
  const { code } = await buyTicket(page, 'BB-24', 0, { adults: 2, youths: 1 });
  const path = new URL(ticketLinkInOutbox(code)).pathname;

  // The form at a desktop width, looked at and put away.
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await desk.goto(path);
  await desk.getByRole('button', { name: 'I need an invoice' }).click();
  await expect(desk.getByTestId('invoice-form')).toBeVisible();
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/invoice-form-1280.png`, fullPage: true });
  await desk.getByRole('button', { name: 'Not now' }).click();
  await expect(desk.getByRole('button', { name: 'I need an invoice' })).toBeVisible();
  await desk.close();

  for (const width of [390, 1280]) {
    const phone = await browser.newContext({ viewport: { width, height: 900 } });
    const tab = await phone.newPage();
    await tab.goto(path);
    await expect(tab.getByTestId('ticket-qr')).toBeVisible();
    if (width === 390) {
      await tab.getByRole('button', { name: 'I need an invoice' }).click();
      const form = tab.getByTestId('invoice-form');
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
      if (SHOTS) await form.screenshot({ path: `${SHOTS}/invoice-form-${width}.png` });
      await form.getByLabel('VAT number (Partita IVA)').fill('01234567897');
      await form.getByRole('button', { name: 'Get my invoice' }).click();
    }
    const documents = tab.getByTestId('invoice-documents');
    await expect(documents).toContainText(/Invoice \d{4}\/\d+/);
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/invoice-link-${width}.png`, fullPage: true });
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
  }

  // The buyer's account shows the same invoice in the purchase history, in a dialog.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'customer');
    await page.goto('/yourticket');
    const opener = page.getByRole('button', { name: /^Invoice for / }).first();
    await expect(opener).toBeVisible();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByTestId('invoice-documents').or(dialog.getByTestId('invoice-form')),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-history-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
