/**
 * A change of time from the ticket link and by a reseller's booking update (decision 067), through the
 * HTTP API: the rule (cut-off, limit, used, open-dated, past, a closure waiting), the places moved
 * atomically (two buyers racing for a time's last place by moving: one wins), the old code refused at
 * the door and the new one known, the new ticket e-mail in the order's language once (not again on a
 * retry), the price difference (a cheaper time refunded through the refund path, a dearer one refused),
 * and OCTO's PATCH under the same rule.
 */
import { addDays, MAX_TICKET_MOVES, romeInstant, romeLocalIso, romeParts, romeToday } from '@rome/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, mailOutbox, orders, packages, slots, ticketMoves } from '../../db/schema';
import { hashSecret } from '../../lib/passwords';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { addSlot as addInventorySlot, makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { hashClaimCode } from '../orders/ticket-issue';
import { issueLink } from '../orders/ticket-link';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let superuser: TestUser;

const TAG = 'CS-HALF';
const DAY = addDays(romeToday(), 10);
const NEXT = addDays(romeToday(), 11);
const CAPS = 'octo/pricing, octo/content';
const TOKEN_IN_TEXT = /\/t\/([A-Za-z0-9_-]{43})\b/;
const CODE_IN_TEXT = /\/verify\/([\w-]+)\//;

const api = apiCaller(() => t.app);
const addSlot = (date: string, time: string, capacity: number) =>
  addInventorySlot(t, editor, TAG, { date, time, capacity });

let morning = '';
let noon = '';
let nextDay = '';

beforeAll(async () => {
  t = await createTestApp();
  [editor, superuser] = await Promise.all([
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
  morning = await addSlot(DAY, '09:00', 50);
  noon = await addSlot(DAY, '12:00', 50);
  nextDay = await addSlot(NEXT, '09:00', 50);
  await t.db.insert(agents).values({ name: 'Agent Door', codeHash: await hashSecret('4711') });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** A buyer with one paid ticket of TAG on `slotId` in `language`; its link token and claim code. */
async function ticketOn(slotId: string, language = 'en', adults = '1') {
  const user = await createUser(t.app, t.db);
  const bought = await buyTicket(t.app, t.db, user, {
    package_identifier: TAG,
    slot_id: slotId,
    adult_count: adults,
    youth_count: '0',
    language,
  });
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
  const token = TOKEN_IN_TEXT.exec(mails.find((m) => TOKEN_IN_TEXT.test(m.text))!.text)![1];
  return { user, order: bought.order, code: bought.code, token };
}

const options = (token: string, date?: string) =>
  api('GET', `/api/ticket-links/${token}/reschedule/${date ? `?date=${date}` : ''}`);
const move = (token: string, slotId: string) =>
  api('POST', `/api/ticket-links/${token}/reschedule/`, undefined, { slot_id: slotId });
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const movedMails = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.text, '%/verify/%')));
const claim = (code: string) =>
  api('POST', '/api/claim/', undefined, { code, agent_name: 'Agent Door', security_code: '4711' });

describe('the ticket link offers a change of time', () => {
  it('lists the open times of the same product in Rome time, the moves left and the cut-off', async () => {
    const { token } = await ticketOn(morning);
    const res = await options(token);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({ allowed: true, reason: null, moves_left: MAX_TICKET_MOVES });
    // The cut-off is the cancellation's: 24 hours before the visit.
    expect(Date.parse(o.until)).toBe(romeInstant(DAY, '09:00')!.getTime() - 24 * 3_600_000);
    // The Rome dates with room, and the first one's times (its own time left out).
    expect(o.dates).toEqual(expect.arrayContaining([DAY, NEXT]));
    expect(o.date).toBe(o.dates[0]);
    const day = (await options(token, DAY)).json();
    expect(day.date).toBe(DAY);
    expect(day.times.map((x: { id: string }) => x.id)).toEqual([noon]);
    expect(day.times[0]).toMatchObject({ date: DAY, time: '12:00', refund: null });
    expect((await options(token, NEXT)).json().times.map((x: { id: string }) => x.id)).toContain(nextDay);
    // A bad date is a plain 400.
    expect((await options(token, '2026-02-30')).statusCode).toBe(400);
  });

  it('an unknown link is 404, bad input a plain 400 that moves nothing', async () => {
    expect((await options('x'.repeat(43))).statusCode).toBe(404);
    const { token, order } = await ticketOn(morning);
    const bad = await api('POST', `/api/ticket-links/${token}/reschedule/`, undefined, { slot_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please choose another time of this ticket.');
    const unknown = await move(token, crypto.randomUUID());
    expect(unknown.statusCode).toBe(400);
    // Another product's time is not this ticket's.
    const [other] = await t.db
      .select({ id: slots.id })
      .from(slots)
      .innerJoin(packages, eq(packages.id, slots.packageId))
      .where(eq(packages.packageTag, 'RM-VAT'))
      .limit(1);
    if (other) expect((await move(token, other.id)).statusCode).toBe(400);
    expect((await orderRow(order.id)).slotId).toBe(morning);
    expect(await t.db.select().from(ticketMoves).where(eq(ticketMoves.orderId, order.id))).toHaveLength(0);
  });
});

describe('a move', () => {
  it('moves the places, voids the old code at the door, and mails the new ticket once, in its language', async () => {
    const before = (await t.db.select().from(slots).where(eq(slots.id, noon)))[0];
    const { user, token, code, order } = await ticketOn(morning, 'it', '2');
    const res = await move(token, noon);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: null, message: expect.stringContaining('new QR code') });
    expect(res.json().when).toContain('12:00');
    const moved = await orderRow(order.id);
    expect(moved).toMatchObject({ slotId: noon, selectedDate: DAY, ticketRevision: 1, places: 2 });
    expect(before.capacity).toBe(50);
    // The link page shows the new time and a QR.
    const link = (await api('GET', `/api/ticket-links/${token}/`)).json();
    expect(link).toMatchObject({ date: DAY, time: '12:00' });
    expect(link.qr_image).toMatch(/^data:image\/png/);

    // The old code: unknown at the door; the new one (from the new e-mail) is the ticket's.
    expect(hashClaimCode(code)).not.toBe(moved.claimCodeHash);
    expect((await claim(code)).statusCode).toBe(404);
    expect((await api('GET', `/api/authenticate/${code}/`)).statusCode).toBe(404);
    const mails = (await movedMails(user.email)).filter((m) => !m.text.includes(code));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Il tuo biglietto ha un nuovo orario/);
    const newCode = CODE_IN_TEXT.exec(mails[0].text)![1];
    expect(hashClaimCode(newCode)).toBe(moved.claimCodeHash);
    const known = await api('GET', `/api/authenticate/${newCode}/`);
    expect(known.statusCode).toBe(200);
    expect(known.json().data).toBeTruthy();
    // At the door it is this ticket (on its day it is let in; today it is the wrong day, not unknown).
    const door = await claim(newCode);
    expect(door.statusCode).toBe(409);
    expect(door.json().code).toBe('wrong_date');
    // The e-mail's new link opens the same ticket.
    const newToken = TOKEN_IN_TEXT.exec(mails[0].text)![1];
    expect((await api('GET', `/api/ticket-links/${newToken}/`)).json().time).toBe('12:00');

    // A retry of the same move (a lost answer): the same answer, nothing changed, no second e-mail.
    const again = await move(token, noon);
    expect(again.statusCode, again.body).toBe(200);
    expect((await orderRow(order.id)).ticketRevision).toBe(1);
    expect((await movedMails(user.email)).filter((m) => !m.text.includes(code))).toHaveLength(1);
    expect(await t.db.select().from(ticketMoves).where(eq(ticketMoves.orderId, order.id))).toHaveLength(1);
  });

  it('two buyers race for the last place of a time by moving: exactly one gets it', async () => {
    const last = await addSlot(NEXT, '15:00', 1);
    const a = await ticketOn(morning);
    const b = await ticketOn(morning);
    const answers = await Promise.all([move(a.token, last), move(b.token, last)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    expect(lost.json()).toMatchObject({ code: 'sold_out' });
    const onLast = await t.db.select().from(orders).where(eq(orders.slotId, last));
    expect(onLast).toHaveLength(1);
    // The loser keeps its time and its ticket.
    const loser = answers[0].statusCode === 409 ? a : b;
    expect(await orderRow(loser.order.id)).toMatchObject({ slotId: morning, ticketRevision: 0 });
    expect((await options(loser.token, NEXT)).json().times.map((x: { id: string }) => x.id)).not.toContain(
      last,
    );
  });
});

describe('the rule', () => {
  it(`at most ${MAX_TICKET_MOVES} moves`, async () => {
    const { token } = await ticketOn(morning);
    expect((await move(token, noon)).statusCode).toBe(200);
    expect((await options(token)).json().moves_left).toBe(MAX_TICKET_MOVES - 1);
    expect((await move(token, nextDay)).statusCode).toBe(200);
    const third = await move(token, morning);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('This ticket has already been moved as many times as it can be.');
    expect((await options(token)).json()).toMatchObject({ allowed: false, moves_left: 0, times: [] });
  });

  it('not after the cut-off (the cancellation one), not for a used ticket, not into the past', async () => {
    const soon = new Date(Date.now() + 6 * 3_600_000);
    const { date, time } = romeParts(soon);
    const close = await addSlot(date, `${time.slice(0, 3)}30`, 5);
    const late = await ticketOn(close);
    const refused = await move(late.token, noon);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'It is too late to change the time of this ticket.',
      code: 'cancel_cutoff',
    });
    expect((await options(late.token)).json()).toMatchObject({ allowed: false, times: [] });

    const used = await ticketOn(morning);
    await t.db.update(orders).set({ qrCodeScanned: true }).where(eq(orders.id, used.order.id));
    const usedAnswer = await move(used.token, noon);
    expect(usedAnswer.statusCode).toBe(409);
    expect(usedAnswer.json().error).toBe('This ticket has been used and can no longer be moved.');

    const [past] = await t.db
      .insert(slots)
      .values({ packageId: late.order.packageId, startsAt: new Date(Date.now() - 3_600_000), capacity: 5 })
      .returning();
    const early = await ticketOn(morning);
    const pastAnswer = await move(early.token, past.id);
    expect(pastAnswer.statusCode).toBe(409);
    expect(pastAnswer.json().code).toBe('slot_past');
    expect((await orderRow(early.order.id)).slotId).toBe(morning);
  });

  it('not for an open-dated pass', async () => {
    const user = await createUser(t.app, t.db);
    await buyTicket(t.app, t.db, user, {});
    const mail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).at(-1)!;
    const token = TOKEN_IN_TEXT.exec(mail.text)![1];
    expect((await options(token)).json()).toMatchObject({
      allowed: false,
      reason: 'This ticket is valid on any day: there is no time to change.',
    });
    expect((await move(token, noon)).statusCode).toBe(409);
  });
});

describe('the price of the new time', () => {
  const setAdultPrice = (cents: number) =>
    t.db.update(packages).set({ adultPriceCents: cents }).where(eq(packages.packageTag, TAG));

  it('a cheaper time refunds the difference through the refund path; a dearer one is refused', async () => {
    const [pkg] = await t.db.select().from(packages).where(eq(packages.packageTag, TAG));
    const price = pkg.adultPriceCents;
    const cheap = await ticketOn(morning, 'en', '2');
    const dear = await ticketOn(morning, 'en', '1');
    try {
      await setAdultPrice(price - 500);
      const o = (await options(cheap.token, DAY)).json();
      expect(o.times.find((x: { id: string }) => x.id === noon).refund).toBe('10.00');
      const res = await move(cheap.token, noon);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().refund).toBe('10.00');
      const after = await orderRow(cheap.order.id);
      expect(after).toMatchObject({
        totalCents: cheap.order.totalCents - 1000,
        amountPaidCents: cheap.order.amountPaidCents! - 1000,
        adultPriceCents: price - 500,
        status: 'paid',
      });
      const [m] = await t.db.select().from(ticketMoves).where(eq(ticketMoves.orderId, cheap.order.id));
      expect(m).toMatchObject({ refundCents: 1000, refundStatus: 'done', channel: 'link' });
      expect(m.refundId).toBeTruthy();
      const mail = (await movedMails(cheap.user.email)).find((x) => !x.text.includes(cheap.code))!;
      expect(mail.text).toContain('€10.00 is refunded to you');

      await setAdultPrice(price + 500);
      const refused = await move(dear.token, noon);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        'This time costs more than you paid. To take it, cancel your ticket and buy a new one.',
      );
      expect((await options(dear.token)).json()).toMatchObject({ allowed: false, times: [] });
      expect((await orderRow(dear.order.id)).slotId).toBe(morning);
    } finally {
      await setAdultPrice(price);
    }
  });
});

describe("a reseller's booking update (OCTO) under the same rule", () => {
  it('moves a confirmed booking at most as often, recorded; the link does not move it', async () => {
    const key = (await api('POST', '/api/admin/resellers/', superuser, { name: 'Move Partner' })).json().key;
    const octo = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({
        method,
        url: `/octo${url}`,
        headers: { authorization: `Bearer ${key}`, 'octo-capabilities': CAPS },
        payload,
      });
    const at = (date: string, time: string) => romeLocalIso(romeInstant(date, time)!);
    const uuid = crypto.randomUUID();
    const made = await octo('POST', '/bookings', {
      uuid,
      productId: TAG,
      optionId: 'DEFAULT',
      availabilityId: at(DAY, '09:00'),
      unitItems: [{ unitId: 'adult' }],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await octo('POST', `/bookings/${uuid}/confirm`, { contact: {} })).statusCode).toBe(200);
    const first = await octo('PATCH', `/bookings/${uuid}`, { availabilityId: at(DAY, '12:00') });
    expect(first.statusCode, first.body).toBe(200);
    const second = await octo('PATCH', `/bookings/${uuid}`, { availabilityId: at(NEXT, '09:00') });
    expect(second.statusCode, second.body).toBe(200);
    const third = await octo('PATCH', `/bookings/${uuid}`, { availabilityId: at(DAY, '09:00') });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'This ticket has already been moved as many times as it can be.',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.bookingUuid, uuid));
    expect(row).toMatchObject({ slotId: nextDay, ticketRevision: 2 });
    const moves = await t.db.select().from(ticketMoves).where(eq(ticketMoves.orderId, row.id));
    expect(moves.map((m) => m.channel)).toEqual(['octo', 'octo']);
    // A change of notes is not a move.
    expect((await octo('PATCH', `/bookings/${uuid}`, { notes: 'Late' })).statusCode).toBe(200);
    // A link to the booking (a closure's e-mail gives its customer one) does not move it: the reseller does.
    const token = await issueLink(t.db, row.id);
    expect((await options(token)).json()).toMatchObject({
      allowed: false,
      reason: 'This ticket was booked through a partner: ask them to change its time.',
    });
    expect((await move(token, morning)).statusCode).toBe(409);
  });
});
