/**
 * Combos across operators (decision 071) as a tourist meets them, at 390 and 1280 px: the combo's page
 * lists its parts and their operators and asks a day and time for the timed part; a guest pays one
 * price and the success page shows one QR per part; each part's operator's agent redeems only its own
 * part. The combo is made here by the superuser (a Green Line package nobody else's spec buys, of the
 * museum operator's Colosseum entry and Big Bus's 48-hour pass), on a day other specs leave alone. A
 * closure of the entry's time tells the part's buyer, before they choose, that a refund takes the whole
 * combo while a move keeps the bus pass.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addDays, orderReference, romeToday } from '@rome/contract';
import {
  apiTokenFor,
  atBothWidths,
  demoAccounts,
  expectNoSeriousA11yViolations,
  superuserWriteHeaders,
} from './fixtures';
import { chooseTicketDate } from './ticket-date';
import { mailsTo } from './tickets';

const COMBO = 'GL-72';
const DAY = addDays(romeToday(), 23);

async function makeCombo(request: APIRequestContext) {
  const list = (await (await request.get('/api/packages/')).json()).bus_data as {
    package_tag: string;
    adult_price: string;
    youth_price: string;
  }[];
  const pkg = list.find((p) => p.package_tag === COMBO)!;
  const cents = (d: string) => Math.round(Number(d) * 100);
  const euro = (c: number) => (c / 100).toFixed(2);
  const [adult, youth] = [cents(pkg.adult_price), cents(pkg.youth_price)];
  const res = await request.put(`/api/admin/combos/${COMBO}/`, {
    headers: await superuserWriteHeaders(request),
    data: {
      parts: [
        {
          package_tag: 'RM-COL',
          adult_share: euro(Math.floor(adult / 2)),
          youth_share: euro(Math.floor(youth / 2)),
        },
        {
          package_tag: 'BB-48',
          adult_share: euro(adult - Math.floor(adult / 2)),
          youth_share: euro(youth - Math.floor(youth / 2)),
        },
      ],
      cancel_cutoff_hours: null,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** An agent of the operator named `operator`, made by the superuser (every operator's manager). */
async function agentOf(request: APIRequestContext, operator: string, name: string): Promise<string> {
  const authorization = `Bearer ${await apiTokenFor(request, 'superuser')}`;
  const operators = (await (await request.get('/api/operator/', { headers: { authorization } })).json())
    .operators as { folder_id: number; name: string }[];
  const folder = operators.find((o) => o.name === operator)!.folder_id;
  const code = String(1000 + Math.floor(Math.random() * 8999));
  const res = await request.post(`/api/operator/${folder}/agents/`, {
    headers: await superuserWriteHeaders(request),
    data: { name, code },
  });
  expect(res.status(), await res.text()).toBe(201);
  return code;
}

test.beforeAll(async ({ request }) => {
  await makeCombo(request);
});

test("a guest buys a combo choosing the timed part's time; one ticket per part, each for its own operator, at 390 px, looked at at 390 and 1280 px", async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/manageBookings/E9/${COMBO}`);
  const parts = page.getByTestId('combo-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText('Operated by Roma Musei');
  await expect(parts.nth(1)).toContainText('Valid 48 hours from first use');

  // Checkout without the Colosseum's time: the panel asks for it.
  await page.getByRole('button', { name: 'Increase adults' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Choose a time for each part of the combo.')).toBeVisible();

  await chooseTicketDate(page, DAY);
  await parts.nth(0).getByTestId('slot-times').getByRole('button', { disabled: false }).first().click();
  await expect(page.getByText('Choose a time for each part of the combo.')).toHaveCount(0);
  await atBothWidths(page, async (width) => {
    await page.getByTestId('combo-parts').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`combo-page-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  await page.getByRole('button', { name: 'Checkout' }).click();
  const email = `combo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test_cs_/);
  await atBothWidths(page, async (width) => {
    await page.screenshot({ path: test.info().outputPath(`combo-checkout-${width}.png`), fullPage: true });
  });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  const tickets = page.getByTestId('combo-ticket');
  await expect(tickets).toHaveCount(2);
  await expect(tickets.nth(0)).toHaveAttribute('data-package-tag', 'RM-COL');
  await expect(tickets.nth(1)).toHaveAttribute('data-package-tag', 'BB-48');
  await atBothWidths(page, async (width) => {
    for (const i of [0, 1]) await expect(tickets.nth(i).getByRole('img')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`combo-success-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  // One e-mail per part, each with its own claim code.
  await expect.poll(() => mailsTo(email).length).toBe(2);
  const mails = mailsTo(email);
  const codeIn = (m: string) => /\/verify\/([\w-]+)\//.exec(m)![1];
  // The bus part's e-mail names its product (Big Bus Rome Premium 48h); the other is the museum's.
  const bus = codeIn(mails.find((m) => m.includes('Premium'))!);
  const museum = codeIn(mails.find((m) => !m.includes('Premium'))!);
  expect(museum).not.toBe(bus);
  // An agent's name is taken once: each attempt makes its own.
  const attempt = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const museumAgent = `Combo museum gate ${attempt}`;
  const busAgent = `Combo bus stop ${attempt}`;
  const museumCode = await agentOf(request, 'Roma Musei', museumAgent);
  const busCode = await agentOf(request, 'Big Bus', busAgent);
  const claim = (code: string, agent_name: string, security_code: string) =>
    request.post('/api/claim/', { data: { code, agent_name, security_code } });
  // Each operator's agent is refused the other's part, and redeems its own.
  const refused = await claim(bus, museumAgent, museumCode);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('other_operator');
  expect((await claim(museum, busAgent, busCode)).status()).toBe(409);
  // The museum's own agent passes the operator's check; the entry is for its day, so today's claim is
  // refused for that reason only (the claim page's day rule), never as another operator's ticket.
  const own = await claim(museum, museumAgent, museumCode);
  expect((await own.json()).code, await own.text()).not.toBe('other_operator');
  const busClaim = await claim(bus, busAgent, busCode);
  expect(busClaim.status(), await busClaim.text()).toBe(200);
});

test("a closure of the combo's entry: the ticket link names the combo and says what a refund and a move do to it, at 390 and 1280 px", async ({
  page,
  request,
}) => {
  test.slow();
  // A Colosseum time on a day far enough ahead that no other spec sells or closes it.
  type Slot = { id: string; time: string; status: string };
  let slot: Slot | undefined;
  for (let n = 50; n < 70 && !slot; n++) {
    const day = addDays(romeToday(), n);
    const res = await request.get(`/api/packages/RM-COL/availability/?from=${day}&to=${day}`);
    const slots = (await res.json()).slots as Slot[];
    if (slots.length > 2 && slots.every((s) => s.status !== 'CLOSED')) slot = slots[1];
  }
  expect(slot, 'an open Colosseum time').toBeTruthy();

  // The demo customer buys the combo through the shop's calls.
  const headers = { authorization: `Bearer ${await apiTokenFor(request, 'customer')}` };
  const session = await request.post('/api/create-checkout-session/', {
    headers,
    data: {
      package_identifier: COMBO,
      adult_count: '1',
      youth_count: '0',
      infant_count: '0',
      combo_slots: JSON.stringify({ 'RM-COL': slot!.id }),
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const pay = await request.post(`/api/test-checkout/${(await session.json()).id}/pay/`, { headers });
  expect(pay.ok(), await pay.text()).toBe(true);
  const comboId = /\/success\/([\w-]+)\//.exec((await pay.json()).redirect)![1];
  const success = await (await request.get(`/api/success/${comboId}/`, { headers })).json();
  const entry = (success.parts as { unique_id: string; package_tag: string }[]).find(
    (p) => p.package_tag === 'RM-COL',
  )!;

  const closed = await request.post('/api/admin/disruptions/', {
    headers: await superuserWriteHeaders(request),
    data: {
      target: { kind: 'slot', slot_id: slot!.id },
      reason: 'strike',
      remedies: ['refund', 'move', 'keep'],
    },
  });
  expect(closed.status(), await closed.text()).toBe(201);
  // The entry's ticket link, from an e-mail naming its reference (its ticket or its closure notice).
  let link = '';
  await expect
    .poll(() => {
      const notice = mailsTo(demoAccounts().customer.email).find(
        (m) => m.includes('/t/') && m.includes(orderReference(entry.unique_id)),
      );
      link = (notice && /https?:\/\/[^\s"<>]+\/t\/[\w-]{43}/.exec(notice)?.[0]) ?? '';
      return link;
    })
    .not.toBe('');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link).pathname);
  const panel = page.getByRole('region', { name: 'This visit is cancelled' });
  const note = panel.getByTestId('combo-note');
  await expect(note).toContainText(/This ticket is part of the combo .+\./);
  await expect(note).toContainText('A refund refunds the whole combo');
  await expect(note).toContainText("you keep the combo's other parts as they are.");
  await expect(panel.getByRole('button', { name: 'Refund the whole combo' })).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: test.info().outputPath('combo-closure-390.png') });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(note).toBeVisible();
  await panel.screenshot({ path: test.info().outputPath('combo-closure-1280.png') });
  await page.screenshot({ path: test.info().outputPath('combo-closure-page-1280.png'), fullPage: true });
  // A part keeps its time but for the closure's remedies, and cancelling it cancels the whole combo.
  await expect(page.getByRole('button', { name: 'Change date or time' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Cancel ticket for / }).click();
  await expect(page.getByTestId('cancel-confirm')).toContainText(
    /^Cancel the whole combo .+\? Every part of it is cancelled and refunded\./,
  );
  await page.getByRole('button', { name: 'Keep ticket' }).click();
});
