/**
 * The page a buyer lands on after paying, on a phone (390 px): it names the order (a reference to
 * quote), the day in words, the tickets and the amount paid, beside the QR code.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './fixtures';
import { buyTicket, readableDay } from './tickets';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the success page shows the order reference, a readable date, the ticket counts and the amount', async ({
  page,
}) => {
  // The night tour on its first offered date: 2 adults at 22.00 and 1 youth at 15.00.
  const { uniqueId, date } = await buyTicket(page, 'BB-NIGHT', 0, { adults: 2, youths: 1 });
  await signInAs(page, 'customer');
  await page.goto(`/success/${uniqueId}/`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const summary = page.getByTestId('order-summary');
  const reference = uniqueId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  await expect(summary).toContainText(`Order reference${reference.slice(0, 4)}-${reference.slice(4)}`);
  await expect(summary).toContainText('TicketBig Bus Rome by Night');
  const readable = readableDay(date!);
  await expect(summary).toContainText(`Date${readable}`);
  await expect(summary).toContainText('Tickets2 adults, 1 youth');
  await expect(summary).toContainText('Total paid€59.00');
  // The ISO form of the date is nowhere on the page.
  await expect(page.getByText(date!)).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Your ticket QR code' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('success-390.png'), fullPage: true });
});

test("the 'Email Sent!' pop-up leaves the title and 'Download QR Code' free on a phone and goes by itself", async ({
  page,
}) => {
  const { uniqueId } = await buyTicket(page, 'BB-NIGHT', 1);
  await signInAs(page, 'customer');
  await page.clock.install();
  await page.goto(`/success/${uniqueId}/`);
  const download = page.getByRole('button', { name: 'Download QR Code' });
  await expect(download).toBeVisible();
  await page.clock.runFor(1_100);
  const popup = page.getByRole('dialog', { name: 'Email Sent!' });
  await expect(popup).toBeVisible();
  // The point at the button's middle is the button's own (at the bottom the pop-up covered it).
  await download.scrollIntoViewIfNeeded();
  const box = (await download.boundingBox())!;
  const topmost = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(topmost).toContain('Download QR Code');
  // Nor does it cover the title (at the top, under the header, it did).
  const heading = page.getByRole('heading', { name: 'Payment Successful!' });
  await heading.scrollIntoViewIfNeeded();
  const title = (await heading.boundingBox())!;
  const overTitle = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('h1')?.textContent ?? null,
    [title.x + title.width / 2, title.y + title.height / 2],
  );
  expect(overTitle).toBe('Payment Successful!');
  await page.screenshot({ path: test.info().outputPath('success-popup-390.png') });
  await page.clock.runFor(8_100);
  await expect(popup).toHaveCount(0);
});
