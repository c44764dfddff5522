/**
 * The OCTO supplier API through HTTP, its answers checked against the standard's own schemas
 * (@octocloud/types, not a copy written here): keys and their isolation, products and availability
 * from the shop's inventory, bookings that hold, confirm, extend, change and cancel the same places the
 * web shop sells, the agent's claim of a reseller's ticket, redemption by a partner's scanner, rate
 * limits, and bad input that gets the standard's error and stores nothing.
 */
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zCapability,
  zErrorBadRequest,
  zErrorForbidden,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zErrorUnauthorized,
  zErrorUnprocessableEntity,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import {
  addDays,
  decodeTicketPayload,
  HOLD_LIMITS,
  readScan,
  romeInstant,
  romeLocalIso,
  romeParts,
  romeToday,
  splitSignedTicket,
  weekday,
} from '@rome/contract';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, UsageError } from '../../cli';
import { agents, orders, packages, resellers, slots } from '../../db/schema';
import { hashSecret } from '../../lib/passwords';
import { agentDevice } from '../../test/agent-device';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { hashKey } from './keys';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let superuser: TestUser;
let buyer: TestUser;
/** Keys: two resellers, one partner scanner allowed to redeem, one with a tiny rate. */
let keyA: string;
let keyB: string;
let scannerKey: string;
let resellerAId: string;

/** A package of the demo that no other part of this file sells, made timed here. */
const TAG = 'CS-HALF';
const CAPS = 'octo/pricing, octo/content';
const day = (n: number) => addDays(romeToday(), n);
/** The demo's Vatican day entry (OPENING_HOURS, 09:00 Monday to Saturday) and its availability on a date. */
const VAT = 'RM-VAT';
const vatId = (date: string) => romeLocalIso(romeInstant(date, '09:00')!);
/** The first day from `n` days ahead on which the Vatican opens (not a Sunday). */
const vatDay = (n: number) => (weekday(day(n)) === 0 ? day(n + 1) : day(n));
const AGENT_CODE = '4242';

type Json = Record<string, any>;

const octo = (
  key: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/octo${url}`,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      'octo-capabilities': CAPS,
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });

async function makeKey(name: string, extra: Json = {}): Promise<{ key: string; id: string }> {
  const res = await api('POST', '/api/admin/resellers/', superuser, { name, ...extra });
  expect(res.statusCode).toBe(201);
  return { key: res.json().key, id: res.json().reseller.id };
}

/** Adds one slot on Rome date `date` at `time` with `capacity` places; answers its OCTO availability id. */
async function addSlot(date: string, time: string, capacity: number): Promise<string> {
  const res = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, {
    from: date,
    to: date,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    times: [time],
    except: [],
    capacity,
  });
  expect(res.statusCode).toBe(200);
  return romeLocalIso(romeInstant(date, time)!);
}

/** Places left in a slot, as the web shop's ticket page reads them. */
async function webRemaining(availabilityId: string): Promise<number> {
  const date = availabilityId.slice(0, 10);
  const res = await api('GET', `/api/packages/${TAG}/availability/?from=${date}&to=${date}`);
  const slot = res
    .json()
    .slots.find((s: Json) => new Date(s.starts_at).getTime() === new Date(availabilityId).getTime());
  return slot.remaining;
}

const reserveBody = (availabilityId: string, units: string[], extra: Json = {}) => ({
  productId: TAG,
  optionId: 'DEFAULT',
  availabilityId,
  unitItems: units.map((unitId) => ({ unitId })),
  ...extra,
});

/** What a voucher's signed QR says (its signature is checked by the scans that read it). */
const verifiedFacts = (qr: string) => decodeTicketPayload(splitSignedTicket(readScan(qr).signed!)!.payload)!;

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  [editor, superuser, buyer] = await Promise.all([
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
    createUser(t.app, t.db, { name: 'Web Buyer' }),
  ]);
  await t.db.insert(agents).values({ name: 'Agent Octo', codeHash: await hashSecret(AGENT_CODE) });
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
  const a = await makeKey('GetYourTour');
  keyA = a.key;
  resellerAId = a.id;
  keyB = (await makeKey('Viaggiatore')).key;
  scannerKey = (await makeKey('Museum gate', { can_redeem: true, redeem_products: [TAG] })).key;
});
afterAll(async () => {
  await t.close();
});

describe('reseller keys', () => {
  it('are shown once, stored only as a hash, listed without the key, and revoked at once', async () => {
    const { key, id } = await makeKey('Short-lived');
    const [row] = await t.db.select().from(resellers).where(eq(resellers.id, id));
    expect(row.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await api('GET', '/api/admin/resellers/', superuser);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json().resellers.map((r: Json) => r.name)).toContain('Short-lived');

    expect((await octo(key, 'GET', '/supplier')).statusCode).toBe(200);
    expect((await api('DELETE', `/api/admin/resellers/${id}/`, superuser)).statusCode).toBe(200);
    const after = await octo(key, 'GET', '/supplier');
    expect(after.statusCode).toBe(403);
    expect(zErrorForbidden.parse(after.json()).error).toBe('FORBIDDEN');
  });

  it('are made, listed and revoked from the shell (npm run admin -- reseller:*)', async () => {
    const made = await run(t.database, 'reseller:create', {
      name: 'Shell Tours',
      rate: '40',
      redeem: true,
      products: `${TAG},RM-COL`,
    } as never);
    expect(made).toContain(`may redeem tickets of ${TAG}, RM-COL`);
    const key = /API key \(shown once, keep it safe\): (\S+)/.exec(made)![1];
    expect((await octo(key, 'GET', '/supplier')).statusCode).toBe(200);
    const listed = await run(t.database, 'reseller:list', {});
    const line = listed.split('\n').find((l) => l.includes('Shell Tours'))!;
    expect(line).toMatch(/^active .* 40\/min {2}redeem {2}Shell Tours$/);
    expect(listed).not.toContain(key);
    const id = line.split(/\s+/)[1];
    expect(await run(t.database, 'reseller:revoke', { id })).toContain('Revoked');
    expect((await octo(key, 'GET', '/supplier')).statusCode).toBe(403);
    await expect(run(t.database, 'reseller:create', { name: 'X', rate: '5' })).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run(t.database, 'reseller:revoke', { id: 'nope' })).rejects.toBeInstanceOf(UsageError);
    // A scanner names its door.
    await expect(run(t.database, 'reseller:create', { name: 'Gate', redeem: true } as never)).rejects.toThrow(
      'Choose the products this scanner redeems.',
    );
  });

  it('are made by superusers only', async () => {
    expect((await api('POST', '/api/admin/resellers/', editor, { name: 'X' })).statusCode).toBe(403);
    expect((await api('POST', '/api/admin/resellers/', superuser, { name: '' })).statusCode).toBe(400);
  });

  it('answer 401 without a key and 403 with a wrong one or a shop token', async () => {
    const none = await octo(null, 'GET', '/products');
    expect(none.statusCode).toBe(401);
    expect(zErrorUnauthorized.parse(none.json()).error).toBe('UNAUTHORIZED');
    expect((await octo('rbt_octo_not-a-key', 'GET', '/products')).statusCode).toBe(403);
    expect((await octo(superuser.token, 'GET', '/products')).statusCode).toBe(403);
  });
});

describe('supplier, capabilities and products', () => {
  it('have the standard shapes, with pricing and content when asked', async () => {
    const supplier = await octo(keyA, 'GET', '/supplier');
    zSupplier.parse(supplier.json());
    const caps = await octo(keyA, 'GET', '/capabilities');
    for (const c of caps.json()) zCapability.parse(c);
    expect(caps.json().map((c: Json) => c.id)).toEqual([
      'octo/pricing',
      'octo/content',
      'octo/packages',
      'octo/offers',
      'octo/webhooks',
    ]);
    const asked = await octo(keyA, 'GET', '/supplier', undefined, { 'octo-capabilities': 'octo/webhooks' });
    expect(asked.headers['octo-capabilities']).toBe('octo/webhooks');

    const res = await octo(keyA, 'GET', '/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['octo-capabilities']).toBe('octo/pricing, octo/content');
    expect(res.headers['content-language']).toBe('en');
    const products = res.json() as Json[];
    expect(products.length).toBeGreaterThan(5);
    for (const p of products) zProduct.parse(p);
    const col = products.find((p) => p.id === 'RM-COL')!;
    expect(col.availabilityType).toBe('START_TIME');
    expect(col.options[0].availabilityLocalStartTimes).toContain('09:30');
    // The three kinds, then the price categories the demo's Colosseum sells (decision 070).
    expect(col.options[0].units.map((u: Json) => u.id).slice(3)).toEqual(['reduced_eu', 'disabled', 'carer']);
    expect(col.options[0].units.map((u: Json) => u.type)).toEqual([
      'ADULT',
      'YOUTH',
      'INFANT',
      'OTHER',
      'OTHER',
      'OTHER',
    ]);
    // Prices in EUR minor units, from the database.
    const [pkg] = await t.db.query.packages.findMany({ where: (p, { eq }) => eq(p.packageTag, 'RM-COL') });
    expect(col.options[0].units[0].pricingFrom[0]).toMatchObject({
      retail: pkg.adultPriceCents,
      currency: 'EUR',
      currencyPrecision: 2,
    });
    const pass = products.find((p) => p.id === 'BB-24')!;
    expect(pass).toMatchObject({ allowFreesale: true, availabilityRequired: false });
    expect(products.find((p) => p.id === 'RM-VAT')!.availabilityType).toBe('OPENING_HOURS');
  });

  it('leave pricing and content out when the reseller does not ask for them', async () => {
    const res = await octo(keyA, 'GET', '/products/RM-COL', undefined, { 'octo-capabilities': '' });
    const p = zProduct.parse(res.json());
    expect(p.title).toBeUndefined();
    expect(p.options[0].units[0].pricingFrom).toBeUndefined();
    expect(res.headers['octo-capabilities']).toBe('');
  });

  it('answer an unknown product or option with the standard error', async () => {
    const p = await octo(keyA, 'GET', '/products/NOPE');
    expect(p.statusCode).toBe(400);
    expect(zErrorInvalidProductId.parse(p.json())).toMatchObject({
      error: 'INVALID_PRODUCT_ID',
      productId: 'NOPE',
    });
    const o = await octo(keyA, 'POST', '/availability', {
      productId: TAG,
      optionId: 'VIP',
      localDateStart: day(1),
      localDateEnd: day(2),
    });
    expect(zErrorInvalidOptionId.parse(o.json()).error).toBe('INVALID_OPTION_ID');
  });
});

describe('availability', () => {
  it("shows the shop's own slots with capacity, and the calendar per day", async () => {
    const id = await addSlot(day(3), '10:00', 5);
    const res = await octo(keyA, 'POST', '/availability', {
      productId: TAG,
      optionId: 'DEFAULT',
      localDateStart: day(3),
      localDateEnd: day(3),
      units: [{ id: 'adult', quantity: 6 }],
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Json[];
    for (const a of list) zAvailability.parse(a);
    const slot = list.find((a) => a.id === id)!;
    // Six do not fit in five places.
    expect(slot).toMatchObject({ vacancies: 5, capacity: 5, status: 'LIMITED', available: false });
    const ok = await octo(keyA, 'POST', '/availability', {
      productId: TAG,
      optionId: 'DEFAULT',
      availabilityIds: [id],
    });
    expect(ok.json()).toHaveLength(1);
    expect(ok.json()[0].available).toBe(true);

    const cal = await octo(keyA, 'POST', '/availability/calendar', {
      productId: TAG,
      optionId: 'DEFAULT',
      localDateStart: day(2),
      localDateEnd: day(4),
    });
    const days = cal.json() as Json[];
    expect(days.map((d) => d.localDate)).toEqual([day(2), day(3), day(4)]);
    for (const d of days) zAvailabilityCalendar.parse(d);
    expect(days[1]).toMatchObject({ available: true, vacancies: 5 });
  });

  it('lists the hours of an OPENING_HOURS availability and calendar day, none for start times', async () => {
    const week = { optionId: 'DEFAULT', localDateStart: day(1), localDateEnd: day(7) };
    const vat = (await octo(keyA, 'POST', '/availability', { productId: VAT, ...week })).json() as Json[];
    expect(vat.length).toBe(6);
    for (const a of vat) {
      zAvailability.parse(a);
      expect(a.openingHours).toEqual([{ from: '09:00', to: '23:59' }]);
    }
    // An open-dated pass: the whole day.
    const pass = (
      await octo(keyA, 'POST', '/availability', { productId: 'BB-24', ...week })
    ).json() as Json[];
    for (const a of pass) expect(a.openingHours).toEqual([{ from: '00:00', to: '23:59' }]);
    const timed = await addSlot(day(2), '16:00', 3);
    const slots = (await octo(keyA, 'POST', '/availability', { productId: TAG, ...week })).json() as Json[];
    expect(slots.find((a) => a.id === timed)!.openingHours).toEqual([]);

    const cal = (
      await octo(keyA, 'POST', '/availability/calendar', { productId: VAT, ...week })
    ).json() as Json[];
    for (const d of cal) {
      zAvailabilityCalendar.parse(d);
      // Sundays the museums are closed: no hours.
      expect(d.openingHours).toEqual(weekday(d.localDate) === 0 ? [] : [{ from: '09:00', to: '23:59' }]);
    }
  });

  it('refuses a range without dates, backwards or over a year, or mixed with availability ids', async () => {
    for (const body of [
      { productId: TAG, optionId: 'DEFAULT' },
      {
        productId: VAT,
        optionId: 'DEFAULT',
        localDateStart: vatDay(3),
        localDateEnd: vatDay(3),
        availabilityIds: [vatId(vatDay(3))],
      },
      { productId: VAT, optionId: 'DEFAULT', localDateEnd: vatDay(3), availabilityIds: [vatId(vatDay(3))] },
      { productId: TAG, optionId: 'DEFAULT', localDateStart: day(5), localDateEnd: day(1) },
      { productId: TAG, optionId: 'DEFAULT', localDateStart: day(1), localDateEnd: day(500) },
      { productId: TAG, optionId: 'DEFAULT', localDateStart: 'soon', localDateEnd: 'later' },
    ]) {
      const res = await octo(keyA, 'POST', '/availability', body);
      expect(res.statusCode).toBe(400);
      expect(zErrorBadRequest.parse(res.json()).error).toBe('BAD_REQUEST');
    }
  });
});

describe('bookings', () => {
  it('hold the same places the web shop sells, and the same uuid twice makes one booking', async () => {
    const id = await addSlot(day(5), '11:00', 4);
    const uuid = crypto.randomUUID();
    const body = reserveBody(id, ['adult', 'youth', 'infant'], {
      uuid,
      resellerReference: 'GYT-1',
      expirationMinutes: 20,
    });
    const first = await octo(keyA, 'POST', '/bookings', body);
    expect(first.statusCode).toBe(200);
    const b = zBooking.parse(first.json());
    expect(b).toMatchObject({ uuid, status: 'ON_HOLD', availabilityId: id, resellerReference: 'GYT-1' });
    expect(new Date(b.utcExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 19 * 60_000);
    expect(b.pricing?.retail).toBe(
      first.json().unitItems.reduce((n: number, u: Json) => n + u.pricing.retail, 0),
    );
    // Infants take no place here: two of four are held, and the web shop sees it.
    expect(await webRemaining(id)).toBe(2);

    const retries = await Promise.all([1, 2, 3, 4].map(() => octo(keyA, 'POST', '/bookings', body)));
    for (const r of retries) expect(r.json().id).toBe(b.id);
    expect(await webRemaining(id)).toBe(2);
    const rows = await t.db.select().from(orders).where(eq(orders.bookingUuid, uuid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, resellerId: resellerAId, status: 'pending' });
  });

  it('never oversell: resellers and web buyers race for the last places together', async () => {
    const id = await addSlot(day(6), '12:00', 6);
    const octoTries = Array.from({ length: 8 }, () =>
      octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult'])),
    );
    // Eight web buyers, one checkout each (a buyer's next checkout would replace their own hold).
    const webBuyers = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app, t.db)));
    const webTries = webBuyers.map((webBuyer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session/',
        headers: webBuyer.auth,
        payload: {
          package_identifier: TAG,
          slot_id: '',
          date: day(6),
          adult_count: '1',
          youth_count: '0',
        },
      }),
    );
    const results = await Promise.all([...octoTries, ...webTries]);
    const won = results.filter((r) => r.statusCode === 200).length;
    expect(won).toBe(6);
    const lost = results.filter((r) => r.statusCode !== 200);
    for (const r of lost.slice(0, 8)) expect([400, 409]).toContain(r.statusCode);
    expect(await webRemaining(id)).toBe(0);
    const sold = await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult']));
    expect(zErrorUnprocessableEntity.parse(sold.json()).errorMessage).toBe('Sold out');
  });

  it('refuse unknown units, availability and bookings with the standard errors, storing nothing', async () => {
    const id = await addSlot(day(7), '10:00', 10);
    const before = await orderCount();
    const unit = await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult', 'senior']));
    expect(zErrorInvalidUnitId.parse(unit.json())).toMatchObject({
      error: 'INVALID_UNIT_ID',
      unitId: 'senior',
    });
    const avail = await octo(keyA, 'POST', '/bookings', reserveBody(`${day(7)}T10:05:00+01:00`, ['adult']));
    expect(zErrorInvalidAvailabilityId.parse(avail.json()).error).toBe('INVALID_AVAILABILITY_ID');
    const product = await octo(keyA, 'POST', '/bookings', {
      ...reserveBody(id, ['adult']),
      productId: 'NOPE',
    });
    expect(product.json().error).toBe('INVALID_PRODUCT_ID');
    const missing = await octo(keyA, 'POST', '/bookings', { productId: TAG });
    expect(zErrorBadRequest.parse(missing.json()).error).toBe('BAD_REQUEST');
    // A booking of nobody (unit items missing or empty) is understood, and cannot be made.
    const { unitItems: _, ...unitless } = reserveBody(id, []);
    for (const body of [unitless, { ...unitless, unitItems: null }, reserveBody(id, [])]) {
      const none = await octo(keyA, 'POST', '/bookings', body);
      expect(none.statusCode).toBe(400);
      expect(zErrorUnprocessableEntity.parse(none.json()).error).toBe('UNPROCESSABLE_ENTITY');
    }
    const tooMany = await octo(keyA, 'POST', '/bookings', reserveBody(id, Array(51).fill('adult')));
    expect(tooMany.json().error).toBe('UNPROCESSABLE_ENTITY');
    const infantsOnly = await octo(keyA, 'POST', '/bookings', reserveBody(id, ['infant']));
    expect(infantsOnly.json().error).toBe('UNPROCESSABLE_ENTITY');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/octo/bookings',
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(zErrorBadRequest.parse(broken.json()).error).toBe('BAD_REQUEST');
    const unknown = await octo(keyA, 'GET', `/bookings/${crypto.randomUUID()}`);
    expect(zErrorInvalidBookingUuid.parse(unknown.json()).error).toBe('INVALID_BOOKING_UUID');
    expect((await octo(keyA, 'GET', '/bookings/not-a-uuid')).json().error).toBe('INVALID_BOOKING_UUID');
    expect(await orderCount()).toBe(before);
  });

  it("are each key's own: another reseller cannot see, list, confirm or cancel them", async () => {
    const id = await addSlot(day(8), '10:00', 10);
    const mine = (
      await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult'], { resellerReference: 'ONLY-A' }))
    ).json();
    for (const [method, url] of [
      ['GET', `/bookings/${mine.uuid}`],
      ['POST', `/bookings/${mine.uuid}/confirm`],
      ['POST', `/bookings/${mine.uuid}/cancel`],
      ['POST', `/bookings/${mine.uuid}/extend`],
      ['PATCH', `/bookings/${mine.uuid}`],
    ] as const) {
      const res = await octo(keyB, method, url, method === 'GET' ? undefined : { contact: {} });
      expect(res.json().error).toBe('INVALID_BOOKING_UUID');
    }
    expect((await octo(keyB, 'GET', '/bookings?resellerReference=ONLY-A')).json()).toEqual([]);
    const listed = await octo(keyA, 'GET', '/bookings?resellerReference=ONLY-A');
    expect(listed.json().map((b: Json) => b.uuid)).toEqual([mine.uuid]);
    const bySupplierRef = await octo(keyA, 'GET', `/bookings?supplierReference=${mine.supplierReference}`);
    expect(bySupplierRef.json()).toHaveLength(1);
    expect((await octo(keyA, 'GET', '/bookings')).json().error).toBe('BAD_REQUEST');
    expect((await octo(keyA, 'GET', `/bookings?localDate=${day(8)}`)).json().length).toBeGreaterThan(0);
  });

  it('confirm into the same QR ticket the agents claim, and show it redeemed afterwards', async () => {
    const id = await addSlot(day(9), '10:00', 10);
    const held = (await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult', 'adult']))).json();
    const res = await octo(keyA, 'POST', `/bookings/${held.uuid}/confirm`, {
      resellerReference: 'GYT-CONF',
      contact: { fullName: 'Mary Tourist', emailAddress: 'mary@example.com', locales: ['en'] },
    });
    expect(res.statusCode).toBe(200);
    const b = zBooking.parse(res.json());
    expect(b).toMatchObject({ status: 'CONFIRMED', resellerReference: 'GYT-CONF', utcExpiresAt: null });
    expect(b.contact.fullName).toBe('Mary Tourist');
    const qr = b.voucher!.deliveryOptions[0];
    expect(qr.deliveryFormat).toBe('QRCODE');
    // The claim link, with the ticket signed for the agents' app in its fragment (issue #19).
    expect(qr.deliveryValue).toMatch(/\/verify\/[A-Za-z0-9_-]{20,}\/#t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    // A retried confirm answers the same ticket.
    const again = await octo(keyA, 'POST', `/bookings/${held.uuid}/confirm`, { contact: {} });
    expect(again.json().voucher.deliveryOptions[0].deliveryValue).toBe(qr.deliveryValue);
    // Only the code's hash is stored.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, b.id));
    expect(row.status).toBe('paid');
    const code = /\/verify\/([\w-]+)\//.exec(qr.deliveryValue)![1];
    expect(JSON.stringify(row)).not.toContain(code);

    const info = await t.app.inject({ url: `/api/authenticate/${code}/` });
    expect(info.json().data).toMatchObject({ user: 'Mary Tourist', adults: 2, package_tag: TAG });
    const claimIt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/claim/',
        payload: { code, agent_name: 'Agent Octo', security_code: AGENT_CODE },
      });
    // Nine days early: the claim page refuses it, as the agents' app does.
    const early = await claimIt();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ success: false, code: 'wrong_date' });
    // On its day (its slot moved to this instant, so today in Rome at any hour).
    await t.db.update(slots).set({ startsAt: new Date() }).where(eq(slots.id, row.slotId!));
    await t.db.update(orders).set({ selectedDate: romeToday() }).where(eq(orders.id, row.id));
    const claim = await claimIt();
    expect(claim.statusCode, claim.body).toBe(200);
    const redeemed = zBooking.parse((await octo(keyA, 'GET', `/bookings/${held.uuid}`)).json());
    expect(redeemed.status).toBe('REDEEMED');
    expect(redeemed.utcRedeemedAt).not.toBeNull();
    const cancel = await octo(keyA, 'POST', `/bookings/${held.uuid}/cancel`, {});
    expect(cancel.json().error).toBe('UNPROCESSABLE_ENTITY');
  });

  it('expire with their hold, free the places, and are still confirmed late while places are free', async () => {
    const id = await addSlot(day(10), '10:00', 3);
    const late = (await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult', 'adult']))).json();
    expect(await webRemaining(id)).toBe(1);
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, late.id));
    expect((await octo(keyA, 'GET', `/bookings/${late.uuid}`)).json().status).toBe('EXPIRED');
    expect(await webRemaining(id)).toBe(3);
    const confirmed = await octo(keyA, 'POST', `/bookings/${late.uuid}/confirm`, { contact: {} });
    expect(confirmed.json().status).toBe('CONFIRMED');
    expect(await webRemaining(id)).toBe(1);

    // Expired, and its places sold meanwhile: it cannot be confirmed or extended.
    const gone = (await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult']))).json();
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, gone.id));
    expect((await octo(keyB, 'POST', '/bookings', reserveBody(id, ['adult']))).statusCode).toBe(200);
    const refused = await octo(keyA, 'POST', `/bookings/${gone.uuid}/confirm`, { contact: {} });
    expect(refused.json().error).toBe('INVALID_BOOKING_UUID');
    expect((await octo(keyA, 'POST', `/bookings/${gone.uuid}/extend`, {})).json().error).toBe(
      'INVALID_BOOKING_UUID',
    );
  });

  it('extend a hold, and refuse holds that are too long', async () => {
    const id = await addSlot(day(11), '10:00', 3);
    const held = (
      await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult'], { expirationMinutes: 5 }))
    ).json();
    const ext = zBooking.parse(
      (await octo(keyA, 'POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 60 })).json(),
    );
    expect(new Date(ext.utcExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    const long = await octo(keyA, 'POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 100_000 });
    expect(long.json().error).toBe('BAD_REQUEST');
  });

  it('hold a booking at most 120 minutes from when it was made, however often it is extended', async () => {
    const id = await addSlot(day(31), '10:00', 3);
    const held = (
      await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult'], { expirationMinutes: 5 }))
    ).json();
    const madeAgo = (minutes: number) =>
      t.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(orders.id, held.id));
    // Made 100 minutes ago (extended meanwhile): another hour is cut to the 20 minutes left.
    await madeAgo(100);
    const ext = zBooking.parse(
      (await octo(keyA, 'POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 60 })).json(),
    );
    const until = new Date(ext.utcExpiresAt!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 19 * 60_000);
    expect(until).toBeLessThan(Date.now() + 21 * 60_000);
    // At the limit: neither an extension nor a change of its hold time keeps it longer.
    await madeAgo(121);
    const refused = await octo(keyA, 'POST', `/bookings/${held.uuid}/extend`, { expirationMinutes: 10 });
    expect(refused.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    expect(refused.json().errorMessage).toContain('at most 120 minutes');
    const patched = await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { expirationMinutes: 10 });
    expect(patched.json().error).toBe('UNPROCESSABLE_ENTITY');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, held.id));
    // Unchanged (OCTO's times are to the second).
    expect(Math.abs(row.holdExpiresAt!.getTime() - until)).toBeLessThan(1000);
  });

  it('cap the places one key holds on unconfirmed bookings; other keys and the web shop still book', async () => {
    const id = await addSlot(day(32), '10:00', 600);
    const hoarder = (await makeKey('Hoarder')).key;
    const fifty = Array.from({ length: 50 }, () => 'adult');
    const cap = HOLD_LIMITS.placesPerReseller / 50;
    for (let i = 0; i < cap; i++) {
      const res = await octo(hoarder, 'POST', '/bookings', reserveBody(id, fifty));
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await orderCount();
    const over = await octo(hoarder, 'POST', '/bookings', reserveBody(id, ['adult']));
    expect(over.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    expect(over.json().errorMessage).toContain(`at most ${HOLD_LIMITS.placesPerReseller}`);
    expect(await orderCount()).toBe(before);
    expect(await webRemaining(id)).toBe(600 - HOLD_LIMITS.placesPerReseller);
    expect((await octo(keyB, 'POST', '/bookings', reserveBody(id, ['adult']))).statusCode).toBe(200);
  });

  it('move to another time or change people under the new slot, keeping the count right', async () => {
    const a = await addSlot(day(12), '10:00', 4);
    const b = await addSlot(day(12), '11:00', 2);
    const held = (await octo(keyA, 'POST', '/bookings', reserveBody(a, ['adult', 'adult']))).json();
    const tooBig = await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, {
      availabilityId: b,
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'youth' }],
    });
    expect(tooBig.json().error).toBe('UNPROCESSABLE_ENTITY');
    expect(await webRemaining(a)).toBe(2);
    const moved = zBooking.parse(
      (
        await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { availabilityId: b, notes: 'Wheelchair' })
      ).json(),
    );
    expect(moved).toMatchObject({ availabilityId: b, notes: 'Wheelchair' });
    expect(await webRemaining(a)).toBe(4);
    expect(await webRemaining(b)).toBe(0);
  });

  it('move to another product while they could be cancelled: its places, prices and availability', async () => {
    const a = await addSlot(day(16), '10:00', 4);
    const vatDate = vatDay(16);
    const vatLeft = async () =>
      (
        await octo(keyA, 'POST', '/availability', {
          productId: VAT,
          optionId: 'DEFAULT',
          availabilityIds: [vatId(vatDate)],
        })
      ).json()[0].vacancies as number;
    const vatBefore = await vatLeft();
    const held = (await octo(keyA, 'POST', '/bookings', reserveBody(a, ['adult', 'youth']))).json();
    expect(await webRemaining(a)).toBe(2);

    // Another product needs one of its own availabilities.
    const noAvailability = await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { productId: VAT });
    expect(zErrorInvalidAvailabilityId.parse(noAvailability.json()).error).toBe('INVALID_AVAILABILITY_ID');
    const unknown = await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, {
      productId: 'NOPE',
      availabilityId: vatId(vatDate),
    });
    expect(zErrorInvalidProductId.parse(unknown.json()).productId).toBe('NOPE');

    const moved = zBooking.parse(
      (
        await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, {
          productId: VAT,
          optionId: 'DEFAULT',
          availabilityId: vatId(vatDate),
          unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'youth' }],
        })
      ).json(),
    );
    expect(moved).toMatchObject({
      uuid: held.uuid,
      status: 'ON_HOLD',
      productId: VAT,
      availabilityId: vatId(vatDate),
    });
    const [vatPkg] = await t.db.query.packages.findMany({ where: (p, { eq }) => eq(p.packageTag, VAT) });
    expect(moved.pricing?.retail).toBe(2 * vatPkg.adultPriceCents + vatPkg.youthPriceCents);
    expect(await webRemaining(a)).toBe(4);
    expect(await vatLeft()).toBe(vatBefore - 3);
    // A pass with a daily cap counts the places that move onto it (here two left today, three asked).
    await t.db.update(packages).set({ dailyCap: 2 }).where(eq(packages.packageTag, 'GL-24'));
    const capped = await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { productId: 'GL-24' });
    expect(zErrorUnprocessableEntity.parse(capped.json()).errorMessage).toMatch(/\b2\b/);
    expect((await octo(keyA, 'GET', `/bookings/${held.uuid}`)).json().productId).toBe(VAT);

    // Confirmed, it still moves while it could be cancelled (onto an open-dated pass: no availability),
    // with a new voucher.
    const confirmed = (await octo(keyA, 'POST', `/bookings/${held.uuid}/confirm`, { contact: {} })).json();
    const pass = zBooking.parse(
      (await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { productId: 'BB-24' })).json(),
    );
    expect(pass).toMatchObject({ status: 'CONFIRMED', productId: 'BB-24', availabilityId: null });
    expect(pass.voucher!.deliveryOptions[0].deliveryValue).not.toBe(
      confirmed.voucher.deliveryOptions[0].deliveryValue,
    );
    expect(await vatLeft()).toBe(vatBefore);

    // Past its cancellation cut-off a confirmed booking stays where it is.
    const soon = new Date(Date.now() + 6 * 3_600_000);
    const { date, time } = romeParts(soon);
    const soonId = await addSlot(date, `${time.slice(0, 3)}30`, 5);
    const close = (await octo(keyA, 'POST', '/bookings', reserveBody(soonId, ['adult']))).json();
    await octo(keyA, 'POST', `/bookings/${close.uuid}/confirm`, { contact: {} });
    const late = await octo(keyA, 'PATCH', `/bookings/${close.uuid}`, { productId: 'BB-24' });
    expect(zErrorUnprocessableEntity.parse(late.json()).errorMessage).toMatch(/cut-off/);
    expect((await octo(keyA, 'GET', `/bookings/${close.uuid}`)).json().productId).toBe(TAG);
  });

  it('a change of a confirmed booking issues a new voucher: the old code and signed QR are void, online and on devices', async () => {
    const a = await addSlot(day(14), '10:00', 6);
    const b = await addSlot(day(15), '10:00', 6);
    const held = (await octo(keyA, 'POST', '/bookings', reserveBody(a, ['adult', 'adult', 'adult']))).json();
    const voucher = (booking: Json): string => booking.voucher.deliveryOptions[0].deliveryValue;
    const codeOf = (qr: string) => /\/verify\/([\w-]+)\//.exec(qr)![1];
    const first = (await octo(keyA, 'POST', `/bookings/${held.uuid}/confirm`, { contact: {} })).json();
    const v1 = voucher(first);

    // Fewer people, then another day: each change a new voucher whose QR says what now holds.
    const reduced = (
      await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, {
        unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
      })
    ).json();
    const v2 = voucher(reduced);
    const moved = (await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { availabilityId: b })).json();
    const v3 = voucher(moved);
    expect(new Set([v1, v2, v3, codeOf(v1), codeOf(v2), codeOf(v3)]).size).toBe(6);
    expect(verifiedFacts(v3)).toMatchObject({ date: day(15), adults: 2, revision: 2 });
    // A note changes no ticket: the voucher stays.
    const noted = (await octo(keyA, 'PATCH', `/bookings/${held.uuid}`, { notes: 'Late arrival' })).json();
    expect(voucher(noted)).toBe(v3);

    // The claim page knows only the current code.
    for (const old of [v1, v2])
      expect((await t.app.inject({ url: `/api/authenticate/${codeOf(old)}/` })).statusCode).toBe(404);
    const now = await t.app.inject({ url: `/api/authenticate/${codeOf(v3)}/` });
    expect(now.json().data).toMatchObject({ adults: 2 });
    // A partner's scanner finds nothing under an old code.
    const lookup = await octo(scannerKey, 'GET', `/redemption/lookup?reference=${encodeURIComponent(v1)}`);
    expect(lookup.json()).toEqual([]);

    // At an agent's door: an old QR is refused as replaced, the new one is judged as the ticket (its day
    // is ahead); and the devices' list names the ticket with its revision for offline doors.
    const token = await agentDevice(t.app, t.db, {
      agentName: 'Agent Door',
      email: 'door@agents.example',
      password: 'pw-door-1',
    });
    const scan = async (text: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/agent/claims/',
          headers: { authorization: `Bearer ${token}` },
          payload: { scan: text },
        })
      ).json();
    expect(await scan(v1)).toMatchObject({
      result: 'replaced',
      message: 'This ticket was changed: ask for its new voucher.',
    });
    expect((await scan(v2)).result).toBe('replaced');
    expect((await scan(v3)).result).toBe('wrong_date');
    const list = await t.app.inject({
      url: '/api/agent/refunded/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().changed).toContainEqual({ unique_id: verifiedFacts(v3).uniqueId, revision: 2 });
  });

  it('cancel: a hold frees its places; a confirmed booking is refunded within the cut-off', async () => {
    const id = await addSlot(day(13), '10:00', 5);
    const held = (await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult']))).json();
    const c1 = zBooking.parse(
      (
        await octo(keyA, 'POST', `/bookings/${held.uuid}/cancel`, { reason: 'Customer changed plans' })
      ).json(),
    );
    expect(c1).toMatchObject({
      status: 'CANCELLED',
      cancellation: { refund: 'NONE', reason: 'Customer changed plans' },
    });
    // A voucher booking always carries its voucher; no QR before it is confirmed, nor once cancelled.
    const noTicket = { redemptionMethod: 'DIGITAL', utcRedeemedAt: null, deliveryOptions: [] };
    expect(held).toMatchObject({ status: 'ON_HOLD', voucher: noTicket });
    expect(c1.voucher).toEqual(noTicket);
    const conf = (await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult', 'youth']))).json();
    await octo(keyA, 'POST', `/bookings/${conf.uuid}/confirm`, { contact: { fullName: 'Paul' } });
    expect(await webRemaining(id)).toBe(3);
    const c2 = zBooking.parse((await octo(keyA, 'DELETE', `/bookings/${conf.uuid}`, {})).json());
    expect(c2).toMatchObject({ status: 'CANCELLED', cancellation: { refund: 'FULL' } });
    expect(c2.voucher).toEqual(noTicket);
    expect(await webRemaining(id)).toBe(5);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, conf.id));
    expect(row).toMatchObject({ status: 'refunded', refundReason: 'reseller', refundStatus: 'done' });
    // Idempotent.
    expect((await octo(keyA, 'POST', `/bookings/${conf.uuid}/cancel`, {})).json().status).toBe('CANCELLED');

    // Within 24 hours of the start the confirmed booking stays.
    const soon = new Date(Date.now() + 6 * 3_600_000);
    const { date, time } = romeParts(soon);
    const soonId = await addSlot(date, `${time.slice(0, 3)}00`, 5);
    const close = (await octo(keyA, 'POST', '/bookings', reserveBody(soonId, ['adult']))).json();
    const closeConf = zBooking.parse(
      (await octo(keyA, 'POST', `/bookings/${close.uuid}/confirm`, { contact: {} })).json(),
    );
    expect(closeConf.cancellable).toBe(false);
    const late = await octo(keyA, 'POST', `/bookings/${close.uuid}/cancel`, {});
    expect(zErrorUnprocessableEntity.parse(late.json()).errorMessage).toMatch(/cut-off/);
  });

  it('sell open-dated passes as freesale and date-listed tickets per date', async () => {
    const pass = await octo(keyA, 'POST', '/bookings', {
      productId: 'BB-24',
      optionId: 'DEFAULT',
      unitItems: [{ unitId: 'adult' }],
    });
    const b = zBooking.parse(pass.json());
    expect(b).toMatchObject({ freesale: true, availabilityId: null, status: 'ON_HOLD' });
    const avail = await octo(keyA, 'POST', '/availability', {
      productId: 'BB-24',
      optionId: 'DEFAULT',
      localDateStart: day(1),
      localDateEnd: day(2),
    });
    expect(avail.json().map((a: Json) => a.status)).toEqual(['FREESALE', 'FREESALE']);
  });
});

describe('sales by channel', () => {
  it("count a reseller's confirmed bookings beside the web shop's", async () => {
    const res = await api('GET', '/api/analytics/detailed/successful-payments/', superuser);
    expect(res.statusCode).toBe(200);
    const kpi = res.json().statistics.kpi as Record<string, string>;
    expect(kpi.sales_via_GetYourTour).toMatch(/^\d+ · €/);
  });
});

describe('redemption (partner scanners)', () => {
  it('is refused to a key without the right', async () => {
    const res = await octo(keyA, 'GET', '/redemption/lookup?reference=ABCD-EFGH');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('FORBIDDEN');
  });

  /** A web buyer's ticket for `date`, bought through the shop; answers its scanned claim link and id. */
  async function webTicket(date: string, tag = TAG): Promise<{ scanned: string; orderId: string }> {
    const { order, code } = await buyTicket(t.app, t.db, buyer, {
      package_identifier: tag,
      ...(date ? { date } : {}),
      adult_count: '1',
      youth_count: '1',
    });
    return { scanned: `${t.app.config.publicUrl}/verify/${code}/`, orderId: order.id };
  }

  /** Moves a ticket's slot to this instant: it is for today, whatever the hour in Rome. */
  async function makeToday(orderId: string) {
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await t.db.update(slots).set({ startsAt: new Date() }).where(eq(slots.id, order.slotId!));
    await t.db.update(orders).set({ selectedDate: romeToday() }).where(eq(orders.id, orderId));
  }

  const lookUp = async (scanned: string, key = scannerKey) =>
    (await octo(key, 'GET', `/redemption/lookup?reference=${encodeURIComponent(scanned)}`)).json() as Json[];

  it("looks up a web shop ticket by its QR, redeems it once on its day, and the agent's page names the partner", async () => {
    const id = await addSlot(day(14), '10:00', 5);
    const { scanned, orderId } = await webTicket(day(14));
    await makeToday(orderId);
    const [booking] = await lookUp(scanned);
    zBooking.parse(booking);
    expect(booking).toMatchObject({ redeemable: true, status: 'CONFIRMED' });
    expect(booking.availabilityId).not.toBe(id);
    // The buyer's contact stays with the shop.
    expect(booking.contact).toMatchObject({ fullName: null, emailAddress: null, phoneNumber: null });
    const done = await octo(scannerKey, 'POST', '/redemption/redeem', {
      redemptionCode: booking.redemptionCode,
    });
    expect(zBooking.parse(done.json()).status).toBe('REDEEMED');
    const twice = await octo(scannerKey, 'POST', '/redemption/redeem', {
      redemptionCode: booking.redemptionCode,
    });
    expect(twice.json().error).toBe('UNPROCESSABLE_ENTITY');
    const code = /\/verify\/([^/]+)\//.exec(scanned)![1];
    const info = await t.app.inject({ url: `/api/authenticate/${code}/` });
    expect(info.json().msg).toMatch(/already claimed on .* by Museum gate\./);
  });

  it('refuses a ticket for another day: not redeemed, and its buyer can still cancel it', async () => {
    await addSlot(day(16), '10:00', 5);
    const { scanned, orderId } = await webTicket(day(16));
    const [booking] = await lookUp(scanned);
    expect(booking.redeemable).toBe(false);
    const early = await octo(scannerKey, 'POST', '/redemption/redeem', {
      redemptionCode: booking.redemptionCode,
    });
    expect(early.json()).toMatchObject({ error: 'UNPROCESSABLE_ENTITY' });
    expect(early.json().errorMessage).toBe(`This ticket is for ${day(16)}, not today`);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ qrCodeScanned: false, claimedByResellerId: null });
  });

  it("finds only its products' tickets, and sees nothing of another reseller's buyer", async () => {
    // A web ticket of another product (an open bus pass): unknown at this door, by QR and by id.
    const bus = await webTicket('', 'BB-24');
    expect(await lookUp(bus.scanned)).toEqual([]);
    const other = await octo(scannerKey, 'POST', '/redemption/redeem', { redemptionCode: bus.orderId });
    expect(other.json().error).toBe('BAD_REQUEST');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, bus.orderId));
    expect(row.qrCodeScanned).toBe(false);
    // Reseller A's booking of the scanner's product, with its customer's details.
    const id = await addSlot(day(17), '10:00', 5);
    const held = (
      await octo(keyA, 'POST', '/bookings', reserveBody(id, ['adult'], { resellerReference: 'GYT-SECRET-1' }))
    ).json();
    const confirmed = (
      await octo(keyA, 'POST', `/bookings/${held.uuid}/confirm`, {
        contact: { fullName: 'Maria Rossi', emailAddress: 'maria@example.com', phoneNumber: '+39061234567' },
      })
    ).json();
    const voucherLink = confirmed.voucher.deliveryOptions[0].deliveryValue as string;
    const [seen] = await lookUp(voucherLink);
    expect(seen).toMatchObject({ status: 'CONFIRMED', productId: TAG, resellerReference: null, notes: null });
    expect(JSON.stringify(seen)).not.toMatch(/Maria|maria@|\+3906|GYT-SECRET|verify/);
    // The reseller itself still sees its own booking whole.
    const own = (await octo(keyA, 'GET', `/bookings/${held.uuid}`)).json();
    expect(own.contact.emailAddress).toBe('maria@example.com');
  });

  it('a scanner key needs its products, and each must exist', async () => {
    const none = await api('POST', '/api/admin/resellers/', superuser, { name: 'Gate', can_redeem: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toContain('Choose the products this scanner redeems.');
    const made = await api('POST', '/api/admin/resellers/', superuser, {
      name: 'Gate',
      can_redeem: true,
      redeem_products: ['NO-SUCH'],
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().error).toBe('No such product: NO-SUCH');
    const listed = (await api('GET', '/api/admin/resellers/', superuser)).json().resellers;
    expect(listed.find((r: Json) => r.name === 'Museum gate').redeem_products).toEqual([TAG]);
    expect(listed.map((r: Json) => r.name)).not.toContain('Gate');
  });
});

describe('rate limits', () => {
  it('stop one key at its rate and not the others', async () => {
    const { key } = await makeKey('Tiny', { rate_per_minute: 10 });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await octo(key, 'GET', '/supplier'));
    expect(answers.slice(0, 10).every((r) => r.statusCode === 200)).toBe(true);
    expect(answers[10].statusCode).toBe(429);
    expect(Number(answers[10].headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[10].json().error).toBe('BAD_REQUEST');
    expect((await octo(keyA, 'GET', '/supplier')).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('gets an OCTO error, never a 500, and stores nothing', async () => {
    const id = await addSlot(day(15), '10:00', 2);
    const before = await t.db.select({ n: count() }).from(orders).where(isNotNull(orders.resellerId));
    const anything = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.anything(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            uuid: fc.oneof(fc.uuid(), fc.string()),
            productId: fc.oneof(fc.constant(TAG), fc.string(), fc.integer()),
            optionId: fc.oneof(fc.constant('DEFAULT'), anything),
            availabilityId: fc.oneof(fc.constant(`${id.slice(0, 11)}99:99:99+01:00`), fc.string(), anything),
            unitItems: fc.oneof(
              fc.array(fc.record({ unitId: fc.oneof(fc.constant('adult'), fc.string()) })),
              anything,
            ),
            expirationMinutes: fc.oneof(fc.integer(), anything),
            contact: anything,
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom('/bookings', `/bookings/${crypto.randomUUID()}/confirm`, '/availability'),
        async (body, path) => {
          const res = await octo(keyA, 'POST', path, body);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(typeof res.json().errorMessage).toBe('string');
        },
      ),
      { numRuns: 60 },
    );
    const after = await t.db
      .select({ n: count() })
      .from(orders)
      .where(and(isNotNull(orders.resellerId)));
    expect(after[0].n).toBe(before[0].n);
  });
});
