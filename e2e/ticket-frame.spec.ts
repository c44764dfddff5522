/**
 * The ticket page's booking form in its HTML (decision 043), at 390 and 1280 px: a buyer on a slow link
 * chooses a day and tickets before the app's code has come, and the app's panel keeps that choice; with
 * no script at all the form still works (sent, the page comes back with the choice made, which the app
 * then shows), in the page's language.
 */
import { expect, test } from '@playwright/test';
import { centsToDecimal, decimalToCents, formatEuro } from '@rome/contract';

const TAG = 'BB-NIGHT';
const PAGE = `/manageBookings/E9/${TAG}`;
type Pkg = { dates: string[]; adult_price: string; youth_price: string };

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a choice made before the page code came is kept by the booking panel', async ({
      page,
      request,
    }) => {
      const pkg: Pkg = (await (await request.get(`/api/package/E9/${TAG}/`)).json()).data;
      const day = pkg.dates[1]!;
      // The page's code is held back until the buyer has chosen in the HTML's form (a slow link).
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      await page.route(/\/assets\/TicketDetailsPage-[^/]*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(PAGE, { waitUntil: 'commit' });
      const form = page.locator('#ticket-frame');
      await expect(form.getByRole('heading', { name: 'Book your tickets' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('ticket-price')).toHaveText(formatEuro(decimalToCents(pkg.adult_price)!));
      await form.getByLabel('Select a date').selectOption(day);
      await form.getByLabel(/^Adults/).selectOption('2');
      await form.getByLabel(/^Youths/).selectOption('1');
      await expect(page.getByTestId('ticket-calendar')).toHaveCount(0);
      release();

      // The app's panel takes over with the same day and counts, and prices them.
      await expect(page.getByTestId('ticket-calendar')).toBeVisible({ timeout: 20_000 });
      await expect(form).toHaveCount(0);
      await expect(page.locator(`button[data-date="${day}"]`)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('adults-count')).toHaveText('2');
      await expect(page.getByTestId('youths-count')).toHaveText('1');
      const total = 2 * decimalToCents(pkg.adult_price)! + decimalToCents(pkg.youth_price)!;
      await expect(page.getByTestId('order-total')).toHaveText(formatEuro(total));
      expect(centsToDecimal(total)).not.toBe('0.00');
    });

    test('with no script, the form is sent and comes back chosen, in the page language', async ({
      browser,
      request,
    }, testInfo) => {
      const pkg: Pkg = (await (await request.get(`/api/package/E9/${TAG}/?lang=it`)).json()).data;
      const day = pkg.dates[2]!;
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(`/it${PAGE}`);
      const form = page.locator('#ticket-frame');
      await expect(form.getByRole('heading', { name: 'Prenota i tuoi biglietti' })).toBeVisible();
      await expect(page.getByText(/^Da .* a persona$/)).toBeVisible();
      await expect(form.getByText('I bambini da 0 a 5 anni viaggiano gratis')).toBeVisible();
      await form.getByLabel('Seleziona una data').selectOption(day);
      await form.getByLabel(/^Adulti/).selectOption('3');
      await page.screenshot({ path: testInfo.outputPath(`frame-it-${width}.png`), fullPage: true });
      await form.getByRole('button', { name: 'Vai al pagamento' }).click();

      await expect(page).toHaveURL(new RegExp(`/it${PAGE}\\?date=${day}&adults=3&youths=0$`));
      await expect(page.locator('#ticket-frame-date')).toHaveValue(day);
      await expect(page.locator('#ticket-frame-adults')).toHaveValue('3');
      await context.close();

      // The same address with the app: its panel shows the choice the form carried.
      const app = await browser.newPage({ viewport: { width, height: 900 } });
      await app.goto(`/it${PAGE}?date=${day}&adults=3&youths=0`);
      await expect(app.locator(`button[data-date="${day}"]`)).toHaveAttribute('aria-pressed', 'true');
      await expect(app.getByTestId('adults-count')).toHaveText('3');
      await expect(app.getByTestId('order-total')).toHaveText(
        formatEuro(3 * decimalToCents(pkg.adult_price)!, 'it'),
      );
      await app.close();
    });
  });
}
