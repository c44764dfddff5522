/**
 * Honest reductions (decision 064, the EU Omnibus rule): the storefront strikes through only the
 * lowest adult price of the 30 days before the current price began, and only while an editor announces
 * a reduction (off_price). The history is written by the database's triggers (migration 0029), so
 * every way a price changes is covered; the tests move it back in time with SQL where days must pass.
 */
import { announcedOldPrice, type Offer, type Package, savePercent } from '@rome/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;
let superuser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [editor, customer, superuser] = await Promise.all([
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
});
afterAll(() => t.close());

const pkg = async (tag: string): Promise<Package> =>
  ((await t.app.inject({ url: '/api/packages/' })).json().bus_data as Package[]).find(
    (p) => p.package_tag === tag,
  )!;
const offer = async (tag: string) =>
  ((await t.app.inject({ url: '/bus.json' })).json() as Offer[]).find((o) => o.package_tag === tag);
const patch = async (tag: string, payload: object) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/update-bus-package/${tag}/`,
    headers: editor.auth,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const history = (tag: string, auth: Record<string, string> = editor.auth) =>
  t.app.inject({ url: `/api/editor/packages/${tag}/prices/`, headers: auth });
/** Moves a package's price rows of `adultCents` back to `days` days ago. */
const backdate = (tag: string, adultCents: number, days: number) =>
  t.db.execute(sql`
    UPDATE package_prices SET valid_from = now() - make_interval(days => ${days})
    WHERE adult_price_cents = ${adultCents}
      AND package_id = (SELECT id FROM packages WHERE package_tag = ${tag})`);

describe('the old price a buyer sees (decision 064)', () => {
  it("the demo's offers are real reductions: their old price was charged in the 30 days before", async () => {
    const bb = await pkg('BB-24');
    expect(bb).toMatchObject({ adult_price: '29.00', off_price: '35.00', prior_price: '35.00' });
    expect(announcedOldPrice(bb)).toBe(3500);
    expect(await offer('BB-24')).toMatchObject({ original_price: '35.00', save_percent: 17 });
    const h = (await history('BB-24')).json();
    expect(h.prices.map((p: { adult_price: string }) => p.adult_price)).toEqual(['29.00', '35.00']);
    const [now, before] = h.prices.map((p: { valid_from: string }) => Date.parse(p.valid_from));
    expect(Math.round((Date.now() - now) / 86_400_000)).toBe(10);
    expect(Math.round((Date.now() - before) / 86_400_000)).toBe(60);
  });

  it('a price raised for a few days and then lowered is no reduction: no badge, no offer', async () => {
    expect((await pkg('BB-72')).adult_price).toBe('49.00');
    // The old trick: raise the price, announce it as the old one, 'reduce' to above the real price.
    await patch('BB-72', { adult_price: '69.00', off_price: '69.00' });
    await patch('BB-72', { adult_price: '55.00' });
    const raised = await pkg('BB-72');
    expect(raised).toMatchObject({ adult_price: '55.00', off_price: '69.00', prior_price: null });
    expect(announcedOldPrice(raised)).toBeNull();
    expect(await offer('BB-72')).toBeUndefined();
    // Below the price of the 30 days before, it is a reduction: against 49.00, not the editor's 69.00.
    await patch('BB-72', { adult_price: '39.20' });
    const reduced = await pkg('BB-72');
    expect(reduced.prior_price).toBe('49.00');
    expect(await offer('BB-72')).toMatchObject({ original_price: '49.00', save_percent: 20 });
    expect(savePercent(3920, announcedOldPrice(reduced))).toBe(20);
    // Without the editor's announcement nothing is struck through.
    await patch('BB-72', { off_price: null });
    expect(announcedOldPrice(await pkg('BB-72'))).toBeNull();
    expect(await offer('BB-72')).toBeUndefined();
  });

  it('the price in effect 30 days ago counts; one that ended before the window does not', async () => {
    // GL-24: 20.00 from 90 days ago, 30.00 from 40 days ago, now 25.00.
    await backdate('GL-24', 2000, 90);
    await patch('GL-24', { adult_price: '30.00' });
    await backdate('GL-24', 3000, 40);
    await patch('GL-24', { adult_price: '25.00', off_price: '30.00' });
    expect(await pkg('GL-24')).toMatchObject({ adult_price: '25.00', prior_price: '30.00' });
    expect(await offer('GL-24')).toMatchObject({ original_price: '30.00', save_percent: 17 });
    // A youth price change alone is no new adult price: the prior price stays.
    await patch('GL-24', { youth_price: '12.00' });
    expect((await pkg('GL-24')).prior_price).toBe('30.00');
    // Raised again above the lowest of the last 30 days (25.00): no reduction.
    await patch('GL-24', { adult_price: '27.00' });
    expect((await pkg('GL-24')).prior_price).toBeNull();
  });

  it("OCTO's original price is the same old price", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resellers/',
      headers: superuser.auth,
      payload: { name: `Omnibus ${Math.random().toString(36).slice(2, 8)}` },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await t.app.inject({
      url: '/octo/products/BB-24',
      headers: { authorization: `Bearer ${made.json().key}`, 'octo-capabilities': 'octo/pricing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const adult = res.json().options[0].units.find((u: { id: string }) => u.id === 'adult');
    expect(adult.pricingFrom[0]).toMatchObject({ original: 3500, retail: 2900 });
  });

  it('the history is for editors: 401 signed out, 403 a customer, 404 an unknown package', async () => {
    expect((await history('BB-24', {})).statusCode).toBe(401);
    expect((await history('BB-24', customer.auth)).statusCode).toBe(403);
    expect((await history('NO-SUCH', editor.auth)).statusCode).toBe(404);
  });
});
