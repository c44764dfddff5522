/**
 * The claim page's agents on the superusers' dashboard: a new agent with its security code, a new code
 * (after the password again), and a ticket claimed on the claim page with that name and the new code
 * (the old code refused), then the agent disabled and gone from the claim page's list; at 390 and
 * 1280 px, the card screenshotted at each.
 *
 * The agents' app on the superusers' dashboard (issue #19): the superuser makes an agent account in
 * the form (an agent that has one already: the server's 409 text), sees it listed; a device signs in
 * with it, is listed with Rome times and is revoked after a confirmation, and its token is refused at
 * once; two devices upload offline claims of one ticket and the conflict is listed with both sides.
 * A customer gets the dashboard's Access Restricted and none of these calls.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { orderReference } from '@rome/contract';
import {
  atBothWidths,
  confirmPassword,
  demoAccounts,
  expectNoSeriousA11yViolations,
  signInWith,
  superuserWriteHeaders,
} from './fixtures';
import { buyTicket } from './tickets';

/** The dashboard's format (features/analytics/format.ts) in Rome's zone. */
const rome = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const romeTime = (iso: string) => rome.format(new Date(iso));

async function signInDevice(request: APIRequestContext, email: string, password: string, label: string) {
  const res = await request.post('/api/agent/devices/', { data: { email, password, label } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as {
    token: string;
    device: { id: string; created_at: string; last_seen_at: string };
  };
}

async function makeAccountByApi(request: APIRequestContext, stamp: string) {
  const account = {
    agent_name: `Second Agent ${stamp}`,
    email: `second-${stamp}@agents.example`,
    password: `pw-${stamp}-second`,
  };
  const res = await request.post('/api/admin/agent-accounts/', {
    headers: await superuserWriteHeaders(request),
    data: account,
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

async function syncOffline(request: APIRequestContext, token: string, scan: string, claimedAt: Date) {
  const res = await request.post('/api/agent/claims/sync/', {
    headers: { authorization: `Bearer ${token}` },
    data: { claims: [{ id: randomUUID(), scan, claimed_at: claimedAt.toISOString() }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).results[0] as { result: string; conflict: boolean; kept: boolean };
}

async function openDashboard(page: Page) {
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
}

test('a superuser makes an agent account, revokes its device and sees a ticket claimed twice', async ({
  page,
}) => {
  // Three axe scans of the whole dashboard: on 2 cores under load (average 13-17) 90 s ran out in the third.
  test.setTimeout(180_000);
  const { superuser, agents } = demoAccounts();
  const { access: superToken } = await signInWith(page, superuser.email, superuser.password);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const agentName = `Desk Agent ${stamp}`;
  const email = `desk-${stamp}@agents.example`;
  const password = `pw-${stamp}-desk`;

  await openDashboard(page);
  const accounts = page.getByRole('region', { name: 'Agent accounts' });
  // The demo agents have their accounts already: the server's refusal is shown as it says it.
  await accounts.getByLabel('Agent name').fill(agents[0].name);
  await accounts.getByLabel('E-mail').fill(email);
  await accounts.getByLabel('Password').fill(password);
  await accounts.getByRole('button', { name: 'Create account' }).click();
  // A new agent account acts for the shop: the dashboard asks for the password first (decision 032).
  await confirmPassword(page);
  await expect(accounts.getByRole('alert')).toHaveText(
    'This agent or e-mail address already has an account.',
  );

  await accounts.getByLabel('Agent name').fill(agentName);
  await accounts.getByRole('button', { name: 'Create account' }).click();
  await expect(accounts.getByRole('status')).toHaveText(`Account made for ${agentName} (${email}).`);
  await expect(accounts.getByRole('alert')).toHaveCount(0);
  const accountRow = accounts.getByRole('row').filter({ hasText: email });
  await expect(accountRow).toContainText(agentName);
  await expect(accountRow.getByRole('cell').nth(3)).toHaveText('0');
  await expect(accounts.getByLabel('Agent name')).toHaveValue('');

  // The agent signs a device in with it (as the app at /agent does).
  const label = `Gate phone ${stamp}`;
  const phone = await signInDevice(page.request, email, password, label);
  const me = await page.request.get('/api/agent/me/', {
    headers: { authorization: `Bearer ${phone.token}` },
  });
  expect(me.status()).toBe(200);

  await page.reload();
  const devices = page.getByRole('region', { name: "Agents' devices" });
  const deviceRow = devices.getByRole('row').filter({ hasText: label });
  await expect(deviceRow).toContainText(agentName);
  await expect(deviceRow).toContainText('Active');
  // Signed in and last seen (the sign-in; calls within a minute are not written), in Rome time.
  await expect(deviceRow.getByRole('cell').nth(2)).toHaveText(romeTime(phone.device.created_at));
  await expect(deviceRow.getByRole('cell').nth(3)).toHaveText(romeTime(phone.device.last_seen_at));
  await expect(accountRow.getByRole('cell').nth(3)).toHaveText('1');
  await expectNoSeriousA11yViolations(page);

  // Revoke, after a confirmation that can be declined.
  await deviceRow.getByRole('button', { name: `Revoke… ${label}` }).click();
  await expect(deviceRow.getByText('Revoke this device now?')).toBeVisible();
  await expect(deviceRow.getByRole('button', { name: 'Keep' })).toBeFocused();
  await deviceRow.getByRole('button', { name: 'Keep' }).click();
  await expect(deviceRow.getByText('Revoke this device now?')).toHaveCount(0);
  const stillIn = await page.request.get('/api/agent/me/', {
    headers: { authorization: `Bearer ${phone.token}` },
  });
  expect(stillIn.status()).toBe(200);

  await deviceRow.getByRole('button', { name: `Revoke… ${label}` }).click();
  await deviceRow.getByRole('button', { name: 'Revoke', exact: true }).click();
  // The proof of the password lives in the page's memory: after the reload above it is asked again.
  await confirmPassword(page);
  await expect(devices.getByRole('status')).toHaveText(`Revoked: ${label} (${agentName}).`);
  await expect(deviceRow).toContainText('Revoked');
  await expect(deviceRow.getByRole('button')).toHaveCount(0);
  await expect(accountRow.getByRole('cell').nth(3)).toHaveText('0');
  const refused = await page.request.get('/api/agent/me/', {
    headers: { authorization: `Bearer ${phone.token}` },
  });
  expect(refused.status()).toBe(401);

  // Two agents' devices claim one ticket offline; the later claim is refused at the upload.
  const other = await makeAccountByApi(page.request, stamp);
  const first = await signInDevice(page.request, email, password, `Termini tablet ${stamp}`);
  const second = await signInDevice(page.request, other.email, other.password, `Colosseum phone ${stamp}`);
  const { code, uniqueId } = await buyTicket(page, 'BB-24');
  const now = Date.now();
  expect(await syncOffline(page.request, first.token, code, new Date(now - 1000))).toMatchObject({
    result: 'valid',
    kept: true,
  });
  expect(await syncOffline(page.request, second.token, code, new Date(now))).toMatchObject({
    conflict: true,
    kept: false,
  });
  const listed = await (
    await page.request.get('/api/admin/claim-conflicts/', {
      headers: { authorization: `Bearer ${superToken}` },
    })
  ).json();
  const conflict = listed.conflicts.find((c: { unique_id: string }) => c.unique_id === uniqueId);

  await page.reload();
  const conflicts = page.getByRole('region', { name: 'Tickets claimed twice' });
  const rows = conflicts.getByTestId('claim-conflict');
  // Newest first.
  // Named by the order's reference, as the buyer's e-mail and PDF name it.
  await expect(rows.first()).toContainText(orderReference(uniqueId));
  const cells = rows.first().getByRole('cell');
  await expect(cells.nth(0)).toContainText('BB-24');
  await expect(cells.nth(1)).toContainText(`${agentName} · Termini tablet ${stamp}`);
  await expect(cells.nth(1)).toContainText(romeTime(conflict.kept.at));
  await expect(cells.nth(2)).toContainText(`${other.agent_name} · Colosseum phone ${stamp}`);
  await expect(cells.nth(2)).toContainText(romeTime(conflict.other.at));
  await expectNoSeriousA11yViolations(page);
  // On a phone the tables stack, each cell under its column's name; axe again with the rows in.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** Nothing is cut off: the card and its scrolling table are no wider than they show (a phone stacks it). */
async function expectFits(card: Locator) {
  const overflow = await card.evaluate((el) =>
    [el, ...el.querySelectorAll('figure')].map((e) => e.scrollWidth - e.clientWidth),
  );
  expect(overflow).toEqual(overflow.map(() => 0));
}

test.describe("the claim page's agents at 390 px, looked at at 390 and 1280 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a superuser adds an agent, sets a new code, and the agent claims a ticket with it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { superuser } = demoAccounts();
    await signInWith(page, superuser.email, superuser.password);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const name = `Door Agent ${stamp}`;

    await openDashboard(page);
    const card = page.getByRole('region', { name: 'Agents on the claim page' });
    await card.getByLabel('Agent name').fill(name);
    const firstCode = card.getByLabel('Security code');
    await expect(firstCode).toHaveAttribute('type', 'password');
    await expect(firstCode).toHaveAttribute('inputmode', 'numeric');
    // A code of another length is refused with the contract's words before any call.
    await firstCode.fill('258');
    await card.getByRole('button', { name: 'Add agent' }).click();
    await expect(card.getByRole('alert')).toHaveText('The security code is exactly 4 digits.');
    await firstCode.fill('2580');
    await card.getByRole('button', { name: 'Add agent' }).click();
    // A new agent acts for the shop: the password first (decision 032).
    await confirmPassword(page);
    await expect(card.getByRole('status')).toHaveText(`Agent ${name} added: offered on the claim page now.`);
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(card.getByLabel('Agent name')).toHaveValue('');
    const row = card.getByTestId('claim-agent').filter({ hasText: name });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Active');
    await expect(row.getByRole('cell').nth(2)).toHaveText('None');

    // A new code: the proof of the password is still in the page's memory, so no second prompt.
    await row.getByRole('button', { name: `Set code for ${name}` }).click();
    const newCode = row.getByLabel(`New code for ${name}`);
    await expect(newCode).toBeFocused();
    await expect(newCode).toHaveAttribute('type', 'password');
    await newCode.fill('91a7');
    await row.getByRole('button', { name: 'Save code' }).click();
    await expect(row.getByRole('alert')).toHaveText('The security code is exactly 4 digits.');
    await newCode.fill('9137');
    await atBothWidths(page, async (width) => {
      await expectFits(card);
      await card.screenshot({ path: test.info().outputPath(`agents-card-setting-${width}.png`) });
    });
    await row.getByRole('button', { name: 'Save code' }).click();
    await expect(card.getByRole('status')).toHaveText(
      `New security code set for ${name}: the old one no longer works.`,
    );
    await expect(row.getByLabel(`New code for ${name}`)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await atBothWidths(page, async (width) => {
      await expectFits(card);
      if (width < 640) {
        const [nameBox, statusBox] = await Promise.all([
          row.getByRole('cell').nth(0).boundingBox(),
          row.getByRole('cell').nth(1).boundingBox(),
        ]);
        // Stacked: the status under the name, not beside it.
        expect(statusBox!.y).toBeGreaterThan(nameBox!.y);
      }
      await card.screenshot({ path: test.info().outputPath(`agents-card-${width}.png`) });
      await expectNoSeriousA11yViolations(page);
    });

    // At the door: the claim page offers the new name; the old code is refused, the new one claims.
    const { code } = await buyTicket(page, 'BB-24');
    await page.goto(`/verify/${code}/`);
    await expect(page.getByRole('heading', { name: 'Ticket Verification' })).toBeVisible();
    await page.getByLabel('Agent name').selectOption(name);
    await page.getByLabel('Security code').pressSequentially('2580');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Invalid agent name or security code.');
    await expect(page.getByLabel('Security code')).toBeFocused();
    await page.keyboard.type('9137');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Ticket Claimed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Ticket claimed successfully.');

    // Disabled, the agent is no longer offered on the claim page; enabled, it is again.
    await openDashboard(page);
    const again = card.getByTestId('claim-agent').filter({ hasText: name });
    await again.getByRole('button', { name: `Disable ${name}` }).click();
    await confirmPassword(page);
    await expect(card.getByRole('status')).toHaveText(
      `${name} is disabled: no longer offered on the claim page, and its devices are refused.`,
    );
    await expect(again.getByRole('cell').nth(1)).toHaveText('Disabled');
    const offered = async () =>
      (await (await page.request.get(`/api/authenticate/${code}/`)).json()).agent_list as string[];
    expect(await offered()).not.toContain(name);
    await again.getByRole('button', { name: `Enable ${name}` }).click();
    await expect(again.getByRole('cell').nth(1)).toHaveText('Active');
    expect(await offered()).toContain(name);
  });
});

test('no conflict yet: the list says so', async ({ page }) => {
  const { superuser } = demoAccounts();
  await signInWith(page, superuser.email, superuser.password);
  await page.route('**/api/admin/claim-conflicts/', (route) => route.fulfill({ json: { conflicts: [] } }));
  await openDashboard(page);
  const conflicts = page.getByRole('region', { name: 'Tickets claimed twice' });
  await expect(conflicts.getByText('No ticket has been claimed twice.')).toBeVisible();
  await expect(conflicts.getByRole('table')).toHaveCount(0);
});

test('a customer gets Access Restricted and no agents, agent accounts, devices or conflicts', async ({
  page,
}) => {
  const { customer } = demoAccounts();
  await signInWith(page, customer.email, customer.password);
  const adminCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/admin/')) adminCalls.push(r.url());
  });
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Agent accounts' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Agents on the claim page' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: "Agents' devices" })).toHaveCount(0);
  await expect(page.getByText('Create account')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
});
