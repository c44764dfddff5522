/**
 * An editor's steps that broke in a real browser (issue #23, Editors): toasts under the modal backdrop,
 * the raw media id of Change Image, and a preview that differed from the page. Each walked at 390 px and
 * looked at at 390 and 1280 px.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { atBothWidths, demoAccounts, signInAs, WIDTHS } from './fixtures';

type MediaItem = { id: number; name: string; file: string; thumbnail: string | null; media_type: string };

async function editorToken(page: Page): Promise<string> {
  const { email, password } = demoAccounts().editor;
  const res = await page.request.post('/api/api/token/', { data: { username: email, password } });
  return (await res.json()).access;
}

/** The page's content blocks by tag, as stored. */
async function blocks(page: Page, pageTag: string): Promise<Record<string, string>> {
  const body = await (await page.request.get(`/api/static-content/${pageTag}/`)).json();
  return Object.fromEntries(
    body.content_blocks.map((b: { unique_tag: string; block_content: string }) => [
      b.unique_tag,
      b.block_content,
    ]),
  );
}

/** Replaces the whole text of the CodeMirror editor in `dialog` (typed as one insertion). */
async function replaceSource(dialog: Locator, text: string) {
  await dialog.locator('.cm-content').click();
  await dialog.page().keyboard.press('ControlOrMeta+a');
  await dialog.page().keyboard.press('Delete');
  await dialog.page().keyboard.insertText(text);
}

/** The media item on a page's image tag now (from the public static content). */
async function pageImage(page: Page, pageTag: string, tag: string): Promise<{ id: number; file: string }> {
  const body = await (await page.request.get(`/api/static-content/${pageTag}/`)).json();
  return body.page_images.find((i: { unique_tag: string }) => i.unique_tag === tag).image;
}

/**
 * The element drawn at the centre of `target` is `target` or inside it: nothing covers it. Polled, as
 * a toast slides in from above the viewport.
 */
async function expectOnTop(target: Locator) {
  await expect(target).toBeVisible();
  await expect
    .poll(
      () =>
        target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit !== null && (hit === el || el.contains(hit));
        }),
      { message: 'the toast is the topmost element at its centre', timeout: 3_000 },
    )
    .toBe(true);
}

async function openEditor(page: Page, path: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
}

test.describe('editor at 390 px, looked at at 390 and 1280 px', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'editor');
  });

  test('a toast raised while a modal is open shows above it', async ({ page }) => {
    await page.route('**/api/edit-content/**', (route) =>
      route.fulfill({
        status: 400,
        json: { error: 'Content is too long.', message: 'Content is too long.', code: 'invalid_request' },
      }),
    );
    await openEditor(page, '/aboutus');
    // The toast is raised afresh at each width: it lasts 4 s, and one raised at 390 px could expire
    // while the same page is looked at again at 1280 px on a busy machine.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.getByRole('button', { name: 'EDIT title' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit title' });
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      // The dialog stays open with its own message, and the error toast is drawn above it.
      await expect(dialog.getByRole('alert')).toHaveText('Failed to save content: Content is too long.');
      const toast = page
        .getByRole('status')
        .filter({ hasText: 'Failed to save content: Content is too long.' })
        .last();
      await expectOnTop(toast);

      // Closed, the toast (4 s) is back on the page and still in sight.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(toast).toBeVisible();
      expect(await toast.evaluate((el) => el.closest('dialog'))).toBeNull();
      await expectOnTop(toast);
    }
  });

  test('Change Image: picking a thumbnail of the media library changes the image', async ({ page }) => {
    const before = await pageImage(page, 'refund', 'refund-banner');
    const library: MediaItem[] = (await (await page.request.get('/api/media-library/')).json()).data;
    // Another page's seeded banner: in use there, so no test running alongside can delete it.
    const target = library.find((m) => m.name === 'return-policy-banner');
    expect(target).toBeTruthy();
    if (!target) return;
    try {
      await openEditor(page, '/refund');
      await page.getByRole('button', { name: 'EDIT banner image' }).click();
      const dialog = page.getByRole('dialog', { name: /Change Image/ });
      const radio = { name: 'return-policy-banner', exact: true };
      const choice = dialog.getByRole('radio', radio);
      const thumb = dialog.locator('label').filter({ has: page.getByRole('radio', radio) });
      await atBothWidths(page, async () => {
        // No raw media id to type: the library's images as thumbnails, the current one chosen.
        await expect(dialog.getByLabel('Media id')).toHaveCount(0);
        const thumbs = dialog.getByRole('group', { name: 'Pick an image' }).getByRole('radio');
        await expect(thumbs).toHaveCount(library.filter((m) => m.media_type === 'image').length);
        await expect(dialog.getByRole('radio', { name: 'refund-banner Current' })).toBeChecked();
        await thumb.scrollIntoViewIfNeeded();
        await expect(thumb.locator('img')).toHaveAttribute('src', target.thumbnail ?? target.file);
        await expect
          .poll(() =>
            thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBeGreaterThan(0);
      });
      await thumb.click();
      await expect(choice).toBeChecked();
      await dialog.getByRole('button', { name: 'Change Image', exact: true }).click();
      await expect(page.getByText('Image updated successfully!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await atBothWidths(page, async () => {
        await expect(page.getByTestId('page-banner')).toBeVisible();
        await expect(page.getByTestId('page-banner')).toHaveAttribute('src', target.file);
      });
      expect((await pageImage(page, 'refund', 'refund-banner')).id).toBe(target.id);

      // Opened again, the new image is the current one.
      await page.getByRole('button', { name: 'EDIT banner image' }).click();
      await expect(dialog.getByRole('radio', { name: 'return-policy-banner Current' })).toBeChecked();
    } finally {
      await page.request.patch('/api/page-image/refund-banner/update/', {
        headers: { authorization: `Bearer ${await editorToken(page)}` },
        data: { image_id: before.id },
      });
    }
  });

  test('the preview shows what the page shows: one allowlist for HTML blocks, plain text for titles', async ({
    page,
  }) => {
    const original = await blocks(page, 'refund');
    const html =
      '<p>Plain, <strong>bold</strong> and <em>slanted</em>.</p><form><input name="x"></form>' +
      '<p onclick="alert(1)" style="color: red">Mail {email}</p><iframe src="https://example.com/x"></iframe>';
    const title = 'Refund <strong>Policy</strong> & returns';
    try {
      await openEditor(page, '/refund');

      // An HTML block: the preview's markup is the page's markup after saving.
      await page.getByRole('button', { name: 'EDIT main content' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit main content' });
      await replaceSource(dialog, html);
      const preview = dialog.getByTestId('html-preview');
      await expect(preview.locator('strong')).toHaveText('bold');
      const previewHtml = await preview.innerHTML();
      expect(previewHtml).not.toMatch(/<form|<input|onclick|<iframe/);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog).toHaveCount(0);
      const block = page.locator('[data-content-tag="refund-main-content"]');
      await expect(block.locator('strong')).toHaveText('bold');
      expect(await block.innerHTML()).toBe(previewHtml);
      // And after a reload, from the server's copy of the block.
      await page.reload();
      await atBothWidths(page, async () => {
        await expect(block.locator('strong')).toBeVisible();
        await expect(block.locator('strong')).toHaveText('bold');
      });
      expect(await block.innerHTML()).toBe(previewHtml);

      // A title: the preview shows the plain text the page shows, no bold that would vanish.
      await page.getByRole('button', { name: 'EDIT title' }).click();
      const titleDialog = page.getByRole('dialog', { name: 'Edit title' });
      await replaceSource(titleDialog, title);
      const titlePreview = titleDialog.getByTestId('html-preview');
      await expect(titlePreview).toHaveText('Refund Policy & returns');
      await expect(titlePreview.locator('strong')).toHaveCount(0);
      await titleDialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(titleDialog).toHaveCount(0);
      await atBothWidths(page, async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy & returns');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    } finally {
      const access = await editorToken(page);
      for (const tag of ['refund-main-content', 'refund-title']) {
        await page.request.post(`/api/edit-content/${tag}/`, {
          headers: { authorization: `Bearer ${access}` },
          data: { content: original[tag] },
        });
      }
    }
  });

  test('a ticket description is rendered with the same allowlist it was saved with', async ({ page }) => {
    const tag = 'CS-HALF';
    const pkg = (await (await page.request.get(`/api/package/E9/${tag}/`)).json()).data;
    const access = await editorToken(page);
    const description =
      '<p>Loop with <strong>bold</strong> stops.</p>' +
      '<iframe src="https://www.google.com/maps/embed?pb=meeting-point" loading="lazy"></iframe>';
    try {
      const res = await page.request.patch(`/api/update-bus-package/${tag}/`, {
        headers: { authorization: `Bearer ${access}` },
        data: { description },
      });
      expect(res.ok()).toBe(true);
      const saved: string = (await res.json()).data.description;
      await openEditor(page, `/manageBookings/E9/${tag}`);
      const about = page.getByRole('region', { name: 'About this ticket' });
      await atBothWidths(page, async () => {
        await expect(about.locator('strong')).toHaveText('bold');
        // The map embed the policy keeps on save is kept on the page too (DOMPurify's defaults dropped it).
        await expect(about.locator('iframe')).toHaveAttribute(
          'src',
          /^https:\/\/www\.google\.com\/maps\/embed/,
        );
      });
      expect(saved).toContain('<iframe');
    } finally {
      await page.request.patch(`/api/update-bus-package/${tag}/`, {
        headers: { authorization: `Bearer ${access}` },
        data: { description: pkg.description },
      });
    }
  });
});
