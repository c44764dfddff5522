/**
 * Editors write the pages in each language (issue #20): a block saved with ?lang=it is the Italian
 * page's words; a block with none shows its English, marked `translated: false`; the English page
 * (the spec's calls without lang) is untouched; page metadata per language reaches the HTML head; the
 * page's HTML carries its language's content. Bad input is refused and stores nothing.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTranslations, pageTranslations } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true, name: 'Elena Editor' });
  customer = await createUser(t.app, t.db);
});
afterAll(() => t.close());

const save = (tag: string, content: string, lang: string, user: TestUser | null = editor) =>
  t.app.inject({
    method: 'POST',
    url: `/api/edit-content/${tag}/?lang=${lang}`,
    headers: user ? user.auth : {},
    payload: { content },
  });
const read = (page: string, lang?: string) =>
  t.app.inject({ url: `/api/static-content/${page}/${lang ? `?lang=${lang}` : ''}` }).then((r) => r.json());
const block = (body: any, tag: string) => body.content_blocks.find((b: any) => b.unique_tag === tag);
const translations = async () => (await t.db.select({ n: count() }).from(contentTranslations))[0].n;

describe('content blocks per language', () => {
  it('an Italian block is the Italian page; the others show English, marked; English is untouched', async () => {
    const res = await save('about-us-title', '<p>Chi siamo</p><script>alert(1)</script>', 'it');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ unique_tag: 'about-us-title', translated: true });
    expect(res.json().data.block_content).not.toContain('script');

    const italian = await read('about-us', 'it');
    expect(block(italian, 'about-us-title')).toMatchObject({
      block_content: '<p>Chi siamo</p>',
      translated: true,
    });
    expect(block(italian, 'about-us-subtitle')).toMatchObject({
      block_content: 'Your guide to seeing Rome from the top deck',
      translated: false,
    });
    const english = await read('about-us');
    expect(block(english, 'about-us-title').block_content).toBe('About Us');
    expect(block(english, 'about-us-title')).not.toHaveProperty('translated');
    // German has none of the Italian words.
    expect(block(await read('about-us', 'de'), 'about-us-title')).toMatchObject({
      block_content: 'About Us',
      translated: false,
    });
  });

  it('the Italian page HTML starts with the Italian content', async () => {
    const html = (await t.app.inject({ url: '/it/aboutus', headers: { cookie: 'lang=it' } })).body;
    expect(html).toMatch(/id="initial-content">[^<]*Chi siamo/);
  });

  it('refuses a translation of a block that has no English, an unknown language, and a customer', async () => {
    const before = await translations();
    const missing = await save('no-such-block', '<p>x</p>', 'it');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail ?? missing.json().message).toMatch(/write it in English first/);
    const unknown = await save('about-us-title', '<p>x</p>', 'xx');
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('Unknown language.');
    expect((await save('about-us-title', '<p>x</p>', 'it', customer)).statusCode).toBe(403);
    expect((await save('about-us-title', '<p>x</p>', 'it', null)).statusCode).toBe(401);
    expect(await translations()).toBe(before);
    expect((await t.app.inject({ url: '/api/static-content/about-us/?lang=xx' })).statusCode).toBe(400);
  });
});

describe('page metadata per language', () => {
  it('the Italian meta title is the Italian head; English keeps its own', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/pages/about-us/update/?lang=it',
      headers: editor.auth,
      payload: { meta_title: 'Chi siamo | Biglietti bus Roma', meta_description: 'Chi siamo, in breve.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.meta_title).toBe('Chi siamo | Biglietti bus Roma');
    const [row] = await t.db
      .select()
      .from(pageTranslations)
      .where(and(eq(pageTranslations.slug, 'about-us'), eq(pageTranslations.language, 'it')));
    expect(row.metaDescription).toBe('Chi siamo, in breve.');

    const italian = (await t.app.inject({ url: '/it/aboutus', headers: { cookie: 'lang=it' } })).body;
    expect(italian).toContain('<title>Chi siamo | Biglietti bus Roma</title>');
    expect(italian).toContain('<meta name="description" content="Chi siamo, in breve.">');
    const english = (await t.app.inject({ url: '/aboutus', headers: { cookie: 'lang=en' } })).body;
    expect(english).not.toContain('Chi siamo');
    expect((await read('about-us', 'it')).page.meta_title).toBe('Chi siamo | Biglietti bus Roma');
    expect((await read('about-us')).page.meta_title).not.toBe('Chi siamo | Biglietti bus Roma');
  });
});
