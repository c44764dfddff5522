/**
 * The ticket page's date choice is a month calendar (features/package/DateCalendar.tsx): these helpers
 * choose a day (turning the months as a visitor does) and read the chosen one.
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** A page, or the booking widget's frame in a partner's page (decision 060). */
type Where = Page | FrameLocator;

export const ticketCalendar = (page: Where): Locator => page.getByTestId('ticket-calendar');

/** The button of a day 'YYYY-MM-DD' (its month must be showing). */
export const calendarDay = (page: Where, date: string): Locator =>
  ticketCalendar(page).locator(`button[data-date="${date}"]`);

/** Shows the month of `date` with the month buttons, then chooses the day. */
export async function chooseTicketDate(page: Where, date: string): Promise<void> {
  const calendar = ticketCalendar(page);
  await expect(calendar).toBeVisible();
  const month = date.slice(0, 7);
  for (let i = 0; i < 14 && (await calendarDay(page, date).count()) === 0; i++) {
    const shown = (await calendar.locator('button[data-date]').first().getAttribute('data-date')) ?? '';
    await calendar
      .getByRole('button', { name: shown.slice(0, 7) < month ? 'Next month' : 'Previous month' })
      .click();
  }
  await calendarDay(page, date).click();
  await expect(calendarDay(page, date)).toHaveAttribute('aria-pressed', 'true');
}

/** The chosen day, or null. */
export async function chosenTicketDate(page: Page): Promise<string | null> {
  const chosen = ticketCalendar(page).locator('button[data-date][aria-pressed="true"]');
  return (await chosen.count()) === 0 ? null : chosen.getAttribute('data-date');
}

/** Every day the calendar lets a visitor choose, month by month, in order. */
export async function offeredTicketDates(page: Page): Promise<string[]> {
  const calendar = ticketCalendar(page);
  await expect(calendar).toBeVisible();
  const previous = calendar.getByRole('button', { name: 'Previous month' });
  const next = calendar.getByRole('button', { name: 'Next month' });
  while (await previous.isEnabled()) await previous.click();
  const dates: string[] = [];
  for (;;) {
    dates.push(
      ...(await calendar
        .locator('button[data-date]:not([aria-disabled="true"])')
        .evaluateAll((days) => days.map((d) => d.getAttribute('data-date') ?? ''))),
    );
    if (!(await next.isEnabled())) return dates;
    await next.click();
  }
}
