/**
 * Resellers' webhooks on the superusers' dashboard (decision 056): a reseller registers a webhook to a
 * real receiver through the OCTO API and confirms a booking; the superuser sees the webhook and its
 * delivered event in the log, then deletes the webhook (with a confirmation and the password).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { atBothWidths, confirmPassword, expectNoSeriousA11yViolations, signInAs } from './fixtures';

test("a superuser sees a reseller's webhook and its deliveries, and deletes it, at 390 px, looked at at 390 and 1280 px", async ({
  page,
}) => {
  test.slow();
  const got: string[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    await page.setViewportSize({ width: 390, height: 900 });
    await signInAs(page, 'superuser');
    await page.goto('/analytics');
    // A key for this attempt (retry-safe: its own name), made on the dashboard.
    const keys = page.getByRole('region', { name: 'Reseller API keys (OCTO)' });
    const name = `Hook Tours ${Math.random().toString(36).slice(2, 7)}`;
    await keys.getByLabel('Reseller name').fill(name);
    await keys.getByRole('button', { name: 'Create key' }).click();
    await confirmPassword(page);
    const key = (await keys.getByTestId('new-reseller-key').textContent())!.trim();

    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const port = (receiver.address() as AddressInfo).port;
    const hook = await page.request.post('/octo/webhooks', {
      headers,
      data: { url: `http://127.0.0.1:${port}/hooks`, event: 'booking_update' },
    });
    expect(hook.status()).toBe(200);
    const uuid = crypto.randomUUID();
    const reserved = await page.request.post('/octo/bookings', {
      headers,
      data: { uuid, productId: 'BB-24', optionId: 'DEFAULT', unitItems: [{ unitId: 'adult' }] },
    });
    expect(reserved.status(), await reserved.text()).toBe(200);
    const confirmed = await page.request.post(`/octo/bookings/${uuid}/confirm`, {
      headers,
      data: { contact: { fullName: 'Ada Tourist' } },
    });
    expect(confirmed.status()).toBe(200);
    await expect.poll(() => got.some((b) => b.includes(uuid)), { timeout: 15_000 }).toBe(true);

    await page.reload();
    const panel = page.getByRole('region', { name: 'Reseller webhooks' });
    const row = panel.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('booking_update');
    await expect(row).toContainText(`127.0.0.1:${port}/hooks`);
    const deliveries = panel.getByRole('list', { name: 'Webhook deliveries' });
    const delivered = deliveries.getByRole('listitem').filter({ hasText: name }).first();
    await expect(delivered).toContainText('delivered');
    await expect(delivered).toContainText('booking_update · created');
    await expect(delivered).toContainText('last answer 204');
    await atBothWidths(page, async (width) => {
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`webhooks-${width}.png`), fullPage: false });
      await expectNoSeriousA11yViolations(page);
    });

    await row.getByRole('button', { name: 'Delete…' }).click();
    await expect(row.getByRole('button', { name: 'Keep' })).toBeFocused();
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmPassword(page);
    await expect(row).toHaveCount(0);
    const left = await page.request.get('/octo/webhooks', { headers });
    expect(await left.json()).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
