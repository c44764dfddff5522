/**
 * The ticket page on a slow phone link: 400 kbit/s each way, 400 ms round trip, the CPU slowed 4x, 390 px.
 * The title, the price and an enabled date control must not wait for what is below them: the
 * description's sanitiser (DOMPurify, the page's largest piece of code) is asked for only once the
 * page's code is there to draw the panel, instead of sharing the link with it from the first request.
 *
 * It prints when each appeared and what came down before (docs/performance.md, 'Ticket page on a slow
 * link'). The time is held to a ceiling, not to the 2.5 s aim: the shell's 90 KB (React, the router)
 * alone take 1.8 s of this link, and the emulated link is deterministic but the 4x-slowed CPU on a
 * shared machine is not, so the ceiling leaves the CPU part a margin.
 */
import { expect, test } from '@playwright/test';

const KBIT = 1024 / 8; // bytes per second of one kbit/s, as Chromium counts it
const LINK = { latency: 400, downloadThroughput: 400 * KBIT, uploadThroughput: 400 * KBIT };
/** The aim (printed, not enforced: see above). */
const AIM_MS = 2500;
/** What the link alone takes today (about 4.3 s) and the CPU's share with a margin for a busy machine. */
const CEILING_MS = 4500 + 2500;
/** Code that belongs below the panel: the description and its sanitiser. */
const BELOW_THE_PANEL = /\/assets\/(content|TicketDescription)-[^/]*\.js$/;

for (const tag of ['RM-COL', 'BB-NIGHT']) {
  test(`the ticket page ${tag} is usable before its description on a slow phone link`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    // Warm the server's own caches (the page HTML, the package) without warming the browser's.
    await page.request.get(`/manageBookings/E9/${tag}`);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    let bytes = 0;
    const requests = new Map<string, string>();
    const sent: { url: string; at: number }[] = [];
    const done: { url: string; bytes: number; at: number }[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, e.request.url);
      sent.push({ url: e.request.url, at: Date.now() });
    });
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      done.push({ url: requests.get(e.requestId) ?? '?', bytes: e.encodedDataLength, at: Date.now() });
    });

    const start = Date.now();
    await page.goto(`/manageBookings/E9/${tag}`, { waitUntil: 'commit' });
    const title = page.getByRole('heading', { level: 1 });
    const price = page.getByTestId('ticket-price');
    // A day of the calendar that can be chosen (SLOW_LINK_OLD_SELECT: the old date list, for the 'before').
    const date = process.env.SLOW_LINK_OLD_SELECT
      ? page.getByLabel('Select a date')
      : page.getByTestId('ticket-calendar').locator('button[data-date]:not([aria-disabled="true"])').first();
    const at: Record<string, number> = {};
    const seen = (name: string) => () => {
      at[name] = Date.now() - start;
    };
    await Promise.all([
      expect(title).toBeVisible({ timeout: 30_000 }).then(seen('title')),
      expect(price).toBeVisible({ timeout: 30_000 }).then(seen('price')),
      expect(date).toBeEnabled({ timeout: 30_000 }).then(seen('date')),
    ]);
    const usable = Math.max(at.title, at.price, at.date);
    const bytesWhenUsable = bytes;
    await page.waitForLoadState('load', { timeout: 45_000 }).catch(() => undefined);
    const load = Date.now() - start;

    const early = done.filter((d) => d.at - start <= usable);
    console.log(
      `slow link ${tag}: title ${at.title} ms, price ${at.price} ms, date ${at.date} ms, ` +
        `usable ${usable} ms (aim ${AIM_MS} ms) after ${(bytesWhenUsable / 1024).toFixed(1)} KB in ${early.length} requests; ` +
        `load ${load} ms, ${(bytes / 1024).toFixed(1)} KB`,
    );
    for (const d of early)
      console.log(
        `  ${String(d.at - start).padStart(6)} ms ${(d.bytes / 1024).toFixed(1).padStart(6)} KB ${d.url.replace(/^https?:\/\/[^/]+/, '')}`,
      );

    // The description's code is asked for only once the page's own code has come and rendered the
    // panel (a lazy chunk), not with the page's first requests, where it took the link's time.
    const pageCode = done.find((d) => /\/assets\/TicketDetailsPage-[^/]*\.js$/.test(d.url));
    expect(pageCode, 'the page chunk came').toBeTruthy();
    expect(
      sent.filter((r) => BELOW_THE_PANEL.test(r.url) && r.at < pageCode!.at).map((r) => r.url),
      'code of the description asked for before the page could draw its panel',
    ).toEqual([]);
    expect(usable, 'ms until title, price and date control').toBeLessThanOrEqual(CEILING_MS);
  });
}
