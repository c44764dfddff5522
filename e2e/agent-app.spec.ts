/**
 * The agents' app at /agent (issue #19, decision 023) on a phone: a superuser makes an agent account,
 * the agent signs the device in, claims a ticket online by its QR text (read from the QR image of the
 * ticket e-mail), goes offline, claims another one verified on the device (Ed25519 in the browser),
 * scans it again (already claimed on this device), an altered text is refused, and back online the
 * waiting claim is uploaded and the server has the ticket claimed by that agent. A revoked device is
 * signed out at its next call. Then the camera: Chromium's fake camera plays a video of a real QR.
 * A claim that turns out second at the upload leaves a red card until the agent says it was seen; every
 * time shown is Rome's, on a phone set to another zone; a result can be kept on screen past its countdown.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, chromium, expect, type Page, test } from '@playwright/test';
import { orderReference } from '@rome/contract';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { chromiumLaunch } from '../playwright.config';
import { apiTokenFor, expectNoSeriousA11yViolations, superuserWriteHeaders } from './fixtures';
import { buyTicket, qrPngInOutbox } from './tickets';

/**
 * The service worker precaches the app so that it opens with no network: the two tests that open it
 * offline have it. The others block it: it caches no API call, so their calls reach the server as
 * through it, and its start and precache were a sixth of their CPU (measured: 22.5 against 18.9 s for
 * those five tests).
 */
const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...NO_SERVICE_WORKER });

async function qrTextOf(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const text = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
  if (!text) throw new Error('the QR image does not read');
  return text;
}

async function makeAgentAccount(request: APIRequestContext) {
  const token = await apiTokenFor(request, 'superuser');
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const account = {
    agent_name: `App Agent ${stamp}`,
    email: `app-${stamp}@agents.example`,
    password: `pw-${stamp}-door`,
  };
  const res = await request.post('/api/admin/agent-accounts/', {
    headers: await superuserWriteHeaders(request),
    data: account,
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...account, superuserToken: token };
}

/** Rome's today and tomorrow ('Sat, 28 Nov 2026'), and when the refunded lists were downloaded. */
const DAY = String.raw`\w{3}, \d{1,2} \w{3} \d{4}`;
const READY_OFFLINE = new RegExp(
  String.raw`Ready offline for ${DAY} and ${DAY} \(keys and refunded list from \d{2}:\d{2}\)`,
);

/**
 * Signs the device in as the app's sign-in does, without its form: the same call (POST
 * /api/agent/devices/, the form's default device name), the device kept in localStorage as the app
 * keeps it (agent-api.ts saveDevice) before the app's code runs, then the app opened, downloading its
 * keys and lists. The form itself is the first test's.
 */
async function signedIn(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/agent/devices/', {
    data: { email, password, label: 'Agent phone' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token, device } = await res.json();
  const kept = { token, agentName: device.agent_name, label: device.label, id: device.id };
  await page.addInitScript((value) => {
    // Once per test: a device the app signs out stays signed out after a reload.
    if (sessionStorage.getItem('e2e-agent-signed-in')) return;
    sessionStorage.setItem('e2e-agent-signed-in', '1');
    localStorage.setItem('rome-agent-device', value);
  }, JSON.stringify(kept));
  await page.goto('/agent/');
  await expect(page.getByText(READY_OFFLINE)).toBeVisible();
}

/**
 * Another agent's phone at another door, signed in through the calls its app makes. `claim` claims a
 * ticket online there (its first claim) and answers when (ISO) and the package's name, as the server
 * tells them.
 */
async function anotherDoor(request: APIRequestContext) {
  const other = await makeAgentAccount(request);
  const device = await request.post('/api/agent/devices/', {
    data: { email: other.email, password: other.password, label: 'Other door' },
  });
  expect(device.status(), await device.text()).toBe(201);
  const { token } = await device.json();
  const claim = async (qr: string) => {
    const answer = await request.post('/api/agent/claims/', {
      headers: { authorization: `Bearer ${token}` },
      data: { scan: qr },
    });
    const body = await answer.json();
    expect(body.result).toBe('valid');
    return { claimedAt: body.claimed_at as string, packageName: body.ticket.package as string };
  };
  return { agentName: other.agent_name, claim };
}

/** The wall clock at `instant` in Rome (or `timeZone`), 'HH:MM', computed here, not by the app's code. */
const romeHm = (instant: Date | string, timeZone = 'Europe/Rome') =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

/** '10:14 (Rome)', with Rome's day before it when the app names one (a time on another day than now). */
const romeTimeText = (instant: Date | string) =>
  String.raw`(\w{3}, \d{1,2} \w{3} \d{4}, )?${romeHm(instant)} \(Rome\)`;

/**
 * Waits until the service worker has precached the app. It installs beside the first page load; a
 * phone that goes offline before the precache ends fails the install and cannot reopen the app with no
 * network, and `ready` then never settles. A phone at the door has been online for minutes; a test
 * reaches its first offline step in a second, so it waits here, online.
 */
async function appKeptOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
}

async function typeScan(page: Page, text: string) {
  await page.getByLabel('Or type or paste the code or claim link').fill(text);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

/**
 * Back to the scan field: 'Next scan', or the result's own timer (4 s, 7 s), whichever comes first. An
 * axe scan on a busy machine can outlast the timer, and the button is then gone: either way the field
 * must come back.
 */
async function nextScan(page: Page) {
  await page
    .getByRole('button', { name: 'Next scan' })
    .click({ timeout: 2_000 })
    .catch(() => {});
  await expect(page.getByLabel('Or type or paste the code or claim link')).toBeVisible({ timeout: 8_000 });
}

test.describe(() => {
  // The two tests that open the app offline: from its service worker's precache.
  test.use({ serviceWorkers: 'allow' });

  test('sign in once, claim online, offline (verified on the device), again, then sync', async ({
    page,
    context,
  }) => {
    // Five axe scans and two service-worker starts: minutes on a busy machine.
    test.setTimeout(180_000);
    const account = await makeAgentAccount(page.request);
    const first = await buyTicket(page, 'BB-24', 0, { adults: 2, youths: 1 });
    const second = await buyTicket(page, 'GL-24');
    const qr1 = await qrTextOf(qrPngInOutbox(first.code));
    const qr2 = await qrTextOf(qrPngInOutbox(second.code));
    expect(qr1).toMatch(/\/verify\/[\w-]+\/#t=[\w-]+\.[\w-]+$/);

    // The device signs in through the app's form, here only (the other tests' devices: signedIn).
    await page.goto('/agent');
    await expect(page).toHaveURL(/\/agent\/$/);
    await expect(page.getByRole('heading', { name: 'Sign in this device' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(READY_OFFLINE)).toBeVisible();
    await expect(page.getByTestId('waiting')).toHaveText('0 claims waiting');
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
    await appKeptOffline(page);

    // Online: the server claims it.
    await typeScan(page, qr1);
    const result = page.locator('main.result');
    await expect(result).toHaveAttribute('data-result', 'valid');
    await expect(result.getByRole('heading', { name: 'Valid' })).toBeVisible();
    await expect(result.locator('.youths-some .count')).toHaveText('1');
    await expectNoSeriousA11yViolations(page);
    await expect(result.getByText('Checked on the device, offline.')).toHaveCount(0);
    // It moves on to the next scan by itself.
    await expect(page.getByLabel('Or type or paste the code or claim link')).toBeVisible({ timeout: 8_000 });

    // Offline: verified in the browser against the downloaded keys, kept with its UUID.
    await context.setOffline(true);
    await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
    await typeScan(page, qr2);
    await expect(result).toHaveAttribute('data-result', 'valid');
    await expect(result.getByText('Checked on the device, offline.')).toBeVisible();
    // How old the refunded list is; just downloaded, so nothing to warn about.
    await expect(result.getByText(/^Refunded list from \d{2}:\d{2} \(Rome\)\.$/)).toBeVisible();
    await expect(result.getByTestId('list-warning')).toHaveCount(0);
    await nextScan(page);
    await expect(page.getByTestId('waiting')).toHaveText('1 claim waiting');

    // The same ticket again on this device, still offline.
    await typeScan(page, qr2);
    await expect(result).toHaveAttribute('data-result', 'already_claimed');
    await expect(result.getByRole('heading', { name: 'Already claimed on this device' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await nextScan(page);

    // One altered character of the signed text: refused offline.
    const i = qr2.indexOf('#t=') + 8;
    const altered = qr2.slice(0, i) + (qr2[i] === 'A' ? 'B' : 'A') + qr2.slice(i + 1);
    await typeScan(page, altered);
    await expect(result).toHaveAttribute('data-result', 'forged');
    await expectNoSeriousA11yViolations(page);
    await nextScan(page);
    await expect(page.getByTestId('waiting')).toHaveText('1 claim waiting');

    // The app itself opens with no network (the service worker's precache).
    await page.reload();
    await expect(page.getByTestId('waiting')).toHaveText('1 claim waiting');

    // Back online: the waiting claim is uploaded.
    await context.setOffline(false);
    await expect(page.getByTestId('waiting')).toHaveText('0 claims waiting');
    await expect(page.getByTestId('sync-result')).toContainText('Synced 1 claim');

    // The server has the ticket claimed by this agent.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('rome-agent-device')!).token as string,
    );
    const answer = await page.request.post('/api/agent/claims/', {
      headers: { authorization: `Bearer ${token}` },
      data: { scan: qr2 },
    });
    const body = await answer.json();
    expect(body.result).toBe('already_claimed');
    expect(body.claimed_by).toBe(account.agent_name);

    // Online, the app shows it as already claimed, with by whom.
    await typeScan(page, qr2);
    await expect(result).toHaveAttribute('data-result', 'already_claimed');
    await expect(result.getByText(`by ${account.agent_name}`)).toBeVisible();
    await nextScan(page);

    // A superuser revokes the device: its next call signs it out with a clear message.
    const devices = await (
      await page.request.get('/api/admin/agent-devices/', {
        headers: { authorization: `Bearer ${account.superuserToken}` },
      })
    ).json();
    const device = devices.devices.find((d: { agent_name: string }) => d.agent_name === account.agent_name);
    const revoke = await page.request.delete(`/api/admin/agent-devices/${device.id}/`, {
      headers: await superuserWriteHeaders(page.request),
    });
    expect(revoke.ok()).toBe(true);
    await typeScan(page, qr1);
    await expect(page.getByRole('alert')).toContainText('This device was signed out');
    await expect(page.getByRole('heading', { name: 'Sign in this device' })).toBeVisible();
  });

  test('claims second at the upload: one red card at the top of the scan screen, kept until Seen', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const account = await makeAgentAccount(page.request);
    const tickets = [await buyTicket(page, 'BB-24'), await buyTicket(page, 'GL-24')];
    const qrs = await Promise.all(tickets.map((t) => qrTextOf(qrPngInOutbox(t.code))));
    await signedIn(page, account.email, account.password);
    await appKeptOffline(page);

    // Claimed at another door first; this phone, offline, cannot know and lets the holders in too.
    const other = await anotherDoor(page.request);
    const firsts = [await other.claim(qrs[0]), await other.claim(qrs[1])];
    await context.setOffline(true);
    for (const qr of qrs) {
      await typeScan(page, qr);
      await expect(page.locator('main.result')).toHaveAttribute('data-result', 'valid');
      await nextScan(page);
    }
    await context.setOffline(false);
    await expect(page.getByTestId('waiting')).toHaveText('0 claims waiting', { timeout: 10_000 });

    const card = page.getByRole('region', { name: '2 tickets were claimed twice' });
    const expectTheCard = async () => {
      await expect(card).toBeVisible();
      const items = card.getByRole('listitem');
      await expect(items).toHaveCount(2);
      for (const [i, first] of firsts.entries()) {
        await expect(items.nth(i)).toContainText(first.packageName);
        await expect(items.nth(i)).toContainText(`Order ${orderReference(tickets[i].uniqueId)}`);
        await expect(items.nth(i)).toContainText(`Claimed first by ${other.agentName}`);
        await expect(items.nth(i)).toContainText('this claim does not count');
      }
    };
    await expectTheCard();
    // At the top of the scan screen: above the camera and the field.
    const cardBox = (await card.boundingBox())!;
    const cameraBox = (await page.getByRole('button', { name: 'Scan with the camera' }).boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(cameraBox.y);
    await expectNoSeriousA11yViolations(page);

    // Kept on the device: a reload (here with no network, the app from its service worker) shows it again.
    await context.setOffline(true);
    await page.reload();
    await expectTheCard();
    await context.setOffline(false);
    await page.reload();
    await expectTheCard();

    await card.getByRole('button', { name: 'Seen' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    // The app shows what the device kept all at once: with the lists back, the card would be too.
    await expect(page.getByText(/Ready offline for/)).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test("offline, a ticket's price categories show the proof the door checks", async ({ page, context }) => {
  test.setTimeout(120_000);
  const account = await makeAgentAccount(page.request);
  const bought = await buyTicket(page, 'BB-24', 0, { adults: 1, youths: 0 }, undefined, {
    disabled: 1,
    carer: 1,
  });
  const qr = await qrTextOf(qrPngInOutbox(bought.code));
  await signedIn(page, account.email, account.password);
  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await typeScan(page, qr);
  const result = page.locator('main.result');
  await expect(result).toHaveAttribute('data-result', 'valid');
  await expect(result.getByText('Checked on the device, offline.')).toBeVisible();
  await expect(result.getByTestId('scan-extra-disabled')).toHaveText(
    /Disabled visitor\s*1 · Check: Disability card/,
  );
  await expect(result.getByTestId('scan-extra-carer')).toContainText('Carer (with a disabled visitor)');
  await expect(result.getByTestId('scan-extra-carer')).not.toContainText('Check:');
  await expectNoSeriousA11yViolations(page);
  await nextScan(page);
  await context.setOffline(false);
  await expect(page.getByTestId('waiting')).toHaveText('0 claims waiting');
});

test('two devices claim one ticket offline: the first by claim time is kept, the other is a conflict', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const alpha = await makeAgentAccount(request);
  const beta = await makeAgentAccount(request);
  const phones = await Promise.all(
    [alpha, beta].map(async (account) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        ...NO_SERVICE_WORKER,
      });
      const page = await context.newPage();
      await signedIn(page, account.email, account.password);
      return { context, page };
    }),
  );
  const { code, uniqueId } = await buyTicket(phones[0].page, 'BB-24');
  const qr = await qrTextOf(qrPngInOutbox(code));

  for (const { context, page } of phones) {
    await context.setOffline(true);
    await typeScan(page, qr);
    await expect(page.locator('main.result')).toHaveAttribute('data-result', 'valid');
    await expect(page.getByTestId('waiting')).toHaveText('1 claim waiting');
    await page.waitForTimeout(50);
  }
  // Alpha scanned first; Beta finds a network first, then Alpha.
  await phones[1].context.setOffline(false);
  await expect(phones[1].page.getByTestId('waiting')).toHaveText('0 claims waiting', { timeout: 10_000 });
  await phones[0].context.setOffline(false);
  await expect(phones[0].page.getByTestId('waiting')).toHaveText('0 claims waiting', { timeout: 10_000 });
  // The upload's outcome is on the scan screen, back by itself after the result.
  await expect(phones[0].page.getByTestId('sync-result')).toContainText('Synced 1 claim', {
    timeout: 10_000,
  });
  await expect(phones[0].page.getByTestId('sync-result')).toContainText('claimed elsewhere too (conflict');
  // Alpha's claim counts, and Alpha hears of the other one.
  await expect(phones[0].page.getByRole('region', { name: 'A ticket was claimed twice' })).toContainText(
    'this claim counts',
  );

  const conflicts = await (
    await request.get('/api/admin/claim-conflicts/', {
      headers: { authorization: `Bearer ${alpha.superuserToken}` },
    })
  ).json();
  const conflict = conflicts.conflicts.find((c: { unique_id: string }) => c.unique_id === uniqueId);
  expect(conflict.kept.agent_name).toBe(alpha.agent_name);
  expect(conflict.other.agent_name).toBe(beta.agent_name);
  for (const { context } of phones) await context.close();
});

test.describe('on a phone set to New York time', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("every time shown is Rome's: the lists, the sync, the conflict, the claim", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const account = await makeAgentAccount(page.request);
    const { code } = await buyTicket(page, 'BB-24');
    const qr = await qrTextOf(qrPngInOutbox(code));
    const other = await anotherDoor(page.request);
    const first = await other.claim(qr);
    // The phone's clock stands at a known moment (after that claim): the test knows what each time shown
    // must read. New York is 5 or 6 hours from Rome: the phone's own time would not pass for Rome's.
    const now = new Date();
    await page.clock.setFixedTime(now);
    const here = romeHm(now);
    expect(romeHm(now, 'America/New_York')).not.toBe(here);

    await signedIn(page, account.email, account.password);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );
    await expect(page.getByText(`(keys and refunded list from ${here}).`)).toBeVisible();

    await context.setOffline(true);
    await typeScan(page, qr);
    const result = page.locator('main.result');
    await expect(result).toHaveAttribute('data-result', 'valid');
    await expect(result.getByText(`Refunded list from ${here} (Rome).`)).toBeVisible();
    await nextScan(page);

    await context.setOffline(false);
    await expect(page.getByTestId('sync-result')).toContainText(`Synced 1 claim at ${here} (Rome)`, {
      timeout: 10_000,
    });
    const card = page.getByRole('region', { name: 'A ticket was claimed twice' });
    await expect(card).toContainText(
      new RegExp(`Claimed first by ${other.agentName} at ${romeTimeText(first.claimedAt)}`),
    );
    await expect(card).toContainText(`Claimed here at ${here}: this claim does not count.`);

    // Online, the server's answer: claimed by the other agent, at its Rome time.
    await typeScan(page, qr);
    await expect(result).toHaveAttribute('data-result', 'already_claimed');
    await expect(result.locator('.claimed')).toHaveText(
      new RegExp(`^Claimed at ${romeTimeText(first.claimedAt)} by ${other.agentName}$`),
    );
  });
});

test('a result kept on screen stays past its countdown, until Next scan', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await makeAgentAccount(page.request);
  const { code } = await buyTicket(page, 'BB-24');
  const qr = await qrTextOf(qrPngInOutbox(code));
  // The page's timers run on Playwright's clock: the test moves time on, no real seconds waited.
  await page.clock.install();
  await signedIn(page, account.email, account.password);
  await page.clock.pauseAt(Date.now() + 10_000);

  const result = page.locator('main.result');
  const countdown = result.getByTestId('countdown');
  await typeScan(page, qr);
  await expect(result).toHaveAttribute('data-result', 'valid');
  await expect(countdown).toHaveText('Next scan in 4 s');
  await page.clock.runFor(2_000);
  await expect(countdown).toHaveText('Next scan in 2 s');
  await result.getByRole('button', { name: 'Keep on screen' }).click();
  await expect(countdown).toHaveText('Kept on screen until you tap Next scan.');
  await expect(result.getByRole('button', { name: 'Next scan' })).toBeFocused();

  // Well past the longest countdown (7 s): still there.
  await page.clock.runFor(15_000);
  await expect(result).toHaveAttribute('data-result', 'valid');
  await expect(result.getByRole('heading', { name: 'Valid' })).toBeVisible();
  await result.getByRole('button', { name: 'Next scan' }).click();
  await expect(page.getByLabel('Or type or paste the code or claim link')).toBeVisible();

  // Not kept, the same clock takes a result away by itself: 7 s for 'already claimed'.
  await typeScan(page, qr);
  await expect(result).toHaveAttribute('data-result', 'already_claimed');
  await expect(countdown).toHaveText('Next scan in 7 s');
  await page.clock.runFor(6_000);
  await expect(countdown).toHaveText('Next scan in 1 s');
  await page.clock.runFor(1_000);
  await expect(result).toHaveCount(0);
  await expect(page.getByLabel('Or type or paste the code or claim link')).toBeVisible();
});

/** A Y4M video (YUV4MPEG2, 4:2:0) of `png` centred on white, for Chromium's fake camera. */
async function writeY4m(png: Buffer, file: string) {
  const W = 640;
  const H = 480;
  const qr = await sharp(png).resize(360, 360).flatten({ background: '#fff' }).greyscale().raw().toBuffer();
  const y = Buffer.alloc(W * H, 235);
  const ox = (W - 360) / 2;
  const oy = (H - 360) / 2;
  for (let r = 0; r < 360; r++)
    for (let c = 0; c < 360; c++) y[(oy + r) * W + ox + c] = 16 + Math.round((qr[r * 360 + c] * 219) / 255);
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]),
  );
}

test("the camera reads a real ticket's QR (Chromium's fake camera) and the ticket is claimed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await makeAgentAccount(page.request);
  const { code } = await buyTicket(page, 'BB-24');
  const video = path.join(test.info().outputDir, 'qr.y4m');
  await import('node:fs').then((fs) => fs.mkdirSync(test.info().outputDir, { recursive: true }));
  await writeY4m(qrPngInOutbox(code), video);

  const browser = await chromium.launch({
    ...chromiumLaunch,
    args: [
      ...chromiumLaunch.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const ctx = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      permissions: ['camera'],
      ...NO_SERVICE_WORKER,
    });
    const phone = await ctx.newPage();
    await signedIn(phone, account.email, account.password);
    await phone.getByRole('button', { name: 'Scan with the camera' }).click();
    const result = phone.locator('main.result');
    await expect(result).toHaveAttribute('data-result', 'valid', { timeout: 15_000 });
    await expect(result.getByRole('heading', { name: 'Valid' })).toBeVisible();
  } finally {
    await browser.close();
  }
});
