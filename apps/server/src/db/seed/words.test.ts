/**
 * The demo shop in every language (decision 024): every package's description and keywords and every
 * seeded page text a visitor reads are written in it, es, fr, de, inside the shop's HTML policy and with
 * the same {email}/{phone}/{address} fields; the storefront's calls answer them, and an editor's words
 * are never overwritten by a later start.
 */
import { LOCALES } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../lib/sanitize';
import { createTestApp } from '../../test/harness';
import { contentTranslations } from '../schema';
import { DEMO_BLOCK_WORDS, seedContentWords } from './content-words';
import { DEMO_FOLDERS, DEMO_PACKAGES, DEMO_PAGES } from './data';
import { descriptionIn, keywordsIn, type OtherLocale } from './package-words';

const OTHERS = LOCALES.filter((l): l is OtherLocale => l !== 'en');
const fields = (html: string) => (html.match(/\{(email|phone|address)\}/g) ?? []).sort();
const tags = (html: string) => (html.match(/<\/?[a-z0-9]+/g) ?? []).join('');

/** What a visitor reads of the seeded pages (titles and subtitles the storefront has in its catalogue aside). */
const VISITOR_BLOCKS = [
  'about-us-main-content',
  'terms-main-content',
  'return-policy-main-content',
  'refund-main-content',
  'agent-points-map',
  'agent-points-body',
  ...DEMO_FOLDERS.map((f) => `${f.companySlug}-subtitle`),
];

describe('the demo words', () => {
  it('every package has its description and keywords in each language, in the HTML policy', () => {
    for (const p of DEMO_PACKAGES) {
      const keywords = `rome, ${p.duration || 'ticket'}, ${DEMO_FOLDERS.find((f) => f.companySlug === p.company)!.name.toLowerCase()}, sightseeing`;
      for (const language of OTHERS) {
        const words = descriptionIn(p.description, language);
        expect(words, `${p.tag} ${language}`).toBeTruthy();
        expect(words).not.toBe(p.description);
        expect(sanitizeHtml(words!), `${p.tag} ${language}`).toBe(words);
        expect(tags(words!), `${p.tag} ${language}: the English markup`).toBe(tags(p.description));
        expect(keywordsIn(keywords, language), `${p.tag} ${language}`).toBeTruthy();
      }
    }
    // An editor's own English (or a new package) has none: it shows its English, marked.
    expect(descriptionIn('<p>A new tour.</p>', 'it')).toBeNull();
  });

  it("every page text a visitor reads is written in each language, in the HTML policy, with the English's fields", () => {
    const english = new Map(DEMO_PAGES.flatMap((p) => Object.entries(p.blocks)));
    for (const tag of VISITOR_BLOCKS) {
      const source = english.get(tag)!;
      const words = DEMO_BLOCK_WORDS[source];
      expect(words, tag).toBeTruthy();
      for (const language of OTHERS) {
        expect(words[language], `${tag} ${language}`).not.toBe(source);
        expect(sanitizeHtml(words[language]), `${tag} ${language}`).toBe(words[language]);
        expect(tags(words[language])).toBe(tags(source));
        expect(fields(words[language]), `${tag} ${language}`).toEqual(fields(source));
      }
    }
  });
});

describe('the seeded shop', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const blockOf = async (page: string, tag: string, lang: string) => {
    const body = (await t.app.inject({ url: `/api/static-content/${page}/?lang=${lang}` })).json();
    return body.content_blocks.find((b: { unique_tag: string }) => b.unique_tag === tag);
  };

  it('answers the Terms and an operator line in Italian and German, English for the spec’s call', async () => {
    expect(await blockOf('terms', 'terms-main-content', 'it')).toMatchObject({
      translated: true,
      block_content: expect.stringContaining('I prezzi sono in euro'),
    });
    expect(await blockOf('company-big-bus', 'big-bus-subtitle', 'de')).toMatchObject({
      translated: true,
      block_content: 'Steigen Sie ein und aus und entdecken Sie die Ewige Stadt in Ihrem eigenen Tempo',
    });
    const english = (await t.app.inject({ url: '/api/static-content/terms/' })).json();
    expect(
      english.content_blocks.find((b: { unique_tag: string }) => b.unique_tag === 'terms-main-content')
        .block_content,
    ).toMatch(/^<h2>1\. Tickets<\/h2><p>Each ticket/);
  });

  it('answers a package in Spanish with its description and keywords', async () => {
    const body = (await t.app.inject({ url: '/api/package/E9/RM-COL/?lang=es' })).json();
    expect(body.data.description).toContain('Una entrada a cada uno de los tres recintos');
    expect(body.data.meta_keywords).toBe('roma, 1 día, roma musei, turismo');
    expect(body.data.untranslated).not.toContain('description');
  });

  it('keeps an editor’s words at the next start', async () => {
    const where = and(
      eq(contentTranslations.uniqueTag, 'return-policy-main-content'),
      eq(contentTranslations.language, 'fr'),
    );
    await t.db.update(contentTranslations).set({ blockContent: '<p>Écrit par un éditeur.</p>' }).where(where);
    await seedContentWords(t.db);
    const [row] = await t.db.select().from(contentTranslations).where(where);
    expect(row.blockContent).toBe('<p>Écrit par un éditeur.</p>');
  });
});
