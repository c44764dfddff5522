/**
 * An editor's steps that broke in a real browser (issue #23, Editors): toasts under the modal backdrop,
 * the raw media id of Change Image, and a preview that differed from the page. Each at 390 and 1280 px.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoAccounts, signInAs } from './fixtures';

const WIDTHS = [390, 1280] as const;

type MediaItem = { id: number; name: string; file: string; thumbnail: string | null; media_type: string };

async function editorToken(page: Page): Promise<string> {
  const { email, password } = demoAccounts().editor;
  const res = await page.request.post('/api/api/token/', { data: { username: email, password } });
  return (await res.json()).access;
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

async function openEditor(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
  await page.goto(path);
}

for (const width of WIDTHS) {
  test.describe(`editor at ${width} px`, () => {
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
      await openEditor(page, width, '/aboutus');
      await page.getByRole('button', { name: 'EDIT title' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit title' });
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      // The dialog stays open with its own message, and the error toast is drawn above it.
      await expect(dialog.getByRole('alert')).toHaveText('Failed to save content: Content is too long.');
      const toast = page
        .getByRole('status')
        .filter({ hasText: 'Failed to save content: Content is too long.' });
      await expectOnTop(toast);

      // Closed, the toast (4 s) is back on the page and still in sight.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(toast).toBeVisible();
      expect(await toast.evaluate((el) => el.closest('dialog'))).toBeNull();
      await expectOnTop(toast);
    });

    test('Change Image: picking a thumbnail of the media library changes the image', async ({ page }) => {
      const before = await pageImage(page, 'refund', 'refund-banner');
      const library: MediaItem[] = (await (await page.request.get('/api/media-library/')).json()).data;
      // Another page's seeded banner: in use there, so no test running alongside can delete it.
      const target = library.find((m) => m.name === 'return-policy-banner');
      expect(target).toBeTruthy();
      if (!target) return;
      try {
        await openEditor(page, width, '/refund');
        await page.getByRole('button', { name: 'EDIT banner image' }).click();
        const dialog = page.getByRole('dialog', { name: /Change Image/ });
        // No raw media id to type: the library's images as thumbnails, the current one chosen.
        await expect(dialog.getByLabel('Media id')).toHaveCount(0);
        const thumbs = dialog.getByRole('group', { name: 'Pick an image' }).getByRole('radio');
        await expect(thumbs).toHaveCount(library.filter((m) => m.media_type === 'image').length);
        await expect(dialog.getByRole('radio', { name: 'refund-banner Current' })).toBeChecked();

        const radio = { name: 'return-policy-banner', exact: true };
        const choice = dialog.getByRole('radio', radio);
        const thumb = dialog.locator('label').filter({ has: page.getByRole('radio', radio) });
        await thumb.scrollIntoViewIfNeeded();
        await expect(thumb.locator('img')).toHaveAttribute('src', target.thumbnail ?? target.file);
        await expect
          .poll(() =>
            thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBeGreaterThan(0);
        await thumb.click();
        await expect(choice).toBeChecked();
        await dialog.getByRole('button', { name: 'Change Image', exact: true }).click();
        await expect(page.getByText('Image updated successfully!')).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByTestId('page-banner')).toHaveAttribute('src', target.file);
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
  });
}
