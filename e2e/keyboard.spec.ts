/**
 * Keyboard use of every dialog (issue: "every dialog (editor, media library, mobile menu) traps focus,
 * closes on Escape and returns focus"): Tab from the last control comes back to the first and
 * Shift+Tab from the first goes to the last, focus never leaves while moving, Escape closes only the
 * top dialog, and focus returns to the control that opened it.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from './fixtures';

/** Same list as apps/web/src/components/focusTrap.ts: what Tab can reach. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Marks the first and last tabbable controls of `container` and returns how many there are. */
async function markEnds(container: Locator): Promise<number> {
  return container.evaluate((root, selector) => {
    for (const el of root.querySelectorAll('[data-trap-end]')) el.removeAttribute('data-trap-end');
    const items = [...root.querySelectorAll<HTMLElement>(selector)].filter(
      (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
    );
    items[0]?.setAttribute('data-trap-end', 'first');
    items.at(-1)?.setAttribute('data-trap-end', 'last');
    return items.length;
  }, TABBABLE);
}

/** Tab and Shift+Tab wrap at the ends of `container`, and a walk all round never leaves it. */
async function expectFocusTrapped(page: Page, container: Locator) {
  const count = await markEnds(container);
  expect(count, 'tabbable controls in the dialog').toBeGreaterThan(0);
  const first = container.locator('[data-trap-end="first"]');
  const last = container.locator('[data-trap-end="last"]');

  await last.focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();

  // Round the whole dialog once, and a step further. The page notes where focus is as each Tab is let
  // go (focus moves on the key's press, the trap's keydown handler being synchronous), and the walk is
  // read once at its end instead of once a Tab.
  await first.focus();
  await container.evaluate((root) => {
    const walk: boolean[] = [];
    const note = (e: KeyboardEvent) => {
      if (e.key === 'Tab')
        walk.push(root.contains(document.activeElement) && document.activeElement !== root);
    };
    window.addEventListener('keyup', note, true);
    (window as unknown as { e2eTabWalk: () => boolean[] }).e2eTabWalk = () => {
      window.removeEventListener('keyup', note, true);
      return walk;
    };
  });
  const presses = Math.min(count, 40) + 1;
  for (let i = 0; i < presses; i++) await page.keyboard.press('Tab');
  const walk = await page.evaluate(() => (window as unknown as { e2eTabWalk: () => boolean[] }).e2eTabWalk());
  expect(walk, 'one note per Tab').toHaveLength(presses);
  for (const [i, inside] of walk.entries()) expect(inside, `Tab ${i + 1} stayed in the dialog`).toBe(true);
}

test.describe('editor dialogs', () => {
  // A walk of Tab presses round a dialog full of rows (the partner logos: five buttons each) takes a
  // while on a machine running the two browser-test shards at once.
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'editor');
  });

  // The about page's three editor dialogs on one load of the page, one after the other: each is closed
  // with Escape before the next one opens.
  test('about page: HTML content editor; Change Image with its media library and upload modal; page metadata with Global Settings', async ({
    page,
  }) => {
    await page.goto('/aboutus');
    const titleOpener = page.getByRole('button', { name: 'EDIT title' });
    await titleOpener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit title' });
    await expect(dialog.locator('.cm-content')).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(titleOpener).toBeFocused();

    const imageOpener = page.getByRole('button', { name: 'EDIT banner image' });
    await imageOpener.click();
    const change = page.getByRole('dialog', { name: /Change Image/ });
    await expect(change.getByRole('button', { name: 'Choose from media library' })).toBeVisible();
    await expectFocusTrapped(page, change);

    const libraryOpener = change.getByRole('button', { name: 'Choose from media library' });
    await libraryOpener.click();
    const library = page.getByRole('dialog', { name: 'Media Library' });
    await expect(library.getByRole('listitem').first()).toBeVisible();
    await expectFocusTrapped(page, library);
    await page.keyboard.press('Escape');
    await expect(library).toHaveCount(0);
    await expect(change).toBeVisible();
    await expect(libraryOpener).toBeFocused();

    const uploadOpener = change.getByRole('button', { name: 'Upload new image' });
    await uploadOpener.click();
    const upload = page.getByRole('dialog', { name: /Upload/ });
    await expect(upload).toBeVisible();
    await expectFocusTrapped(page, upload);
    await page.keyboard.press('Escape');
    await expect(upload).toHaveCount(0);
    await expect(uploadOpener).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(change).toHaveCount(0);
    await expect(imageOpener).toBeFocused();

    const metaOpener = page.getByRole('button', { name: 'Page metadata' });
    await metaOpener.click();
    const meta = page.getByRole('dialog', { name: 'Page Metadata' });
    await expect(meta.getByRole('button', { name: 'Save Meta' })).toBeVisible();
    await expectFocusTrapped(page, meta);

    const settingsOpener = page.getByRole('button', { name: 'Global Settings' });
    await settingsOpener.click();
    const settings = page.getByRole('dialog', { name: 'Global Settings' });
    // Enabled once the code has loaded: until then the editor and the Save button are not tabbable yet.
    await expect(settings.getByRole('button', { name: 'Save Head Code' })).toBeEnabled();
    await expectFocusTrapped(page, settings);
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await expect(meta).toBeVisible();
    await expect(settingsOpener).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(meta).toHaveCount(0);
    await expect(metaOpener).toBeFocused();
  });

  test('partner logo editor and its logo upload modal', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'EDIT LOGOS' });
    await opener.click();
    const logos = page.getByRole('dialog', { name: 'Partner Logos' });
    await expect(logos.getByRole('button', { name: 'Add logo' })).toBeVisible();
    // The rows come after the dialog's header: the walk's ends are marked once they are there (marked
    // before, the last end was the close button, and Tab from it went on to the first row).
    await expect(logos.getByRole('listitem').first()).toBeVisible();
    await expectFocusTrapped(page, logos);

    await logos.getByRole('button', { name: 'Add logo' }).click();
    const uploadOpener = logos.getByRole('button', { name: 'Upload image' });
    await uploadOpener.click();
    const upload = page.getByRole('dialog', { name: 'Upload Logo Image' });
    await expect(upload).toBeVisible();
    await expectFocusTrapped(page, upload);
    await page.keyboard.press('Escape');
    await expect(upload).toHaveCount(0);
    await expect(logos).toBeVisible();
    await expect(uploadOpener).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(logos).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('ticket editor', async ({ page }) => {
    await page.goto('/manageBookings/E9/BB-24');
    const opener = page.getByRole('button', { name: 'Edit Ticket' });
    await opener.click();
    const editor = page.getByRole('dialog', { name: /^Edit Ticket/ });
    await expect(editor.getByRole('button', { name: 'Replace Main image' })).toBeVisible();
    await expectFocusTrapped(page, editor);
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const who of ['visitor', 'customer'] as const) {
    test(`keeps Tab in the bar and menu while open, and Escape returns to the toggle (${who})`, async ({
      page,
    }) => {
      if (who === 'customer') await signInAs(page, 'customer');
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Agent Points' }).last()).toBeVisible();
      await expectFocusTrapped(page, nav);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
      await expect(nav.getByRole('link', { name: 'Agent Points' })).toBeHidden();
    });
  }
});
