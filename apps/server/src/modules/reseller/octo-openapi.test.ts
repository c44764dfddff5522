/**
 * The OCTO API's OpenAPI document (`GET /octo/openapi.json`, octo-api.ts) lists exactly the calls
 * /octo serves, and its schemas are the ones the calls parse with and answer in: a real product,
 * availability and booking validate against it, and a body the call refuses is refused by it too.
 */
import { addDays, romeToday } from '@rome/contract';
import Ajv from 'ajv';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { newPromoCode } from '../../test/promo-codes';
import { createUser, type TestUser } from '../../test/users';
import { OCTO_API, octoRoute } from './octo-api';
import { octoRoutes } from './routes';

type Json = Record<string, any>;

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let key: string;
let doc: Json;
/** The demo's night bus: a timed departure at 21:00 every day, 60 seats. */
const TAG = 'BB-NIGHT';

beforeAll(async () => {
  t = await createTestApp();
  superuser = await createUser(t.app, t.db, { isSuperuser: true });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers/',
    headers: superuser.auth,
    payload: { name: 'Document Check' },
  });
  key = made.json().key;
  const res = await t.app.inject({ url: '/octo/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const octo = (method: 'GET' | 'POST', url: string, payload?: object, caps = 'octo/pricing, octo/content') =>
  t.app.inject({
    method,
    url: `/octo${url}`,
    headers: { authorization: `Bearer ${key}`, 'octo-capabilities': caps },
    ...(payload ? { payload } : {}),
  });

const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
/** The document's component schema `name`, compiled (its refs are to other components). */
const validator = (name: string) =>
  ajv.getSchema(`octo:${name}`) ??
  ajv.compile({ ...doc.components.schemas[name], $id: `octo:${name}`, components: doc.components });

describe('GET /octo/openapi.json', () => {
  it('is OpenAPI 3.1, public, for the address it is asked from', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toMatch(/\/octo$/);
    expect(doc.components.securitySchemes.resellerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists exactly the calls /octo serves', async () => {
    const served: string[] = [];
    const f = Fastify();
    f.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD') served.push(`${m} ${r.url}`);
    });
    await f.register(octoRoutes, { prefix: '/octo' });
    await f.ready();
    await f.close();
    const documented = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} /octo${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(served.sort()).toEqual(documented.sort());
    expect(documented.length).toBe(Object.keys(OCTO_API).length);
    for (const k of Object.keys(OCTO_API) as (keyof typeof OCTO_API)[]) {
      const { method, url } = octoRoute(k);
      expect(t.app.hasRoute({ method: method as 'GET', url: `/octo${url}` }), k).toBe(true);
    }
  });

  it("the answers the shop gives validate against the document's schemas", async () => {
    const products = (await octo('GET', '/products')).json();
    const product = validator('Product');
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(product(p), JSON.stringify(product.errors)).toBe(true);

    const from = addDays(romeToday(), 2);
    const availability = (
      await octo('POST', '/availability', {
        productId: TAG,
        optionId: 'DEFAULT',
        localDateStart: from,
        localDateEnd: addDays(from, 3),
        units: [{ id: 'adult', quantity: 1 }],
      })
    ).json();
    const slot = validator('Availability');
    expect(availability.length).toBeGreaterThan(0);
    expect(slot(availability[0]), JSON.stringify(slot.errors)).toBe(true);

    const body = {
      productId: TAG,
      optionId: 'DEFAULT',
      availabilityId: availability.find((a: Json) => a.available).id,
      unitItems: [{ unitId: 'adult' }],
    };
    expect(validator('BookingReservationBody')(body)).toBe(true);
    const booking = (await octo('POST', '/bookings', body)).json();
    const bookingValid = validator('Booking');
    expect(bookingValid(booking), JSON.stringify(bookingValid.errors)).toBe(true);
  });

  it('a package (octo/packages, decision 072): its product, availability and booking validate too', async () => {
    const caps = 'octo/pricing, octo/content, octo/packages';
    // The demo's combo of two passes (open-dated: no day needed).
    const combo = 'RM-3PASS-BUS';
    const product = (await octo('GET', `/products/${combo}`, undefined, caps)).json();
    expect(product.isPackage).toBe(true);
    const productValid = validator('Product');
    expect(productValid(product), JSON.stringify(productValid.errors)).toBe(true);
    const from = addDays(romeToday(), 2);
    const [day] = (
      await octo(
        'POST',
        '/availability',
        { productId: combo, optionId: 'DEFAULT', localDateStart: from, localDateEnd: from },
        caps,
      )
    ).json();
    expect(day.packageAvailabilities.length).toBeGreaterThan(0);
    const slot = validator('Availability');
    expect(slot(day), JSON.stringify(slot.errors)).toBe(true);
    const body = {
      productId: combo,
      optionId: 'DEFAULT',
      unitItems: [{ unitId: 'adult' }],
      packageBookings: [{ packageIncludeId: 'BB-24', availabilityId: day.id }],
    };
    expect(validator('BookingReservationBody')(body)).toBe(true);
    expect(validator('BookingReservationBody')({ ...body, packageBookings: [{ availabilityId: 'x' }] })).toBe(
      false,
    );
    const booking = (await octo('POST', '/bookings', body, caps)).json();
    expect(booking.packageBookings).toHaveLength(2);
    const bookingValid = validator('Booking');
    expect(bookingValid(booking), JSON.stringify(bookingValid.errors)).toBe(true);
  });

  it('an offer (octo/offers, decision 074): the availability and booking it prices validate too', async () => {
    const caps = 'octo/pricing, octo/content, octo/offers';
    const { code } = await newPromoCode(t.app, superuser, { prefix: 'DOC' });
    const from = addDays(romeToday(), 2);
    const check = {
      productId: TAG,
      optionId: 'DEFAULT',
      localDateStart: from,
      localDateEnd: from,
      units: [{ id: 'adult', quantity: 2 }],
      offerCode: code,
    };
    expect(validator('AvailabilityCheckBody')(check)).toBe(true);
    const [slot] = (await octo('POST', '/availability', check, caps)).json();
    expect(slot.pricing.offerDiscount).toBeDefined();
    const slotValid = validator('Availability');
    expect(slotValid(slot), JSON.stringify(slotValid.errors)).toBe(true);
    const [day] = (await octo('POST', '/availability/calendar', check, caps)).json();
    const dayValid = validator('AvailabilityCalendar');
    expect(dayValid(day), JSON.stringify(dayValid.errors)).toBe(true);
    const body = {
      productId: TAG,
      optionId: 'DEFAULT',
      availabilityId: slot.id,
      unitItems: [{ unitId: 'adult' }],
      offerCode: code,
    };
    expect(validator('BookingReservationBody')(body)).toBe(true);
    const booking = (await octo('POST', '/bookings', body, caps)).json();
    expect(booking.offerCode).toBe(code);
    const bookingValid = validator('Booking');
    expect(bookingValid(booking), JSON.stringify(bookingValid.errors)).toBe(true);
  });

  it('a body the document refuses, the call refuses too', async () => {
    const bad = { productId: TAG, optionId: 'DEFAULT', unitItems: 'two adults' };
    expect(validator('BookingReservationBody')(bad)).toBe(false);
    const res = await octo('POST', '/bookings', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('BAD_REQUEST');
    expect(validator('RedeemBody')({ redemptionCode: 7 })).toBe(false);
  });
});
