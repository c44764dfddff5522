/**
 * Promo codes (decision 050): made by superusers with a random part, checked and priced again on the
 * server at checkout (percent or amount, package/operator/basket, dates, minimum basket), uses capped
 * in total and per customer under the code's lock (twenty checkouts racing for the last use: one
 * wins), wrong codes throttled per address, and the report's uses and revenue.
 */
import {
  ERROR_CODES,
  formatEuro,
  normalizePromoCode,
  PRICE_CATEGORY_MESSAGES,
  PROMO_GUESS_LIMIT,
  PROMO_MESSAGES,
} from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, promoCodes } from '../../db/schema';
import { openCheckout, payTestCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { promoCustomerOf } from '../orders/promo';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let buyer: TestUser;
let ipCount = 0;
/** Each test its own client address, so one test's wrong codes never throttle another's. */
const freshIp = () => `198.51.100.${++ipCount}`;

beforeAll(async () => {
  t = await createTestApp();
  superuser = await createUser(t.app, t.db, { isSuperuser: true });
  buyer = await createUser(t.app, t.db, { name: 'Promo Buyer' });
});
afterAll(() => t.close());

type NewCode = Record<string, unknown>;
async function makeCode(body: NewCode): Promise<{ id: string; code: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes/',
    headers: superuser.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().promo_code;
}

const check = (promo_code: string, fields: Record<string, unknown> = {}, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/promo-codes/check/',
    remoteAddress: ip,
    payload: { promo_code, package_identifier: 'BB-24', adult_count: 2, youth_count: 1, ...fields },
  });

const checkout = (user: TestUser, fields: Record<string, string>, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: user.auth,
    remoteAddress: ip,
    payload: { package_identifier: 'BB-24', adult_count: '2', youth_count: '1', ...fields },
  });

/** A guest's checkout of one adult with `promo_code`, from a browser of its own (no cookie). */
const guestCheckout = (email: string, promo_code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/guest-checkout-session/',
    remoteAddress: freshIp(),
    payload: { package_identifier: 'BB-24', adult_count: '1', youth_count: '0', email, promo_code },
  });

const orderOf = async (session: string) =>
  (await t.db.select().from(orders).where(eq(orders.providerSessionId, session)))[0];

describe('making codes', () => {
  it('only superusers make codes, and the shop draws a random part no one chooses', async () => {
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes/',
      headers: buyer.auth,
      payload: { kind: 'percent', value: '10' },
    });
    expect(denied.statusCode).toBe(403);
    const a = await makeCode({ prefix: 'summer', kind: 'percent', value: '10' });
    const b = await makeCode({ prefix: 'summer', kind: 'percent', value: '10' });
    expect(a.code).toMatch(/^SUMMER-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(a.code).not.toBe(b.code);
  });

  it('refuses a percentage over 100 and a per-customer cap above the total', async () => {
    for (const body of [
      { kind: 'percent', value: '150' },
      { kind: 'amount', value: '0' },
      { kind: 'amount', value: '5', max_uses: 1, max_uses_per_customer: 2 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/promo-codes/',
        headers: superuser.auth,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('pricing a code', () => {
  it('takes a percentage off, case and dashes ignored, and the checkout charges the discounted total', async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10' });
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const quote = await check(typed);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ promo_code: code, subtotal: '77.00', discount: '7.70', total: '69.30' });

    const res = await checkout(buyer, { promo_code: typed });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().id);
    expect(order).toMatchObject({ totalCents: 6930, discountCents: 770, promoCustomer: buyer.email });
    const page = await t.app.inject({ url: `/api/test-checkout/${res.json().id}/`, headers: buyer.auth });
    expect(page.json()).toMatchObject({ total_price: '69.30', discount: '7.70', promo_code: code });
    // The payment is checked against the discounted total: paying it fulfils the order.
    const bought = await payTestCheckout(t.app, t.db, buyer, res.json().id);
    expect(bought.order).toMatchObject({ status: 'paid', amountPaidCents: 6930 });
  });

  it('prices the code on the price categories too, as the checkout does (decision 070)', async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10' });
    // BB-24 in the demo: 2 adults 58.00 and 1 youth 19.00, a disabled visitor 15.00 and a carer 0.00.
    const extra_counts = JSON.stringify({ disabled: 1, carer: 1 });
    const quote = await check(code, { extra_counts });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ promo_code: code, subtotal: '92.00', discount: '9.20', total: '82.80' });
    const res = await checkout(buyer, { promo_code: code, extra_counts });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderOf(res.json().id)).toMatchObject({ totalCents: 8280, discountCents: 920 });
    // The categories' rules answer the check as they answer the checkout.
    const carerAlone = await check(code, { extra_counts: JSON.stringify({ carer: 1 }) });
    expect(carerAlone.statusCode).toBe(400);
    expect(carerAlone.json().error).toBe(PRICE_CATEGORY_MESSAGES.carerAlone);
  });

  it('ignores a price the client sends: the spec checkout without a code is unchanged', async () => {
    const res = await checkout(buyer, { promo_code: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderOf(res.json().id)).totalCents).toBe(7700);
  });

  it('a fixed amount never makes the order negative or free', async () => {
    const { code } = await makeCode({ kind: 'amount', value: '500' });
    expect((await check(code)).json()).toMatchObject({ discount: '76.50', total: '0.50' });
    const hundred = await makeCode({ kind: 'percent', value: '100' });
    expect((await check(hundred.code)).json()).toMatchObject({ total: '0.50' });
  });

  it('a package code and an operator code apply to their tickets only', async () => {
    const pkg = await makeCode({ kind: 'amount', value: '5', scope: 'package', package_tag: 'BB-48' });
    expect((await check(pkg.code, { package_identifier: 'BB-48' })).statusCode).toBe(200);
    const other = await check(pkg.code);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      error: PROMO_MESSAGES.notForTicket,
      code: ERROR_CODES.promoInvalid,
    });
    const op = await makeCode({ kind: 'amount', value: '5', scope: 'operator', operator: 'big-bus' });
    expect((await check(op.code, { package_identifier: 'BB-72' })).statusCode).toBe(200);
    expect((await check(op.code, { package_identifier: 'GL-24' })).json().error).toBe(
      PROMO_MESSAGES.notForTicket,
    );
    // The checkout judges it again, whatever the page showed.
    const res = await checkout(buyer, { promo_code: pkg.code });
    expect(res.statusCode).toBe(400);
  });

  it('keeps to its dates and its minimum basket', async () => {
    const day = 86_400_000;
    const later = await makeCode({
      kind: 'percent',
      value: '10',
      starts_at: new Date(Date.now() + day).toISOString(),
    });
    expect((await check(later.code)).json().error).toBe(PROMO_MESSAGES.notYet);
    const past = await makeCode({
      kind: 'percent',
      value: '10',
      starts_at: new Date(Date.now() - 2 * day).toISOString(),
      ends_at: new Date(Date.now() - day).toISOString(),
    });
    expect((await check(past.code)).json().error).toBe(PROMO_MESSAGES.expired);
    expect((await checkout(buyer, { promo_code: past.code })).statusCode).toBe(400);
    const min = await makeCode({ kind: 'amount', value: '10', min_basket: '80' });
    const under = await check(min.code, { language: 'it' });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({
      error: 'This promo code needs an order of at least €80.00.',
      message_id: PROMO_MESSAGES.minBasket,
      values: { amount: formatEuro(8000, 'it') },
    });
    expect((await check(min.code, { adult_count: 3, youth_count: 0 })).json().total).toBe('77.00');
  });

  it('a code switched off reads as an unknown one; switching one needs the password again', async () => {
    const { id, code } = await makeCode({ kind: 'percent', value: '10' });
    // A superuser's token alone (a stolen one, a page script) cannot switch an old code on or off.
    const tokenOnly = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promo-codes/${id}/`,
      headers: { authorization: superuser.auth.authorization },
      payload: { active: false },
    });
    expect(tokenOnly.statusCode).toBe(403);
    expect(tokenOnly.json().code).toBe('step_up_required');
    expect((await check(code)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promo-codes/${id}/`,
      headers: superuser.auth,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await check(code)).json().error).toBe(PROMO_MESSAGES.invalid);
  });
});

describe('uses', () => {
  it('a code with one use left, sent by 20 checkouts at once: exactly one wins', async () => {
    const { id, code } = await makeCode({ kind: 'percent', value: '20', max_uses: 3 });
    // Two uses spent already (paid orders), one left.
    for (let i = 0; i < 2; i++) {
      const u = await createUser(t.app, t.db);
      await payTestCheckout(t.app, t.db, u, await openCheckout(t.app, u, { promo_code: code }));
    }
    const racers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.app, t.db)));
    const answers = await Promise.all(racers.map((u) => checkout(u, { promo_code: code })));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ error: PROMO_MESSAGES.usedUp, code: ERROR_CODES.promoUsedUp });
    }
    const held = await t.db.select().from(orders).where(eq(orders.promoCodeId, id));
    expect(held).toHaveLength(3);
  });

  it('one use per customer, sent by 10 browsers of the same address at once: exactly one wins', async () => {
    const { id, code } = await makeCode({ kind: 'percent', value: '10', max_uses_per_customer: 1 });
    const email = `racer-${Date.now()}@example.com`;
    const answers = await Promise.all(
      // Each its own browser (no cookie): not one buyer's hold replacing the other.
      Array.from({ length: 10 }, (_, i) => guestCheckout(i % 2 ? email : email.toUpperCase(), code)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await t.db.select().from(orders).where(eq(orders.promoCodeId, id))).toHaveLength(1);
  });

  it("an unpaid checkout's use comes back when it is cancelled; a refunded order's does not", async () => {
    const { code } = await makeCode({ kind: 'amount', value: '5', max_uses: 1 });
    const a = await createUser(t.app, t.db);
    const b = await createUser(t.app, t.db);
    const session = await openCheckout(t.app, a, { promo_code: code });
    expect((await checkout(b, { promo_code: code })).statusCode).toBe(409);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${session}/cancel/`,
      headers: a.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await checkout(b, { promo_code: code });
    expect(res.statusCode, res.body).toBe(200);
    const bought = await payTestCheckout(t.app, t.db, b, res.json().id);
    // b cancels the ticket and is refunded what was paid (€72.00, not €77.00); the use stays spent.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${bought.uniqueId}/cancel/`,
      headers: b.auth,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, bought.order.id));
    expect(after).toMatchObject({ status: 'refunded', amountPaidCents: 7200 });
    expect((await checkout(a, { promo_code: code })).statusCode).toBe(409);
  });

  it('checkouts opened one after another with a single-use code cannot all be paid: a late one is refunded', async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10', max_uses: 1 });
    const me = await createUser(t.app, t.db);
    // Each new checkout releases the one before (and its use), so each is let through...
    const first = await openCheckout(t.app, me, { promo_code: code });
    const second = await openCheckout(t.app, me, { promo_code: code });
    await payTestCheckout(t.app, t.db, me, second);
    // ...but the released one, paid later, finds the code's one use spent: refunded at once, no ticket.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${first}/pay/`,
      headers: me.auth,
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().result).toBe('refunded_promo_used_up');
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, first));
    expect(order).toMatchObject({ status: 'refunded', refundReason: 'promo_used_up', claimCodeHash: null });
    const paid = await t.db.select().from(orders).where(eq(orders.promoCodeId, order.promoCodeId!));
    expect(paid.filter((o) => o.status === 'paid')).toHaveLength(1);
  });

  it('a customer uses a code at most their number of times; retrying an unpaid checkout is no second use', async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10', max_uses_per_customer: 1 });
    const me = await createUser(t.app, t.db);
    // A new checkout replaces the buyer's unpaid one (and its use).
    await openCheckout(t.app, me, { promo_code: code });
    const again = await openCheckout(t.app, me, { promo_code: code });
    await payTestCheckout(t.app, t.db, me, again);
    const third = await checkout(me, { promo_code: code });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(PROMO_MESSAGES.usedByYou);
    // The same address as a guest is the same customer.
    const guest = await guestCheckout(me.email.toUpperCase(), code);
    expect(guest.statusCode, guest.body).toBe(409);
    // Nor is the same inbox typed with a '+tag'.
    const [name, domain] = me.email.split('@');
    const tagged = await guestCheckout(`${name}+again@${domain}`, code);
    expect(tagged.statusCode, tagged.body).toBe(409);
    // Someone else still may.
    expect((await checkout(await createUser(t.app, t.db), { promo_code: code })).statusCode).toBe(200);
  });
});

describe('the customer a per-customer cap counts', () => {
  it('is the inbox: case, a +tag and Gmail dots do not make a new customer', () => {
    expect(promoCustomerOf(' Anna.Rossi+promo@Example.COM ')).toBe('anna.rossi@example.com');
    expect(promoCustomerOf('anna.rossi+1@gmail.com')).toBe('annarossi@gmail.com');
    expect(promoCustomerOf('AnnaRossi@googlemail.com')).toBe('annarossi@gmail.com');
    expect(promoCustomerOf('anna.rossi@example.com')).not.toBe(promoCustomerOf('annarossi@example.com'));
    expect(promoCustomerOf('+x@example.com')).toBe('+x@example.com');
  });
});

describe('guessing', () => {
  it(`after ${PROMO_GUESS_LIMIT.max} wrong codes an address is refused every code, a real one too`, async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10' });
    const ip = freshIp();
    for (let i = 0; i < PROMO_GUESS_LIMIT.max; i++) {
      const res = await check(`GUESS-${i}`, {}, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(PROMO_MESSAGES.invalid);
    }
    const real = await check(code, {}, ip);
    expect(real.statusCode).toBe(429);
    expect(real.json().error).toBe(PROMO_MESSAGES.tooManyTries);
    expect((await checkout(buyer, { promo_code: code }, ip)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await check(code)).statusCode).toBe(200);
  });

  it('twenty wrong codes sent at once from one address: no more are judged than the limit', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => check(`RACE-${i}`, {}, ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PROMO_GUESS_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - PROMO_GUESS_LIMIT.max);
  });

  it('a real code is not a wrong try: a buyer who checks one often is still let through', async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10' });
    const ip = freshIp();
    for (let i = 0; i < PROMO_GUESS_LIMIT.max - 1; i++)
      expect((await check(`MISS-${i}`, {}, ip)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await check(code, {}, ip)).statusCode).toBe(200);
    // One wrong try left, then the address is refused.
    expect((await check('MISS-LAST', {}, ip)).statusCode).toBe(400);
    expect((await check(code, {}, ip)).statusCode).toBe(429);
  });

  it('an IPv6 guesser is counted by its /64, which it can change addresses in at will', async () => {
    const { code } = await makeCode({ kind: 'percent', value: '10' });
    const net = `2001:db8:${(++ipCount).toString(16)}:7`;
    for (let i = 0; i < PROMO_GUESS_LIMIT.max; i++) {
      expect((await check(`V6-${i}`, {}, `${net}::${(i + 1).toString(16)}`)).statusCode).toBe(400);
    }
    expect((await check(code, {}, `${net}:abcd:ef01:2345:6789`)).statusCode).toBe(429);
    // The next /64 is someone else.
    expect((await check(code, {}, `2001:db8:${ipCount.toString(16)}:8::1`)).statusCode).toBe(200);
  });

  it('stores only the compared form beside the code', async () => {
    const { id, code } = await makeCode({ kind: 'percent', value: '5' });
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    expect(row.codeKey).toBe(normalizePromoCode(code));
  });
});

describe('report', () => {
  it('counts uses, refunds, revenue and discount per code', async () => {
    const { id, code } = await makeCode({ kind: 'amount', value: '7' });
    const u1 = await createUser(t.app, t.db);
    const u2 = await createUser(t.app, t.db);
    await payTestCheckout(t.app, t.db, u1, await openCheckout(t.app, u1, { promo_code: code }));
    const b2 = await payTestCheckout(t.app, t.db, u2, await openCheckout(t.app, u2, { promo_code: code }));
    await t.app.inject({ method: 'POST', url: `/api/tickets/${b2.uniqueId}/cancel/`, headers: u2.auth });
    const res = await t.app.inject({ url: '/api/admin/promo-codes/', headers: superuser.auth });
    expect(res.statusCode).toBe(200);
    const row = res.json().promo_codes.find((p: { id: string }) => p.id === id);
    expect(row).toMatchObject({ uses: 2, refunded: 1, held: 0, revenue: '70.00', discount_given: '7.00' });
    expect((await t.app.inject({ url: '/api/admin/promo-codes/', headers: buyer.auth })).statusCode).toBe(
      403,
    );
  });
});
