/**
 * The ticket editor in sections (issue: one dialog 6,200 px tall, two save models, a 'calendar' of 450
 * rows): the sections show one at a time inside a dialog that fits the screen, one Save Changes sends
 * the draft (ticket fields and availability settings), and the month of times is a calendar whose day
 * closes and reopens in one step, whose weekday's times take one capacity, and whose past days offer no
 * change. Walked at 390 px and looked at at 390 and 1280 px, with screenshots of every section and of the
 * month at both.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, formatRomeDate, romeToday, weekday } from '@rome/contract';
import { apiTokenFor, atBothWidths, expectNoSeriousA11yViolations, signInAs } from './fixtures';
import { chooseTicketDate, offeredTicketDates } from './ticket-date';

const TICKET = '/manageBookings/E9/RM-COL';
const SECTIONS = [
  ['details', 'Details & prices'],
  ['description', 'Description'],
  ['images', 'Images'],
  ['seo', 'SEO'],
  ['availability', 'Availability'],
] as const;
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

test.describe.configure({ timeout: 120_000 });

const bearer = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await apiTokenFor(request, 'editor')}`,
});

/** The Colosseum's slots on a Rome date, as buyers see them. */
async function slotsOn(request: APIRequestContext, date: string) {
  const res = await request.get(`/api/packages/RM-COL/availability/?from=${date}&to=${date}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).slots as { id: string; time: string; status: string; remaining: number }[];
}

/** The dates the ticket page offers (the spec's date choice). */
async function offeredDates(page: Page): Promise<string[]> {
  return offeredTicketDates(page);
}

/** Opens the ticket editor at 390 px, on the ticket page already open or on a fresh load of it. */
async function openEditor(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  if (new URL(page.url()).pathname !== TICKET) await page.goto(TICKET);
  await page.getByRole('button', { name: 'Edit Ticket' }).click();
  const editor = page.getByRole('dialog', { name: /^Edit Ticket/ });
  await expect(editor).toBeVisible();
  return editor;
}

/** The dialog lies inside the viewport, and the shown section has nothing wider than itself. */
async function expectFits(page: Page, editor: Locator, section: Locator) {
  const view = page.viewportSize()!;
  const box = (await editor.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height + 0.5);
  expect(await section.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

const sectionButton = (editor: Locator, name: string) =>
  editor
    .getByRole('navigation', { name: 'Ticket editor sections' })
    .getByRole('button', { name, exact: true });

async function showSection(editor: Locator, key: string, name: string) {
  await sectionButton(editor, name).click();
  await expect(sectionButton(editor, name)).toHaveAttribute('aria-current', 'true');
  const section = editor.getByTestId(`section-${key}`);
  await expect(section.getByRole('heading', { level: 3, name, exact: true })).toBeFocused();
  return section;
}

/** Every section in turn, and one Save Changes for a ticket field and an availability setting. */
async function sectionsAndOneSave(page: Page, request: APIRequestContext) {
  const before = (await (await request.get('/api/package/E9/RM-COL/')).json()).data;
  const settings = await (
    await request.get('/api/packages/RM-COL/availability/?from=2020-01-01&to=2020-01-01')
  ).json();
  const price = (Number(before.adult_price) + 1).toFixed(2);
  try {
    const editor = await openEditor(page);
    // Every section in turn, alone in view, inside a dialog that fits the screen at each width.
    for (const [key, name] of SECTIONS) {
      const section = await showSection(editor, key, name);
      if (key === 'availability') await expect(section.getByTestId('month-grid')).toBeVisible();
      await atBothWidths(page, async (width) => {
        await expect(section).toBeInViewport();
        for (const [other] of SECTIONS)
          if (other !== key) await expect(editor.getByTestId(`section-${other}`)).not.toBeInViewport();
        await expectFits(page, editor, section);
        await page.screenshot({ path: test.info().outputPath(`section-${key}-${width}.png`) });
      });
    }
    // One Save in the whole dialog: the changes to times have their own words.
    await expect(editor.getByRole('button', { name: /save/i })).toHaveCount(1);

    // A price and a cancellation cut-off, in two sections, are one draft: each section says so.
    await showSection(editor, 'details', 'Details & prices');
    await editor.getByLabel('Adult price').fill(price);
    await showSection(editor, 'availability', 'Availability');
    await editor
      .getByLabel('Cancellation cut-off (hours before start)')
      .fill(String(settings.cancel_cutoff_hours + 1));
    await expect(editor.getByTestId('unsaved-sections')).toHaveText(
      'Unsaved changes: Details & prices, Availability',
    );
    await expect(sectionButton(editor, 'Details & prices (unsaved changes)')).toBeVisible();

    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().includes('/update-bus-package/RM-COL/'),
    );
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes('/editor/packages/RM-COL/availability/'),
    );
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ adult_price: price });
    expect((await put).postDataJSON()).toMatchObject({
      availability_type: 'START_TIME',
      cancel_cutoff_hours: settings.cancel_cutoff_hours + 1,
      cutoff_minutes: settings.cutoff_minutes,
    });
    await expect(page.getByText('Ticket updated successfully!').first()).toBeVisible();
    await expect(editor).toHaveCount(0);
    await expect(page.getByTestId('ticket-price')).toHaveText(`€${price}`);
    const after = await (
      await request.get('/api/packages/RM-COL/availability/?from=2020-01-01&to=2020-01-01')
    ).json();
    expect(after.cancel_cutoff_hours).toBe(settings.cancel_cutoff_hours + 1);
  } finally {
    const headers = await bearer(request);
    await request.patch('/api/update-bus-package/RM-COL/', {
      headers,
      data: { adult_price: before.adult_price },
    });
    const { package_tag: _tag, slots: _slots, ...kept } = settings;
    await request.put('/api/editor/packages/RM-COL/availability/', { headers, data: kept });
  }
}

/**
 * A time yesterday: a day that has passed with something on it (the month's past day). Added before the
 * editor first opens, so the month it loads has it.
 */
async function addTimeYesterday(request: APIRequestContext) {
  const yesterday = addDays(romeToday(), -1);
  const added = await request.post('/api/editor/packages/RM-COL/slots/', {
    headers: await bearer(request),
    data: {
      from: yesterday,
      to: yesterday,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: ['09:00'],
      capacity: 40,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

/** The month as a calendar: a day closed and reopened, a weekday given one capacity, a past day read-only. */
async function monthCalendar(page: Page, request: APIRequestContext) {
  const today = romeToday();
  // Days no other browser test buys (the guest's is a week ahead).
  const closing = addDays(today, 9);
  const capacityDay = addDays(today, 3);
  const nextMonth = addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7);
  const day = weekday(capacityDay);
  const yesterday = addDays(today, -1);
  const headers = await bearer(request);
  try {
    const editor = await openEditor(page);
    const section = await showSection(editor, 'availability', 'Availability');
    const grid = section.getByTestId('month-grid');
    /** Moves the calendar to the month of `date`. */
    const month = async (date: string) => {
      for (let i = 0; i < 3; i++) {
        const shown = (await grid.locator('[data-testid="month-day"]').first().getAttribute('data-date'))!;
        if (shown.slice(0, 7) === date.slice(0, 7)) break;
        const way = shown.slice(0, 7) < date.slice(0, 7) ? /Next month/ : /Previous month/;
        await section.getByRole('button', { name: way }).click();
        await expect(grid.locator('[data-testid="month-day"]').first()).not.toHaveAttribute(
          'data-date',
          shown,
        );
      }
      await expect(grid.locator(`[data-testid="month-day"][data-date="${date}"]`)).toBeVisible();
    };
    const cell = (date: string) => grid.locator(`[data-testid="month-day"][data-date="${date}"]`);
    const dayPanel = (date: string) => section.locator(`[data-testid="slot-day"][data-date="${date}"]`);

    // A day of the month: its times counted in its cell, its times listed when chosen.
    await month(closing);
    await expect(cell(closing)).toHaveAttribute('data-state', 'open');
    await expect(cell(closing)).toHaveAccessibleName(/: 15 times · \d+ left$/);
    await atBothWidths(page, async (width) => {
      await grid.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`month-grid-${width}.png`) });
    });
    await cell(closing).click();
    const panel = dayPanel(closing);
    await expect(panel.getByTestId('slot-row')).toHaveCount(15);
    await expect(panel.getByRole('heading', { level: 5 })).toBeFocused();
    await atBothWidths(page, async (width) => {
      await panel.getByRole('heading', { level: 5 }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`month-day-${width}.png`) });
      await expectNoSeriousA11yViolations(page);
    });

    // Close the whole day, after saying so.
    await panel.getByRole('button', { name: 'Close day' }).click();
    const confirm = panel.getByTestId('bulk-confirm');
    await expect(confirm).toContainText('Close the 15 times still to come on');
    await expect(confirm.getByRole('button', { name: 'Yes, close 15 times' })).toBeFocused();
    await atBothWidths(page, async (width) => {
      await expectFits(page, editor, section);
      await page.screenshot({ path: test.info().outputPath(`month-confirm-${width}.png`) });
    });
    await confirm.getByRole('button', { name: 'Yes, close 15 times' }).click();
    await expect(panel.getByTestId('day-note')).toHaveText('15 times closed.');
    await expect(cell(closing)).toHaveAttribute('data-state', 'closed');
    await expect(panel.getByTestId('day-summary')).toHaveText('15 times · 15 closed · 0 left');
    await expect(panel.getByRole('button', { name: 'Close day' })).toHaveCount(0);
    expect(new Set((await slotsOn(request, closing)).map((s) => s.status))).toEqual(new Set(['CLOSED']));

    // The storefront no longer offers the day.
    const buyer = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 390, height: 844 } });
    await buyer.goto(`${test.info().project.use.baseURL}${TICKET}`);
    expect(await offeredDates(buyer)).not.toContain(closing);

    // Reopened, it is offered again with its times.
    await panel.getByRole('button', { name: 'Reopen day' }).click();
    await panel.getByRole('button', { name: 'Yes, reopen 15 times' }).click();
    await expect(panel.getByTestId('day-note')).toHaveText('15 times reopened.');
    await expect(cell(closing)).toHaveAttribute('data-state', 'open');
    await buyer.reload();
    expect(await offeredDates(buyer)).toContain(closing);
    await chooseTicketDate(buyer, closing);
    await expect(buyer.getByTestId('slot-times').getByRole('button')).toHaveCount(15);
    await buyer.close();

    // One capacity for a weekday's afternoon times in next month. Someone holds 2 places at 14:00
    // on its first such day, so 1 place is refused, naming that time, and nothing changes.
    const dates = Array.from({ length: 31 }, (_, i) => addDays(`${nextMonth}-01`, i)).filter(
      (d) => d.startsWith(nextMonth) && weekday(d) === day,
    );
    const count = dates.length * 5; // 14:00, 14:30, 15:00, 15:30, 16:00
    const held = (await slotsOn(request, dates[0])).find((s) => s.time === '14:00')!;
    const hold = await request.post('/api/create-checkout-session/', {
      headers: { authorization: `Bearer ${await apiTokenFor(request, 'superuser')}` },
      multipart: {
        date: '',
        slot_id: held.id,
        adult_count: '2',
        youth_count: '0',
        infant_count: '0',
        package_identifier: 'RM-COL',
      },
    });
    expect(hold.ok(), await hold.text()).toBe(true);
    await month(`${nextMonth}-01`);
    const form = section.getByTestId('weekday-capacity');
    await form.getByLabel('Day of the week').selectOption(String(day));
    await form.getByLabel('First time (HH:MM)').fill('14:00');
    await form.getByLabel('Last time (HH:MM)').fill('16:00');
    await form.getByLabel('New capacity').fill('1');
    await form.getByRole('button', { name: 'Change capacity' }).click();
    await form.getByRole('button', { name: `Yes, change ${count} times` }).click();
    // Other journeys of the run may have bought later times of these days: they are counted, not named.
    const first = `Capacity cannot be 1 at 14:00 on ${formatRomeDate(dates[0])}: 2 places are already sold or held`;
    await expect(form.getByTestId('weekday-note')).toHaveText(
      new RegExp(
        `^${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(and \\d+ times? more\\))?\\. Nothing was changed\\.$`,
      ),
    );
    await expect(form.getByRole('alert')).toBeVisible();
    expect((await slotsOn(request, dates[1])).find((s) => s.time === '15:00')?.remaining).toBe(40);

    await form.getByLabel('New capacity').fill('30');
    await form.getByRole('button', { name: 'Change capacity' }).click();
    await expect(form.getByTestId('bulk-confirm')).toContainText(
      `Set 30 places for the ${count} times still to come on ${LONG_DAYS[day]}s in`,
    );
    await atBothWidths(page, async (width) => {
      await form.scrollIntoViewIfNeeded();
      await expectFits(page, editor, section);
      await page.screenshot({ path: test.info().outputPath(`month-weekday-${width}.png`) });
    });
    await form.getByRole('button', { name: `Yes, change ${count} times` }).click();
    await expect(form.getByTestId('weekday-note')).toHaveText(`${count} times set to 30 places.`);
    const changed = await slotsOn(request, dates[0]);
    // 30 places each, less what is sold or held: the 2 held here at 14:00, and whatever another journey
    // of the run bought at a later time of that day.
    const left = changed.filter((s) => s.time >= '14:00' && s.time <= '16:00').map((s) => s.remaining);
    expect(left).toHaveLength(5);
    expect(left[0]).toBe(28);
    for (const r of left.slice(1)) {
      expect(r).toBeGreaterThan(20);
      expect(r).toBeLessThanOrEqual(30);
    }
    expect(changed.find((s) => s.time === '13:30')?.remaining).toBe(40);
    await cell(dates[0]).click();
    await expect(
      dayPanel(dates[0]).locator('[data-testid="slot-row"][data-time="15:00"] [data-testid="slot-taken"]'),
    ).toHaveText('0 of 30 taken');

    // A day that has passed: its times shown, no change offered.
    await month(yesterday);
    await expect(cell(yesterday)).toHaveAttribute('data-state', 'past');
    await cell(yesterday).click();
    const past = dayPanel(yesterday);
    await expect(past.getByTestId('day-passed')).toBeVisible();
    // The time added yesterday (a run past Rome's midnight also finds the demo's times of that day).
    await expect(past.locator('[data-testid="slot-row"][data-time="09:00"]')).toContainText(
      'Has passed: kept as it was',
    );
    await expect(past.getByRole('button')).toHaveCount(0);
    await expect(past.getByRole('spinbutton')).toHaveCount(0);
    await atBothWidths(page, async (width) => {
      await page.screenshot({ path: test.info().outputPath(`month-past-${width}.png`) });
    });
  } finally {
    await request.post('/api/editor/packages/RM-COL/slots/bulk/', {
      headers,
      data: { action: 'reopen', dates: [closing] },
    });
    await request.post('/api/editor/packages/RM-COL/slots/bulk/', {
      headers,
      data: {
        action: 'capacity',
        weekday: day,
        month: nextMonth,
        time_from: '14:00',
        time_to: '16:00',
        capacity: 40,
      },
    });
  }
}

test.describe('ticket editor at 390 px, looked at at 390 and 1280 px', () => {
  // One editor's sign-in and ticket page for both journeys (decision 075: a page load was most of a
  // test's CPU): the editor is opened again on the same page for the month.
  test('sections one at a time, and one Save Changes for the ticket and its availability settings; the month as a calendar: a day closed and reopened, a weekday given one capacity, a past day read-only', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'editor');
    await addTimeYesterday(request);
    await sectionsAndOneSave(page, request);
    await monthCalendar(page, request);
  });
});
