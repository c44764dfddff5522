/**
 * The facts a buyer needs before paying, on the ticket page (decision 040), at 390 and 1280 px: the
 * Colosseum's entrance and free cancellation (the rule, then the exact Rome date and time once a time
 * is chosen), a bus line's stops as a list and a map, the Italian page in Italian, and an editor's
 * Italian meeting point that leaves the English as it was.
 */
import { expect, type Page, test } from '@playwright/test';
import { addDays, formatRomeDateTime, romeInstant, romeToday } from '@rome/contract';
import { atBothWidths, signInAs } from './fixtures';
import { chooseTicketDate } from './ticket-date';

test.describe.configure({ timeout: 90_000 });

/** Opens `path` (at the window's width) and answers its facts. */
async function open(page: Page, path: string) {
  await page.goto(path);
  const facts = page.getByTestId('package-facts');
  await expect(facts).toBeVisible();
  return facts;
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

// Each page is opened once and looked at at both widths (atBothWidths: the layout is responsive,
// nothing is loaded again; decision 075, a page load was most of a test's CPU).

test('the Colosseum page shows its entrance, hours and free cancellation (390 and 1280 px)', async ({
  page,
}) => {
  const facts = await open(page, '/manageBookings/E9/RM-COL');
  await atBothWidths(page, async () => {
    await expect(facts.getByRole('heading', { name: 'Good to know before you book' })).toBeVisible();
    await expect(facts.getByText('Entrance', { exact: true })).toBeVisible();
    await expect(facts.getByTestId('fact-meeting-point')).toContainText('Via Sacra');
    await expect(facts.getByTestId('fact-meeting-point')).toContainText('Largo della Salara Vecchia 5/6');
    await expect(facts.getByText('Opening hours', { exact: true })).toBeVisible();
    await expect(facts.getByTestId('fact-included')).toContainText('the Roman Forum and the Palatine');
    await expect(facts.getByTestId('fact-not-included')).toContainText('underground');
    // By the price: in the facts, or in the booking panel once it says the chosen time's.
    await expect(page.getByTestId('cancellation-line').first()).toHaveText(
      'Free cancellation up to 24 hours before your visit',
    );
    // A museum has no line of stops.
    await expect(facts.getByTestId('stops-map')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});

// The booking panel owns the chosen day and time: it shows PackageFacts' CancellationLine with them
// (`visit`), beside its total.
test('once a time is chosen, free cancellation says until when in Rome time (390 and 1280 px)', async ({
  page,
}) => {
  await open(page, '/manageBookings/E9/RM-COL');
  // The choice is made at each width (the calendar and the times are laid out per width), a day
  // apart, so the second line is the second choice's.
  await atBothWidths(page, async (width) => {
    const date = addDays(romeToday(), width === 390 ? 4 : 5);
    await chooseTicketDate(page, date);
    await page.getByTestId('slot-times').getByRole('button', { name: /10:00/ }).click();
    // 24 hours before the entry at 10:00 in Rome, whatever the browser's own zone.
    const until = formatRomeDateTime(romeInstant(addDays(date, -1), '10:00')!);
    await expect(
      page
        .getByTestId('cancellation-line')
        .filter({ hasText: `Free cancellation until ${until} (Rome time)` }),
    ).toBeVisible();
  });
});

test('a bus page shows its stops as a list and a map (390 and 1280 px)', async ({ page }) => {
  const facts = await open(page, '/manageBookings/E9/BB-24');
  await atBothWidths(page, async (width) => {
    await expect(facts.getByText('Meeting point', { exact: true })).toBeVisible();
    await expect(facts.getByText('Departure times', { exact: true })).toBeVisible();
    const stops = facts.getByTestId('fact-stops');
    await expect(stops.getByRole('heading', { name: "The line's 8 stops" })).toBeVisible();
    const list = stops.getByRole('list', { name: 'Stops in the order the bus runs' });
    await expect(list.getByRole('listitem')).toHaveText([
      /Termini Station/,
      /Santa Maria Maggiore/,
      /Colosseum/,
      /Circus Maximus/,
      /Piazza Venezia/,
      /St Peter’s/,
      /Spanish Steps/,
      /Trevi Fountain/,
    ]);
    const map = stops.getByRole('img', { name: 'Map of the 8 stops of the line' });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    // A marker per stop, the river and the places a tourist knows it by.
    await expect(map.locator('circle')).toHaveCount(8);
    await expect(map.getByText('Tiber', { exact: true })).toBeVisible();
    await expect(map.getByText('Vatican City', { exact: true })).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.width, `${width} px`).toBeGreaterThan(width < 768 ? 300 : 500);
    expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page);
  });
});

test('the Italian page shows the facts in Italian (390 and 1280 px)', async ({ page }) => {
  const facts = await open(page, '/it/manageBookings/E9/RM-COL');
  await atBothWidths(page, async () => {
    await expect(facts.getByRole('heading', { name: 'Da sapere prima di prenotare' })).toBeVisible();
    await expect(facts.getByText('Ingresso', { exact: true })).toBeVisible();
    await expect(facts.getByTestId('fact-meeting-point')).toContainText(
      'Colosseo: l’ingresso per chi ha il biglietto',
    );
    await expect(page.getByTestId('cancellation-line').first()).toHaveText(
      'Cancellazione gratuita fino a 24 ore prima della visita',
    );
  });
  const bus = await open(page, '/it/manageBookings/E9/BB-24');
  await atBothWidths(page, async () => {
    const list = bus.getByRole('list', { name: 'Fermate nell’ordine del percorso' });
    await expect(list.getByRole('listitem').nth(2)).toHaveText(/Colosseo/);
    await expect(bus.getByRole('img', { name: 'Mappa delle 8 fermate della linea' })).toBeVisible();
    await expect(bus.getByText('Tevere', { exact: true })).toBeVisible();
  });
});

test('an editor changes the Italian meeting point and the English stays', async ({ page }) => {
  // Open-dated: the Borghese page is at E8 (no duration).
  const english = 'Galleria Borghese, Piazzale Scipione Borghese 5';
  const before = await (await page.request.get('/api/package/E8/RM-BORGHESE/?lang=es')).json();
  await signInAs(page, 'editor');
  await open(page, '/it/manageBookings/E8/RM-BORGHESE');
  // The editor at each width, on the page opened once: the save updates the page in place.
  await atBothWidths(page, async (width) => {
    const italian = `Galleria Borghese: ingresso dal viale (${width})`;
    await page.getByRole('button', { name: 'Edit Ticket' }).click();
    const editor = page.getByRole('dialog', { name: /^Edit Ticket/ });
    await editor.getByRole('button', { name: 'Facts' }).click();
    // The section list shows the Facts section itself (the sections sit side by side in one row).
    await expect(editor.getByTestId('section-facts')).toBeInViewport({ ratio: 0.9 });
    await expect(editor.getByRole('heading', { name: 'Facts for buyers' })).toBeInViewport();
    const field = editor.getByTestId('fact-meeting_point');
    await expect(field).toBeInViewport();
    await field.fill(italian);
    await expect(editor.getByTestId('unsaved-sections')).toContainText('Facts');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('fact-meeting-point')).toHaveText(italian);
  });
  await page.goto('/manageBookings/E8/RM-BORGHESE');
  await expect(page.getByTestId('fact-meeting-point')).toContainText(english);
  const after = await (await page.request.get('/api/package/E8/RM-BORGHESE/?lang=es')).json();
  expect(after.data.facts).toEqual(before.data.facts);
});
