/**
 * The text search and the categories (decision 039), beside the spec's ticket-type search: a visitor
 * types a landmark with a typo, an operator's museum, or Italian words and reaches the ticket; a
 * category link lists its packages; nothing found suggests the categories. At a phone's width and a
 * desktop's.
 */
import { expect, type Page, test } from '@playwright/test';
import { atBothWidths, signInAs } from './fixtures';

type Pkg = { package_tag: string; title: string; adult_price: string; categories: string[] };

const cards = (page: Page) => page.getByRole('main').getByTestId('package-card');
const cardTitles = (page: Page) => cards(page).locator('h3');
const cardTags = async (page: Page) =>
  (await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))).map((href) =>
    decodeURIComponent(href.split('/').pop() ?? ''),
  );

/**
 * Each page of a walk is looked at at both widths (atBothWidths: the layout is responsive, nothing is
 * loaded again; decision 075, a page load was most of a test's CPU). The walk's own clicks and typing
 * are done at a phone's width, where a box or a card is likelier to sit under something; a control
 * that exists at one width only (the navigation's box: in the menu on a phone, in the bar on a laptop)
 * is used at its own width.
 */
test.describe('at 390 and 1280 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'colloseum' in the home hero reaches the Colosseum ticket, whose similar tickets are museums", async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search by name, operator or sight' });
    await atBothWidths(page, async (width) => {
      await expect(box, `${width} px`).toBeVisible();
    });
    await box.fill('colloseum');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=colloseum$/);
    await atBothWidths(page, async (width) => {
      await expect(page.getByRole('heading', { level: 1 }), `${width} px`).toHaveText(
        'Results for "colloseum"',
      );
      await expect(cardTitles(page).first()).toHaveText('Colosseum, Forum & Palatine');
      await expect(cards(page).first()).toBeVisible();
    });
    await cards(page).first().click();
    await expect(page).toHaveURL(/\/manageBookings\/E9\/RM-COL$/);
    await atBothWidths(page, async (width) => {
      await expect(page.getByRole('heading', { level: 1 }), `${width} px`).toContainText('Colosseum');
      // By what it is: 'More like this' offers the other museums, first on the page; the spec's
      // same-duration list stays below it.
      const more = page.getByTestId('more-like-this').getByTestId('package-card');
      await expect(more.first()).toBeVisible();
      const hrefs = await more.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThanOrEqual(3);
      expect(hrefs.every((h) => h.includes('/RM-'))).toBe(true);
      const order = await page
        .locator('[data-testid="more-like-this"], [data-testid="similar-packages"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
      expect(order[0]).toBe('more-like-this');
    });
  });

  test("'borghese' in the navigation finds Galleria Borghese", async ({ page }) => {
    await page.goto('/aboutus');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Each width searches from About Us with its own box (the page is opened once; the search is a
    // navigation inside the app, and Back returns to About Us without loading it again).
    await atBothWidths(page, async (width) => {
      if (width !== 390) {
        await page.goBack();
        await expect(page).toHaveURL(/\/aboutus$/);
      }
      // On a phone the box is in the menu.
      if (width < 768) await nav.getByRole('button', { name: 'Open menu' }).click();
      const box = nav.getByRole('searchbox', { name: 'Search by name, operator or sight' });
      await expect(box, `${width} px`).toBeVisible();
      await box.fill('borghese');
      await nav.getByRole('button', { name: 'Find' }).click();
      await expect(page).toHaveURL(/\/search\?q=borghese$/);
      await expect(cardTitles(page).first()).toHaveText('Galleria Borghese Entry');
      // The menu closed with the search.
      if (width < 768) await expect(nav.getByRole('button', { name: 'Open menu' })).toBeVisible();
    });
    await cards(page).first().click();
    await expect(page).toHaveURL(/\/manageBookings\/E8\/RM-BORGHESE$/);
  });

  test('a category link lists its packages, sorted by price on request', async ({ page, request }) => {
    const { bus_data }: { bus_data: Pkg[] } = await (await request.get('/api/packages/')).json();
    const museums = bus_data.filter((p) => p.categories.includes('museums'));
    expect(museums.length).toBeGreaterThan(3);

    await page.goto('/');
    const museumsLink = page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Museums and sights' });
    await atBothWidths(page, async (width) => {
      await expect(museumsLink, `${width} px`).toBeVisible();
    });
    await museumsLink.click();
    await expect(page).toHaveURL(/\/search\?category=museums$/);
    await atBothWidths(page, async (width) => {
      await expect(page.getByRole('heading', { level: 1 }), `${width} px`).toHaveText('Museums and sights');
      await expect(cards(page)).toHaveCount(museums.length);
      expect(await cardTags(page)).toEqual(museums.map((p) => p.package_tag));
      await expect(
        page
          .getByRole('navigation', { name: 'Categories' })
          .getByRole('link', { name: 'Museums and sights' }),
      ).toHaveAttribute('aria-current', 'page');
    });

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\/search\?category=museums&sort=price_asc$/);
    const cheapest = [...museums].sort((a, b) => Number(a.adult_price) - Number(b.adult_price));
    const price = (tag: string) => Number(museums.find((p) => p.package_tag === tag)?.adult_price);
    await atBothWidths(page, async (width) => {
      await expect(cardTitles(page).first(), `${width} px`).toHaveText(cheapest[0].title);
      const tags = await cardTags(page);
      expect(tags.map(price)).toEqual(cheapest.map((p) => Number(p.adult_price)));
    });

    // Another category from the chips.
    await page.getByRole('link', { name: 'Night tours' }).click();
    await expect(page).toHaveURL(/\/search\?category=night&sort=price_asc$/);
    await atBothWidths(page, async (width) => {
      await expect(cardTitles(page), `${width} px`).toContainText(['Big Bus Rome by Night']);
    });
  });

  test('nothing found suggests the categories', async ({ page }) => {
    await page.goto('/search?q=zzqqxx');
    const suggested = page.getByRole('navigation', { name: 'Suggested categories' });
    await atBothWidths(page, async (width) => {
      await expect(page.getByText('No tickets match "zzqqxx".'), `${width} px`).toBeVisible();
      await expect(suggested.getByRole('link', { name: 'Bus tours' })).toBeVisible();
    });
    await suggested.getByRole('link', { name: 'Bus tours' }).click();
    await expect(page).toHaveURL(/\/search\?category=bus-tours$/);
    await atBothWidths(page, async (width) => {
      await expect(cards(page).first(), `${width} px`).toBeVisible();
    });
  });

  test('on /it/ the Italian words find their packages, in Italian and under the prefix', async ({ page }) => {
    await page.goto('/it/');
    const box = page
      .getByRole('main')
      .getByRole('searchbox', { name: 'Cerca per nome, operatore o attrazione' });
    await atBothWidths(page, async (width) => {
      await expect(box, `${width} px`).toBeVisible();
    });
    await box.fill('colosseo');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/it\/search\?q=colosseo$/);
    await atBothWidths(page, async (width) => {
      await expect(page.getByRole('heading', { level: 1 }), `${width} px`).toHaveText(
        'Risultati per «colosseo»',
      );
      await expect(cardTitles(page).first()).toHaveText('Colosseo, Foro Romano e Palatino');
    });

    const again = page
      .getByRole('main')
      .getByRole('searchbox', { name: 'Cerca per nome, operatore o attrazione' });
    await again.fill('musei vaticani');
    await again.press('Enter');
    await expect(page).toHaveURL(/\/it\/search\?q=musei\+vaticani$/);
    await atBothWidths(page, async (width) => {
      await expect(cardTitles(page).first(), `${width} px`).toHaveText('Musei Vaticani e Cappella Sistina');
      await expect(cards(page).first()).toBeVisible();
    });
    await cards(page).first().click();
    await expect(page).toHaveURL(/\/it\/manageBookings\/E9\/RM-VAT$/);

    await page.goto('/it/search?category=museums');
    await atBothWidths(page, async (width) => {
      await expect(page.getByRole('heading', { level: 1 }), `${width} px`).toHaveText('Musei e attrazioni');
      await expect(cardTitles(page)).toContainText(['Ingresso alla Galleria Borghese']);
    });
  });
});

test('an editor ticks a category in the ticket editor; the category lists the ticket at once', async ({
  page,
  request,
}) => {
  await signInAs(page, 'editor');
  await page.goto('/manageBookings/E9/GL-24');
  await page.getByRole('button', { name: 'Edit Ticket' }).click();
  const editor = page.getByRole('dialog', { name: /^Edit Ticket/ });
  const night = editor.getByRole('checkbox', { name: 'Night tours' });
  await expect(editor.getByRole('checkbox', { name: 'Bus tours' })).toBeChecked();
  await expect(night).not.toBeChecked();
  await night.check();
  await expect(editor.getByTestId('unsaved-sections')).toContainText('Details & prices');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  const listed = async () =>
    ((await (await request.get('/api/packages/search/?category=night')).json()).results as Pkg[]).map(
      (p) => p.package_tag,
    );
  expect(await listed()).toContain('GL-24');
  await page.goto('/search?category=night');
  await expect(cards(page).first()).toBeVisible();
  expect(await cardTags(page)).toContain('GL-24');

  // Untick it again: the demo shop as it was for the other tests.
  await page.goto('/manageBookings/E9/GL-24');
  await page.getByRole('button', { name: 'Edit Ticket' }).click();
  await editor.getByRole('checkbox', { name: 'Night tours' }).uncheck();
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor).toBeHidden();
  expect(await listed()).not.toContain('GL-24');
});
