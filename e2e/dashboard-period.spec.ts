/**
 * The superuser's dashboard beside the spec (decision 037), at a phone's and a desk's width: a period on
 * every figure, the sales report with refunds and its CSV, the activity log's filters, and tables that
 * fit the screen (stacked on a phone) instead of running off it.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { atBothWidths, demoAccounts, expectNoSeriousA11yViolations, signInWith } from './fixtures';
import { buyTicket } from './tickets';

test("a period, sales with refunds, a CSV and the log's filters at 390 px, looked at at 390 and 1280 px", async ({
  page,
}) => {
  // A purchase, then a dozen reads of the dashboard: more than the default half minute on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  // A sale today, so today's figures have one.
  await buyTicket(page, 'BB-24');
  const { superuser } = demoAccounts();
  await signInWith(page, superuser.email, superuser.password);
  await page.goto('/analytics?period=today');

  const bar = page.getByTestId('period-bar');
  await expect(bar.getByRole('radio', { name: 'Today' })).toBeChecked();
  await expect(page.getByTestId('period-summary')).toContainText('times in Rome time');
  const totals = page.getByTestId('sales-totals');
  await expect(totals).toContainText('Orders paid');
  await expect(totals).toContainText('Net revenue');
  // Waited for: the figures may still be the ones of the first read when the labels show.
  const paid = async () => Number((await totals.locator('dd').first().textContent())?.replace(/\D/g, ''));
  await expect.poll(paid).toBeGreaterThanOrEqual(1);
  const ordersToday = await paid();
  await expect(page.getByTestId('sales-report').getByRole('cell', { name: 'Web shop' })).toBeVisible();

  // All time holds at least as much as today.
  await bar.getByText('All time').click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByTestId('period-summary')).toContainText('all time');
  await expect.poll(paid).toBeGreaterThanOrEqual(ordersToday);

  // The CSV of the period, as a download.
  await bar.getByText('7 days').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toBe('kind,time,order,channel,operator,product,package_tag,amount_eur');
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.some((l) => l.startsWith('sale,') && l.includes(',Web shop,'))).toBe(true);

  // The log filtered to one action.
  await page.getByLabel('Activity', { exact: true }).selectOption('page_view');
  await expect(page).toHaveURL(/action=page_view/);
  const rows = page.getByTestId('activity-log').locator('tbody tr');
  await expect(rows.first()).toContainText('page_view');
  // Waited for: the unfiltered log may already start with a page view, and the filtered one comes after.
  await expect(rows.filter({ hasNotText: 'page_view' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/action=/);

  await atBothWidths(page, async (width) => {
    // Nothing runs off the screen: the page is no wider than the window.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (width === 390) {
      // On a phone each log row stacks, every cell under its column's name.
      const cell = rows.first().locator('td').first();
      await expect(cell).toHaveAttribute('data-label', 'Time');
      const box = (await page.getByTestId('activity-log').boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
