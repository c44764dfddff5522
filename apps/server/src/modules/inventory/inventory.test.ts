/**
 * Inventory through the HTTP API with the built-in test checkout: slots and their places, holds and
 * their expiry, the last places under 200 concurrent buyers, late payments, editors' slot work,
 * cancellations and refunds, and the agent's refusal of a refunded ticket.
 */
import {
  addDays,
  decodeTicketPayload,
  formatRomeDate,
  orderReference,
  readScan,
  romeInstant,
  romeToday,
} from '@rome/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, editLog, mailOutbox, orders, packages, slots } from '../../db/schema';
import { hashSecret } from '../../lib/passwords';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { holdsPlaces } from '../orders/slots';
import { qrPayloadFromImage } from '../tickets/wallet/service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;
let editor: TestUser;
let superuser: TestUser;

/** A package of the demo that no other part of this file sells, turned into a timed one here. */
const TAG = 'CS-HALF';
const day = (n: number) => addDays(romeToday(), n);

beforeAll(async () => {
  t = await createTestApp();
  [buyer, other, editor, superuser] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna Buyer' }),
    createUser(t.app, t.db, { name: 'Otto Other' }),
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
  await t.db.insert(agents).values({ name: 'Agent Inventory', codeHash: await hashSecret('4711') });
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const api = apiCaller(() => t.app);

const checkout = (fields: Record<string, string>, user: TestUser = buyer) =>
  api('POST', '/api/create-checkout-session/', user, {
    package_identifier: TAG,
    youth_count: '0',
    ...fields,
  });

const pay = (session: string, user: TestUser = buyer) =>
  api('POST', `/api/test-checkout/${session}/pay/`, user);

/** Buys `fields` of the timed package through the test checkout. */
const buy = (fields: Record<string, string>, user: TestUser = buyer) =>
  buyTicket(t.app, t.db, user, { package_identifier: TAG, youth_count: '0', ...fields });

/** Adds one slot on Rome date `date` at `time` with `capacity` places; answers its id. */
async function addSlot(date: string, time: string, capacity: number): Promise<string> {
  const res = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, {
    from: date,
    to: date,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    times: [time],
    capacity,
  });
  expect(res.statusCode, res.body).toBe(200);
  const at = romeInstant(date, time)!;
  const [row] = await t.db
    .select()
    .from(slots)
    .where(and(eq(slots.packageId, await pkgId()), eq(slots.startsAt, at)));
  return row.id;
}

const availability = async (date: string) => {
  const res = await api('GET', `/api/packages/${TAG}/availability/?from=${date}&to=${date}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { slots: { id: string; time: string; remaining: number; status: string }[] };
};

describe('slots and holds', () => {
  it('lists slots in Rome time with places left; a checkout holds its places and the list follows', async () => {
    const slotId = await addSlot(day(3), '10:30', 12);
    let list = await availability(day(3));
    expect(list.slots).toEqual([
      expect.objectContaining({ id: slotId, time: '10:30', remaining: 12, status: 'AVAILABLE' }),
    ]);
    const res = await checkout({ slot_id: slotId, adult_count: '2', youth_count: '1', infant_count: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    // Infants take no place unless the package says so; the date is the slot's Rome date.
    expect(order).toMatchObject({ slotId, places: 3, selectedDate: day(3), status: 'pending' });
    expect(order.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    list = await availability(day(3));
    expect(list.slots[0]).toMatchObject({ remaining: 9, status: 'LIMITED' });
    // The package list offers the slot's date (the spec's `dates`), and its kind.
    const pkg = (await api('GET', `/api/package/E9/${TAG}/`)).json().data;
    expect(pkg.availability_type).toBe('START_TIME');
    expect(pkg.dates).toContain(day(3));
  });

  it('refuses more places than are left, and sells none of a full slot, storing nothing', async () => {
    const slotId = await addSlot(day(4), '11:00', 3);
    const before = (await t.db.select().from(orders)).length;
    const tooMany = await checkout({ slot_id: slotId, adult_count: '4' });
    expect(tooMany.statusCode).toBe(409);
    // The English as ever, and the catalogue message it was made from, so a page shows it in its
    // language (issue #20).
    expect(tooMany.json()).toEqual({
      error: 'Only 3 places left for this time.',
      code: 'sold_out',
      message_id:
        '{left, plural, one {Only # place left for this time.} other {Only # places left for this time.}}',
      values: { left: 3 },
    });
    expect((await checkout({ slot_id: slotId, adult_count: '3' })).statusCode).toBe(200);
    const full = await checkout({ slot_id: slotId, adult_count: '1' }, other);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'Sold out', code: 'sold_out' });
    expect((await availability(day(4))).slots[0]).toMatchObject({ remaining: 0, status: 'SOLD_OUT' });
    expect((await t.db.select().from(orders)).length).toBe(before + 1);
  });

  it('refuses an unknown, closed or past slot, or a date-only order on a day of several times', async () => {
    const a = await addSlot(day(5), '09:00', 10);
    await addSlot(day(5), '12:00', 10);
    const cases: [Record<string, string>, number, string][] = [
      [{ slot_id: 'nope', adult_count: '1' }, 400, 'The selected time is not available.'],
      [{ slot_id: crypto.randomUUID(), adult_count: '1' }, 400, 'The selected time is not available.'],
      [{ slot_id: a, date: day(6), adult_count: '1' }, 400, 'The selected time is not available.'],
      [{ date: day(5), adult_count: '1' }, 400, 'Please choose a time.'],
      [{ adult_count: '1' }, 400, 'Please select a date first'],
      [{ slot_id: a, adult_count: '51' }, 400, 'At most 50 tickets of one kind per order.'],
    ];
    for (const [fields, status, error] of cases) {
      const res = await checkout(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    // A refusal built from the shop's numbers also names its catalogue message and values (issue #20).
    expect((await checkout({ slot_id: a, adult_count: '51' })).json()).toMatchObject({
      message_id: 'At most {max} tickets of one kind per order.',
      values: { max: 50 },
    });
    expect((await api('PATCH', `/api/editor/slots/${a}/`, editor, { closed: true })).statusCode).toBe(200);
    const closed = await checkout({ slot_id: a, adult_count: '1' });
    expect(closed.json()).toEqual({ error: 'The selected time is closed.', code: 'slot_closed' });
    // A slot within the booking cut-off (30 minutes here) or already started no longer sells.
    const [{ id: soon }] = await t.db
      .insert(slots)
      .values({ packageId: await pkgId(), startsAt: new Date(Date.now() + 10 * 60_000), capacity: 5 })
      .returning();
    const past = await checkout({ slot_id: soon, adult_count: '1' });
    expect(past.statusCode).toBe(409);
    expect(past.json().error).toBe('The selected time can no longer be booked.');
    expect(await t.db.select().from(orders).where(eq(orders.slotId, a))).toEqual([]);
  });

  it('a hold that runs out frees its places without any sweeper', async () => {
    const slotId = await addSlot(day(7), '15:00', 2);
    const first = await checkout({ slot_id: slotId, adult_count: '2' });
    expect(first.statusCode).toBe(200);
    expect((await checkout({ slot_id: slotId, adult_count: '1' }, other)).statusCode).toBe(409);
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.providerSessionId, first.json().id));
    expect((await availability(day(7))).slots[0].remaining).toBe(2);
    expect((await checkout({ slot_id: slotId, adult_count: '1' }, other)).statusCode).toBe(200);
  });

  it('a payment after its hold ran out is honoured while places are free, else refunded with an e-mail', async () => {
    const slotId = await addSlot(day(8), '16:00', 2);
    const late = await checkout({ slot_id: slotId, adult_count: '2' });
    const expire = (session: string) =>
      t.db
        .update(orders)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.providerSessionId, session));
    await expire(late.json().id);
    // Nobody took the places meanwhile: paid late, still a ticket.
    expect((await pay(late.json().id)).json().result).toBe('fulfilled');

    const slot2 = await addSlot(day(8), '17:00', 2);
    const slow = await checkout({ slot_id: slot2, adult_count: '2' });
    await expire(slow.json().id);
    await buy({ slot_id: slot2, adult_count: '2' }, other);
    const res = await pay(slow.json().id);
    expect(res.json().result).toBe('refunded_sold_out');
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, slow.json().id));
    expect(order).toMatchObject({
      status: 'refunded',
      refundReason: 'sold_out',
      refundStatus: 'done',
      claimCodeHash: null,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.some((m) => m.subject.startsWith('Sold out, payment refunded'))).toBe(true);
    // Exactly the capacity is sold.
    const sold = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.slotId, slot2), eq(orders.status, 'paid')));
    expect(sold.reduce((n, o) => n + o.places, 0)).toBe(2);
  });

  it('a checkout that fails after its hold gives the places back at once', async () => {
    const slotId = await addSlot(day(11), '10:00', 2);
    // The checkout's last write (the session's id with the payment's start) fails, as a lost database
    // connection would make it.
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_payment_start() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused for the test'; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER refuse_payment_start BEFORE INSERT ON activity_events FOR EACH ROW
        WHEN (NEW.action = 'payment_initiated') EXECUTE FUNCTION refuse_payment_start()`),
    );
    try {
      const failed = await checkout({ slot_id: slotId, adult_count: '2' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER refuse_payment_start ON activity_events'));
      await t.db.execute(sql.raw('DROP FUNCTION refuse_payment_start()'));
    }
    const held = await t.db.select().from(orders).where(eq(orders.slotId, slotId));
    expect(held.map((o) => o.status)).toEqual(['cancelled']);
    // Both places are free again for the next buyer.
    expect((await checkout({ slot_id: slotId, adult_count: '2' }, other)).statusCode).toBe(200);
  });

  it('200 concurrent checkouts at the last 10 places: never more than 10 held, every other told, no 500', async () => {
    const slotId = await addSlot(day(9), '18:00', 25);
    // 15 of 25 places already sold: 10 left.
    await buy({ slot_id: slotId, adult_count: '15' });
    // 20 buyers x 10 checkouts (each under the per-buyer checkout limit), all at once.
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.app, t.db)));
    const answers = await Promise.all(
      buyers.flatMap((b) =>
        Array.from({ length: 10 }, () => checkout({ slot_id: slotId, adult_count: '1' }, b)),
      ),
    );
    // Only 200s and 'Sold out'. A buyer's next checkout replaces their earlier hold (hold-limits.ts),
    // so more than 10 checkouts may succeed one after another, but never more than the slot at once.
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200, 409]));
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(10);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error).toBe('Sold out');
    const now = new Date();
    const [{ held }] = await t.db
      .select({ held: sql<string>`sum(${orders.places})` })
      .from(orders)
      .where(and(eq(orders.slotId, slotId), holdsPlaces(now)));
    expect(Number(held)).toBe(25);
    // Each buyer holds one checkout's places at most.
    const live = await t.db
      .select({ userId: orders.userId, n: sql<string>`count(*)` })
      .from(orders)
      .where(and(eq(orders.slotId, slotId), eq(orders.status, 'pending'), holdsPlaces(now)))
      .groupBy(orders.userId);
    expect(live.every((r) => Number(r.n) === 1)).toBe(true);
    // 200 requests and 20 sign-ins: well over the default time on a loaded 2-core machine.
  }, 120_000);
});

describe('editors', () => {
  it('adds recurring slots in one step in Rome time across both daylight-saving changes', async () => {
    const res = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, {
      from: '2027-03-27',
      to: '2027-03-29',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: ['02:30', '09:00'],
      except: ['2027-03-29'],
      capacity: 40,
    });
    expect(res.statusCode).toBe(200);
    // 27th: 02:30 and 09:00; 28th: 09:00 only (02:30 does not exist that night); 29th excepted.
    expect(res.json()).toMatchObject({ created: 3, skipped: 1 });
    const list = (
      await api('GET', `/api/editor/packages/${TAG}/availability/?from=2027-03-27&to=2027-03-29`, editor)
    ).json();
    expect(list.slots.map((s: { starts_at: string; time: string }) => [s.starts_at, s.time])).toEqual([
      ['2027-03-27T01:30:00.000Z', '02:30'],
      ['2027-03-27T08:00:00.000Z', '09:00'],
      ['2027-03-28T07:00:00.000Z', '09:00'],
    ]);
    const october = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, {
      from: '2026-10-24',
      to: '2026-10-25',
      weekdays: [0, 6],
      times: ['09:00'],
      capacity: 40,
    });
    expect(october.json()).toMatchObject({ created: 2, skipped: 0 });
    const oct = (
      await api('GET', `/api/editor/packages/${TAG}/availability/?from=2026-10-24&to=2026-10-25`, editor)
    ).json();
    expect(oct.slots.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      '2026-10-24T07:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
    ]);
    // Again: nothing new, each counted as skipped; the step is in the edit log.
    const again = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, {
      from: '2026-10-24',
      to: '2026-10-25',
      weekdays: [0, 6],
      times: ['09:00'],
      capacity: 40,
    });
    expect(again.json()).toMatchObject({ created: 0, skipped: 2 });
    expect(
      (await t.db.select().from(editLog).where(eq(editLog.entity, 'slots'))).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad steps, capacity below what is sold (naming the count), and deleting a booked slot', async () => {
    const bad: [object, string][] = [
      [
        { from: '2026-12-10', to: '2026-12-01', weekdays: [1], times: ['09:00'], capacity: 5 },
        'The end date must not be before the start date.',
      ],
      [
        { from: '2026-12-01', to: '2026-12-10', weekdays: [], times: ['09:00'], capacity: 5 },
        'Choose at least one day of the week and one time.',
      ],
      [
        { from: '2026-12-01', to: '2026-12-10', weekdays: [1], times: ['25:00'], capacity: 5 },
        'Times are written HH:MM (24 hours).',
      ],
      [
        { from: '2026-02-30', to: '2026-12-10', weekdays: [1], times: ['09:00'], capacity: 5 },
        'Dates are written YYYY-MM-DD.',
      ],
      [
        { from: '2026-12-01', to: '2026-12-10', weekdays: [1], times: ['09:00'], capacity: -1 },
        'Capacity must be a whole number from 0 to 100000.',
      ],
      [
        {
          from: '2026-01-01',
          to: '2027-12-31',
          weekdays: [0, 1, 2, 3, 4, 5, 6],
          times: Array.from(
            { length: 96 },
            (_, i) =>
              `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
          ),
          capacity: 5,
        },
        'At most 5000 times in one step.',
      ],
    ];
    const countBefore = (await t.db.select().from(slots)).length;
    for (const [body, error] of bad) {
      const res = await api('POST', `/api/editor/packages/${TAG}/slots/`, editor, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect((await t.db.select().from(slots)).length).toBe(countBefore);

    const slotId = await addSlot(day(10), '10:00', 10);
    const held = await checkout({ slot_id: slotId, adult_count: '7' });
    expect(held.statusCode).toBe(200);
    const lower = await api('PATCH', `/api/editor/slots/${slotId}/`, editor, { capacity: 5 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toEqual({
      error: 'Capacity cannot be 5: 7 places are already sold or held.',
      code: 'capacity_below_sold',
    });
    const ok = await api('PATCH', `/api/editor/slots/${slotId}/`, editor, { capacity: 7 });
    expect(ok.json().slot).toMatchObject({ capacity: 7, taken: 7, remaining: 0, status: 'SOLD_OUT' });
    const del = await api('DELETE', `/api/editor/slots/${slotId}/`, editor);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe('This time has bookings and cannot be deleted. Close it instead.');
    const empty = await addSlot(day(10), '11:00', 10);
    expect((await api('DELETE', `/api/editor/slots/${empty}/`, editor)).statusCode).toBe(200);
    // Customers cannot touch slots.
    expect((await api('PATCH', `/api/editor/slots/${slotId}/`, buyer, { capacity: 100 })).statusCode).toBe(
      403,
    );
  });

  it('keeps a time that has passed as it was: neither closed, resized nor deleted', async () => {
    const slotId = await addSlot(day(40), '07:15', 10);
    await t.db
      .update(slots)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(slots.id, slotId));
    for (const change of [{ closed: true }, { capacity: 50 }]) {
      const res = await api('PATCH', `/api/editor/slots/${slotId}/`, editor, change);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'This time has passed and can no longer be changed.',
        code: 'slot_past',
      });
    }
    const del = await api('DELETE', `/api/editor/slots/${slotId}/`, editor);
    expect(del.statusCode).toBe(409);
    const [row] = await t.db.select().from(slots).where(eq(slots.id, slotId));
    expect(row).toMatchObject({ capacity: 10, closed: false });
  });
});

describe('cancellation and refunds', () => {
  const buyAt = async (date: string, time: string, user = buyer) => {
    const slotId = await addSlot(date, time, 10);
    return { slotId, ...(await buy({ slot_id: slotId, adult_count: '2' }, user)) };
  };

  it('the buyer cancels before the cut-off: refunded, places back, e-mail, and the agent refuses it', async () => {
    const { slotId, order } = await buyAt(day(12), '10:00');
    // The ticket e-mail: reference, the visit in Rome time, the tickets in words, the amount.
    const [ticket] = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email)))
      .filter((m) => m.subject.startsWith('Your ticket') && m.text.includes(orderReference(order.uniqueId)))
      .slice(-1);
    expect(ticket.text).toContain(`Order reference: ${orderReference(order.uniqueId)}`);
    expect(ticket.text).toContain(`When: ${formatRomeDate(day(12))}, 10:00 (Rome time)`);
    expect(ticket.text).toContain('Tickets: 2 adults');
    expect(ticket.text).toMatch(/Total paid: €\d+\.\d{2}/);
    expect(ticket.html).toContain('Timed entry: please arrive 15 minutes before your time (Rome time).');
    // The QR's signed ticket carries the slot's day and time (read with the order, under its lock).
    const signed = readScan((await qrPayloadFromImage(t.app, order.qrFileKey))!).signed!;
    expect(decodeTicketPayload(signed.split('.')[0])).toMatchObject({
      uniqueId: order.uniqueId,
      date: day(12),
      slot: '10:00',
      adults: 2,
    });
    const dash = (await api('GET', '/api/dashboard/', buyer)).json().data;
    const listed = dash.find((x: { unique_id: string }) => x.unique_id === order.uniqueId);
    expect(listed).toMatchObject({
      status: 'paid',
      time: '10:00',
      cancellable: true,
      selected_date: day(12),
    });
    // Someone else's ticket is none of their business.
    expect((await api('POST', `/api/tickets/${order.uniqueId}/cancel/`, other)).statusCode).toBe(404);

    const res = await api('POST', `/api/tickets/${order.uniqueId}/cancel/`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refund_status: 'done' });
    expect((await availability(day(12))).slots.find((s) => s.id === slotId)!.remaining).toBe(10);
    const after = (await api('GET', '/api/dashboard/', buyer)).json().data;
    expect(after.find((x: { unique_id: string }) => x.unique_id === order.uniqueId)).toMatchObject({
      status: 'refunded',
      cancellable: false,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.some((m) => m.subject.startsWith('Ticket cancelled and refunded'))).toBe(true);
    // Twice is refused, and nothing changes.
    expect((await api('POST', `/api/tickets/${order.uniqueId}/cancel/`, buyer)).statusCode).toBe(409);
  });

  it('refuses a cancellation after the cut-off or of a claimed ticket', async () => {
    // A slot 10 hours away with a 24-hour cancellation cut-off.
    const [{ id: slotId }] = await t.db
      .insert(slots)
      .values({ packageId: await pkgId(), startsAt: new Date(Date.now() + 10 * 3_600_000), capacity: 5 })
      .returning();
    const { order: late } = await buy({ slot_id: slotId, adult_count: '1' });
    const refused = await api('POST', `/api/tickets/${late.uniqueId}/cancel/`, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'This ticket can no longer be cancelled: the cancellation deadline has passed.',
      code: 'cancel_cutoff',
    });

    const { order } = await buyAt(day(13), '10:00');
    await t.db
      .update(orders)
      .set({ qrCodeScanned: true, claimedAt: new Date() })
      .where(eq(orders.id, order.id));
    const claimed = await api('POST', `/api/tickets/${order.uniqueId}/cancel/`, buyer);
    expect(claimed.json()).toEqual({
      error: 'This ticket has already been used and cannot be cancelled.',
      code: 'ticket_claimed',
    });
    const rows = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(rows[0].status).toBe('paid');
  });

  it('a superuser refunds any paid order; customers and editors cannot; the agent claim refuses it', async () => {
    const { order, code } = await buyAt(day(14), '10:00', other);
    expect((await api('POST', `/api/admin/orders/${order.uniqueId}/refund/`, editor)).statusCode).toBe(403);
    expect((await api('POST', `/api/admin/orders/${order.uniqueId}/refund/`, other)).statusCode).toBe(403);
    const res = await api('POST', `/api/admin/orders/${order.uniqueId}/refund/`, superuser);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'refunded', refundReason: 'superuser', refundStatus: 'done' });
    expect(row.refundId).toMatch(/^test_re_/);

    // The agent: a refunded ticket is refused with a clear message (the claim code is only in the
    // e-mail; buyTicket found it through the outbox like the buyer's phone would).
    const info = (await api('GET', `/api/authenticate/${code}/`)).json();
    expect(info.msg).toBe('This ticket was refunded and cannot be used.');
    expect(info.data.refunded).toBe(true);
    const claim = await api('POST', '/api/claim/', undefined, {
      code,
      agent_name: 'Agent Inventory',
      security_code: '4711',
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error).toBe('This ticket was refunded and cannot be used.');
  });
});

describe('passes', () => {
  it('an open-dated pass is refused at the first claim once its validity window has passed', async () => {
    const pass = await createUser(t.app, t.db, { name: 'Paolo Pass' });
    const { order, code } = await buyTicket(t.app, t.db, pass, { adult_count: '1', youth_count: '0' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, pass.email));
    expect(mail.text).toContain(
      'Valid 24 hours from its first use at any stop. Use it for the first time within 365 days.',
    );
    const claim = () =>
      api('POST', '/api/claim/', undefined, { code, agent_name: 'Agent Inventory', security_code: '4711' });
    // Bought 366 days ago, with 365 days to first use.
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 366 * 86_400_000) })
      .where(eq(orders.id, order.id));
    const refused = await claim();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This pass was not used within its validity period and has expired.');
    await t.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
    expect((await claim()).statusCode).toBe(200);
  });
});

async function pkgId(): Promise<number> {
  const [row] = await t.db.select({ id: packages.id }).from(packages).where(eq(packages.packageTag, TAG));
  return row.id;
}
