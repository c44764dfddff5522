/**
 * Combos sold through OCTO as packages (the octo/packages capability, decision 072): listed with their
 * parts as includes only for a reseller that asks for packages, a day's availability from its parts',
 * a booking that holds every part or none, confirms into one ticket per part with each operator's share
 * (decision 071), is cancelled whole, and refuses a timed part without its time, storing nothing.
 */
import { zAvailability, zBooking, zProduct } from '@octocloud/types';
import { addDays, romeInstant, romeLocalIso, romeToday } from '@rome/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, orders, packages } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { createTestApp } from '../../test/harness';
import { addSlot, makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { hashClaimCode } from '../orders/ticket-issue';

type Json = Record<string, any>;

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let editor: TestUser;
let key: string;
/** BB-HALF made a combo of the timed GL-48 (11.00 / 7.00) and the pass GL-24 (8.00 / 5.00). */
const COMBO = 'BB-HALF';
const PACKAGES = 'octo/pricing, octo/packages';
/** The package's day, three days ahead, and GL-48's 10:00 on it (3 places). */
const DAY = addDays(romeToday(), 3);
const dayId = (date: string) => romeLocalIso(romeInstant(date, '00:00')!);
const TEN = romeLocalIso(romeInstant(DAY, '10:00')!);

const api = apiCaller(() => t.app);
const octo = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, caps = PACKAGES) =>
  t.app.inject({
    method,
    url: `/octo${url}`,
    headers: { authorization: `Bearer ${key}`, 'octo-capabilities': caps },
    ...(payload ? { payload } : {}),
  });
const reserveBody = (extra: Json = {}) => ({
  productId: COMBO,
  optionId: 'DEFAULT',
  availabilityId: dayId(DAY),
  unitItems: [{ unitId: 'adult' }],
  packageBookings: [{ packageIncludeId: 'GL-48', availabilityId: TEN }],
  ...extra,
});
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;
const partsOf = (comboId: string) => t.db.select().from(orders).where(eq(orders.comboOrderId, comboId));
const comboOf = async (uuid: string) =>
  (await t.db.select().from(orders).where(eq(orders.bookingUuid, uuid)))[0];
/** GL-48's places left at 10:00 on the package's day, as OCTO's availability says. */
const vacancies = async () => {
  const res = await octo('POST', '/availability', {
    productId: 'GL-48',
    optionId: 'DEFAULT',
    availabilityIds: [TEN],
  });
  return res.json()[0].vacancies as number;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, editor] = await Promise.all([
    createUser(t.app, t.db, { isSuperuser: true }),
    createUser(t.app, t.db, { isEditor: true }),
  ]);
  const made = await api('POST', '/api/admin/resellers/', admin, { name: 'Package Reseller' });
  key = made.json().key;
  expect(await makeTimed(t.app, editor, 'GL-48')).toBe(200);
  await addSlot(t, editor, 'GL-48', { date: DAY, time: '10:00', capacity: 3 });
  const combo = await api('PUT', `/api/admin/combos/${COMBO}/`, admin, {
    parts: [
      { package_tag: 'GL-48', adult_share: '11.00', youth_share: '7.00' },
      { package_tag: 'GL-24', adult_share: '8.00', youth_share: '5.00' },
    ],
    cancel_cutoff_hours: null,
  });
  expect(combo.statusCode, combo.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /octo/products with and without octo/packages', () => {
  it('leaves combos out for a reseller that does not ask for packages', async () => {
    const res = await octo('GET', '/products', undefined, 'octo/pricing');
    const ids = res.json().map((p: Json) => p.id);
    expect(ids).toContain('GL-48');
    expect(ids).not.toContain(COMBO);
    expect(ids).not.toContain('RM-3PASS-BUS');
    expect(res.json().some((p: Json) => 'isPackage' in p)).toBe(false);
    const one = await octo('GET', `/products/${COMBO}`, undefined, 'octo/pricing');
    expect(one.json()).toMatchObject({ error: 'INVALID_PRODUCT_ID', productId: COMBO });
    const booked = await octo('POST', '/bookings', reserveBody(), 'octo/pricing');
    expect(booked.json().error).toBe('INVALID_PRODUCT_ID');
  });

  it('offers octo/packages and lists combos with their parts as required includes', async () => {
    const caps = (await octo('GET', '/capabilities')).json().map((c: Json) => c.id);
    expect(caps).toContain('octo/packages');
    const res = await octo('GET', '/products');
    expect(res.headers['octo-capabilities']).toContain('octo/packages');
    const list = res.json() as Json[];
    for (const p of list) expect(zProduct.safeParse(p).success, p.id).toBe(true);
    expect(list.find((p) => p.id === 'GL-48')!.isPackage).toBe(false);
    const combo = list.find((p) => p.id === COMBO)!;
    expect(combo).toMatchObject({
      isPackage: true,
      availabilityType: 'OPENING_HOURS',
      availabilityRequired: true,
      allowFreesale: false,
    });
    const [option] = combo.options;
    expect(option.units.map((u: Json) => u.id)).toEqual(['adult', 'youth', 'infant']);
    expect(option.units[0].pricingFrom[0].retail).toBe(1900);
    const [group] = option.packageIncludes;
    expect(group).toMatchObject({ count: 2 });
    expect(group.includes.map((i: Json) => [i.id, i.productId, i.required, i.limit])).toEqual([
      ['GL-48', 'GL-48', true, 1],
      ['GL-24', 'GL-24', true, 1],
    ]);
    // Each include carries its part's own product: the timed part with its own start times.
    expect(group.includes[0].product.availabilityType).toBe('START_TIME');
    expect(group.includes[0].option.availabilityLocalStartTimes).toContain('10:00');
    // The demo's combo of two open-dated passes is open-dated too.
    expect(list.find((p) => p.id === 'RM-3PASS-BUS')).toMatchObject({ isPackage: true, allowFreesale: true });
  });
});

describe('POST /octo/availability of a combo', () => {
  it("is a day open when every part is, with its parts' own availabilities", async () => {
    const res = await octo('POST', '/availability', {
      productId: COMBO,
      optionId: 'DEFAULT',
      localDateStart: DAY,
      localDateEnd: addDays(DAY, 1),
      units: [{ id: 'adult', quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [day, next] = res.json() as Json[];
    for (const a of [day, next]) expect(zAvailability.safeParse(a).success).toBe(true);
    expect(day).toMatchObject({ id: dayId(DAY), allDay: true, available: true, vacancies: 3 });
    const timed = day.packageAvailabilities.filter((a: Json) => a.packageIncludeId === 'GL-48');
    expect(timed.map((a: Json) => a.id)).toEqual([TEN]);
    expect(day.packageAvailabilities.some((a: Json) => a.packageIncludeId === 'GL-24')).toBe(true);
    // The next day GL-48 has no time: the package is closed.
    expect(next).toMatchObject({ available: false, status: 'CLOSED' });
    // Four adults do not fit GL-48's three places.
    const four = await octo('POST', '/availability', {
      productId: COMBO,
      optionId: 'DEFAULT',
      availabilityIds: [dayId(DAY)],
      units: [{ id: 'adult', quantity: 4 }],
    });
    expect(four.json()[0].available).toBe(false);
  });
});

describe('a combo booked through OCTO', () => {
  it('holds every part, confirms into one ticket per part with its share, and cancels whole', async () => {
    const before = await vacancies();
    const held = await octo('POST', '/bookings', reserveBody({ resellerReference: 'PKG-1' }));
    expect(held.statusCode, held.body).toBe(200);
    const booking = held.json();
    expect(zBooking.safeParse(booking).success).toBe(true);
    expect(booking).toMatchObject({ status: 'ON_HOLD', productId: COMBO, isPackage: true });
    expect(booking.availabilityId).toBe(dayId(DAY));
    expect(booking.packageBookings.map((b: Json) => [b.packageIncludeId, b.productId])).toEqual([
      ['GL-48', 'GL-48'],
      ['GL-24', 'GL-24'],
    ]);
    expect(booking.packageBookings[0].availabilityId).toBe(TEN);
    expect(await vacancies()).toBe(before - 1);
    const combo = await comboOf(booking.uuid);
    expect(combo).toMatchObject({ isCombo: true, totalCents: 1900, places: 0 });
    expect((await partsOf(combo.id)).map((p) => p.resellerId)).toEqual([combo.resellerId, combo.resellerId]);

    const confirmed = await octo('POST', `/bookings/${booking.uuid}/confirm`, {
      contact: { fullName: 'Pia Package' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const c = confirmed.json();
    expect(c.status).toBe('CONFIRMED');
    expect(c.cancellable).toBe(true);
    // One QR per part: the package's voucher carries both, each package booking its own.
    expect(c.voucher.deliveryOptions).toHaveLength(2);
    const parts = await partsOf(combo.id);
    const tags = await t.db
      .select({ id: packages.id, tag: packages.packageTag, folderId: packages.folderId })
      .from(packages)
      .where(inArray(packages.packageTag, ['GL-48', 'GL-24']));
    const codes = new Map<string, string>();
    for (const pb of c.packageBookings as Json[]) {
      expect(pb.status).toBe('CONFIRMED');
      const value = pb.voucher.deliveryOptions[0].deliveryValue as string;
      const code = /\/verify\/([\w-]+)\//.exec(value)![1];
      const part = parts.find((p) => p.claimCodeHash === hashClaimCode(code))!;
      // Its own ticket, of its own package (so its own operator's agents redeem it).
      expect(tags.find((x) => x.id === part.packageId)!.tag).toBe(pb.productId);
      const info = await t.app.inject({ url: `/api/authenticate/${code}/` });
      expect(info.json().data.package_tag).toBe(pb.productId);
      codes.set(pb.productId, code);
    }
    // The shares are recorded at confirmation and add up to the price (decision 071).
    expect(parts.map((p) => [p.status, p.comboShareCents]).sort()).toEqual(
      [
        ['paid', 1100],
        ['paid', 800],
      ].sort(),
    );
    expect(await comboOf(booking.uuid)).toMatchObject({ status: 'paid', amountPaidCents: 1900 });
    // Listed once for its day, the parts not as bookings of their own.
    const listed = await octo('GET', `/bookings?localDate=${DAY}`);
    expect(listed.json().map((b: Json) => b.uuid)).toEqual([booking.uuid]);

    // Another operator's agent is refused the pass part (decision 066: its own operator's only).
    const [bigBus] = await t.db.select().from(folders).where(eq(folders.companySlug, 'big-bus'));
    expect(bigBus.id).not.toBe(tags.find((x) => x.tag === 'GL-24')!.folderId);
    const manager = await createUser(t.app, t.db, { operator: { folderId: bigBus.id, role: 'manager' } });
    const agent = await api('POST', `/api/operator/${bigBus.id}/agents/`, manager, {
      name: 'Bus Gate Package',
      code: '5521',
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const claim = await api('POST', '/api/claim/', undefined, {
      code: codes.get('GL-24'),
      agent_name: 'Bus Gate Package',
      security_code: '5521',
    });
    expect(claim.json().code).toBe('other_operator');

    const cancelled = await octo('POST', `/bookings/${booking.uuid}/cancel`, { reason: 'Plans changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL' } });
    expect((await partsOf(combo.id)).map((p) => p.status)).toEqual(['refunded', 'refunded']);
    expect(await vacancies()).toBe(before);
  });

  it('cancelling a held package frees every part', async () => {
    const before = await vacancies();
    const held = (await octo('POST', '/bookings', reserveBody())).json();
    expect(await vacancies()).toBe(before - 1);
    const res = await octo('POST', `/bookings/${held.uuid}/cancel`, {});
    expect(res.json().status).toBe('CANCELLED');
    const combo = await comboOf(held.uuid);
    expect((await partsOf(combo.id)).map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
    expect(await vacancies()).toBe(before);
  });

  it('holds all parts or none: a part refused leaves nothing held', async () => {
    // GL-24 (a pass, every earlier booking here cancelled) may sell one place today; GL-48's time has
    // room for two, and is held first (the parts with times are locked first).
    const [gl24] = await t.db.select().from(packages).where(eq(packages.packageTag, 'GL-24'));
    expect(gl24.availabilityType).toBe('PASS');
    await t.db.update(packages).set({ dailyCap: 1 }).where(eq(packages.id, gl24.id));
    try {
      const before = await orderCount();
      const left = await vacancies();
      const res = await octo(
        'POST',
        '/bookings',
        reserveBody({ unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('UNPROCESSABLE_ENTITY');
      expect(await orderCount()).toBe(before);
      expect(await vacancies()).toBe(left);
      // GL-48 sold out: refused too, nothing stored.
      const many = await octo(
        'POST',
        '/bookings',
        reserveBody({ unitItems: Array.from({ length: left + 1 }, () => ({ unitId: 'adult' })) }),
      );
      expect(many.json().error).toBe('UNPROCESSABLE_ENTITY');
      expect(await orderCount()).toBe(before);
    } finally {
      await t.db.update(packages).set({ dailyCap: gl24.dailyCap }).where(eq(packages.id, gl24.id));
    }
  });

  it('refuses a timed part without its time, a time of another day or an unknown include, storing nothing', async () => {
    const before = await orderCount();
    const missing = await octo('POST', '/bookings', reserveBody({ packageBookings: [] }));
    expect(missing.json()).toMatchObject({ error: 'INVALID_AVAILABILITY_ID', availabilityId: '' });
    expect(missing.json().errorMessage).toContain('GL-48');
    const other = romeLocalIso(romeInstant(addDays(DAY, 1), '10:00')!);
    const wrong = await octo(
      'POST',
      '/bookings',
      reserveBody({ packageBookings: [{ packageIncludeId: 'GL-48', availabilityId: other }] }),
    );
    expect(wrong.json()).toMatchObject({ error: 'INVALID_AVAILABILITY_ID', availabilityId: other });
    const unknown = await octo(
      'POST',
      '/bookings',
      reserveBody({ packageBookings: [{ packageIncludeId: 'RM-COL', availabilityId: TEN }] }),
    );
    expect(unknown.json().error).toBe('BAD_REQUEST');
    const noDay = await octo('POST', '/bookings', reserveBody({ availabilityId: undefined }));
    expect(noDay.json().error).toBe('INVALID_AVAILABILITY_ID');
    const garbled = await octo(
      'POST',
      '/bookings',
      reserveBody({ packageBookings: [{ availabilityId: TEN }] }),
    );
    expect(garbled.json().error).toBe('BAD_REQUEST');
    expect(await orderCount()).toBe(before);
  });

  it('refuses to move a package’s time or people, and changes its reference', async () => {
    const held = (await octo('POST', '/bookings', reserveBody())).json();
    const moved = await octo('PATCH', `/bookings/${held.uuid}`, {
      unitItems: [{ unitId: 'adult' }, { unitId: 'youth' }],
    });
    expect(moved.json().error).toBe('UNPROCESSABLE_ENTITY');
    const ref = await octo('PATCH', `/bookings/${held.uuid}`, { resellerReference: 'PKG-REF' });
    expect(ref.statusCode, ref.body).toBe(200);
    expect(ref.json()).toMatchObject({ resellerReference: 'PKG-REF', isPackage: true });
    await octo('POST', `/bookings/${held.uuid}/cancel`, {});
  });
});
