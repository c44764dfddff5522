/**
 * A journey in Italian (issue #20): a browser asking for Italian opens the shop's English address and
 * lands on the Italian home once; from there it chooses a ticket type, opens a ticket, checks out, pays
 * on the (Italian) test checkout, sees the QR ticket in Italian, and gets the ticket e-mail in Italian
 * with links to the Italian pages. Nothing on the way falls back to English words we know of.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { atBothWidths, demoAccounts, expectNoSeriousA11yViolations, signInAs, signInWith } from './fixtures';

test.use({ locale: 'it-IT' });

/** The e-mails in the outbox folder (quoted-printable and MIME-encoded subjects undone). */
function outbox(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {}
  return files.map((f) => {
    const raw = readFileSync(path.join(dir, f), 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
        q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h) => `%${h}`),
      )
      .replace(/=([0-9A-F]{2})/g, (_, h) => `%${h}`);
    try {
      return decodeURIComponent(raw.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } catch {
      return raw;
    }
  });
}

test('in Italian from the home page to the QR ticket and the Italian e-mail', async ({ page }) => {
  test.setTimeout(90_000);
  const { customer } = demoAccounts();
  await signInWith(page, customer.email, customer.password);
  const before = outbox().length;

  // The first visit follows the browser's Italian once.
  await page.goto('/');
  await expect(page).toHaveURL(/\/it\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page).toHaveTitle(/Tour in autobus hop-on hop-off/);
  const nav = page.getByRole('navigation', { name: 'Principale' });
  await expect(nav.getByRole('link', { name: 'I miei acquisti' })).toBeVisible();
  await expect(nav.getByRole('combobox', { name: 'Lingua' })).toHaveValue('it');
  await expectNoSeriousA11yViolations(page);

  // A ticket type, the results, a ticket: every address keeps /it.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '24 ore' }) })
    .click();
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page).toHaveURL(/\/it\/search\?ticketType=24(%20|\+)hours/);
  await page
    .getByRole('link', { name: /Big Bus Rome Classic 24h/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/it\/manageBookings\/E9\/BB-24$/);
  await expect(page.getByText('29,00 €').first()).toBeVisible();

  await page.getByRole('button', { name: 'Più adulti' }).click();
  await page.getByRole('button', { name: 'Più adulti' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('58,00 €');
  await page.getByRole('button', { name: 'Vai al pagamento' }).click();

  // The test checkout in Italian, then the Italian success page with the QR.
  await expect(page).toHaveURL(/\/it\/pay\/test_cs_/);
  await expect(page.getByTestId('test-checkout-total')).toHaveText('58,00 €');
  await page.getByRole('button', { name: /^Paga / }).click();
  await expect(page).toHaveURL(/\/it\/success\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { name: 'Pagamento riuscito!' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Il codice QR del tuo biglietto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scarica il codice QR' })).toBeVisible();

  // The ticket e-mail, in Italian, with the Italian ticket link.
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = outbox()
        .slice(before)
        .find((m) => m.includes('/verify/'));
      return Boolean(mail);
    })
    .toBe(true);
  expect(mail).toContain('Il tuo biglietto: Big Bus Rome Classic 24h');
  expect(mail).toContain('Grazie per il tuo acquisto!');
  expect(mail).toContain('Biglietti: 2 adulti');
  expect(mail).toContain('58,00');
  const link = /https?:\/\/[^\s"<>]+\/it\/t\/[\w-]{43}/.exec(mail!)?.[0];
  expect(link, 'the ticket link under /it').toBeTruthy();

  // The ticket link opens in Italian too.
  await page.goto(link!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('img', { name: /QR/ }).first()).toBeVisible();
});

test('the ticket editor on the Italian page writes the Italian words; English stays', async ({ page }) => {
  const TICKET = '/manageBookings/E9/GL-72';
  const english = (await (await page.request.get('/api/package/E9/GL-72/')).json()).data;
  await signInAs(page, 'editor', { isEditor: true });
  await page.goto(`/it${TICKET}`);
  await page.getByRole('button', { name: 'Edit Ticket' }).click();
  const editor = page.getByRole('dialog', { name: /^Edit Ticket/ });
  await expect(editor.getByText(/You are editing this ticket in Italiano/)).toBeVisible();
  // The demo's Italian subtitle, description and keywords (seed/package-words.ts); the brand title and
  // the meta title and description (empty in English) show their English, marked.
  await expect(editor.getByText('Not translated: English shown')).toHaveCount(3);
  await expect(editor.getByRole('textbox', { name: /^Subtitle/ })).toHaveValue(
    'Tour in autobus hop-on hop-off',
  );
  const title = editor.getByRole('textbox', { name: /^Title/ });
  await expect(title).toHaveValue(english.title);
  await title.fill('Linea Verde Roma 72 ore');
  await editor.getByRole('textbox', { name: /^Subtitle/ }).fill('Autobus panoramico');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Linea Verde Roma 72 ore' })).toBeVisible();

  // The Italian page from the server: its head and its first screen in Italian.
  await page.reload();
  await expect(page).toHaveTitle(/^Linea Verde Roma 72 ore \| /);
  await expect(page.getByText('Autobus panoramico').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit Ticket' }).click();
  await expect(editor.getByText('Not translated: English shown')).toHaveCount(2);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // English (the spec's calls and page) is untouched.
  const after = (await (await page.request.get('/api/package/E9/GL-72/')).json()).data;
  expect(after.title).toBe(english.title);
  expect(after.type).toBe(english.type);
  expect(await (await page.request.get(TICKET)).text()).not.toContain('Linea Verde');
});

// The banners and the switcher on one visit: the German pages first, then the Italian about page, where
// the switcher starts (one load of it for both).
test("the content pages' banners speak the page's language while their stored blocks are the seed's English; the switcher keeps the page, and the choice is kept over the browser language", async ({
  page,
}) => {
  // The seed stores the English title and subtitle as blocks; they must not hide the translation.
  const banner = page.locator('section[aria-labelledby="page-title"]');
  await page.goto('/de/agentpoints');
  await expect(banner.getByRole('heading', { level: 1 })).toHaveText('Verkaufsstellen');
  await expect(banner).toContainText('Finden Sie unsere Verkaufsstellen an den wichtigsten Haltestellen');
  await page.goto('/de/terms');
  await expect(banner.getByRole('heading', { level: 1 })).toHaveText('Allgemeine Geschäftsbedingungen');
  await page.goto('/it/aboutus');
  await expect(banner.getByRole('heading', { level: 1 })).toHaveText('Chi siamo');
  await expect(banner).toContainText('La tua guida per vedere Roma dal piano panoramico');

  // The switcher keeps the page.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Principale' })
    .getByRole('combobox', { name: 'Lingua' })
    .selectOption('de');
  await expect(page).toHaveURL(/\/de\/aboutus$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(/^Über uns \| Rome Bus Tickets$/);
  // Chosen English: an English address stays English although the browser asks for Italian.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('combobox', { name: 'Sprache' })
    .selectOption('en');
  await expect(page).toHaveURL(/\/aboutus$/);
  await page.goto('/search?ticketType=24%20hours');
  await expect(page).toHaveURL(/\/search\?ticketType=24%20hours$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

// Nine pages, each scanned at 1280 and 390 px: one test per language, so neither takes minutes on a
// loaded machine. Each page is opened once and scanned at both widths (atBothWidths: the layout is
// responsive, nothing is loaded again; as the route walk, e2e/a11y-routes.ts). The scans are about nine
// tenths of the time (a load 0.2-0.8 s, a scan 1.1-2.9 s), and a scan's time grows with the page's
// elements: German has five pages to Spanish's four, and the storefront's fullest (the home and ticket
// pages about 650-800 elements, the Spanish forms and not-found page about 220), so it takes twice as long.
const AXE_PAGES = {
  German: [
    '/de/',
    '/de/search?ticketType=24%20hours',
    '/de/manageBookings/E9/BB-NIGHT',
    '/de/aboutus',
    '/de/offer',
  ],
  Spanish: ['/es/login', '/es/registation', '/es/find-tickets', '/es/no/such/page'],
};
for (const [language, pages] of Object.entries(AXE_PAGES)) {
  test(`axe finds nothing serious on the storefront in ${language} at 1280 and 390 px`, async ({ page }) => {
    test.setTimeout(180_000);
    // The laptop size atBothWidths leaves the window at, so no page is laid out again before it is left.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', path.slice(1, 3));
      await atBothWidths(page, async (width) => {
        await expect(page.getByRole('main'), `${path} at ${width} px`).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
