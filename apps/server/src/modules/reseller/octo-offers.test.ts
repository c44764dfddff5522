/**
 * Promo codes through OCTO (the octo/offers capability, decision 074): offered by GET /capabilities; a
 * reservation's offerCode judged by the storefront's own promo rules and priced from the database; its
 * use held by the reservation and counted at confirmation, so a code's caps hold for OCTO and the
 * storefront together (a cap of 1 raced: exactly one wins); a code that does not apply is BAD_REQUEST
 * with nothing stored; wrong codes throttled per key; the codes' report counts OCTO's sales; without
 * the capability a code is ignored.
 */
import { zAvailability, zBooking, zCapability } from '@octocloud/types';
import { PROMO_GUESS_LIMIT, PROMO_MESSAGES, romeParts } from '@rome/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promoCodes } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { createTestApp } from '../../test/harness';
import { newPromoCode } from '../../test/promo-codes';
import { createUser, type TestUser } from '../../test/users';

type Json = Record<string, any>;

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let key: string;
const OFFERS = 'octo/pricing, octo/offers';
/** The demo's 24-hour bus pass (open-dated: no availability needed): adult 29.00, youth 19.00. */
const PASS = 'BB-24';

const api = apiCaller(() => t.app);
const octo = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, caps = OFFERS, k = key) =>
  t.app.inject({
    method,
    url: `/octo${url}`,
    headers: { authorization: `Bearer ${k}`, 'octo-capabilities': caps },
    ...(payload ? { payload } : {}),
  });
/** Two adults and a youth of the pass: 77.00 at list prices. */
const reserveBody = (extra: Json = {}) => ({
  productId: PASS,
  optionId: 'DEFAULT',
  unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'youth' }],
  contact: { fullName: 'Ada Reseller', emailAddress: 'ada@example.com' },
  ...extra,
});
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;
const orderOf = async (uuid: string) =>
  (await t.db.select().from(orders).where(eq(orders.bookingUuid, uuid)))[0];

const makeCode = (body: Json) => newPromoCode(t.app, admin, { prefix: 'OCTO', ...body });
const reportOf = async (id: string) =>
  (await api('GET', '/api/admin/promo-codes/', admin)).json().promo_codes.find((c: Json) => c.id === id);
const newKey = async (name: string) =>
  (await api('POST', '/api/admin/resellers/', admin, { name })).json().key as string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { isSuperuser: true });
  key = await newKey('Offer Reseller');
});
afterAll(() => t.close());

describe('octo/offers', () => {
  it('is offered and applied when asked', async () => {
    const caps = (await octo('GET', '/capabilities')).json() as Json[];
    for (const c of caps) expect(zCapability.safeParse(c).success, c.id).toBe(true);
    expect(caps.find((c) => c.id === 'octo/offers')).toMatchObject({ dependencies: ['octo/pricing'] });
    const res = await octo('GET', `/products/${PASS}`);
    expect(res.headers['octo-capabilities']).toContain('octo/offers');
  });

  it('a reservation with a code is priced with its discount from the database', async () => {
    const { id, code } = await makeCode({});
    // Typed as a person would: lower case, spaces for dashes.
    const res = await octo(
      'POST',
      '/bookings',
      reserveBody({ offerCode: code.toLowerCase().replaceAll('-', ' ') }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json();
    expect(zBooking.safeParse(booking).success).toBe(true);
    expect(booking).toMatchObject({
      status: 'ON_HOLD',
      offerCode: code,
      offerTitle: '10% off',
      offerIsCombination: false,
      offerComparisons: [],
      pricing: { original: 7700, retail: 6930, currency: 'EUR', offerDiscount: { retail: 770, net: 770 } },
    });
    expect(booking.offer).toMatchObject({ code, netDiscount: 'FULL', usable: true });
    expect(booking.offers).toEqual([booking.offer]);
    // The unit items' shares of the discount add up to it.
    const items = booking.unitItems.map((u: Json) => u.pricing);
    expect(items.map((p: Json) => p.original)).toEqual([2900, 2900, 1900]);
    expect(items.reduce((s: number, p: Json) => s + p.retail, 0)).toBe(6930);
    const order = await orderOf(booking.uuid);
    expect(order).toMatchObject({ totalCents: 6930, discountCents: 770, promoCodeId: id });
    // Held, not yet a use.
    expect(await reportOf(id)).toMatchObject({ uses: 0, held: 1 });
  });

  it('confirmation counts the use, and the report shows the revenue of OCTO sales', async () => {
    const { id, code } = await makeCode({ kind: 'amount', value: '5.00' });
    const held = (await octo('POST', '/bookings', reserveBody({ offerCode: code }))).json();
    expect(held.pricing).toMatchObject({ original: 7700, retail: 7200 });
    const confirmed = await octo('POST', `/bookings/${held.uuid}/confirm`, {
      contact: { fullName: 'Ada Reseller', emailAddress: 'ada@example.com' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'CONFIRMED',
      offerCode: code,
      pricing: { retail: 7200 },
    });
    expect((await orderOf(held.uuid)).amountPaidCents).toBe(7200);
    expect(await reportOf(id)).toMatchObject({ uses: 1, held: 0, revenue: '72.00', discount_given: '5.00' });
    // A code is given with the reservation: a change that sends one is refused, the booking unchanged.
    const patched = await octo('PATCH', `/bookings/${held.uuid}`, { offerCode: code, notes: 'x' });
    expect(patched.json().error).toBe('BAD_REQUEST');
    expect((await orderOf(held.uuid)).notes).toBeNull();
    // Read again, the booking still carries its offer.
    expect((await octo('GET', `/bookings/${held.uuid}`)).json()).toMatchObject({
      offerCode: code,
      offerTitle: '€5.00 off',
    });
  });

  it('a confirmation that changes the people prices them with the code again', async () => {
    const { code } = await makeCode({ value: '20' });
    const held = (await octo('POST', '/bookings', reserveBody({ offerCode: code }))).json();
    const confirmed = await octo('POST', `/bookings/${held.uuid}/confirm`, {
      contact: { fullName: 'Ada Reseller' },
      unitItems: [{ unitId: 'adult' }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().pricing).toMatchObject({ original: 2900, retail: 2320 });
    expect(await orderOf(held.uuid)).toMatchObject({
      totalCents: 2320,
      discountCents: 580,
      amountPaidCents: 2320,
    });
  });

  it('a code that does not apply is BAD_REQUEST with its reason, and nothing is stored', async () => {
    const expired = await makeCode({});
    await t.db
      .update(promoCodes)
      .set({ startsAt: new Date(Date.now() - 2 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(promoCodes.id, expired.id));
    const colosseum = await makeCode({ scope: 'package', package_tag: 'RM-COL' });
    const minimum = await makeCode({ min_basket: '100.00' });
    const off = await makeCode({});
    await api('PATCH', `/api/admin/promo-codes/${off.id}/`, admin, { active: false });
    const before = await orderCount();
    const cases: [string, string][] = [
      ['OCTO-NOPE-NOPE-NOPE', PROMO_MESSAGES.invalid],
      [expired.code, PROMO_MESSAGES.expired],
      [colosseum.code, PROMO_MESSAGES.notForTicket],
      [minimum.code, PROMO_MESSAGES.minBasket.replace('{amount}', '€100.00')],
      [off.code, PROMO_MESSAGES.invalid],
    ];
    for (const [code, message] of cases) {
      const res = await octo('POST', '/bookings', reserveBody({ offerCode: code }));
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ error: 'BAD_REQUEST', errorMessage: message });
    }
    expect(await orderCount()).toBe(before);
  });

  it('a code capped per customer needs the contact e-mail, and counts by it', async () => {
    const { code } = await makeCode({ max_uses_per_customer: 1 });
    const before = await orderCount();
    const anonymous = await octo('POST', '/bookings', reserveBody({ offerCode: code, contact: undefined }));
    expect(anonymous.json().error).toBe('BAD_REQUEST');
    expect(anonymous.json().errorMessage).toMatch(/emailAddress/);
    expect(await orderCount()).toBe(before);
    expect((await octo('POST', '/bookings', reserveBody({ offerCode: code }))).statusCode).toBe(200);
    const again = await octo('POST', '/bookings', reserveBody({ offerCode: code }));
    expect(again.json()).toEqual({ error: 'BAD_REQUEST', errorMessage: PROMO_MESSAGES.usedByYou });
  });

  it('a cap of 1 raced by two reservations: exactly one holds it, and the storefront sees it taken', async () => {
    const { id, code } = await makeCode({ max_uses: 1 });
    const answers = await Promise.all(
      [1, 2].map(() => octo('POST', '/bookings', reserveBody({ offerCode: code }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().errorMessage).toBe(PROMO_MESSAGES.usedUp);
    expect(await t.db.select().from(orders).where(eq(orders.promoCodeId, id))).toHaveLength(1);
    const check = await api('POST', '/api/promo-codes/check/', undefined, {
      promo_code: code,
      package_identifier: PASS,
      adult_count: 1,
      youth_count: 0,
    });
    expect(check.statusCode).toBe(409);
  });

  it('a cap of 1 raced by two confirmations of lapsed holds: exactly one wins', async () => {
    const { id, code } = await makeCode({ max_uses: 1 });
    const first = (await octo('POST', '/bookings', reserveBody({ offerCode: code }))).json();
    // Its hold runs out: its use goes back, so a second reservation takes it.
    const lapse = (uuid: string) =>
      t.db
        .update(orders)
        .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.bookingUuid, uuid));
    await lapse(first.uuid);
    const second = (await octo('POST', '/bookings', reserveBody({ offerCode: code }))).json();
    expect(second.status).toBe('ON_HOLD');
    await lapse(second.uuid);
    const answers = await Promise.all(
      [first, second].map((b) =>
        octo('POST', `/bookings/${b.uuid}/confirm`, { contact: { fullName: 'Ada' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().errorMessage).toMatch(/used up/);
    const paid = await t.db.select().from(orders).where(eq(orders.promoCodeId, id));
    expect(paid.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(await reportOf(id)).toMatchObject({ uses: 1 });
  });

  it('an availability check prices the units asked with the code', async () => {
    const { code } = await makeCode({ value: '50' });
    // Today in Rome, the shop's day: from 23:00 UTC (midnight in Rome) the UTC date is yesterday there.
    const today = romeParts(new Date()).date;
    const res = await octo('POST', '/availability', {
      productId: PASS,
      optionId: 'DEFAULT',
      localDateStart: today,
      localDateEnd: today,
      units: [{ id: 'adult', quantity: 2 }],
      offerCode: code,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json();
    expect(zAvailability.safeParse(day).success).toBe(true);
    expect(day).toMatchObject({
      offerCode: code,
      offerTitle: '50% off',
      pricing: { original: 5800, retail: 2900, offerDiscount: { retail: 2900 } },
    });
    const calendar = await octo('POST', '/availability/calendar', {
      productId: PASS,
      optionId: 'DEFAULT',
      localDateStart: today,
      localDateEnd: today,
      offerCode: code,
    });
    expect(calendar.json()[0]).toMatchObject({ offerCode: code, offerTitle: '50% off' });
    const wrong = await octo('POST', '/availability', {
      productId: PASS,
      optionId: 'DEFAULT',
      localDateStart: today,
      localDateEnd: today,
      offerCode: 'OCTO-WRONG',
    });
    expect(wrong.json()).toEqual({ error: 'BAD_REQUEST', errorMessage: PROMO_MESSAGES.invalid });
  });

  it('without the capability a code is ignored: list price, no offer fields', async () => {
    const { id, code } = await makeCode({});
    const res = await octo('POST', '/bookings', reserveBody({ offerCode: code }), 'octo/pricing');
    expect(res.statusCode).toBe(200);
    const booking = res.json();
    expect(booking.pricing).toMatchObject({ original: 7700, retail: 7700 });
    expect('offerCode' in booking).toBe(false);
    expect(await orderOf(booking.uuid)).toMatchObject({
      promoCodeId: null,
      discountCents: 0,
      totalCents: 7700,
    });
    expect(await reportOf(id)).toMatchObject({ uses: 0, held: 0 });
  });

  it("wrong codes are throttled per key, as the storefront's per address", async () => {
    const guesser = await newKey('Guessing Reseller');
    const { code } = await makeCode({});
    for (let i = 0; i < PROMO_GUESS_LIMIT.max; i++) {
      const res = await octo('POST', '/bookings', reserveBody({ offerCode: `WRONG-${i}` }), OFFERS, guesser);
      expect(res.statusCode).toBe(400);
    }
    const before = await orderCount();
    const real = await octo('POST', '/bookings', reserveBody({ offerCode: code }), OFFERS, guesser);
    expect(real.statusCode).toBe(429);
    expect(real.headers['retry-after']).toBeDefined();
    expect(await orderCount()).toBe(before);
    // Another key is not held back by this one's guesses.
    expect((await octo('POST', '/bookings', reserveBody({ offerCode: code }))).statusCode).toBe(200);
  });
});
