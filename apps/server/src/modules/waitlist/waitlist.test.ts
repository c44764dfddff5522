/**
 * The waiting list of a sold-out time (decision 063) through the HTTP API and the walk: joining (its
 * checks, one entry per address, sold-out times only), offers when places come back (a refund, a
 * reseller's cancellation, a hold run out, more capacity, a leave), the offer's places held for its link
 * alone, the next in line after an offer runs out, the e-mails' language, the superusers' list, and
 * walks racing purchases.
 */
import { addDays, romeInstant, romeLocalIso, romeToday } from '@rome/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, packages, slots, waitlistEntries } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { buyTicket, openCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { placesTaken } from '../orders/slots';
import { offerFreedPlaces, walkWaitlists } from '../orders/waitlist';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;
let editor: TestUser;
let superuser: TestUser;

const TAG = 'CS-HALF';
const day = (n: number) => addDays(romeToday(), n);

beforeAll(async () => {
  // The background walk stays out of the way: each test walks when it means to.
  t = await createTestApp({ waitlistWalkSeconds: 3600 });
  [buyer, other, editor, superuser] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna Buyer' }),
    createUser(t.app, t.db, { name: 'Otto Other' }),
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const api = apiCaller(() => t.app);
const deps = () => ({ db: t.db, publicUrl: 'http://shop.test', offerMinutes: 30 });

let nextDay = 2;
/** A new slot with `capacity` places on a day of its own; answers its id. */
async function addSlot(capacity: number, time = '10:00'): Promise<string> {
  const date = day(nextDay++);
  const res = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, {
    from: date,
    to: date,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    times: [time],
    capacity,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [pkg] = await t.db.select().from(packages).where(eq(packages.packageTag, TAG));
  const [row] = await t.db
    .select()
    .from(slots)
    .where(and(eq(slots.packageId, pkg.id), eq(slots.startsAt, romeInstant(date, time)!)));
  return row.id;
}

const buy = (slotId: string, adults: number, user: TestUser = buyer) =>
  buyTicket(t.app, t.db, user, {
    package_identifier: TAG,
    slot_id: slotId,
    adult_count: String(adults),
    youth_count: '0',
  });

const join = (body: Record<string, unknown>, ip = '203.0.113.7') =>
  api('POST', '/api/waitlist/', undefined, body, ip);

const entryOf = async (slotId: string, email: string) =>
  (
    await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.email, email)))
  )[0];

/** The last e-mail to `to` whose text has `param=`: its token. */
async function tokenMailed(to: string, param: 'offer' | 'leave_waitlist'): Promise<string> {
  // Oldest first: the newest link is the one that works (PostgreSQL hands rows back in no set order,
  // and the mail sender's updates move them).
  const mails = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt));
  const tokens = mails
    .map((m) => new RegExp(`[?&]${param}=([\\w-]+)`).exec(m.text)?.[1])
    .filter((x): x is string => Boolean(x));
  expect(tokens.length, `a ${param} link mailed to ${to}`).toBeGreaterThan(0);
  return tokens[tokens.length - 1];
}

const checkoutWith = (slotId: string, adults: number, user: TestUser, token?: string) =>
  api('POST', '/api/create-checkout-session/', user, {
    package_identifier: TAG,
    slot_id: slotId,
    adult_count: String(adults),
    youth_count: '0',
    ...(token ? { waitlist_token: token } : {}),
  });

const taken = async (slotId: string) => (await placesTaken(t.db, [slotId], new Date())).get(slotId) ?? 0;

describe('joining', () => {
  it('takes a sold-out time only, checks its input, keeps one entry per address and mails in the page language', async () => {
    const slotId = await addSlot(2);
    // Places left: nothing is stored.
    const early = await join({ slot_id: slotId, email: 'early@example.com', places: 1 });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error).toBe('This time still has places: you can book it now.');
    expect(await entryOf(slotId, 'early@example.com')).toBeUndefined();

    await buy(slotId, 2);
    for (const [body, status] of [
      [{ slot_id: slotId, email: 'not-an-address', places: 1 }, 400],
      [{ slot_id: slotId, email: 'a@example.com', places: 0 }, 400],
      [{ slot_id: slotId, email: 'a@example.com', places: 51 }, 400],
      [{ slot_id: '00000000-0000-4000-8000-000000000000', email: 'a@example.com', places: 1 }, 400],
      [{ slot_id: 'junk', email: 'a@example.com', places: 1 }, 400],
    ] as const) {
      const res = await join(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toBeTruthy();
    }
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, slotId))).toEqual([]);

    const res = await join({ slot_id: slotId, email: 'Lucia@Example.com', places: 2, language: 'it' });
    expect(res.statusCode, res.body).toBe(201);
    const first = await entryOf(slotId, 'lucia@example.com');
    expect(first).toMatchObject({ places: 2, status: 'waiting', language: 'it' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lucia@example.com'));
    expect(mail.subject).toMatch(/^Sei in lista d'attesa/);
    expect(mail.text).toContain('/it/manageBookings/');
    expect(mail.text).toContain('leave_waitlist=');

    // Again: the places change, the place in line stays, still one entry.
    const again = await join({ slot_id: slotId, email: 'lucia@example.com', places: 1, language: 'it' });
    expect(again.statusCode).toBe(201);
    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, slotId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ places: 1, joinedAt: first.joinedAt });
  });

  it('counts joins per e-mail address', async () => {
    const slotId = await addSlot(1);
    await buy(slotId, 1);
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await join({ slot_id: slotId, email: 'many@example.com', places: 1 }, `198.51.100.${i}`)).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('offers', () => {
  it('a refund offers the places to the first in line; they are held for the link alone, then bought with it', async () => {
    const slotId = await addSlot(2);
    const bought = await buy(slotId, 2);
    expect(
      (await join({ slot_id: slotId, email: 'first@example.com', places: 2, language: 'de' })).statusCode,
    ).toBe(201);

    const refund = await api('POST', `/api/admin/orders/${bought.uniqueId}/refund/`, superuser);
    expect(refund.statusCode, refund.body).toBe(200);
    const entry = await entryOf(slotId, 'first@example.com');
    expect(entry.status).toBe('offered');
    expect(entry.offerExpiresAt!.getTime() - entry.offeredAt!.getTime()).toBe(30 * 60_000);
    const [offerMail] = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'first@example.com'))
    ).filter((m) => m.text.includes('offer='));
    expect(offerMail.subject).toMatch(/^Freie Plätze für Sie/);
    expect(offerMail.text).toContain('/de/manageBookings/');
    const token = await tokenMailed('first@example.com', 'offer');

    // The places are taken for everyone else: the list shows the time sold out, a buyer is refused.
    expect(await taken(slotId)).toBe(2);
    const avail = await api('GET', `/api/packages/${TAG}/availability/?from=${day(0)}&to=${day(60)}`);
    expect(avail.json().slots.find((s: { id: string }) => s.id === slotId).status).toBe('SOLD_OUT');
    expect((await checkoutWith(slotId, 1, other)).statusCode).toBe(409);
    // A wrong token opens nothing.
    const wrong = await checkoutWith(slotId, 2, other, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(409);

    // The link tells the page what it holds.
    const offer = await api('POST', '/api/waitlist/offer/', undefined, { token });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({ slot_id: slotId, places: 2, package_tag: TAG });

    // With the link, the places are the buyer's (whoever pays: the link is the proof).
    const res = await checkoutWith(slotId, 2, other, token);
    expect(res.statusCode, res.body).toBe(200);
    const after = await entryOf(slotId, 'first@example.com');
    expect(after.status).toBe('bought');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, after.orderId!));
    expect(order).toMatchObject({ slotId, places: 2, status: 'pending' });
    expect(await taken(slotId)).toBe(2);
    // Used once: the link opens nothing more.
    expect((await checkoutWith(slotId, 2, buyer, token)).statusCode).toBe(409);
    expect((await api('POST', '/api/waitlist/offer/', undefined, { token })).statusCode).toBe(409);
  });

  it.each([
    ['on hold', false],
    ['confirmed', true],
  ] as const)(
    "a reseller's cancellation of a booking %s offers its places at once (OCTO)",
    async (_name, confirm) => {
      const slotId = await addSlot(2);
      const [slot] = await t.db.select().from(slots).where(eq(slots.id, slotId));
      const made = await api('POST', '/api/admin/resellers/', superuser, { name: `Cancelling ${slotId}` });
      expect(made.statusCode, made.body).toBe(201);
      const octo = (url: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/octo${url}`,
          headers: { authorization: `Bearer ${made.json().key}` },
          payload,
        });
      const booking = await octo('/bookings', {
        productId: TAG,
        optionId: 'DEFAULT',
        availabilityId: romeLocalIso(slot.startsAt),
        unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
      });
      expect(booking.statusCode, booking.body).toBe(200);
      const { uuid } = booking.json();
      if (confirm) {
        const confirmed = await octo(`/bookings/${uuid}/confirm`, { contact: { fullName: 'Paul' } });
        expect(confirmed.json().status, confirmed.body).toBe('CONFIRMED');
      }
      const email = `octo-${confirm ? 'confirmed' : 'held'}@example.com`;
      expect((await join({ slot_id: slotId, email, places: 2 })).statusCode).toBe(201);

      const cancelled = await octo(`/bookings/${uuid}/cancel`, {});
      expect(cancelled.json().status, cancelled.body).toBe('CANCELLED');
      // Offered now, not at the next walk (an hour away here).
      expect((await entryOf(slotId, email)).status).toBe('offered');
      expect(await tokenMailed(email, 'offer')).toBeTruthy();
    },
  );

  it('a hold run out is offered by the walk; an offer run out goes to the next in line', async () => {
    const slotId = await addSlot(1);
    await openCheckout(t.app, other, {
      package_identifier: TAG,
      slot_id: slotId,
      adult_count: '1',
      youth_count: '0',
    });
    expect(await taken(slotId)).toBe(1);
    for (const email of ['one@example.com', 'two@example.com'])
      expect((await join({ slot_id: slotId, email, places: 1 })).statusCode).toBe(201);
    // Nothing free yet: the walk offers nothing.
    expect(await walkWaitlists(deps())).toBe(0);

    // The hold runs out (time passes: its end is moved into the past).
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.slotId, slotId));
    expect(await walkWaitlists(deps())).toBe(1);
    expect((await entryOf(slotId, 'one@example.com')).status).toBe('offered');
    expect((await entryOf(slotId, 'two@example.com')).status).toBe('waiting');

    // The offer runs out unused: the next in line gets the place.
    await t.db
      .update(waitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistEntries.email, 'one@example.com'));
    const stale = await tokenMailed('one@example.com', 'offer');
    expect(await offerFreedPlaces(deps(), slotId)).toBe(1);
    expect((await entryOf(slotId, 'one@example.com')).status).toBe('expired');
    expect((await entryOf(slotId, 'two@example.com')).status).toBe('offered');
    expect((await checkoutWith(slotId, 1, buyer, stale)).statusCode).toBe(409);
    const fresh = await tokenMailed('two@example.com', 'offer');
    expect((await checkoutWith(slotId, 1, buyer, fresh)).statusCode).toBe(200);
  });

  it('more capacity is offered at once, to the first whose number fits', async () => {
    const slotId = await addSlot(4);
    await buy(slotId, 4);
    expect((await join({ slot_id: slotId, email: 'four@example.com', places: 4 })).statusCode).toBe(201);
    expect((await join({ slot_id: slotId, email: 'pair@example.com', places: 2 })).statusCode).toBe(201);
    const res = await api('PATCH', `/api/editor/slots/${slotId}/`, editor, { capacity: 6 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await entryOf(slotId, 'four@example.com')).status).toBe('waiting');
    expect((await entryOf(slotId, 'pair@example.com')).status).toBe('offered');
    expect(await taken(slotId)).toBe(6);
  });

  it('leaving by the link lets an open offer go to the next in line', async () => {
    const slotId = await addSlot(1);
    const bought = await buy(slotId, 1);
    for (const email of ['leaver@example.com', 'stayer@example.com'])
      expect((await join({ slot_id: slotId, email, places: 1, language: 'fr' })).statusCode).toBe(201);
    await api('POST', `/api/admin/orders/${bought.uniqueId}/refund/`, superuser);
    expect((await entryOf(slotId, 'leaver@example.com')).status).toBe('offered');
    const leave = await api('POST', '/api/waitlist/leave/', undefined, {
      token: await tokenMailed('leaver@example.com', 'leave_waitlist'),
    });
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await entryOf(slotId, 'leaver@example.com')).status).toBe('left');
    expect((await entryOf(slotId, 'stayer@example.com')).status).toBe('offered');
    const [offerMail] = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stayer@example.com'))
    ).filter((m) => m.text.includes('offer='));
    expect(offerMail.subject).toMatch(/^Des places/);
    const unknown = await api('POST', '/api/waitlist/leave/', undefined, { token: 'y'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
  });

  it("superusers see each time's line with its statuses and the counts; nobody else does", async () => {
    expect((await api('GET', '/api/admin/waitlist/', buyer)).statusCode).toBe(403);
    expect((await api('GET', '/api/admin/waitlist/')).statusCode).toBe(401);
    const res = await api('GET', '/api/admin/waitlist/', superuser);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const emails = body.slots.flatMap((s: { entries: { email: string; status: string }[] }) => s.entries);
    expect(emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'first@example.com', status: 'bought' }),
        expect.objectContaining({ email: 'one@example.com', status: 'expired' }),
        expect.objectContaining({ email: 'four@example.com', status: 'waiting' }),
        expect.objectContaining({ email: 'pair@example.com', status: 'offered' }),
        expect.objectContaining({ email: 'leaver@example.com', status: 'left' }),
      ]),
    );
    expect(body.totals.bought).toBeGreaterThanOrEqual(2);
    expect(body.totals.joined).toBeGreaterThanOrEqual(body.totals.offered);
  });
});

describe('races', () => {
  it('walks on several instances and buyers at once never offer the same places twice nor oversell', async () => {
    const capacity = 6;
    const slotId = await addSlot(capacity);
    // Sold out by holds of six buyers, one place each; twelve people wait for one place each.
    const holders = await Promise.all(
      Array.from({ length: capacity }, (_, i) => createUser(t.app, t.db, { name: `Holder ${i}` })),
    );
    for (const h of holders)
      await openCheckout(t.app, h, {
        package_identifier: TAG,
        slot_id: slotId,
        adult_count: '1',
        youth_count: '0',
      });
    for (let i = 0; i < 12; i++)
      expect(
        (await join({ slot_id: slotId, email: `line${i}@example.com`, places: 1 }, `192.0.2.${i}`))
          .statusCode,
      ).toBe(201);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t.app, t.db, { name: `Racer ${i}` })),
    );
    // Every hold runs out at once; then walks (as from several instances) race buyers for the places.
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.slotId, slotId));
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => offerFreedPlaces(deps(), slotId)),
      ...buyers.map((b) => checkoutWith(slotId, 1, b).then((r) => r.statusCode)),
      walkWaitlists(deps()),
    ]);
    const offers = (results.slice(0, 4) as number[]).reduce((a, b) => a + b, 0) + (results.at(-1) as number);
    const sold = (results.slice(4, 10) as number[]).filter((s) => s === 200).length;
    expect((results.slice(4, 10) as number[]).every((s) => s === 200 || s === 409)).toBe(true);
    const offered = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, 'offered')));
    // Each offer was made once, of one place, and offers and sales share the six places.
    expect(offered).toHaveLength(offers);
    expect(new Set(offered.map((o) => o.offerTokenHash)).size).toBe(offers);
    expect(offers + sold).toBe(capacity);
    const [{ held }] = await t.db
      .select({ held: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.slotId, slotId),
          sql`order_holds_places(${orders.status}, ${orders.holdExpiresAt}, now())`,
        ),
      );
    expect(Number(held)).toBe(sold);
    expect(await taken(slotId)).toBe(capacity);
  });
});
