/**
 * The ticket editor writes a package's words per language (issue #20): PATCH update-bus-package with
 * ?lang=it writes the Italian title, subtitle, description and meta fields; the catalogue asked for in
 * Italian (?lang=it: list, one package, the offers) shows them, with the fields still in English listed
 * in `untranslated` for the editors; the English catalogue (the spec's calls) is untouched; prices are
 * the same in every language. The Italian page's head and preloads, and an Italian order's payment
 * page, e-mail, ticket link and ticket list, carry the Italian title. Bad input stores nothing.
 */
import { bookingPath, orderReference } from '@rome/contract';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, packages, packageTranslations } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { openCheckout, payTestCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
  customer = await createUser(t.app, t.db, { name: 'Giulia Compratrice' });
});
afterAll(() => t?.close());

const api = apiCaller(() => t.app);
const TAG = 'GL-24';
const patch = (payload: unknown, lang?: string, user: TestUser | null = editor) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/update-bus-package/${TAG}/${lang ? `?lang=${lang}` : ''}`,
    headers: user ? user.auth : {},
    payload: payload as any,
  });
const list = async (lang?: string) => {
  const res = await t.app.inject({ url: `/api/packages/${lang ? `?lang=${lang}` : ''}` });
  return { etag: res.headers.etag, pkg: res.json().bus_data.find((p: any) => p.package_tag === TAG) };
};
const translations = async () => (await t.db.select({ n: count() }).from(packageTranslations))[0].n;

describe('a package in Italian', () => {
  let english: any;

  beforeAll(async () => {
    english = (await list()).pkg;
    const res = await patch(
      {
        title: 'Linea Verde Roma 24 ore',
        type: 'Bus turistico hop-on hop-off',
        description: '<p>Otto fermate nel centro.</p><script>alert(1)</script>',
        meta_title: 'Linea Verde Roma | Biglietti',
      },
      'it',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Ticket updated successfully!',
      // The demo's Italian keywords (seed/package-words.ts) stay; only the meta description is English.
      data: { title: 'Linea Verde Roma 24 ore', untranslated: ['meta_description'] },
    });
  });

  it('the Italian catalogue shows the Italian words, sanitised, and marks what is still English', async () => {
    const { pkg } = await list('it');
    expect(pkg).toMatchObject({
      title: 'Linea Verde Roma 24 ore',
      type: 'Bus turistico hop-on hop-off',
      description: '<p>Otto fermate nel centro.</p>',
      meta_title: 'Linea Verde Roma | Biglietti',
      meta_description: english.meta_description,
      untranslated: ['meta_description'],
      adult_price: english.adult_price,
    });
    // The one-package read is the list's package plus its details (decisions 040, 070, 071).
    const { facts, facts_untranslated, cancel_cutoff_hours, price_categories, combo_parts, ...one } = (
      await api('GET', `/api/package/E9/${TAG}/?lang=it`)
    ).json().data;
    expect(one).toEqual(pkg);
    expect(facts).toBeTruthy();
    expect(price_categories).toEqual([]);
    expect(combo_parts).toEqual([]);
    // The offers page's cards, when the package is discounted (a real reduction: decision 064).
    await patch({ off_price: '99.00', adult_price: '15.00' });
    const offer = (await api('GET', '/bus.json?lang=it')).json().find((o: any) => o.package_tag === TAG);
    expect(offer).toMatchObject({
      title: 'Linea Verde Roma 24 ore',
      subtitle: 'Bus turistico hop-on hop-off',
    });
    const englishOffer = (await api('GET', '/bus.json')).json().find((o: any) => o.package_tag === TAG);
    expect(englishOffer.title).toBe(english.title);
  });

  it('the English catalogue (the spec calls) is untouched; German has none of the Italian words', async () => {
    const en = await list();
    expect(en.pkg.title).toBe(english.title);
    expect(en.pkg.description).toBe(english.description);
    expect(en.pkg).not.toHaveProperty('untranslated');
    const de = await list('de');
    expect(de.pkg.title).toBe(english.title);
    // The demo's German subtitle, description and keywords (seed/package-words.ts); the brand title
    // and the meta fields, empty in English, show their English, marked.
    expect(de.pkg.type).toBe('Hop-on-Hop-off-Bustour');
    expect(de.pkg.description).toMatch(/^<p>Steigen Sie an 7 Haltestellen/);
    expect(de.pkg.untranslated).toEqual(['title', 'meta_title', 'meta_description']);
    // Each language is its own answer, with its own ETag.
    expect(new Set([en.etag, de.etag, (await list('it')).etag]).size).toBe(3);
  });

  it('prices, sent on the Italian page, are the same in every language', async () => {
    expect((await patch({ adult_price: '21.50' }, 'it')).statusCode).toBe(200);
    expect((await list()).pkg.adult_price).toBe('21.50');
    expect((await list('it')).pkg.adult_price).toBe('21.50');
    const [row] = await t.db.select().from(packages).where(eq(packages.packageTag, TAG));
    expect(row.title).toBe(english.title);
  });

  it('an empty field takes the Italian words away: the English shows again, marked', async () => {
    expect((await patch({ meta_title: '' }, 'it')).statusCode).toBe(200);
    const { pkg } = await list('it');
    expect(pkg.meta_title).toBe(english.meta_title);
    expect(pkg.untranslated).toContain('meta_title');
    expect(pkg.title).toBe('Linea Verde Roma 24 ore');
  });

  it('bad input is refused and stores nothing', async () => {
    const before = await translations();
    const bad = await patch({ title: 'Titolo' }, 'xx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Unknown language.');
    expect((await patch({ title: '' }, 'it')).statusCode).toBe(400);
    expect((await patch({ title: 'Titolo' }, 'it', customer)).statusCode).toBe(403);
    expect((await patch({ title: 'Titolo' }, 'it', null)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/packages/?lang=xx' })).statusCode).toBe(400);
    expect(await translations()).toBe(before);
    expect((await list('it')).pkg.title).toBe('Linea Verde Roma 24 ore');
  });

  it("the Italian ticket page's head and first-screen preloads are in Italian; English is as before", async () => {
    const path = bookingPath(english);
    const it = await t.app.inject({ url: `/it${path}` });
    expect(it.statusCode).toBe(200);
    expect(it.body).toContain('<title>Linea Verde Roma 24 ore | ');
    expect(it.body).toContain(`href="/api/package/E9/${TAG}/?lang=it"`);
    const en = await t.app.inject({ url: path });
    expect(en.body).not.toContain('Linea Verde');
    expect(en.body).toContain(`href="/api/package/E9/${TAG}/"`);
  });

  it("an Italian order carries the Italian title: payment page, e-mail, ticket link, the buyer's list", async () => {
    const dates = (await api('GET', `/api/package/E9/${TAG}/`)).json().data.dates as string[];
    const fields = {
      package_identifier: TAG,
      adult_count: '1',
      youth_count: '0',
      ...(dates.length ? { date: dates[0] } : {}),
    };
    const session = await openCheckout(t.app, customer, { ...fields, language: 'it' });
    const page = (await api('GET', `/api/test-checkout/${session}/`, customer)).json();
    expect(JSON.stringify(page)).toContain('Linea Verde Roma 24 ore');
    const { order } = await payTestCheckout(t.app, t.db, customer, session);

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email))
      .orderBy(asc(mailOutbox.createdAt));
    expect(mail.text).toContain(orderReference(order.uniqueId));
    expect(mail.text).toContain('Linea Verde Roma 24 ore');
    const token = /\/t\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)![1];
    expect((await api('GET', `/api/ticket-links/${token}/`)).json().package).toBe('Linea Verde Roma 24 ore');
    const mine = JSON.stringify((await api('GET', '/api/dashboard/', customer)).json());
    expect(mine).toContain('Linea Verde Roma 24 ore');
    // An English buyer of the same package sees the English title.
    const other = await createUser(t.app, t.db);
    const en = await openCheckout(t.app, other, fields);
    const enPage = JSON.stringify((await api('GET', `/api/test-checkout/${en}/`, other)).json());
    expect(enPage).toContain(english.title);
    expect(enPage).not.toContain('Linea Verde');
  });
});
