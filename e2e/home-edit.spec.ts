/**
 * The home page is edited in place like the other pages (issue #23, Editors: 'The home page cannot be
 * edited'; spec §2 Navigation bar 'The logo is editable', Home): the hero's words, the bottom banner,
 * the navigation logo as a page image and the page's metadata. An editor changes each, and a visitor
 * sees it after a reload (the hero already in the HTML's first paint). Walked at 390 px, each page looked
 * at at 390 and 1280 px (the HTML is the same at every width: the server does not know the window's).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { atBothWidths, demoAccounts, signInAs } from './fixtures';

type MediaItem = { id: number; name: string; file: string; media_type: string };

async function editorToken(page: Page): Promise<string> {
  const { email, password } = demoAccounts().editor;
  const res = await page.request.post('/api/api/token/', { data: { username: email, password } });
  return (await res.json()).access;
}

async function homeContent(page: Page) {
  return (await page.request.get('/api/static-content/home/')).json();
}

async function visitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

/** Replaces the whole text of the CodeMirror editor in the open dialog. */
async function replaceSource(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe('home page editing at 390 px, looked at at 390 and 1280 px', () => {
  test.beforeEach(async ({ page }) => {
    // An editor's page with its tools and a visitor's page beside it: over 30 s on a busy machine.
    test.setTimeout(60_000);
    await signInAs(page, 'editor');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('an editor changes the hero title and the bottom banner; a visitor sees both after a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    const before = await homeContent(page);
    const original = (tag: string) =>
      before.content_blocks.find((b: { unique_tag: string }) => b.unique_tag === tag)?.block_content;
    const title = 'Rome from the top deck';
    const banner = 'Deals for riders';
    try {
      await page.goto('/');
      const hero = page.getByRole('heading', { level: 1 });
      await expect(hero).toHaveText(original('home-hero-title'));
      await page.getByRole('button', { name: 'EDIT home hero title' }).click();
      await replaceSource(page, title);
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(hero).toHaveText(title);

      await page.getByRole('button', { name: 'EDIT bottom banner title' }).click();
      await replaceSource(page, banner);
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.locator('#banner-title')).toHaveText(banner);

      // A visitor: no EDIT button, the new words, the hero's already in the HTML's first paint.
      const v = await visitor(browser, baseURL);
      const html = await (await v.page.request.get('/')).text();
      expect(html).toContain(`<h1 class=`);
      expect(html).toContain(`>${title}</h1>`);
      await v.page.goto('/');
      await atBothWidths(v.page, async () => {
        await expect(v.page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(v.page.locator('#banner-title')).toHaveText(banner);
        await expect(v.page.getByRole('button', { name: /^EDIT/ })).toHaveCount(0);
        await expect(v.page.getByRole('button', { name: 'Page metadata' })).toHaveCount(0);
      });
      await v.context.close();
    } finally {
      const access = await editorToken(page);
      for (const tag of ['home-hero-title', 'home-banner-title']) {
        await page.request.post(`/api/edit-content/${tag}/`, {
          headers: { authorization: `Bearer ${access}` },
          data: { content: original(tag) },
        });
      }
    }
  });

  test('an editor changes the navigation logo from the media library; a visitor sees it after a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    const library: MediaItem[] = (await (await page.request.get('/api/media-library/')).json()).data;
    // No call takes a page image's picture off (spec §7 only sets one), so the logo stays the seeded
    // picture it was changed to for the rest of the run (every run starts on a fresh database).
    await page.goto('/search?ticketType=1%20day');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'Rome Bus Tickets, home' })).toBeVisible();
    // A seeded banner picture: in use elsewhere, so no test running alongside can delete it. The one
    // the logo is not yet (a fresh database's logo is the drawn one), so a retry changes it again.
    const settings = (await (await page.request.get('/api/website-settings/')).json()).data;
    const now: string | undefined = settings.site_logo?.file;
    const target = library.find(
      (m) => ['return-policy-banner', 'terms-banner'].includes(m.name) && m.file !== now,
    );
    expect(target).toBeTruthy();
    if (!target) return;
    const name = target.name;
    await bar.getByRole('button', { name: 'EDIT navigation logo' }).click();
    const dialog = page.getByRole('dialog', { name: /Change Image/ });
    const radio = { name, exact: true };
    const thumb = dialog.locator('label').filter({ has: page.getByRole('radio', radio) });
    await thumb.scrollIntoViewIfNeeded();
    await thumb.click();
    await expect(dialog.getByRole('radio', radio)).toBeChecked();
    await dialog.getByRole('button', { name: 'Change Image', exact: true }).click();
    await expect(page.getByText('Image updated successfully!')).toBeVisible();
    await expect(bar.getByTestId('site-logo')).toHaveAttribute('src', target.file);

    const v = await visitor(browser, baseURL);
    await v.page.goto('/');
    const logo = v.page.getByRole('navigation', { name: 'Main' }).getByTestId('site-logo');
    await atBothWidths(v.page, async () => {
      await expect(logo).toHaveAttribute('src', target.file);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // Still the link home, named as before.
      await expect(v.page.getByRole('link', { name: 'Rome Bus Tickets, home' }).first()).toBeVisible();
      await expect(v.page.getByRole('button', { name: 'EDIT navigation logo' })).toHaveCount(0);
    });
    await v.context.close();
  });

  test('home has the Page metadata button; the saved meta title is the visitor’s title after a reload', async ({
    page,
    browser,
    baseURL,
  }) => {
    const before = (await homeContent(page)).page;
    const metaTitle = `Rome buses ${Date.now()}`;
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Page metadata' }).click();
      const panel = page.getByRole('dialog', { name: 'Page Metadata' });
      await panel.getByLabel('Meta title').fill(metaTitle);
      await panel.getByLabel('Meta description').fill('Edited home description');
      await panel.getByRole('button', { name: 'Save Meta' }).click();
      await expect(panel.locator('p[role="status"]')).toHaveText('Meta information updated!');

      const v = await visitor(browser, baseURL);
      await v.page.goto('/');
      await atBothWidths(v.page, async () => {
        await expect(v.page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(v.page).toHaveTitle(metaTitle);
        await expect(v.page.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          'Edited home description',
        );
      });
      await v.context.close();
    } finally {
      await page.request.patch('/api/pages/home/update/', {
        headers: { authorization: `Bearer ${await editorToken(page)}` },
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
