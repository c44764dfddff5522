/**
 * Issue #21, item 10: the logo link's accessible name holds its visible words (axe
 * `label-content-name-mismatch`, WCAG 2.5.3, which axe runs only when asked), and the ticket-type
 * chips draw their icons as SVG, not as emoji that show as empty boxes without an emoji font.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the logo link is named by its visible words, at 1280 and 390 px', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const { violations, passes } = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch'])
      .analyze();
    expect(
      violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
      `${width}px`,
    ).toEqual([]);
    // The rule did look at the logo (it checks links named by aria-label).
    expect(passes.flatMap((p) => p.nodes.map((n) => n.html)).join('\n')).toContain('Rome Bus Tickets, home');
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Rome Bus Tickets, home' })).toBeVisible();
});

test('ticket-type chips show an SVG icon each and no emoji', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('search');
  const chips = search.locator('label').filter({ has: page.getByRole('radio') });
  await expect(chips).toHaveCount(8);
  for (const chip of await chips.all()) await expect(chip.locator('svg[data-icon]')).toHaveCount(1);
  const text = (await search.textContent()) ?? '';
  expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
});
