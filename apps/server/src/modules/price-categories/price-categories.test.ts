/**
 * Price categories beside adult and youth (decision 070) through the HTTP API with the built-in test
 * checkout: prices from the database (a forged one ignored), the carer rule, a category the package
 * does not sell, the editors' call, and a family ticket counted as 4 places under racing checkouts.
 */
import { zBooking, zProduct } from '@octocloud/types';
import {
  addDays,
  decodeTicketPayload,
  PRICE_CATEGORY_MESSAGES,
  readScan,
  romeToday,
  splitSignedTicket,
} from '@rome/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLog, mailOutbox, orders } from '../../db/schema';
import { agentDevice } from '../../test/agent-device';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { addSlot, makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { grossLines } from '../orders/invoice-record';
import { holdsPlaces } from '../orders/slots';
import { qrPayloadFromImage } from '../tickets/wallet/service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, editor] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna Buyer' }),
    createUser(t.app, t.db, { isEditor: true }),
  ]);
});
afterAll(() => t.close());

const api = apiCaller(() => t.app);
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;
const checkout = (fields: Record<string, unknown>, user: TestUser = buyer) =>
  api('POST', '/api/create-checkout-session/', user, {
    package_identifier: 'BB-24',
    adult_count: '0',
    youth_count: '0',
    ...fields,
  });

describe('checkout with price categories', () => {
  it('prices the categories from the database, ignoring a forged price, and stores them with the order', async () => {
    // The demo's BB-24: adult 29.00, reduced EU 20.00, disabled 15.00, carer 0.00 (seed data).
    const res = await checkout({
      adult_count: '1',
      extra_counts: JSON.stringify({ reduced_eu: 1, disabled: 1, carer: 1 }),
      // Whatever the client says a category costs is not read.
      extra_prices: JSON.stringify({ reduced_eu: 1, disabled: 1 }),
      price_cents: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    expect(order.totalCents).toBe(2900 + 2000 + 1500 + 0);
    expect(order.extraTickets).toEqual([
      { key: 'reduced_eu', count: 1, price_cents: 2000 },
      { key: 'disabled', count: 1, price_cents: 1500 },
      { key: 'carer', count: 1, price_cents: 0 },
    ]);
    expect(order.places).toBe(4);
    // The test checkout's page lists what is paid for.
    const page = await api('GET', `/api/test-checkout/${res.json().id}/`, buyer);
    expect(page.json().total_price).toBe('64.00');
    expect(page.json().extra_tickets.map((l: { key: string; price: string }) => [l.key, l.price])).toEqual([
      ['reduced_eu', '20.00'],
      ['disabled', '15.00'],
      ['carer', '0.00'],
    ]);
    // The invoice's lines add up to what is paid: the categories at the prices they were bought at.
    const lines = grossLines(order, 'Big Bus Rome Classic 24h');
    expect(lines.map((l) => [l.description, l.quantity, l.unitGrossCents])).toEqual([
      ['Big Bus Rome Classic 24h: Adults', 1, 2900],
      ['Big Bus Rome Classic 24h: Reduced EU 18-25', 1, 2000],
      ['Big Bus Rome Classic 24h: Disabled visitor', 1, 1500],
      ['Big Bus Rome Classic 24h: Carer (with a disabled visitor)', 1, 0],
    ]);
    expect(lines.reduce((sum, l) => sum + l.quantity * l.unitGrossCents, 0)).toBe(order.totalCents);
  });

  it('takes the counts as JSON too, and a family ticket alone is an order of 4 places', async () => {
    const res = await checkout({ extra_counts: { family: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    expect(order).toMatchObject({ totalCents: 7900, places: 4, adultCount: 0 });
  });

  it('refuses a carer without a disabled visitor, two carers for one, and an unknown or unsold category, storing nothing', async () => {
    const before = await orderCount();
    const refused = async (fields: Record<string, unknown>, message: string) => {
      const res = await checkout(fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(message);
    };
    await refused({ adult_count: '1', extra_counts: '{"carer":1}' }, PRICE_CATEGORY_MESSAGES.carerAlone);
    await refused({ extra_counts: '{"disabled":1,"carer":2}' }, PRICE_CATEGORY_MESSAGES.carersOver);
    await refused({ adult_count: '1', extra_counts: '{"senior":1}' }, PRICE_CATEGORY_MESSAGES.unknown);
    await refused({ adult_count: '1', extra_counts: '{"reduced_eu":-1}' }, PRICE_CATEGORY_MESSAGES.badCounts);
    await refused({ adult_count: '1', extra_counts: 'not json' }, PRICE_CATEGORY_MESSAGES.badCounts);
    // RM-COL sells no family ticket.
    const col = await checkout({
      package_identifier: 'RM-COL',
      date: addDays(romeToday(), 2),
      extra_counts: '{"family":1}',
    });
    expect(col.statusCode, col.body).toBe(400);
    expect(col.json().error).toBe(PRICE_CATEGORY_MESSAGES.notSold);
    expect(await orderCount()).toBe(before);
  });
});

describe('editors set the prices', () => {
  it("an editor sets, replaces and clears a package's categories; the ticket page reads them; customers cannot", async () => {
    const url = '/api/editor/packages/BB-48/price-categories/';
    expect((await api('PUT', url, buyer, { prices: [] })).statusCode).toBe(403);
    const set = await api('PUT', url, editor, {
      prices: [
        { key: 'family', price: '99.50' },
        { key: 'reduced_eu', price: 25 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      package_tag: 'BB-48',
      prices: [
        { key: 'reduced_eu', price: '25.00' },
        { key: 'family', price: '99.50' },
      ],
    });
    const page = (await api('GET', '/api/package/E9/BB-48/')).json().data;
    expect(page.price_categories).toEqual(set.json().prices);
    // Bought at the price set.
    const res = await checkout({ package_identifier: 'BB-48', extra_counts: '{"family":2}' });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    expect(order.totalCents).toBe(2 * 9950);
    const bad = await api('PUT', url, editor, { prices: [{ key: 'senior', price: '1' }] });
    expect(bad.statusCode).toBe(400);
    const negative = await api('PUT', url, editor, { prices: [{ key: 'family', price: '-1' }] });
    expect(negative.statusCode).toBe(400);
    expect((await api('PUT', url, editor, { prices: [{ key: 'family', price: '99.50' }] })).statusCode).toBe(
      200,
    );
    expect((await api('GET', url, editor)).json().prices).toEqual([{ key: 'family', price: '99.50' }]);
    // Taken out of the list: no longer sold.
    const gone = await checkout({ package_identifier: 'BB-48', extra_counts: '{"reduced_eu":1}' });
    expect(gone.json().error).toBe(PRICE_CATEGORY_MESSAGES.notSold);
    const logged = await t.db
      .select()
      .from(editLog)
      .where(and(eq(editLog.entity, 'package_price_categories'), eq(editLog.entityKey, 'BB-48')));
    expect(logged.length).toBe(2);
  });
});

describe('capacity', () => {
  it('racing family checkouts for the last places never oversell: a family is 4 places', async () => {
    const TAG = 'GL-48';
    expect(await makeTimed(t.app, editor, TAG)).toBe(200);
    expect(
      (
        await api('PUT', `/api/editor/packages/${TAG}/price-categories/`, editor, {
          prices: [{ key: 'family', price: '60.00' }],
        })
      ).statusCode,
    ).toBe(200);
    const slotId = await addSlot(t, editor, TAG, {
      date: addDays(romeToday(), 5),
      time: '10:00',
      capacity: 10,
    });
    // 10 places: two families fit (8), a third does not (12), whatever the order they come in.
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app, t.db)));
    const answers = await Promise.all(
      buyers.map((b) =>
        checkout({ package_identifier: TAG, slot_id: slotId, extra_counts: '{"family":1}' }, b),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(2);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBe(409);
    const [{ held }] = await t.db
      .select({ held: sql<string>`sum(${orders.places})` })
      .from(orders)
      .where(and(eq(orders.slotId, slotId), holdsPlaces(new Date())));
    expect(Number(held)).toBe(8);
    // The 2 places left still sell to two adults, not to a family.
    const family = await checkout({ package_identifier: TAG, slot_id: slotId, extra_counts: '{"family":1}' });
    expect(family.statusCode).toBe(409);
    expect(family.json().error).toBe('Only 2 places left for this time.');
    expect((await checkout({ package_identifier: TAG, slot_id: slotId, adult_count: '2' })).statusCode).toBe(
      200,
    );
  }, 60_000);
});

describe('the ticket shows the categories and the proof the door checks', () => {
  it("on the e-mail, the PDF, the ticket link, the claim page and the agents' scan", async () => {
    const bought = await buyTicket(t.app, t.db, buyer, {
      package_identifier: 'BB-24',
      adult_count: '1',
      youth_count: '0',
      extra_counts: JSON.stringify({ reduced_eu: 1, disabled: 1, carer: 1 }),
    });
    expect(bought.order.extraTickets.map((l) => l.key)).toEqual(['reduced_eu', 'disabled', 'carer']);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), sql`${mailOutbox.text} like ${`%${bought.code}%`}`));
    expect(mail.text).toContain('Tickets: 1 adult, 1 × Reduced EU 18-25, 1 × Disabled visitor, 1 × Carer');
    expect(mail.text).toContain('Reduced EU 18-25: Bring: EU ID card showing age 18-25');
    expect(mail.text).toContain('Disabled visitor: Bring: Disability card');
    expect(mail.html).toContain('Bring: EU ID card showing age 18-25');
    const token = /\/t\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)![1];
    // The PDF ticket prints them.
    const pdf = await api('GET', `/api/ticket-links/${token}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(doc, { mergePages: true });
    expect(text).toContain('Bring: EU ID card showing age 18-25');
    expect(text).toContain('Bring: Disability card');
    // The ticket link's page.
    const link = (await api('GET', `/api/ticket-links/${token}/`)).json();
    expect(link.extra_tickets).toEqual([
      expect.objectContaining({ key: 'reduced_eu', count: 1, proof: 'EU ID card showing age 18-25' }),
      expect.objectContaining({ key: 'disabled', count: 1, proof: 'Disability card' }),
      expect.objectContaining({ key: 'carer', count: 1, proof: null }),
    ]);
    // The claim page (/verify/...): what the agent reads before claiming.
    const info = (await api('GET', `/api/authenticate/${bought.code}/`)).json();
    expect(info.data.extra_tickets.map((l: { proof: string | null }) => l.proof)).toEqual([
      'EU ID card showing age 18-25',
      'Disability card',
      null,
    ]);
    // The agents' app's online scan answers them with the ticket.
    const device = await agentDevice(t.app, t.db, {
      agentName: 'Agent Categories',
      email: 'categories@agents.example',
      password: 'pw-categories-1',
    });
    const qr = (await qrPayloadFromImage(t.app, bought.order.qrFileKey))!;
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/agent/claims/',
      headers: { authorization: `Bearer ${device}` },
      payload: { scan: qr },
    });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().result).toBe('valid');
    expect(scan.json().ticket.extra_tickets).toEqual(link.extra_tickets);
    // The QR's signed ticket names them too, so a device offline shows what proof to check.
    const signed = splitSignedTicket(readScan(qr).signed!)!;
    expect(decodeTicketPayload(signed.payload)?.extras).toEqual([
      { key: 'reduced_eu', count: 1 },
      { key: 'disabled', count: 1 },
      { key: 'carer', count: 1 },
    ]);
  });
});

describe('OCTO lists and books the categories as units', () => {
  it("a product lists the categories it sells as units (the standard's schema); a booking prices them and keeps the carer rule", async () => {
    const superuser = await createUser(t.app, t.db, { isSuperuser: true });
    const made = await api('POST', '/api/admin/resellers/', superuser, { name: 'Category Tours' });
    expect(made.statusCode).toBe(201);
    const octo = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/octo${url}`,
        headers: {
          authorization: `Bearer ${made.json().key}`,
          'octo-capabilities': 'octo/pricing, octo/content',
        },
        ...(payload ? { payload } : {}),
      });
    const product = zProduct.parse((await octo('GET', '/products/BB-24')).json());
    const units = product.options[0].units;
    expect(units.map((u) => u.id)).toEqual([
      'adult',
      'youth',
      'infant',
      'reduced_eu',
      'disabled',
      'carer',
      'family',
    ]);
    const byId = Object.fromEntries(units.map((u) => [u.id, u]));
    expect(byId.reduced_eu.restrictions).toMatchObject({ minAge: 18, maxAge: 25, idRequired: true });
    expect(byId.carer.restrictions.accompaniedBy).toEqual(['disabled']);
    expect(byId.family).toMatchObject({ type: 'FAMILY', restrictions: { paxCount: 4 } });
    expect(byId.family.pricingFrom?.[0].retail).toBe(7900);
    // A product that sells none lists the three kinds only.
    const plain = zProduct.parse((await octo('GET', '/products/BB-72')).json());
    expect(plain.options[0].units.map((u) => u.id)).toEqual(['adult', 'youth', 'infant']);

    const booked = await octo('POST', '/bookings', {
      productId: 'BB-24',
      optionId: 'DEFAULT',
      unitItems: [{ unitId: 'disabled' }, { unitId: 'carer' }, { unitId: 'reduced_eu' }],
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const booking = zBooking.parse(booked.json());
    expect(booking.pricing?.retail).toBe(1500 + 0 + 2000);
    expect(booking.unitItems.map((u) => [u.unitId, u.pricing?.retail])).toEqual([
      ['disabled', 1500],
      ['carer', 0],
      ['reduced_eu', 2000],
    ]);
    const carerAlone = await octo('POST', '/bookings', {
      productId: 'BB-24',
      optionId: 'DEFAULT',
      unitItems: [{ unitId: 'carer' }],
    });
    expect(carerAlone.statusCode).toBe(400);
    expect(carerAlone.json().errorMessage).toBe(PRICE_CATEGORY_MESSAGES.carerAlone);
    const unsold = await octo('POST', '/bookings', {
      productId: 'BB-72',
      optionId: 'DEFAULT',
      unitItems: [{ unitId: 'family' }],
    });
    expect(unsold.json().error).toBe('INVALID_UNIT_ID');
  });
});
