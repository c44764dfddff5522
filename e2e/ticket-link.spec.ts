/**
 * The ticket in the tourist's pocket (issue #18): the link from the ticket e-mail opens the ticket on
 * a phone that never signed in, shows it again with no network, and an unknown link is a plain 404.
 * 'Find my tickets' and 'Send link again' send new links beside the old; the buyer ends the old ones.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { demoAccounts, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { buyTicket, findConfirmLinkInOutbox, findConfirmMailCount, ticketLinkInOutbox } from './tickets';

// A purchase, two phones, two axe scans and a PDF in one journey: 30 s ran out on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('the ticket link opens without a sign-in, works offline once opened, and 404s when unknown', async ({
  browser,
  page,
}) => {
  const { code } = await buyTicket(page, 'BB-24', 0, { adults: 2, youths: 1 });
  const link = new URL(ticketLinkInOutbox(code));
  const path = link.pathname;

  // A fresh browser profile: no account, no tokens (the phone at the bus stop).
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await phone.newPage();
  const res = await tab.goto(path);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['referrer-policy']).toBe('no-referrer');
  expect(res?.headers()['cache-control']).toBe('private, max-age=604800');
  const qr = tab.getByTestId('ticket-qr');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  await expect(tab.getByTestId('ticket-status')).toHaveText('Valid');
  await expect(tab.getByText('2 adults, 1 youth')).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Download PDF ticket' })).toBeVisible();
  await expectNoSeriousA11yViolations(tab);

  // Wallet buttons (the e2e server has throwaway signing material): Apple's downloads the signed
  // pass, Google's goes to Google's save page with the ticket signed into the address.
  const [pass] = await Promise.all([
    tab.waitForEvent('download'),
    tab.getByRole('link', { name: 'Add to Apple Wallet' }).click(),
  ]);
  expect(pass.suggestedFilename()).toMatch(/^ticket-[\w-]+\.pkpass$/);
  const google = await tab.getByRole('link', { name: 'Add to Google Wallet' }).getAttribute('href');
  const redirect = await tab.request.get(google!, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/eyJ/);
  expect(await tab.evaluate(() => localStorage.getItem('access'))).toBeNull();
  // The saved copy is keyed by the token's hash, never by the token.
  const keys = await tab.evaluate(() => Object.keys(localStorage));
  expect(keys.some((k) => /^ticket-link:[0-9a-f]{64}$/.test(k))).toBe(true);
  expect(keys.join(' ')).not.toContain(path.slice(3));

  // No signal: the link opens again from what the browser kept, and the QR is there.
  await phone.setOffline(true);
  await tab.goto(path);
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  await expect(tab.getByTestId('saved-copy')).toContainText('No connection');
  await phone.setOffline(false);

  // Pull-to-refresh with no signal: a reload asks the network for the page itself (the HTTP cache
  // alone gives the browser's offline page); the ticket worker answers it from its cache.
  await tab.goto(path);
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  await expect
    .poll(() =>
      tab.evaluate(async () => {
        const worker = await navigator.serviceWorker.getRegistration(location.pathname);
        const kept = await (await caches.open('ticket-pages')).match(location.pathname);
        return Boolean(worker?.active && kept);
      }),
    )
    .toBe(true);
  await phone.setOffline(true);
  await tab.reload();
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  await expect(tab.getByTestId('saved-copy')).toContainText('No connection');
  await phone.setOffline(false);

  // The PDF by the link.
  const pdf = await tab.request.get(`/api/ticket-links/${path.slice(3)}/pdf/`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // An unknown link: a plain 404 page.
  const unknown = await tab.goto(`/t/${randomBytes(32).toString('base64url')}`);
  expect(unknown?.status()).toBe(404);
  await expect(tab.getByRole('heading', { name: 'This ticket link is not valid' })).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Find my tickets' })).toBeVisible();

  // 'Find my tickets' first mails a link to the address; opened there, it sends new links, and the
  // owner may end the old ones (a stranger who knows the address can do neither).
  await tab.getByRole('link', { name: 'Find my tickets' }).click();
  await expect(tab.getByRole('heading', { name: 'Find My Tickets' })).toBeVisible();
  await expectNoSeriousA11yViolations(tab);
  const asked = findConfirmMailCount();
  await tab.getByRole('main').getByLabel('Email Address').fill(demoAccounts().customer.email);
  await tab.getByRole('button', { name: 'Send My Ticket Links' }).click();
  await expect(tab.getByTestId('find-sent')).toContainText('If this address has tickets with us');
  // Nothing changed yet: the link still opens.
  await tab.goto(path);
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  const confirm = await findConfirmLinkInOutbox(asked + 1);
  await tab.goto(confirm);
  await expect(tab.getByTestId('find-confirm')).toBeVisible();
  await tab.screenshot({ path: test.info().outputPath('find-confirm.png') });
  await tab.getByRole('button', { name: 'Get my ticket links' }).click();
  await expect(tab.getByTestId('find-confirm').getByRole('status')).toHaveText(
    'Your ticket links are on their way to your e-mail. Links you sent or forwarded before keep working.',
  );
  // New links beside the old: the link the family was forwarded still opens (decision 042).
  await tab.goto(path);
  await expect(tab.getByTestId('ticket-qr')).toBeVisible();
  // The owner ends them from the same e-mail's link.
  await tab.goto(confirm);
  await tab.getByRole('button', { name: 'End the old links and send new ones' }).click();
  await expect(tab.getByTestId('find-confirm').getByRole('status')).toHaveText(
    'Your new ticket links are on their way to your e-mail. The links sent before no longer work.',
  );
  // (The page itself may come from the browser's cache; the ticket's answer is asked for each time.)
  await tab.goto(path);
  await expect(tab.getByRole('heading', { name: 'This ticket link is not valid' })).toBeVisible();
  await expect(tab.getByTestId('ticket-qr')).toHaveCount(0);
  // The saved copy of a replaced link is dropped.
  expect(
    (await tab.evaluate(() => Object.keys(localStorage))).filter((k) => k.startsWith('ticket-link:')),
  ).toEqual([]);
  await phone.close();
});

test("'Send link again' keeps the link the family was forwarded; 'End old links' ends it", async ({
  browser,
  page,
}) => {
  const { code } = await buyTicket(page, 'BB-24');
  const forwarded = new URL(ticketLinkInOutbox(code)).pathname;
  const family = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const theirs = await family.newPage();
  await theirs.goto(forwarded);
  await expect(theirs.getByTestId('ticket-qr')).toBeVisible();

  await signInAs(page, 'customer');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/yourticket');
  // The newest ticket comes first: the one just bought.
  const row = page.getByTestId('ticket-row').first();
  await row.getByRole('button', { name: /^Send link again for / }).click();
  await expect(page.getByText('Links you sent or forwarded before keep working.')).toBeVisible();
  await theirs.goto(forwarded);
  await expect(theirs.getByTestId('ticket-qr')).toBeVisible();

  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: /^End old links for / }).click();
  await expect(page.getByText('The old links no longer open this ticket.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('links-ended.png') });
  await theirs.goto(forwarded);
  await expect(theirs.getByRole('heading', { name: 'This ticket link is not valid' })).toBeVisible();
  await family.close();
});
