/**
 * English words left on the storefront's ten main pages in Italian, Spanish, French and German
 * (decision 024): the visible text of each page at 1280 px, with the title and description the server
 * sends with it, is split into words; brand and place names are dropped first; the words that are plainly English (a short
 * list of English-only words: 'the', 'with', 'your', ...) are counted. A table per page and language
 * is printed, and a page above the threshold fails with its English words. English pages are counted
 * too, as the proof that the counter finds English where there is English. The browser console must
 * not report a message that was never compiled into the page's catalogue (Lingui's 'Uncompiled
 * message'): a word that would show in English.
 */
import { expect, type Page, test } from '@playwright/test';
import { demoAccounts, followInApp } from './fixtures';
import { buyTicket, ticketLinkInOutbox } from './tickets';

const PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['bus ticket', '/manageBookings/E9/BB-24'],
  ['museum ticket', '/manageBookings/E9/RM-VAT'],
  ['search', '/search?ticketType=24%20hours'],
  ['operator', '/bus/big-bus/big%20bus'],
  ['offers', '/offer'],
  ['about us', '/aboutus'],
  ['terms', '/terms'],
  ['return policy', '/returnPolicy'],
  ['find my tickets', '/find-tickets'],
];
const LANGUAGES = ['it', 'es', 'fr', 'de'] as const;
/** English words a translated page may still show (the odd loanword); above it the page fails. */
const THRESHOLD = 2;

/**
 * Names that stay as they are in every language: the shop, the operators and their products' brand
 * words, and places. Dropped before counting, longest first.
 */
const NAMES = [
  'Rome Bus Tickets',
  'Big Bus Tours',
  'Big Bus Rome',
  'Big Bus',
  'I Love Rome',
  'Green Line Tours',
  'Green Line Rome',
  'Green Line',
  'City Sightseeing Rome',
  'City Sightseeing',
  'Roma Musei',
  'Open Bus',
  'Classic',
  'Premium',
  'Deluxe',
  'Rome',
  'EUR',
  'English',
];

/**
 * Words that are English and nothing else in it, es, fr, de (so never 'a', 'in', 'on', 'no', 'per',
 * 'tour', 'ticket', 'tickets' (German), 'has' (Spanish), 'account' (Italian), 'was', 'will', 'see' (German), 'total', 'minutes', 'guide', 'places', 'link' ...).
 */
const ENGLISH = new Set(
  `the and with your you our we for from of to at by this that these those are is be been were can could
  should would all more book buy day days hours hour only each every any here there when where what which
  who how about after before other others have get find my out free children adults youth youths
  infants price prices search offers special terms policy return refund refunds refunded skip line
  stops night morning afternoon guided museums entry valid sold left loading welcome view share sign
  cart checkout close next previous back order orders send please thank thanks write call visit
  why work since secure card payment people shown checked includes include travel need unused returned
  chosen working claimed cannot made recorded commentary languages show phone board stay dark loop
  walking choose first until than then them they their its it's don't isn't we're you're ceiling rooms
  gallery maps timed up years old town gardens fountains ruins coach both included center walks short
  live group departure departs boarding seats calendar electric historic`
    .split(/\s+/)
    .filter(Boolean),
);

/** The page's visible text, as the visitor reads it. */
async function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text only, as the visitor reads it
  return page.evaluate(() => document.body.innerText);
}

/**
 * The title and description the server sends with the page (what the first load, a search engine and
 * a shared link show), read from its HTML as a document request gets it.
 */
async function serverHead(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path, { headers: { 'sec-fetch-dest': 'document' } })).text();
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    return `${doc.title}\n${doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''}`;
  }, html);
}

function englishWords(text: string): string[] {
  let rest = text;
  for (const name of [...NAMES].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  // An apostrophe belongs to its word ('all’agente' is Italian, not 'all').
  const words = rest.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  return words.filter((w) => ENGLISH.has(w));
}

/**
 * The page's requests still under way, as the browser reports them. Everything the page asks for
 * counts: a late chunk (a ticket's description), a call the app makes after its first render (a
 * museum's availability) and the pictures (a banner shows 'Loading banner image...' until its picture
 * is there).
 */
function inFlight(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  // A navigation abandons what the page before it asked for.
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) open.clear();
  });
  return () => open.size;
}

/** Resolves when the page's main thread has nothing left to do (rendering, scripts). */
const pageIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 2_000 })));

/**
 * Waits until the page has finished: nothing asked for is still under way, twice in a row with the
 * page idle in between (a render that asks for a chunk or data does so before the page goes idle).
 * What 'networkidle' waited for, without its 500 ms of quiet per page.
 */
async function settled(page: Page, pending: () => number) {
  let quiet = 0;
  while (quiet < 2) {
    await expect.poll(pending, { intervals: [20, 50, 100] }).toBe(0);
    await pageIdle(page);
    quiet = pending() === 0 ? quiet + 1 : 0;
  }
}

/**
 * Reads `path`: its head as the server sends it, and its visible text once it has finished. The first
 * page of a language is loaded; the others are reached inside the running app, as a visitor's click
 * does (followInApp): the language is fixed when the app starts (its prefix is the router's base), and
 * a page load costs the browser more CPU than anything else in this walk (decision 055).
 */
async function openAndRead(page: Page, path: string, pending: () => number, load: boolean): Promise<string> {
  if (load) await page.goto(path);
  else await followInApp(page, path);
  await expect(page.locator('main').first(), path).toBeVisible();
  await settled(page, pending);
  // Content blocks and the catalogue have answered; nothing is still a skeleton.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return `${await serverHead(page, path)}\n${await visibleText(page)}`;
}

test('English words left on the ten main pages in it, es, fr, de', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const uncompiled: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Uncompiled message')) uncompiled.push(`${page.url()}: ${m.text().slice(0, 200)}`);
  });
  const pending = inFlight(page);

  const rows: Record<string, Record<string, number>> = {};
  const over: string[] = [];
  const left: string[] = [];
  for (const [name] of PAGES) rows[name] = {};
  for (const lang of ['en', ...LANGUAGES] as const) {
    for (const [i, [name, path]] of PAGES.entries()) {
      const found = englishWords(
        await openAndRead(page, lang === 'en' ? path : `/${lang}${path}`, pending, i === 0),
      );
      rows[name][lang] = found.length;
      if (lang === 'en') continue;
      if (found.length) left.push(`${lang} ${name}: ${[...new Set(found)].join(', ')}`);
      if (found.length > THRESHOLD) over.push(`${lang} ${name}: ${[...new Set(found)].join(', ')}`);
    }
  }
  console.log('English words per page (en for reference)');
  console.table(rows);
  if (left.length) console.log(`English words left:\n${left.join('\n')}`);

  // The counter sees English where there is English.
  for (const [name] of PAGES)
    expect(rows[name].en, `English words on the English ${name} page`).toBeGreaterThan(THRESHOLD);
  expect(over, 'pages with English words above the threshold').toEqual([]);
  expect(uncompiled, "Lingui's uncompiled messages").toEqual([]);
});

test("the claim page's and a cancellation's answers in Italian, nothing uncompiled", async ({ page }) => {
  const uncompiled: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Uncompiled message')) uncompiled.push(m.text().slice(0, 200));
  });
  const agent = demoAccounts().agents[0];
  const { code } = await buyTicket(page, 'BB-24');
  await page.goto(`/it/verify/${code}/`);
  await page.getByLabel('Nome dell’agente').selectOption(agent.name);
  await page.getByLabel('Codice di sicurezza').pressSequentially(agent.code === '0000' ? '1111' : '0000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Nome dell’agente o codice di sicurezza non validi.');
  await page.keyboard.type(agent.code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Biglietto convalidato.');
  // Opened again: the server's 'already claimed' message, in Italian words and dates.
  await page.reload();
  const claimed = page.getByText(/^Questo biglietto è già stato convalidato il /);
  await expect(claimed).toHaveText(/ il \S+ \d{1,2} \S+ \d{4}, \d\d:\d\d da /);
  await expect(claimed).toContainText(` da ${agent.name}.`);
  await page.screenshot({ path: test.info().outputPath('it-already-claimed.png'), fullPage: true });

  // The buyer cancels from the ticket link: the confirmation in Italian.
  const other = await buyTicket(page, 'GL-24');
  await page.goto(new URL(ticketLinkInOutbox(other.code)).pathname.replace(/^\/t\//, '/it/t/'));
  await page.getByRole('button', { name: /^Annulla biglietto/ }).click();
  await page.getByRole('button', { name: 'Sì, annulla il biglietto' }).click();
  await expect(
    page.getByText(
      'Il tuo biglietto è stato cancellato e rimborsato. Ti stiamo inviando un’e-mail di conferma.',
    ),
  ).toBeVisible();
  expect(uncompiled, "Lingui's uncompiled messages").toEqual([]);
});
