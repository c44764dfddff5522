/**
 * The ticket page's booking panel as a visitor meets it on a phone (390 px) and a desktop (1280 px):
 * a month calendar for the date (keyboard, names that say the day and whether it is sold out, the
 * from-price), counters that stop at the chosen time's places left and say why, one price line, the
 * children's rule only where it holds, and on a phone a book bar once the panel is out of view.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, romeToday } from '@rome/contract';
import { apiTokenFor, type Role } from './fixtures';
import { calendarDay, chooseTicketDate, ticketCalendar } from './ticket-date';

type ApiSlot = { id: string; date: string; time: string; remaining: number; status: string };

async function slotsOn(request: APIRequestContext, tag: string, date: string): Promise<ApiSlot[]> {
  const res = await request.get(`/api/packages/${tag}/availability/?from=${date}&to=${date}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).slots;
}

/**
 * Other buyers' unpaid checkouts hold `places` places of a slot: at most 50 adults an order, and a
 * buyer's new checkout replaces their unpaid one, so each 50 is another account's.
 */
async function hold(request: APIRequestContext, tag: string, slot: ApiSlot, places: number) {
  const buyers: Role[] = ['superuser', 'editor', 'customer'];
  for (let left = places, i = 0; left > 0; left -= 50, i++) {
    const token = await apiTokenFor(request, buyers[i]);
    const res = await request.post('/api/create-checkout-session/', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        date: slot.date,
        slot_id: slot.id,
        adult_count: String(Math.min(50, left)),
        youth_count: '0',
        infant_count: '0',
        package_identifier: tag,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** Scrolls until the booking panel is just above the viewport. */
async function scrollPastPanel(page: Page) {
  await page.evaluate(() => {
    const panel = [...document.querySelectorAll('section')].find((s) =>
      s.querySelector('h2')?.textContent?.includes('Book your tickets'),
    )!;
    window.scrollTo(0, panel.getBoundingClientRect().bottom + window.scrollY + 10);
  });
}

const adults = (page: Page) => page.getByTestId('adults-count');
const youths = (page: Page) => page.getByTestId('youths-count');
const increase = (page: Page, who: 'adults' | 'youths') =>
  page.getByRole('button', { name: `Increase ${who}` });

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height });
    });

    test('the date is a month calendar, named day by day and usable with the keyboard', async ({ page }) => {
      await page.goto('/manageBookings/E9/RM-COL');
      const calendar = ticketCalendar(page);
      await expect(page.getByRole('group', { name: 'Select a date' })).toBeVisible();
      // Weeks start on Monday.
      await expect(calendar.locator('th').first()).toHaveText('Mon');
      await expect(calendar.locator('th').first()).toHaveAttribute('abbr', 'Monday');

      // The first open day is the one in the tab order; its name says the day and the from-price.
      const first = calendar.locator('button[data-date][tabindex="0"]');
      const day = (await first.getAttribute('data-date'))!;
      await expect(first).toHaveAccessibleName(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}, from €24$/);
      await expect(first).toContainText('€24');
      // Days before today cannot be chosen.
      const yesterday = calendarDay(page, addDays(romeToday(), -1));
      if ((await yesterday.count()) > 0) {
        await expect(yesterday).toHaveAttribute('aria-disabled', 'true');
        await expect(yesterday).toHaveAccessibleName(/, not available$/);
      }

      await first.focus();
      await page.keyboard.press('ArrowRight');
      const next = addDays(day, 1);
      await expect(calendarDay(page, next)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(calendarDay(page, next)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('slot-times')).toBeVisible();

      // Page Down: the same day next month, its month shown.
      await calendarDay(page, next).focus();
      await page.keyboard.press('PageDown');
      const later = calendar.locator('button[data-date]:focus');
      await expect(later).toHaveCount(1);
      const laterDate = (await later.getAttribute('data-date'))!;
      expect(laterDate.slice(0, 7) > next.slice(0, 7)).toBe(true);
      await page.keyboard.press(' ');
      await expect(calendarDay(page, laterDate)).toHaveAttribute('aria-pressed', 'true');
    });

    test('a sold-out day is marked and named so; its times show as sold out', async ({ page, request }) => {
      // The night tour's one departure, all its places taken on a day three weeks ahead.
      const date = addDays(romeToday(), width === 390 ? 20 : 21);
      const [slot] = await slotsOn(request, 'BB-NIGHT', date);
      expect(slot, `BB-NIGHT runs on ${date}`).toBeTruthy();
      if (slot.remaining > 0) await hold(request, 'BB-NIGHT', slot, slot.remaining);

      await page.goto('/manageBookings/E9/BB-NIGHT');
      await chooseTicketDate(page, date);
      const day = calendarDay(page, date);
      await expect(day).toHaveAttribute('data-mark', 'sold-out');
      await expect(day).toHaveAccessibleName(/, sold out$/);
      await expect(day).toContainText('full');
      await expect(page.getByTestId('slot-times').getByRole('button')).toHaveAttribute(
        'data-status',
        'SOLD_OUT',
      );
      // A day with places keeps its from-price.
      await expect(calendarDay(page, addDays(date, 1))).toHaveAccessibleName(/, from €22$/);
    });

    test('the counters stop at the places left of the chosen time, say why, and fit a new time', async ({
      page,
      request,
    }) => {
      const date = addDays(romeToday(), width === 390 ? 12 : 13);
      const slots = (await slotsOn(request, 'RM-COL', date)).filter((s) => s.remaining >= 10);
      expect(slots.length, `RM-COL has open times on ${date}`).toBeGreaterThan(1);
      const [few, many] = slots;
      await hold(request, 'RM-COL', few, few.remaining - 3);

      await page.goto('/manageBookings/E9/RM-COL');
      await chooseTicketDate(page, date);
      const times = page.getByTestId('slot-times');
      await times.getByRole('button', { name: new RegExp(`^${few.time}`) }).click();
      for (let i = 0; i < 2; i++) await increase(page, 'adults').click();
      await increase(page, 'youths').click();
      await expect(page.getByTestId('places-cap')).toHaveText(`Only 3 places left at ${few.time}`);
      await expect(increase(page, 'adults')).toHaveAttribute('aria-disabled', 'true');
      // Greyed, still focusable (as the minus at 0): a press changes nothing.
      await increase(page, 'adults').click({ force: true });
      await increase(page, 'youths').click({ force: true });
      await expect(adults(page)).toHaveText('2');
      await expect(youths(page)).toHaveText('1');
      await expect(page.getByTestId('order-total')).toHaveText('€66.00');

      // Another time with more places: the cap lifts.
      await times.getByRole('button', { name: new RegExp(`^${many.time}`) }).click();
      await expect(page.getByTestId('places-cap')).toHaveText('');
      await increase(page, 'adults').click();
      await increase(page, 'adults').click();
      await expect(adults(page)).toHaveText('4');

      // Back to the time with 3 left: the counts come down to fit, youths first, and the panel says why.
      await times.getByRole('button', { name: new RegExp(`^${few.time}`) }).click();
      await expect(adults(page)).toHaveText('3');
      await expect(youths(page)).toHaveText('0');
      await expect(page.getByTestId('places-cap')).toHaveText(`Only 3 places left at ${few.time}`);
    });

    test('one price line, and the children rule only on bus tours', async ({ page }) => {
      await page.goto('/manageBookings/E9/RM-COL');
      const header = page.locator('main header');
      await expect(header.locator('p', { hasText: 'per person' })).toHaveText(/^From\s*€24\.00\s*per person/);
      await expect(header.getByText('Starting from')).toHaveCount(0);
      await expect(page.getByTestId('ticket-price')).toHaveText('€24.00');
      // A museum: the bus operators' rule is not its own.
      await expect(page.getByRole('heading', { name: 'Book your tickets' })).toBeVisible();
      await expect(page.getByText('Children 0-5 years travel free')).toHaveCount(0);

      await page.goto('/manageBookings/E9/BB-NIGHT');
      await expect(page.getByText('Children 0-5 years travel free')).toBeVisible();
    });

    test(`the book bar ${width < 1024 ? 'follows the phone once the panel is out of view' : 'never shows'}`, async ({
      page,
    }) => {
      await page.goto('/manageBookings/E9/BB-NIGHT');
      const bar = page.getByTestId('book-bar');
      // The app's panel (the HTML's booking form has the same heading).
      await expect(ticketCalendar(page)).toBeVisible();
      await scrollPastPanel(page);
      if (width >= 1024) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(300);
        await expect(bar).toBeHidden();
        return;
      }
      await expect(bar).toBeVisible();
      await expect(bar.getByTestId('book-bar-amount')).toHaveText('€22.00');
      await expect(bar).toContainText('From');

      // At the very bottom the footer's last link is above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const last = page.locator('footer a').last();
      await expect(last).toBeVisible();
      const linkBox = (await last.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(barBox.y);

      // 'Book now' brings the visitor to the panel's next step: the date.
      await bar.getByRole('button', { name: 'Book now' }).click();
      await expect(ticketCalendar(page).locator('button[data-date]:focus')).toHaveCount(1);
      await expect(bar).toBeHidden();

      // With a complete choice the bar shows the total and goes on to Checkout (the guest's e-mail).
      await ticketCalendar(page).locator('button[data-date]:focus').press('Enter');
      await increase(page, 'adults').click();
      await scrollPastPanel(page);
      await expect(bar.getByTestId('book-bar-amount')).toHaveText('€22.00');
      await expect(bar).toContainText('Total');
      await bar.getByRole('button', { name: 'Book now' }).click();
      await expect(page.getByLabel('E-mail address')).toBeFocused();
    });
  });
}
