import {
  announcedOldPrice,
  bookingPath,
  type Offer,
  offersResponseSchema,
  type Package,
  savePercent,
} from '@rome/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
});
afterAll(() => t.close());

const cents = (d: string) => Math.round(Number(d) * 100);
const catalogue = async (): Promise<Package[]> =>
  (await t.app.inject({ url: '/api/packages/' })).json().bus_data;
const offers = async () => {
  const res = await t.app.inject({ url: '/bus.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Offer[];
};

describe('GET /bus.json: the offers page from the catalogue (issue #23)', () => {
  it('lists every discounted package with the catalogue price, its saving and its ticket page', async () => {
    const res = await t.app.inject({ url: '/bus.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
    const list = res.json();
    expect(offersResponseSchema.safeParse(list).success).toBe(true);
    const packages = await catalogue();
    const discounted = packages.filter((p) => announcedOldPrice(p) !== null);
    expect(discounted.length).toBeGreaterThan(0);
    expect(list.map((o: { package_tag: string }) => o.package_tag).sort()).toEqual(
      discounted.map((p) => p.package_tag).sort(),
    );
    for (const offer of list) {
      const pkg = packages.find((p) => p.package_tag === offer.package_tag)!;
      expect(offer).toMatchObject({
        title: pkg.title,
        subtitle: pkg.type,
        duration: pkg.duration,
        company: pkg.company,
        price: pkg.adult_price,
        original_price: pkg.prior_price,
        save_percent: savePercent(cents(pkg.adult_price), cents(pkg.prior_price!)),
        path: bookingPath(pkg),
        ticket_count: 1,
      });
      expect(offer.image).toBe(pkg.thumbnail_large ?? pkg.image_big);
    }
    // The largest saving first.
    const savings = list.map((o: { save_percent: number }) => o.save_percent);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
    // The seed's invented offers are gone: nothing is listed that the catalogue does not sell.
    expect(list.map((o: { title: string }) => o.title)).not.toContain('Green Line Family Pass');
  });

  it('follows an editor price change at once, and drops a package no longer discounted', async () => {
    const patch = (tag: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/update-bus-package/${tag}/`,
        headers: editor.auth,
        payload,
      });
    expect((await offers()).find((o) => o.package_tag === 'BB-24')).toMatchObject({ price: '29.00' });
    expect((await patch('BB-24', { adult_price: '17.50' })).statusCode).toBe(200);
    // Struck through: the lowest price of the 30 days before (29.00), not the editor's 35.00 (decision 064).
    expect((await offers()).find((o) => o.package_tag === 'BB-24')).toMatchObject({
      price: '17.50',
      original_price: '29.00',
      save_percent: 40,
    });
    expect((await patch('BB-24', { off_price: null })).statusCode).toBe(200);
    expect((await offers()).some((o) => o.package_tag === 'BB-24')).toBe(false);
  });
});
