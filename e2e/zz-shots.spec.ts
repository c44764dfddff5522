import { test } from '@playwright/test';
import { signInAs } from './fixtures';

for (const [w, h] of [
  [390, 844],
  [1280, 800],
] as const) {
  for (const path of ['/', '/it/']) {
    test(`editor home ${path} ${w}`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await signInAs(page, 'editor');
      await page.goto(path);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/shots/home${path.replace(/\//g, '_')}${w}.png`, fullPage: true });
      await page.screenshot({ path: `/tmp/shots/home${path.replace(/\//g, '_')}${w}-view.png` });
    });
  }
}
