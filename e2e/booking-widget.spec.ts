/**
 * The booking widget (decision 060) on a partner's page of ANOTHER SITE: a tiny static server on
 * localhost serves a hotel's page whose one script tag loads /widget.js from the shop (127.0.0.1).
 * The visitor picks a day, a time and tickets in the frame, pays through the test checkout in the tab
 * the widget opens, and the order is recorded with the hotel as its partner. Once in English (the tag's
 * data-lang), once in Italian (the host page's <html lang>). Chromium runs with third-party cookies
 * blocked: nothing of the widget may need one. Screenshots of the hotel's page at 390 and 1280 px.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { chromiumLaunch } from '../playwright.config';
import { confirmPassword, expectNoSeriousA11yViolations, signInAs, superuserWriteHeaders } from './fixtures';
import { chooseTicketDate } from './ticket-date';
import { mailTo } from './tickets';

test.use({
  launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--test-third-party-cookie-phaseout'] },
});

let host: Server;
let hostOrigin = '';
/** The hotel's page for each path: set by each test before it opens it. */
const hostPages = new Map<string, string>();

test.beforeAll(async () => {
  host = createServer((req, res) => {
    const html = hostPages.get(req.url ?? '/');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'Not found');
  });
  // Any free port: 'localhost' is another site than the shop's 127.0.0.1 (not only another origin).
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const hotelPage = (shop: string, opts: { lang: string; tag: string }) => `<!doctype html>
<html lang="${opts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hotel Forum</title>
<style>body{margin:0;font-family:Georgia,serif;background:#f4efe6;color:#2b2118}header{padding:24px 16px;background:#2b2118;color:#f4efe6}
main{max-width:1100px;margin:0 auto;padding:16px;display:grid;gap:24px}@media(min-width:900px){main{grid-template-columns:1fr 520px}}</style>
</head><body><header><h1>Hotel Forum, Roma</h1></header><main>
<section><h2>Visit the Colosseum</h2><p>Our guests book their entry here, with the time they like.</p></section>
<section>${opts.tag.replace('SHOP', shop)}</section></main></body></html>`;

const uniqueAddress = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function makePartner(page: Page, name: string) {
  const res = await page.request.post('/api/admin/partners/', {
    headers: await superuserWriteHeaders(page.request),
    data: { name },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { partner: { id: string }; code: string };
}

async function partnerSales(page: Page, id: string) {
  const res = await page.request.get('/api/admin/partners/', {
    headers: { authorization: (await superuserWriteHeaders(page.request)).authorization },
  });
  return ((await res.json()).partners as { id: string; orders: number; revenue: string }[]).find(
    (p) => p.id === id,
  );
}

/** A week ahead on the Colosseum: the first time that sells, two adults. */
async function chooseTickets(frame: FrameLocator, words: { more: string }) {
  await chooseTicketDate(frame, addDays(romeToday(), 7));
  await frame.getByTestId('slot-times').getByRole('button', { disabled: false }).first().click();
  await frame.getByRole('button', { name: words.more }).click();
  await frame.getByRole('button', { name: words.more }).click();
}

const WORDS = {
  en: {
    more: 'Increase adults',
    checkout: 'Checkout',
    email: 'E-mail address',
    go: 'Continue to payment',
    pay: /^Pay/,
    paid: 'Payment Successful!',
    opened: 'Payment opened in a new tab',
    partner: 'recommended by Hotel Forum',
  },
  it: {
    more: 'Più adulti',
    checkout: 'Vai al pagamento',
    email: 'Indirizzo e-mail',
    go: 'Continua al pagamento',
    pay: /^Paga/,
    paid: 'Pagamento riuscito!',
    opened: 'Il pagamento si è aperto in una nuova scheda',
    partner: 'consigliato da Hotel Forum',
  },
} as const;

for (const lang of ['en', 'it'] as const) {
  test(`a hotel's page on another site sells through the widget, credited to the hotel (${lang})`, async ({
    page,
    baseURL,
  }) => {
    // A whole purchase across two tabs, with screenshots and an accessibility scan.
    test.slow();
    const words = WORDS[lang];
    const { partner, code } = await makePartner(page, 'Hotel Forum');
    // English: the tag's data-lang wins over the page's; Italian: the page's <html lang> alone.
    const tag =
      lang === 'en'
        ? `<script src="SHOP/widget.js" data-package="RM-COL" data-partner="${code}" data-lang="en" async></script>`
        : `<script src="SHOP/widget.js" data-package="RM-COL" data-partner="${code}" async></script>`;
    hostPages.set(`/${lang}`, hotelPage(baseURL!, { lang: 'it', tag }));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${hostOrigin}/${lang}`);

    const iframe = page.locator('iframe[data-rbt-widget]');
    await expect(iframe).toHaveAttribute(
      'src',
      new RegExp(`^${baseURL}${lang === 'en' ? '' : '/it'}/widget/RM-COL/\\?`),
    );
    const frame = page.frameLocator('iframe[data-rbt-widget]');
    await expect(frame.getByRole('heading', { level: 1 })).toContainText(/Colosse/);
    await expect(frame.getByText(words.partner)).toBeVisible();
    // The frame takes the height its page posts (the loader's first guess is 640 px).
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).not.toBe(640);

    await chooseTickets(frame, words);
    await frame.getByRole('button', { name: words.checkout }).click();
    await frame.getByLabel(words.email).fill(uniqueAddress(`widget-${lang}`));
    // Tall enough for the whole page: a full-page screenshot leaves another site's frame blank below the fold.
    await page.setViewportSize({ width: 390, height: 1900 });
    await page.screenshot({ path: test.info().outputPath(`widget-host-390-${lang}.png`) });
    await page.setViewportSize({ width: 390, height: 844 });

    // Payment in a tab of its own (Stripe Checkout refuses frames; the frame has no cookie).
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      frame.getByRole('button', { name: words.go }).click(),
    ]);
    await expect(tab).toHaveURL(new RegExp(`^${baseURL}${lang === 'en' ? '' : '/it'}/pay/test_cs_`));
    await tab.getByRole('button', { name: words.pay }).click();
    await expect(tab.getByRole('heading', { name: words.paid })).toBeVisible();
    await expect(frame.getByRole('heading', { name: words.opened })).toBeVisible();

    // The order is the hotel's sale.
    await expect.poll(async () => (await partnerSales(page, partner.id))?.orders).toBe(1);
    expect((await partnerSales(page, partner.id))?.revenue).not.toBe('0.00');

    await page.setViewportSize({ width: 1280, height: 1300 });
    await page.reload();
    await expect(frame.getByRole('heading', { level: 1 })).toContainText(/Colosse/);
    await chooseTickets(frame, words);
    await page.screenshot({ path: test.info().outputPath(`widget-host-1280-${lang}.png`) });
    // Last: the scan's script stays in the frame, where it keeps the widget from opening a tab.
    if (lang === 'en') await expectNoSeriousA11yViolations(page, { crossOriginFrames: true });
  });
}

test("a code that is no partner's still sells, crediting nobody; the ticket mail goes out", async ({
  page,
  baseURL,
}) => {
  test.slow();
  hostPages.set(
    '/unknown',
    hotelPage(baseURL!, {
      lang: 'en',
      tag: '<script src="SHOP/widget.js" data-package="RM-COL" data-partner="ptn_AAAAAAAAAAAAAAAAAAAAAAAA" async></script>',
    }),
  );
  await page.goto(`${hostOrigin}/unknown`);
  const frame = page.frameLocator('iframe[data-rbt-widget]');
  await expect(frame.getByText('Sold by Rome Bus Tickets')).toBeVisible();
  await expect(frame.getByText('recommended by')).toHaveCount(0);
  await chooseTickets(frame, WORDS.en);
  await frame.getByRole('button', { name: 'Checkout' }).click();
  const email = uniqueAddress('widget-nobody');
  await frame.getByLabel('E-mail address').fill(email);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    frame.getByRole('button', { name: 'Continue to payment' }).click(),
  ]);
  await tab.getByRole('button', { name: /^Pay/ }).click();
  await expect(tab.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  expect(await mailTo(email)).toMatch(/\/t\/[\w-]{43}/);
});

test("the dashboard makes a partner, shows its script tag once, and lists each partner's sales", async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'superuser');
  await page.goto('/analytics');
  const panel = page.getByRole('region', { name: 'Booking widget partners' });
  const name = `Hotel Campo ${Date.now()}`;
  await panel.getByLabel('Partner name').fill(name);
  await panel.getByRole('button', { name: 'Create partner' }).click();
  await confirmPassword(page);
  await expect(panel.getByTestId('new-partner-tag')).toContainText(/data-partner="ptn_[\w-]{24}"/);
  const row = panel.getByTestId('partner-row').filter({ hasText: name });
  await expect(row.getByRole('cell')).toHaveText([/^…[\w-]{4}$/, '0', '0', '0.00', /./]);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('dashboard-partners-1280.png') });
});
