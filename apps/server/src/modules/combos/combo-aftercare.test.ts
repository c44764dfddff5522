/**
 * A combo after its sale (decision 071), paid at Stripe (the real SDK against the stand-in): a partial
 * refund made at Stripe split across the parts' statement lines to the cent, the places a refund of the
 * combo frees offered to each part's waiting list by every refund path (a late payment refunded as sold
 * out included), a closure of a part's time
 * answered 'move' (or 'keep') changing that part alone, the combo kept whole, and two refunds of one
 * combo at once from a part and from the combo (a deadlock on PostgreSQL before the combo was locked first).
 */
import { addDays, orderReference, romeToday, splitShares, statementSchema } from '@rome/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disruptionOrders, mailOutbox, orderPartialRefunds, orders, waitlistEntries } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { addSlot as addInventorySlot, makeTimed } from '../../test/inventory';
import { type StripeTestApp, stripeTestApp } from '../../test/stripe-app';
import { chargeRefundedEvent, sessionEvent } from '../../test/stripe-standin';
import { createUser, type TestUser } from '../../test/users';
import { hashClaimCode } from '../orders/ticket-issue';

let t: StripeTestApp;
let buyer: TestUser;
let editor: TestUser;
let admin: TestUser;

/** BB-HALF (19.00 / 12.00) made a combo of two timed parts: GL-48's entry and CS-HALF's tour. */
const COMBO = 'BB-HALF';
const TOKEN_IN_TEXT = /\/t\/([A-Za-z0-9_-]{43})\b/;

beforeAll(async () => {
  // The background walk of the waiting lists stays out of the way: an offer seen is the refund's own.
  t = await stripeTestApp({ webhookSecret: 'whsec_combo_aftercare', config: { waitlistWalkSeconds: 3600 } });
  [buyer, editor, admin] = await Promise.all([
    createUser(t.app, t.db, { name: 'Carla Combo' }),
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
  for (const tag of ['GL-48', 'CS-HALF']) expect(await makeTimed(t.app, editor, tag)).toBe(200);
  const made = await api('PUT', `/api/admin/combos/${COMBO}/`, admin, {
    parts: [
      { package_tag: 'GL-48', adult_share: '11.00', youth_share: '7.00' },
      { package_tag: 'CS-HALF', adult_share: '8.00', youth_share: '5.00' },
    ],
    cancel_cutoff_hours: null,
  });
  expect(made.statusCode, made.body).toBe(200);
});
afterAll(() => t?.close());

const api = apiCaller(() => t.app);
let nextDay = 3;
/** A time of `tag` on a day of its own, `capacity` places; answers its id. */
const addSlot = (tag: string, capacity: number, day = addDays(romeToday(), nextDay++), time = '10:00') =>
  addInventorySlot(t, editor, tag, { date: day, time, capacity });

/** Buys the combo at Stripe with `adults` adults and one time per part; answers the paid combo and session. */
async function buyCombo(times: { entry: string; tour: string }, adults = 2, youths = 0) {
  const res = await t.checkout(
    {
      package_identifier: COMBO,
      adult_count: String(adults),
      youth_count: String(youths),
      combo_slots: JSON.stringify({ 'GL-48': times.entry, 'CS-HALF': times.tour }),
    },
    buyer,
  );
  expect(res.statusCode, res.body).toBe(200);
  const session = t.paidAtStripe(res.json().id);
  const done = await t.deliver(sessionEvent('checkout.session.completed', session));
  expect(done.json().outcome).toBe('fulfilled');
  const [combo] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session.id));
  expect(combo).toMatchObject({ isCombo: true, status: 'paid' });
  return { combo, session, parts: await partsOf(combo.id) };
}
/** The combo's parts, the entry (the dearer share) first. */
const partsOf = (comboId: string) =>
  t.db.select().from(orders).where(eq(orders.comboOrderId, comboId)).orderBy(desc(orders.totalCents));
const orderById = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

/** The statement of today, every operator. */
const statementToday = async () => {
  const day = romeToday();
  const res = await api('GET', `/api/admin/statements/?from=${day}&to=${day}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return statementSchema.parse(res.json());
};
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** The ticket link of a part, from its ticket e-mail (the one carrying its claim code). */
async function linkOf(part: { claimCodeHash: string | null }): Promise<string> {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
  const mail = mails.find((m) => {
    const code = /\/verify\/([\w-]+)\//.exec(m.text)?.[1];
    return code !== undefined && hashClaimCode(code) === part.claimCodeHash;
  });
  expect(mail, 'the part’s ticket e-mail').toBeTruthy();
  return TOKEN_IN_TEXT.exec(mail!.text)![1];
}

describe('a partial refund made at Stripe on a combo', () => {
  it("is split across the parts' statement lines by the shares rule, adding up to the cent; a full refund then gives back the rest", async () => {
    // Two adults and a youth: 2 x 19.00 + 12.00 = 50.00; the parts' shares 29.00 (entry) and 21.00 (tour).
    const { combo, session, parts } = await buyCombo(
      { entry: await addSlot('GL-48', 10), tour: await addSlot('CS-HALF', 10) },
      2,
      1,
    );
    expect(combo.amountPaidCents).toBe(5000);
    expect(parts.map((p) => p.comboShareCents)).toEqual([2900, 2100]);

    // 10.01 given back at Stripe: 5.81 (5.8058) and 4.20 (4.2042), the cent left over to the largest remainder.
    const first = chargeRefundedEvent(session, { refunded: false, amountRefunded: 1001 });
    expect((await t.deliver(first)).json().outcome).toBe('partial_refund_recorded');
    // Stripe's retry of the same report records nothing more, on the combo or on its parts.
    expect((await t.deliver({ ...first, id: `${first.id}_again` })).json().outcome).toBe(
      'partial_refund_unchanged',
    );
    // A second one, 20.00 more in all 30.01: the 20.00 split by what each part has left (23.19, 16.80).
    const second = chargeRefundedEvent(session, { refunded: false, amountRefunded: 3001 });
    expect((await t.deliver(second)).json().outcome).toBe('partial_refund_recorded');

    const rowsOf = async (orderId: string) =>
      (await t.db.select().from(orderPartialRefunds).where(eq(orderPartialRefunds.orderId, orderId)))
        .map((r) => r.cents)
        .sort((a, b) => b - a);
    // The combo's order keeps the provider's record (what is left to refund is counted from it).
    expect(await rowsOf(combo.id)).toEqual([2000, 1001]);
    const firstSplit = splitShares(1001, [2900, 2100]);
    expect(firstSplit).toEqual([581, 420]);
    const secondSplit = splitShares(2000, [2900 - 581, 2100 - 420]);
    expect(await rowsOf(parts[0].id)).toEqual([firstSplit[0], secondSplit[0]].sort((a, b) => b - a));
    expect(await rowsOf(parts[1].id)).toEqual([firstSplit[1], secondSplit[1]].sort((a, b) => b - a));

    // Each operator's statement shows its part of each refund; the parts add up to the combo's refund.
    const refs = parts.map((p) => orderReference(p.uniqueId));
    const partial = (await statementToday()).lines.filter(
      (l) => l.kind === 'partial_refund' && refs.includes(l.order),
    );
    expect(partial).toHaveLength(4);
    // Each names the combo it was sold in.
    for (const l of partial) expect(l.combo).toBeTruthy();
    expect(partial.reduce((n, l) => n + cents(l.refunded), 0)).toBe(3001);
    for (const [i, ref] of refs.entries())
      expect(
        partial.filter((l) => l.order === ref).reduce((n, l) => n + cents(l.refunded), 0),
        `part ${i}`,
      ).toBe(firstSplit[i] + secondSplit[i]);
    // Both partial refunds: the tickets stay valid.
    for (const p of await partsOf(combo.id)) expect(p.status).toBe('paid');

    // The buyer cancels later: Stripe is asked for what is left, once; each part's refund line gives back
    // its share less its partial refunds, so every line of the combo adds up to the payment.
    const before = t.standin.refunds.length;
    const cancel = await api('POST', `/api/tickets/${parts[0].uniqueId}/cancel/`, buyer);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(t.standin.refunds.slice(before)).toEqual([expect.objectContaining({ amount: 5000 - 3001 })]);
    const lines = (await statementToday()).lines.filter((l) => refs.includes(l.order));
    const full = lines.filter((l) => l.kind === 'refund');
    expect(full.map((l) => cents(l.refunded)).sort((a, b) => b - a)).toEqual([
      2900 - firstSplit[0] - secondSplit[0],
      2100 - firstSplit[1] - secondSplit[1],
    ]);
    expect(lines.reduce((n, l) => n + cents(l.refunded), 0)).toBe(5000);
  });

  it('a full refund made at Stripe still refunds the whole combo, its parts’ lines giving back their shares', async () => {
    const { combo, session, parts } = await buyCombo({
      entry: await addSlot('GL-48', 10),
      tour: await addSlot('CS-HALF', 10),
    });
    expect((await t.deliver(chargeRefundedEvent(session))).json().outcome).toBe('refunded');
    expect(await orderById(combo.id)).toMatchObject({ status: 'refunded', refundStatus: 'done' });
    for (const p of await partsOf(combo.id)) expect(p.status).toBe('refunded');
    expect(
      await t.db.select().from(orderPartialRefunds).where(eq(orderPartialRefunds.orderId, parts[0].id)),
    ).toEqual([]);
    const refs = parts.map((p) => orderReference(p.uniqueId));
    const refunds = (await statementToday()).lines.filter(
      (l) => l.kind === 'refund' && refs.includes(l.order),
    );
    expect(refunds.map((l) => cents(l.refunded)).sort((a, b) => b - a)).toEqual([2200, 1600]);
  });
});

describe('places freed by a refund of a combo', () => {
  /** A combo selling out both its parts' times (two places each), with one waiting on each. */
  async function soldOutCombo() {
    const entry = await addSlot('GL-48', 2);
    const tour = await addSlot('CS-HALF', 2);
    const bought = await buyCombo({ entry, tour }, 2);
    const waiting = { entry: `entry-${entry}@example.com`, tour: `tour-${tour}@example.com` };
    for (const [slotId, email] of [
      [entry, waiting.entry],
      [tour, waiting.tour],
    ]) {
      const joined = await api('POST', '/api/waitlist/', undefined, { slot_id: slotId, email, places: 2 });
      expect(joined.statusCode, joined.body).toBe(201);
    }
    return { ...bought, entry, tour, waiting };
  }
  const statusOf = async (slotId: string, email: string) =>
    (
      await t.db
        .select({ status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.email, email)))
    )[0]?.status;
  const offerMailTo = async (to: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) =>
      m.text.includes('offer='),
    );

  it.each([
    ['the buyer cancels a part', 'buyer'],
    ['the part’s ticket link cancels', 'link'],
    ['a superuser refunds the combo', 'superuser'],
    ['Stripe reports a full refund', 'stripe'],
  ] as const)(
    "%s: each timed part's places are offered to its time's waiting list at once",
    async (_name, by) => {
      const sold = await soldOutCombo();
      const [part] = sold.parts;
      const res =
        by === 'buyer'
          ? await api('POST', `/api/tickets/${part.uniqueId}/cancel/`, buyer)
          : by === 'link'
            ? await api('POST', `/api/ticket-links/${await linkOf(part)}/cancel/`)
            : by === 'superuser'
              ? await api('POST', `/api/admin/orders/${sold.combo.uniqueId}/refund/`, admin)
              : await t.deliver(chargeRefundedEvent(sold.session));
      expect(res.statusCode, res.body).toBe(200);
      for (const p of await partsOf(sold.combo.id)) expect(p.status).toBe('refunded');
      expect(await statusOf(sold.entry, sold.waiting.entry)).toBe('offered');
      expect(await statusOf(sold.tour, sold.waiting.tour)).toBe('offered');
      expect(await offerMailTo(sold.waiting.entry)).toHaveLength(1);
      expect(await offerMailTo(sold.waiting.tour)).toHaveLength(1);
    },
  );

  it("a payment at Stripe after the holds ran out, refunded as sold out: the still free part's time is offered at once", async () => {
    const entry = await addSlot('GL-48', 2);
    const tour = await addSlot('CS-HALF', 2);
    const started = await t.checkout(
      {
        package_identifier: COMBO,
        adult_count: '2',
        youth_count: '0',
        combo_slots: JSON.stringify({ 'GL-48': entry, 'CS-HALF': tour }),
      },
      buyer,
    );
    expect(started.statusCode, started.body).toBe(200);
    const [combo] = await t.db.select().from(orders).where(eq(orders.providerSessionId, started.json().id));
    // The combo's holds fill both times: someone waits for the tour.
    const waiting = `late-${tour}@example.com`;
    const joined = await api('POST', '/api/waitlist/', undefined, {
      slot_id: tour,
      email: waiting,
      places: 2,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // The holds run out, the entry's time is sold to another buyer, and then the combo is paid.
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.comboOrderId, combo.id));
    const other = await t.checkout(
      { package_identifier: 'GL-48', slot_id: entry, adult_count: '2', youth_count: '0' },
      editor,
    );
    expect(other.statusCode, other.body).toBe(200);
    const otherPaid = await t.deliver(
      sessionEvent('checkout.session.completed', t.paidAtStripe(other.json().id)),
    );
    expect(otherPaid.json().outcome).toBe('fulfilled');
    const late = await t.deliver(
      sessionEvent('checkout.session.completed', t.paidAtStripe(started.json().id)),
    );
    expect(late.json().outcome).toBe('refunded_sold_out');
    for (const p of await partsOf(combo.id)) expect(p.status).toBe('cancelled');
    // The tour's places are free: its waiting list is offered them now, not at the next walk.
    expect(await statusOf(tour, waiting)).toBe('offered');
    expect(await offerMailTo(waiting)).toHaveLength(1);
  });

  it("a closure's refund remedy: the other part's time is offered; the closed time is not", async () => {
    const sold = await soldOutCombo();
    const closed = await api('POST', '/api/admin/disruptions/', admin, {
      target: { kind: 'slot', slot_id: sold.entry },
      reason: 'strike',
      remedies: ['refund'],
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const token = await noticeLink(sold.parts[0].id);
    const res = await api('POST', `/api/ticket-links/${token}/disruption/`, undefined, { choice: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    for (const p of await partsOf(sold.combo.id)) expect(p.status).toBe('refunded');
    expect(await statusOf(sold.tour, sold.waiting.tour)).toBe('offered');
    expect(await statusOf(sold.entry, sold.waiting.entry)).toBe('waiting');
  });
});

/** The ticket link in the closure notice of order `orderId` (the notice's link is issued for it). */
async function noticeLink(orderId: string): Promise<string> {
  const [part] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const notices = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).filter(
    (m) => m.subject.startsWith('Closed') && m.text.includes(orderReference(part.uniqueId)),
  );
  expect(notices, 'one closure notice for the part').toHaveLength(1);
  return TOKEN_IN_TEXT.exec(notices[0].text)![1];
}

describe('a closure of a combo part’s time', () => {
  it('answered "move" (or "keep"): that part alone moves to another time of its product, the combo kept whole', async () => {
    const day = addDays(romeToday(), nextDay++);
    const entry = await addSlot('GL-48', 5, day, '10:00');
    const other = await addSlot('GL-48', 5, day, '15:00');
    const full = await addSlot('GL-48', 1, day, '12:00');
    const tour = await addSlot('CS-HALF', 5);
    const { combo, parts } = await buyCombo({ entry, tour });
    const [part, tourPart] = parts;
    expect(part.slotId).toBe(entry);
    // Someone else takes the 12:00's last place.
    const fill = await buyCombo({ entry: full, tour }, 1);
    expect(fill.parts[0].slotId).toBe(full);

    const closed = await api('POST', '/api/admin/disruptions/', admin, {
      target: { kind: 'slot', slot_id: entry },
      reason: 'weather',
      remedies: ['refund', 'move'],
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const token = await noticeLink(part.id);
    const shown = (await api('GET', `/api/ticket-links/${token}/disruption/`)).json().disruption;
    expect(shown.remedies).toEqual(['refund', 'move']);
    // The page names the combo, so the buyer knows before choosing that a refund takes all of it.
    expect(shown.combo).toBe('Big Bus Half Day Essentials');
    // The ticket itself names it too: the page then offers no change of time of its own, and its
    // cancel asks about the whole combo.
    const ticket = (await api('GET', `/api/ticket-links/${token}/`)).json();
    expect(ticket.combo).toBe('Big Bus Half Day Essentials');
    const offered = shown.slots.map((s: { id: string }) => s.id);
    expect(offered).toContain(other);
    expect(offered).not.toContain(full);

    // Refused moves store nothing: another product's time, a full time, no time.
    const choose = (payload: object) =>
      api('POST', `/api/ticket-links/${token}/disruption/`, undefined, payload);
    const snapshot = async () => ({
      combo: await orderById(combo.id),
      parts: await partsOf(combo.id),
      answers: await t.db
        .select()
        .from(disruptionOrders)
        .where(and(eq(disruptionOrders.orderId, part.id), isNull(disruptionOrders.choice))),
    });
    const before = await snapshot();
    expect(before.answers).toHaveLength(1);
    const wrong = await choose({ choice: 'move', slot_id: tour });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Please choose another time.');
    const gone = await choose({ choice: 'move', slot_id: full });
    expect(gone.statusCode).toBe(409);
    expect((await choose({ choice: 'move' })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const moved = await choose({ choice: 'move', slot_id: other });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await partsOf(combo.id);
    // The part: its new time, a new code; the same places, share and combo.
    expect(after[0]).toMatchObject({
      id: part.id,
      status: 'paid',
      slotId: other,
      places: part.places,
      comboShareCents: part.comboShareCents,
      comboOrderId: combo.id,
      ticketRevision: part.ticketRevision + 1,
    });
    expect(after[0].claimCodeHash).not.toBe(part.claimCodeHash);
    // The other part and the combo's order are untouched.
    expect(after[1]).toEqual(tourPart);
    expect(await orderById(combo.id)).toEqual(before.combo);
    // The holder's own change of time stays refused for a part (decision 067).
    const own = await api('POST', `/api/ticket-links/${token}/reschedule/`, undefined, { slot_id: entry });
    expect(own.statusCode).toBe(409);
    // A closure of the other part's time answered 'keep': that part alone becomes open-dated.
    const tourClosed = await api('POST', '/api/admin/disruptions/', admin, {
      target: { kind: 'slot', slot_id: tour },
      reason: 'technical',
      remedies: ['keep'],
    });
    expect(tourClosed.statusCode, tourClosed.body).toBe(201);
    const kept = await api(
      'POST',
      `/api/ticket-links/${await noticeLink(tourPart.id)}/disruption/`,
      undefined,
      {
        choice: 'keep',
      },
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const [entryNow, tourNow] = await partsOf(combo.id);
    expect(tourNow).toMatchObject({
      status: 'paid',
      slotId: null,
      selectedDate: null,
      comboOrderId: combo.id,
    });
    expect(entryNow).toEqual(after[0]);
    expect(await orderById(combo.id)).toEqual(before.combo);
    // The combo can still be cancelled whole, and gives back the moved part's new places.
    const cancel = await api('POST', `/api/tickets/${tourPart.uniqueId}/cancel/`, buyer);
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const p of await partsOf(combo.id)) expect(p.status).toBe('refunded');
  });
});

describe('two refunds of one combo at once (two instances on PostgreSQL)', () => {
  it('a part cancelled while the combo is refunded elsewhere: one refunds, the other is told so, never an error', async () => {
    for (let i = 0; i < 4; i++) {
      const { combo, parts, session } = await buyCombo({
        entry: await addSlot('GL-48', 5),
        tour: await addSlot('CS-HALF', 5),
      });
      const before = t.standin.refunds.length;
      const answers = await Promise.all([
        api('POST', `/api/tickets/${parts[i % 2].uniqueId}/cancel/`, buyer),
        i < 2
          ? api('POST', `/api/admin/orders/${combo.uniqueId}/refund/`, admin)
          : t.deliver(chargeRefundedEvent(session)),
      ]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      for (const p of await partsOf(combo.id)) expect(p.status).toBe('refunded');
      // The money moved once at most (Stripe's own refund is not asked for again).
      expect(t.standin.refunds.length - before).toBeLessThanOrEqual(1);
    }
  }, 60_000);
});
