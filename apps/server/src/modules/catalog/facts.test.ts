/**
 * The facts a buyer reads before paying (decision 040): the one-package read answers them in the
 * visitor's language with the English wherever a language has no words (marked for editors), and the
 * cancellation cut-off; the list leaves them out. The ticket editor's save writes English to the
 * package and another language's words to its translation, the stops' places only once. Bad input is
 * a 400 that stores nothing; only editors may write.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, packageTranslations } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
  customer = await createUser(t.app, t.db, { name: 'Anna Visitatrice' });
});
afterAll(() => t?.close());

const read = async (tag: string, lang?: string, status = 'E9') => {
  const res = await t.app.inject({ url: `/api/package/${status}/${tag}/${lang ? `?lang=${lang}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const patch = (tag: string, facts: unknown, lang?: string, user: TestUser | null = editor) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/update-bus-package/${tag}/${lang ? `?lang=${lang}` : ''}`,
    headers: user ? user.auth : {},
    payload: { facts } as any,
  });
/** What is stored for a package: English facts and every language's words. */
const stored = async (tag: string) => {
  const [pkg] = await t.db.select().from(packages).where(eq(packages.packageTag, tag));
  const rows = await t.db.select().from(packageTranslations).where(eq(packageTranslations.packageId, pkg.id));
  return { english: pkg.facts, words: Object.fromEntries(rows.map((r) => [r.language, r.facts])) };
};

describe('reading the facts', () => {
  it('answers the Colosseum entrance, hours and cancellation cut-off in English; the list leaves them out', async () => {
    const col = await read('RM-COL');
    expect(col.cancel_cutoff_hours).toBe(24);
    expect(col.facts.meeting_point).toContain('Via Sacra');
    expect(col.facts.meeting_point).toContain('Largo della Salara Vecchia');
    expect(col.facts.hours.length).toBeGreaterThan(0);
    expect(col.facts.included.length).toBeGreaterThan(0);
    expect(col.facts.not_included.length).toBeGreaterThan(0);
    expect(col.facts.accessibility).not.toBe('');
    expect(col.facts_untranslated).toBeUndefined();
    const list = (await t.app.inject({ url: '/api/packages/' })).json().bus_data;
    const inList = list.find((p: any) => p.package_tag === 'RM-COL');
    expect(inList.title).toBe(col.title);
    expect(inList).not.toHaveProperty('facts');
  });

  it("answers a bus line's stops in the visitor's language at the same places", async () => {
    const en = (await read('BB-24')).facts;
    const it = await read('BB-24', 'it');
    expect(en.stops.map((s: any) => s.name)).toContain('Colosseum');
    expect(it.facts.stops.map((s: any) => s.name)).toContain('Colosseo');
    expect(it.facts.stops.map(({ id, lat, lng }: any) => ({ id, lat, lng }))).toEqual(
      en.stops.map(({ id, lat, lng }: any) => ({ id, lat, lng })),
    );
    expect(it.facts.meeting_point).toContain('Sali a qualsiasi fermata');
    expect(it.facts_untranslated).toEqual([]);
    const de = (await read('BB-24', 'de')).facts;
    expect(de.stops.map((s: any) => s.name)).toContain('Kolosseum');
  });

  it('shows the English where a language has no words, and lists those facts for the editors', async () => {
    // Spanish words taken away (an emptied field), one by one.
    expect((await patch('RM-VAT', { meeting_point: '', included: [] }, 'es')).statusCode).toBe(200);
    const en = (await read('RM-VAT', undefined, 'E9')).facts;
    const es = await read('RM-VAT', 'es');
    expect(es.facts.meeting_point).toBe(en.meeting_point);
    expect(es.facts.included).toEqual(en.included);
    expect(es.facts.hours).not.toEqual(en.hours);
    expect(es.facts_untranslated).toEqual(['meeting_point', 'included']);
  });
});

describe("an editor's save", () => {
  it('in Italian writes the Italian meeting point and leaves English and the other languages as they were', async () => {
    const before = await stored('RM-COL');
    const res = await patch('RM-COL', { meeting_point: '  Colosseo: ingresso su Via Sacra  ' }, 'it');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.facts.meeting_point).toBe('Colosseo: ingresso su Via Sacra');
    const after = await stored('RM-COL');
    expect(after.english).toEqual(before.english);
    for (const lang of ['es', 'fr', 'de']) expect(after.words[lang]).toEqual(before.words[lang]);
    expect(after.words.it).toEqual({
      ...(before.words.it as object),
      meeting_point: 'Colosseo: ingresso su Via Sacra',
    });
    expect((await read('RM-COL', 'it')).facts.meeting_point).toBe('Colosseo: ingresso su Via Sacra');
    expect((await read('RM-COL')).facts.meeting_point).toContain('Largo della Salara Vecchia');
  });

  it('in English moves a stop for every language, gives a new stop an id, and keeps the names per language', async () => {
    const en = (await read('GL-24')).facts;
    const stops = [
      ...en.stops.map((s: any) => (s.id === 'trevi' ? { ...s, lat: 41.9009, lng: 12.4833 } : s)),
      { name: 'Piazza del Popolo', lat: 41.9107, lng: 12.4763 },
    ];
    const res = await patch('GL-24', { stops });
    expect(res.statusCode, res.body).toBe(200);
    const it = (await read('GL-24', 'it')).facts;
    const trevi = it.stops.find((s: any) => s.id === 'trevi');
    expect(trevi).toMatchObject({ name: 'Fontana di Trevi (Via del Tritone)', lat: 41.9009, lng: 12.4833 });
    const added = it.stops.at(-1);
    expect(added).toMatchObject({ id: 'piazza-del-popolo', name: 'Piazza del Popolo' });
    expect((await read('GL-24', 'it')).facts_untranslated).toEqual(['stops']);
  });

  it('in Italian renames stops, but refuses to move one (the English page places them)', async () => {
    const it = (await read('GL-48', 'it')).facts;
    const renamed = it.stops.map((s: any) => (s.id === 'termini' ? { ...s, name: 'Roma Termini' } : s));
    expect((await patch('GL-48', { stops: renamed }, 'it')).statusCode).toBe(200);
    expect((await read('GL-48', 'it')).facts.stops[0].name).toBe('Roma Termini');
    expect((await read('GL-48')).facts.stops[0].name).toBe('Termini Station (Via Marsala)');

    const before = await stored('GL-48');
    const moved = renamed.map((s: any, i: number) => (i === 0 ? { ...s, lat: 41.95 } : s));
    const res = await patch('GL-48', { stops: moved }, 'it');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTruthy();
    expect(await stored('GL-48')).toEqual(before);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const before = await stored('CS-24');
    const stop = { name: 'Termini', lat: 41.9, lng: 12.5 };
    const bad: unknown[] = [
      { meeting_point: '<b>Via Marsala</b>' },
      { included: ['Audio guide', '<img src=x onerror=alert(1)>'] },
      { accessibility: 'x'.repeat(601) },
      { hours: Array.from({ length: 9 }, (_, i) => `Line ${i}`) },
      { stops: [{ ...stop, lat: 12.5, lng: 41.9 }] },
      { stops: [{ ...stop, name: '' }] },
      { stops: [{ ...stop, lat: 'north' }] },
      {
        stops: [
          { ...stop, id: 'a' },
          { ...stop, id: 'a' },
        ],
      },
      { stops: Array.from({ length: 31 }, () => stop) },
      { opening: 'Daily' },
      'Via Marsala',
    ];
    for (const facts of bad) {
      for (const lang of [undefined, 'it']) {
        const res = await patch('CS-24', facts, lang);
        expect(res.statusCode, `${JSON.stringify(facts)} ${lang}`).toBe(400);
        expect(res.json()).toHaveProperty('error');
      }
    }
    expect(await stored('CS-24')).toEqual(before);
  });

  it('is refused to visitors and customers', async () => {
    const before = await stored('CS-48');
    expect((await patch('CS-48', { meeting_point: 'Elsewhere' }, 'it', null)).statusCode).toBe(401);
    expect((await patch('CS-48', { meeting_point: 'Elsewhere' }, undefined, customer)).statusCode).toBe(403);
    expect(await stored('CS-48')).toEqual(before);
  });
});
