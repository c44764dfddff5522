/**
 * Operators' statements on the superusers' dashboard (decision 068), at a phone's and a desk's width:
 * a sale made today is a line of this month's statement of every operator and of its own; the totals
 * add up (gross - refunded - commission = net); the CSV and the spreadsheet download; an operator's
 * commission is set after the password; no serious axe findings.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Locator, test } from '@playwright/test';
import { orderReference, STATEMENT_COLUMNS } from '@rome/contract';
import {
  atBothWidths,
  confirmPassword,
  demoAccounts,
  expectNoSeriousA11yViolations,
  signInWith,
} from './fixtures';
import { buyTicket } from './tickets';

/** '€1,234.56' / '-€3.00' as cents. */
const centsOf = async (tile: Locator) => {
  const text = (await tile.locator('dd').first().textContent()) ?? '';
  const n = Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
  expect(Number.isFinite(n), text).toBe(true);
  return n;
};

test('a statement per operator with its lines, totals and files, at 390 px, looked at at 390 and 1280 px', async ({
  page,
}) => {
  // A purchase, a sign-in with its authenticator step and a few reads: longer than 30 s on a busy host.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const bought = await buyTicket(page, 'GL-24');
  const reference = orderReference(bought.uniqueId);
  const { superuser } = demoAccounts();
  await signInWith(page, superuser.email, superuser.password);
  await page.goto('/analytics');

  const panel = page.getByRole('region', { name: "Operators' statements" });
  await expect(panel).toBeVisible();
  const lines = panel.getByTestId('statement-lines');
  // This month's statement of every operator holds today's sale, with its operator.
  const sale = lines.locator('tr', { hasText: reference });
  await expect(sale).toContainText('Sale');
  await expect(sale).toContainText('Green Line');
  await expect(sale).toContainText('Web shop');

  // One operator's statement: its lines only, with no operator column.
  await panel.getByLabel('Operator').selectOption({ label: 'Green Line' });
  await expect(panel.getByRole('columnheader', { name: 'Operator' })).toHaveCount(0);
  await expect(lines.locator('tr', { hasText: reference })).toContainText('Sale');

  // The totals add up.
  const tiles = panel.getByTestId('statement-totals').locator('> div');
  const [gross, refunded, commission, net] = await Promise.all(
    [0, 1, 2, 3].map((i) => centsOf(tiles.nth(i))),
  );
  expect(gross).toBeGreaterThan(0);
  expect(gross - refunded - commission).toBe(net);

  // The files of the same statement.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download the statement (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^statement_green-line_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe(STATEMENT_COLUMNS.join(','));
  expect(text).toContain(reference);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download the statement (Excel, XLSX)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  // An .xlsx is a zip: it starts with PK.
  expect((await readFile((await xlsx.path())!)).subarray(0, 2).toString()).toBe('PK');

  // The operator's commission, set after the password: the same rate again, so parallel runs agree.
  const rate = panel.getByLabel('Commission of Green Line (%)');
  const current = await rate.inputValue();
  await rate.fill(current);
  await panel.getByRole('button', { name: 'Save commission' }).click();
  await confirmPassword(page);
  await expect(panel.getByText('Saved. The statement uses the new rate.')).toBeVisible();

  await atBothWidths(page, async (width) => {
    // Nothing runs off the screen: the table scrolls (or stacks on a phone) inside its own region.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (width === 390) {
      const cell = lines.locator('tbody tr').first().locator('td').first();
      await expect(cell).toHaveAttribute('data-label', 'Date (Rome)');
    }
    await panel.screenshot({ path: test.info().outputPath(`statements-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  });
});

test("the panel speaks the page's language (Italian), at 1280 px", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await buyTicket(page, 'BB-24');
  const { superuser } = demoAccounts();
  await signInWith(page, superuser.email, superuser.password);
  await page.goto('/it/analytics');
  const panel = page.getByRole('region', { name: 'Rendiconti degli operatori' });
  await expect(panel.getByTestId('statement-lines')).toContainText('Vendita');
  await expect(panel.getByRole('button', { name: 'Scarica il rendiconto (CSV)' })).toBeVisible();
  await expect(panel.getByTestId('statement-totals')).toContainText("Netto all'operatore");
  // Euros as Italian writes them: '77,00 €'.
  await expect(panel.getByTestId('statement-totals')).toContainText(/\d,\d\d\s€/);
  await panel.screenshot({ path: test.info().outputPath('statements-it-1280.png') });
  await expectNoSeriousA11yViolations(page);
});
