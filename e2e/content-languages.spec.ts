/**
 * An edit in one language never changes another. Editing the English home headline used to replace
 * the Italian, Spanish, French and German headlines with the new English (they showed their own words
 * only while the English block still held the default). Each language keeps its words, in the page's
 * first paint (the server's frame) and in the app's render, at 390 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { apiTokenFor, atBothWidths } from './fixtures';

const LANGUAGES = ['it', 'es', 'fr', 'de'] as const;
const TAG = 'home-hero-title';

// One edit, each page opened once and looked at at both widths (decision 075: the layout is
// responsive, nothing is loaded again; a page load was most of a test's CPU).
test("editing the English home headline leaves the other four languages' headlines as they were at 390 and 1280 px", async ({
  page,
}) => {
  const auth = { authorization: `Bearer ${await apiTokenFor(page.request, 'editor')}` };
  const h1 = page.getByRole('heading', { level: 1 });
  const headline = async (path: string) => {
    await page.goto(path);
    await expect(h1).toBeVisible();
    return (await h1.textContent())!.trim();
  };
  const before: Record<string, string> = {};
  for (const lang of LANGUAGES) before[lang] = await headline(`/${lang}/`);
  const original = (
    (await (await page.request.get('/api/static-content/home/')).json()).content_blocks as {
      unique_tag: string;
      block_content: string;
    }[]
  ).find((b) => b.unique_tag === TAG)!.block_content;
  const english = `Rome from the open top, ${Date.now()}`;
  try {
    const saved = await page.request.post(`/api/edit-content/${TAG}/`, {
      headers: auth,
      data: { content: english },
    });
    expect(saved.ok()).toBe(true);
    await page.goto('/');
    await atBothWidths(page, async (width) => {
      await expect(h1, `/ at ${width} px`).toBeVisible();
      expect((await h1.textContent())!.trim(), `/ at ${width} px`).toBe(english);
    });
    for (const lang of LANGUAGES) {
      // The first paint, from the server (its drawn headline; the data the app starts from still
      // carries the English block, marked untranslated)...
      const html = await (await page.request.get(`/${lang}/`)).text();
      const painted = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
      expect(painted, lang).not.toBe('');
      expect(painted, lang).not.toContain(english);
      // ...and the app's page.
      await page.goto(`/${lang}/`);
      await atBothWidths(page, async (width) => {
        await expect(h1, `${lang} at ${width} px`).toBeVisible();
        expect((await h1.textContent())!.trim(), `${lang} at ${width} px`).toBe(before[lang]);
        if (lang === 'it') {
          await page.screenshot({ path: test.info().outputPath(`it-after-english-edit-${width}.png`) });
        }
      });
    }
  } finally {
    await page.request.post(`/api/edit-content/${TAG}/`, { headers: auth, data: { content: original } });
  }
});
