import { API, LOCALES, type Locale, type Package, type PackageSearchResult } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLog, packages } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { buildSearchIndex, searchPackages } from './search';
import type { CatalogSnapshot } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
});
afterAll(() => t.close());

const search = async (query: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/packages/search/?${new URLSearchParams(query)}` });
  return { status: res.statusCode, body: res.json() as PackageSearchResult & { error?: string } };
};
const tags = (body: PackageSearchResult) => body.results.map((p) => p.package_tag);
const first = async (q: string, lang?: string) =>
  tags((await search({ q, ...(lang ? { lang } : {}) })).body)[0];

describe('GET /api/packages/search/ (decision 039)', () => {
  it('finds a landmark through a typo, the title first, and answers in the contract shape', async () => {
    const { status, body } = await search({ q: 'colloseum' });
    expect(status).toBe(200);
    expect(tags(body)[0]).toBe('RM-COL');
    expect(body).toMatchObject({ q: 'colloseum', category: null, sort: 'relevance' });
    expect(body.total).toBe(body.results.length);
    expect(API['GET /api/packages/search/'].responses[200].safeParse(body).success).toBe(true);
    expect(await first('borgese')).toBe('RM-BORGHESE');
    expect(await first('borghese')).toBe('RM-BORGHESE');
    expect(await first('vatikan')).toBe('RM-VAT');
    expect(await first('sistine chapl')).toBe('RM-VAT');
  });

  it('finds packages by operator, by kind and by category words', async () => {
    const bigBus = tags((await search({ q: 'big bus' })).body);
    expect(bigBus.slice(0, 5).sort()).toEqual(['BB-24', 'BB-48', 'BB-72', 'BB-HALF', 'BB-NIGHT']);
    expect(await first('roma musei')).toMatch(/^RM-/);
    expect(await first('tivoli')).toBe('ILR-DAY');
    expect(tags((await search({ q: 'night' })).body)).toContain('BB-NIGHT');
  });

  it("finds the visitor's words in every language and answers in the page's language", async () => {
    expect(await first('colosseo', 'it')).toBe('RM-COL');
    expect(await first('coliseo', 'es')).toBe('RM-COL');
    expect(await first('colisée', 'fr')).toBe('RM-COL');
    expect(await first('colisee', 'fr')).toBe('RM-COL');
    expect(await first('kolosseum', 'de')).toBe('RM-COL');
    expect(await first('musei vaticani', 'it')).toBe('RM-VAT');
    expect(await first('galería borghese', 'es')).toBe('RM-BORGHESE');
    expect(await first('nachttour', 'de')).toBe('BB-NIGHT');
    // A word of another language finds it too, and the answer is in the language asked for.
    const it = (await search({ q: 'kolosseum', lang: 'it' })).body;
    expect(it.results[0]).toMatchObject({ package_tag: 'RM-COL', title: 'Colosseo, Foro Romano e Palatino' });
    const de = (await search({ q: 'museen', lang: 'de' })).body;
    expect(tags(de)).toEqual(expect.arrayContaining(['RM-VAT', 'RM-COL', 'RM-BORGHESE']));
  });

  it('keeps one category, alone or with words', async () => {
    const museums = (await search({ category: 'museums' })).body;
    expect(tags(museums).sort()).toEqual(
      ['RM-3PASS', 'RM-3PASS-BUS', 'RM-BORGHESE', 'RM-COL', 'RM-DAILY', 'RM-VAT'].sort(),
    );
    expect(museums.results.every((p) => p.categories.includes('museums'))).toBe(true);
    // Every bus tour's description names the Colosseum; among museums only the museums are left.
    const colosseum = (await search({ q: 'colosseum', category: 'museums' })).body;
    expect(tags(colosseum)[0]).toBe('RM-COL');
    expect(tags(colosseum).every((tag) => tag.startsWith('RM-'))).toBe(true);
    expect(tags((await search({ q: 'colosseum' })).body)).toContain('BB-24');
    expect(tags((await search({ category: 'night' })).body)).toContain('BB-NIGHT');
  });

  it('sorts by adult price both ways and keeps to the limit', async () => {
    const cents = (body: PackageSearchResult) => body.results.map((p) => Number(p.adult_price));
    const low = (await search({ category: 'bus-tours', sort: 'price_asc' })).body;
    expect(low.results.length).toBeGreaterThan(5);
    expect(cents(low)).toEqual([...cents(low)].sort((a, b) => a - b));
    const high = (await search({ q: 'museum', sort: 'price_desc' })).body;
    expect(cents(high)).toEqual([...cents(high)].sort((a, b) => b - a));
    expect(high.sort).toBe('price_desc');
    const two = (await search({ category: 'bus-tours', limit: '2' })).body;
    expect(two.results).toHaveLength(2);
    expect(two.total).toBeGreaterThan(2);
  });

  it('refuses bad input with 400 and a sentence', async () => {
    for (const query of [
      {} as Record<string, string>,
      { q: '   ' },
      { q: 'x'.repeat(101) },
      { q: 'bus', category: 'boats' },
      { q: 'bus', sort: 'cheapest' },
      { q: 'bus', limit: '0' },
      { q: 'bus', limit: '51' },
      { q: 'bus', limit: 'ten' },
      { q: 'bus', lang: 'xx' },
    ]) {
      const { status, body } = await search(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.error, JSON.stringify(query)).toMatch(/^[A-Z].*\.$/);
    }
    const twice = await t.app.inject({ url: '/api/packages/search/?q=bus&q=tour' });
    expect(twice.statusCode).toBe(400);
    // Words that match nothing are no error: an empty answer.
    const none = await search({ q: 'zzzqqq' });
    expect(none).toMatchObject({ status: 200, body: { total: 0, results: [] } });
  });

  it("follows an editor's change at once: title and categories", async () => {
    expect(tags((await search({ q: 'zebra' })).body)).not.toContain('GL-72');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/update-bus-package/GL-72/',
      headers: editor.auth,
      payload: { title: 'Green Line Zebra Tour 72h', categories: ['night', 'bus-tours', 'night'] },
    });
    expect(res.statusCode).toBe(200);
    // Kept once each, in the contract's order.
    expect(res.json().data.categories).toEqual(['bus-tours', 'night']);
    expect(await first('zebra')).toBe('GL-72');
    expect(tags((await search({ category: 'night' })).body)).toContain('GL-72');
    const [row] = await t.db.select().from(packages).where(eq(packages.packageTag, 'GL-72'));
    expect(row.categories).toEqual(['bus-tours', 'night']);
    const logged = await t.db.select().from(editLog).where(eq(editLog.entityKey, 'GL-72'));
    expect(JSON.stringify(logged.at(-1))).toContain('night');
  });

  it('refuses unknown categories in an edit and changes nothing', async () => {
    for (const categories of [['boats'], 'museums', [1], Array(9).fill('night')]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/update-bus-package/CS-24/',
        headers: editor.auth,
        payload: { categories },
      });
      expect(res.statusCode, JSON.stringify(categories)).toBe(400);
    }
    const [row] = await t.db.select().from(packages).where(eq(packages.packageTag, 'CS-24'));
    expect(row.categories).toEqual(['bus-tours']);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/update-bus-package/CS-24/',
      payload: { categories: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the search index (decision 039)', () => {
  // A catalogue of two packages, made here: the facts' shape is decision 040's, read defensively.
  const pkg = (tag: string, title: string, facts: unknown) =>
    ({
      package_tag: tag,
      title,
      type: 'Hop-on hop-off bus tour',
      duration: '24 hours',
      company: 'Test Lines',
      description: '<p>A loop of the centre.</p>',
      adult_price: '20.00',
      categories: ['bus-tours'],
      facts,
    }) as unknown as Package;
  const list = [
    pkg('WITH-STOPS', 'Blue loop', {
      meeting_point: 'Via Nazionale 1',
      stops: [{ name: 'Piazza del Popolo' }],
    }),
    pkg('ODD-FACTS', 'Red loop', { stops: 'not a list', meeting_point: 7 }),
    pkg('NO-FACTS', 'Green loop', null),
  ];
  const snapshot = { packages: list, byTag: new Map(list.map((p) => [p.package_tag, p])) } as CatalogSnapshot;
  const languages = Object.fromEntries(LOCALES.map((l) => [l, snapshot])) as Record<Locale, CatalogSnapshot>;

  it("finds a package by its facts' stops and meeting point, and ignores facts of another shape", () => {
    const built = buildSearchIndex(languages);
    const found = (q: string) => searchPackages(built, snapshot, { q }).results.map((p) => p.package_tag);
    expect(found('popolo')).toEqual(['WITH-STOPS']);
    expect(found('nazionale')).toEqual(['WITH-STOPS']);
    expect(found('red loop')[0]).toBe('ODD-FACTS');
    expect(found('bustouren')).toHaveLength(3);
  });
});
