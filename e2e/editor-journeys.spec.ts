/**
 * An editor's steps that broke in a real browser (issue #23, Editors): toasts under the modal backdrop,
 * the raw media id of Change Image, and a preview that differed from the page. Each at 390 and 1280 px.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from './fixtures';

const WIDTHS = [390, 1280] as const;

/** The element drawn at the centre of `target` is `target` or inside it: nothing covers it. */
async function expectOnTop(target: Locator) {
  await expect(target).toBeVisible();
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(onTop, 'the toast is the topmost element at its centre').toBe(true);
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
  });
}
