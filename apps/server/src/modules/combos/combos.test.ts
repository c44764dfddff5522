/**
 * Combos across operators (decision 071) through the HTTP API with the built-in test checkout: one
 * order paid, one ticket per part for its own operator's agents, each operator's share recorded to the
 * cent on its statement line, a refund of the whole, the strictest cancellation rule, a time asked for
 * each timed part, and racing combos that take every part's places or none.
 */
import { romeInstant, romeToday, splitShares, statementSchema } from '@rome/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, mailOutbox, orders, packages, slots } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { createTestApp } from '../../test/harness';
import { addSlot, makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { holdsPlaces } from '../orders/slots';
import { hashClaimCode } from '../orders/ticket-issue';
import { packagesOnSale } from '../reseller/products';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let editor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [buyer, editor, admin] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna Buyer' }),
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
  ]);
});
afterAll(() => t.close());

const api = apiCaller(() => t.app);
const checkout = (fields: Record<string, unknown>, user: TestUser = buyer) =>
  api('POST', '/api/create-checkout-session/', user, { adult_count: '1', youth_count: '0', ...fields });
const pay = async (session: string, user: TestUser = buyer) => {
  const res = await api('POST', `/api/test-checkout/${session}/pay/`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};
const partsOf = (comboId: string) => t.db.select().from(orders).where(eq(orders.comboOrderId, comboId));
const orderOf = async (session: string) =>
  (await t.db.select().from(orders).where(eq(orders.providerSessionId, session)))[0];
/** The claim codes in `user`'s ticket e-mails that open `order`. */
const codeOf = async (user: TestUser, order: { claimCodeHash: string | null }) => {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
  return mails
    .map((m) => /\/verify\/([\w-]+)\//.exec(m.text)?.[1])
    .find((c) => c && hashClaimCode(c) === order.claimCodeHash);
};
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;

describe('the demo combo across two operators', () => {
  it('is one order paid once, one ticket per part for its own operator, shares adding up to the cent', async () => {
    const view = await api('GET', '/api/packages/RM-3PASS-BUS/combo/');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().parts.map((p: { package_tag: string }) => p.package_tag)).toEqual([
      'RM-3PASS',
      'BB-24',
    ]);
    expect((await api('GET', '/api/packages/BB-24/combo/')).statusCode).toBe(404);

    const res = await checkout({ package_identifier: 'RM-3PASS-BUS', adult_count: '2', youth_count: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().id as string;
    // The payment page's one order at the combo's price (2 x 65.00 + 42.00).
    const combo = await orderOf(session);
    expect(combo).toMatchObject({ isCombo: true, totalCents: 17200, places: 0, slotId: null });
    expect(await pay(session)).toBe('fulfilled');

    const paid = await orderOf(session);
    expect(paid).toMatchObject({ status: 'paid', amountPaidCents: 17200, claimCodeHash: null });
    const parts = await partsOf(paid.id);
    expect(parts).toHaveLength(2);
    const tags = await t.db
      .select({ id: packages.id, tag: packages.packageTag, folder: packages.folderId })
      .from(packages);
    const tagOf = (id: number) => tags.find((p) => p.id === id)!.tag;
    const byTag = new Map(parts.map((p) => [tagOf(p.packageId), p]));
    expect(byTag.get('RM-3PASS')).toMatchObject({ status: 'paid', comboShareCents: 10500, places: 3 });
    expect(byTag.get('BB-24')).toMatchObject({ status: 'paid', comboShareCents: 6700, places: 3 });
    // Each part is its own ticket: its own claim code in its own e-mail.
    for (const p of parts) expect(await codeOf(buyer, p)).toBeTruthy();

    // The success page shows the combo and one QR per part; the history lists the parts, not the combo.
    const success = await api('GET', `/api/success/${paid.uniqueId}/`, buyer);
    expect(success.statusCode, success.body).toBe(200);
    expect(success.json().url).toBeNull();
    expect(success.json().parts.map((p: { package_tag: string }) => p.package_tag)).toEqual([
      'RM-3PASS',
      'BB-24',
    ]);
    for (const p of success.json().parts) expect(p.qr_code).toMatch(/^\/media\//);
    const history = (await api('GET', '/api/dashboard/', buyer)).json().data as {
      unique_id: string;
      combo?: string;
    }[];
    expect(history.map((h) => h.unique_id)).not.toContain(paid.uniqueId);
    expect(history.filter((h) => h.combo === 'Museum 3 Pass + Bus 24h')).toHaveLength(2);

    // Big Bus's agent redeems the bus part and is refused the museum part (another operator's).
    const [bigBus] = await t.db.select().from(folders).where(eq(folders.companySlug, 'big-bus'));
    const manager = await createUser(t.app, t.db, { operator: { folderId: bigBus.id, role: 'manager' } });
    const made = await api('POST', `/api/operator/${bigBus.id}/agents/`, manager, {
      name: 'Bus Gate Combo',
      code: '4417',
    });
    expect(made.statusCode, made.body).toBe(201);
    const claim = async (order: typeof orders.$inferSelect) =>
      api('POST', '/api/claim/', undefined, {
        code: await codeOf(buyer, order),
        agent_name: 'Bus Gate Combo',
        security_code: '4417',
      });
    const museum = await claim(byTag.get('RM-3PASS')!);
    expect(museum.statusCode).toBe(409);
    expect(museum.json().code).toBe('other_operator');
    const bus = await claim(byTag.get('BB-24')!);
    expect(bus.statusCode, bus.body).toBe(200);

    // The statement: a line per part at its operator's share, naming the combo; no line for the combo.
    const day = romeToday();
    const s = statementSchema.parse(
      (await api('GET', `/api/admin/statements/?from=${day}&to=${day}`, admin)).json(),
    );
    const lines = s.lines.filter((l) => l.combo === 'Museum 3 Pass + Bus 24h');
    expect(lines.map((l) => [l.package_tag, l.gross]).sort()).toEqual([
      ['BB-24', '67.00'],
      ['RM-3PASS', '105.00'],
    ]);
    expect(s.lines.some((l) => l.package_tag === 'RM-3PASS-BUS')).toBe(false);

    // A part used: the buyer can no longer cancel the combo.
    const cancel = await api('POST', `/api/tickets/${byTag.get('RM-3PASS')!.uniqueId}/cancel/`, buyer);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('ticket_claimed');
  });

  it("a refund of any part refunds the whole combo, once, and each part's statement line goes back", async () => {
    const res = await checkout({ package_identifier: 'RM-3PASS-BUS', adult_count: '1', youth_count: '0' });
    const session = res.json().id as string;
    expect(await pay(session)).toBe('fulfilled');
    const combo = await orderOf(session);
    const [part] = await partsOf(combo.id);
    const cancel = await api('POST', `/api/tickets/${part.uniqueId}/cancel/`, buyer);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await orderOf(session);
    expect(after).toMatchObject({ status: 'refunded', refundReason: 'customer' });
    for (const p of await partsOf(combo.id)) expect(p.status).toBe('refunded');
    // One refund e-mail, for the combo.
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, buyer.email), sql`${mailOutbox.subject} like 'Ticket cancelled and refunded%'`),
      );
    expect(mails.filter((m) => m.subject.includes('Museum 3 Pass + Bus 24h'))).toHaveLength(1);
    const day = romeToday();
    const s = statementSchema.parse(
      (await api('GET', `/api/admin/statements/?from=${day}&to=${day}`, admin)).json(),
    );
    const refunds = s.lines.filter((l) => l.kind === 'refund' && l.combo !== null);
    expect(refunds.map((l) => l.refunded).sort()).toEqual(['25.00', '40.00']);
  });
});

describe('a combo with a timed part', () => {
  let slotId: string;
  beforeAll(async () => {
    expect(await makeTimed(t.app, editor, 'GL-48')).toBe(200);
    // A time 30 hours ahead: the part's own rule (24 h) still lets the buyer cancel.
    const at = new Date(Date.now() + 30 * 3_600_000);
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const v = (k: string) => parts.find((p) => p.type === k)!.value;
    slotId = await addSlot(t, editor, 'GL-48', {
      date: `${v('year')}-${v('month')}-${v('day')}`,
      time: `${v('hour')}:00`,
      capacity: 3,
    });
    // BB-HALF (19.00 / 12.00) becomes a combo of the timed GL-48 and the capped pass GL-24.
    const made = await api('PUT', '/api/admin/combos/BB-HALF/', admin, {
      parts: [
        { package_tag: 'GL-48', adult_share: '11.00', youth_share: '7.00' },
        { package_tag: 'GL-24', adult_share: '8.00', youth_share: '5.00' },
      ],
      cancel_cutoff_hours: null,
    });
    expect(made.statusCode, made.body).toBe(200);
  });

  it('refuses shares that do not add up to the price, a part that is a combo, and a part sold on dates', async () => {
    const put = (body: object) => api('PUT', '/api/admin/combos/BB-72/', admin, body);
    const bad = await put({
      parts: [
        { package_tag: 'GL-48', adult_share: '10.00', youth_share: '7.00' },
        { package_tag: 'GL-24', adult_share: '8.00', youth_share: '5.00' },
      ],
      cancel_cutoff_hours: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("The parts' adult shares must add up to the combo's adult price.");
    const nested = await put({
      parts: [
        { package_tag: 'BB-HALF', adult_share: '40.00', youth_share: '30.00' },
        { package_tag: 'GL-24', adult_share: '9.00', youth_share: '2.00' },
      ],
      cancel_cutoff_hours: null,
    });
    expect(nested.statusCode).toBe(400);
    const dated = await put({
      parts: [
        { package_tag: 'ILR-HALF', adult_share: '40.00', youth_share: '30.00' },
        { package_tag: 'GL-24', adult_share: '9.00', youth_share: '2.00' },
      ],
      cancel_cutoff_hours: null,
    });
    expect(dated.statusCode).toBe(400);
    expect((await api('PUT', '/api/admin/combos/BB-72/', editor, {})).statusCode).toBe(403);
    expect(
      (await api('GET', '/api/admin/combos/', admin))
        .json()
        .combos.map((c: { package_tag: string }) => c.package_tag),
    ).toEqual(expect.arrayContaining(['RM-3PASS-BUS', 'BB-HALF']));
  });

  it('asks a time for the timed part: none, or another package’s, is a 400 and nothing is stored', async () => {
    const before = await orderCount();
    const none = await checkout({ package_identifier: 'BB-HALF' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Choose a time for each part of the combo.');
    const [other] = await t.db.select({ id: slots.id }).from(slots).limit(1);
    const wrong = await checkout({
      package_identifier: 'BB-HALF',
      combo_slots: JSON.stringify({ 'GL-48': other.id }),
    });
    expect(wrong.statusCode).toBe(400);
    const garbled = await checkout({ package_identifier: 'BB-HALF', combo_slots: '{not json' });
    expect(garbled.statusCode).toBe(400);
    const extras = await checkout({
      package_identifier: 'BB-HALF',
      combo_slots: JSON.stringify({ 'GL-48': slotId }),
      extra_counts: '{"family":1}',
    });
    expect(extras.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('cancels until the strictest rule: the part’s 24 h, then the combo’s own 48 h refuses', async () => {
    const res = await checkout({ package_identifier: 'BB-HALF', combo_slots: { 'GL-48': slotId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pay(res.json().id)).toBe('fulfilled');
    const combo = await orderOf(res.json().id);
    const parts = await partsOf(combo.id);
    expect(parts.find((p) => p.slotId === slotId)).toBeTruthy();
    const success = (await api('GET', `/api/success/${combo.uniqueId}/`, buyer)).json();
    expect(success.data.cancellable).toBe(true);
    expect(new Date(success.data.cancel_until).getTime()).toBeLessThan(Date.now() + 7 * 3_600_000);

    const own = await api('PUT', '/api/admin/combos/BB-HALF/', admin, {
      parts: [
        { package_tag: 'GL-48', adult_share: '11.00', youth_share: '7.00' },
        { package_tag: 'GL-24', adult_share: '8.00', youth_share: '5.00' },
      ],
      cancel_cutoff_hours: 48,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ sold: true, cancel_cutoff_hours: 48 });
    const refused = await api('POST', `/api/tickets/${parts[0].uniqueId}/cancel/`, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('cancel_cutoff');
    // Each part's ticket link says the same: no longer cancellable, by the combo's own rule.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    for (const p of parts) {
      const code = await codeOf(buyer, p);
      const mail = mails.find((m) => code && m.text.includes(code))!;
      const token = /\/t\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)![1];
      const link = await api('GET', `/api/ticket-links/${token}/`);
      expect(link.statusCode, link.body).toBe(200);
      expect(link.json().cancellable).toBe(false);
    }
    // Sold: its parts and shares no longer change.
    const changed = await api('PUT', '/api/admin/combos/BB-HALF/', admin, {
      parts: [
        { package_tag: 'GL-48', adult_share: '10.00', youth_share: '7.00' },
        { package_tag: 'GL-24', adult_share: '9.00', youth_share: '5.00' },
      ],
      cancel_cutoff_hours: null,
    });
    expect(changed.statusCode).toBe(409);
    // A superuser still refunds it: the whole combo, and the time's place comes back.
    const refund = await api('POST', `/api/admin/orders/${combo.uniqueId}/refund/`, admin);
    expect(refund.statusCode, refund.body).toBe(200);
    for (const p of await partsOf(combo.id)) expect(p.status).toBe('refunded');
  });

  it('racing combos for the last places take every part or none: no part oversold', async () => {
    // 3 places at the time (none taken now), 2 left of the pass's day: two combos fit, whatever the order.
    const [gl24] = await t.db.select().from(packages).where(eq(packages.packageTag, 'GL-24'));
    const dayStart = romeInstant(romeToday(), '00:00')!;
    const [{ sold }] = await t.db
      .select({ sold: sql<string>`coalesce(sum(${orders.places}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.packageId, gl24.id),
          sql`${orders.createdAt} >= ${dayStart.toISOString()}`,
          holdsPlaces(new Date()),
        ),
      );
    await t.db
      .update(packages)
      .set({ dailyCap: Number(sold) + 2 })
      .where(eq(packages.id, gl24.id));
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app, t.db)));
    const before = await orderCount();
    const answers = await Promise.all(
      buyers.map((b) => checkout({ package_identifier: 'BB-HALF', combo_slots: { 'GL-48': slotId } }, b)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode, a.body).toBe(409);
    // Two combos and their two parts each: nothing of a refused one was kept.
    expect(await orderCount()).toBe(before + 6);
    const now = new Date();
    const [{ held }] = await t.db
      .select({ held: sql<string>`coalesce(sum(${orders.places}), 0)` })
      .from(orders)
      .where(and(eq(orders.slotId, slotId), holdsPlaces(now)));
    expect(Number(held)).toBe(2);
    const [{ passes }] = await t.db
      .select({ passes: sql<string>`coalesce(sum(${orders.places}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.packageId, gl24.id),
          sql`${orders.createdAt} >= ${dayStart.toISOString()}`,
          holdsPlaces(now),
        ),
      );
    expect(Number(passes)).toBe(Number(sold) + 2);
    // Both pay: every part of both becomes a ticket.
    for (const [i, a] of answers.entries())
      if (a.statusCode === 200) expect(await pay(a.json().id, buyers[i])).toBe('fulfilled');
    const combos = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.providerSessionId,
          answers.filter((a) => a.statusCode === 200).map((a) => a.json().id),
        ),
      );
    for (const c of combos) {
      const parts = await partsOf(c.id);
      expect(parts.map((p) => p.status)).toEqual(['paid', 'paid']);
      expect(parts.reduce((n, p) => n + (p.comboShareCents ?? 0), 0)).toBe(c.amountPaidCents);
    }
  }, 60_000);
});

describe('resellers (OCTO)', () => {
  it('are offered a combo only when they ask for packages (decision 072)', async () => {
    const onSale = (await packagesOnSale(t.db)).map((p) => p.packageTag);
    expect(onSale).toContain('RM-3PASS');
    expect(onSale).not.toContain('RM-3PASS-BUS');
    const withPackages = await packagesOnSale(t.db, { combos: true });
    expect(
      withPackages.find((p) => p.packageTag === 'RM-3PASS-BUS')?.combo?.parts.map((p) => p.packageTag),
    ).toEqual(['RM-3PASS', 'BB-24']);
  });
});

describe('the shares rule', () => {
  it('adds up to the total to the cent, the largest remainders first, the earlier part on a tie', () => {
    expect(splitShares(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitShares(17200, [10500, 6700])).toEqual([10500, 6700]);
    // A promo code's 10 % off 172.00: each operator bears its part of the discount.
    expect(splitShares(15480, [10500, 6700])).toEqual([9450, 6030]);
    expect(splitShares(1, [0, 0])).toEqual([1, 0]);
    for (const total of [0, 1, 99, 12345])
      expect(splitShares(total, [3, 7, 11]).reduce((a, b) => a + b, 0)).toBe(total);
  });
});
