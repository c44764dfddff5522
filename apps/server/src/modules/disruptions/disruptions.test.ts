/**
 * The disruption console through the HTTP API and a real SMTP server (decisions 058, 059): a Rome day
 * of a timed package with 50 paid bookings, web and reseller, in five languages, is closed; every
 * booking is told once in its language, a second close tells nobody again, the storefront, checkout
 * and OCTO show and refuse the closed times at once, the reseller's webhook is written, and each choice
 * on the ticket link (refund, another time, keep as an open-dated pass) works once, and only there.
 */
import { addDays, orderReference, romeInstant, romeLocalIso, romeToday } from '@rome/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disruptionOrders, disruptions, mailOutbox, orders, slots, webhookDeliveries } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { addSlot as addInventorySlot, makeTimed } from '../../test/inventory';
import { plain, smtpServer } from '../../test/smtp';
import { createUser, type TestUser } from '../../test/users';
import { hashClaimCode } from '../orders/ticket-issue';

const smtp = smtpServer();
let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let superuser: TestUser;
let customer: TestUser;
const buyers: TestUser[] = [];
let resellerKey = '';

const TAG = 'CS-HALF';
const DAY = addDays(romeToday(), 9);
const NEXT = addDays(romeToday(), 10);
const LANGS = ['en', 'it', 'es', 'fr', 'de'] as const;
const CAPS = 'octo/pricing, octo/content';
const TOKEN_IN_TEXT = /\/t\/([A-Za-z0-9_-]{43})\b/;

const api = apiCaller(() => t.app);
const octo = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/octo${url}`,
    headers: { authorization: `Bearer ${resellerKey}`, 'octo-capabilities': CAPS },
    ...(payload ? { payload } : {}),
  });

let morning = '';
let noon = '';
let later = '';
/** Web bookings' order ids with their buyer's address, and the reseller's bookings' uuids. */
const webOrders: { id: string; email: string; language: string }[] = [];
const resellerBookings: { uuid: string; email: string | null; language: string }[] = [];

const addSlot = (date: string, time: string, capacity: number) =>
  addInventorySlot(t, editor, TAG, { date, time, capacity });

const body = (over: Record<string, unknown> = {}) => ({
  target: { kind: 'package_day', package_tag: TAG, date: DAY },
  reason: 'strike',
  note: 'Guides on strike.',
  remedies: ['refund', 'move', 'keep'],
  ...over,
});

beforeAll(async () => {
  const port = await smtp.listen();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  [editor, superuser, customer] = await Promise.all([
    createUser(t.app, t.db, { isEditor: true }),
    createUser(t.app, t.db, { isSuperuser: true }),
    createUser(t.app, t.db),
  ]);
  for (let i = 0; i < 5; i++) buyers.push(await createUser(t.app, t.db, { name: `Buyer ${i}` }));
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
  morning = await addSlot(DAY, '09:00', 200);
  noon = await addSlot(DAY, '12:00', 200);
  later = await addSlot(NEXT, '09:00', 200);
  const key = await api('POST', '/api/admin/resellers/', superuser, { name: 'Partner Travel' });
  expect(key.statusCode).toBe(201);
  resellerKey = key.json().key;
  for (const event of ['booking_update', 'availability_update']) {
    const hook = await octo('POST', '/webhooks', { url: `https://hooks.example.com/${event}`, event });
    expect(hook.statusCode, hook.body).toBe(200);
  }
  // 40 web bookings: five buyers, each language, both times of the day.
  for (let i = 0; i < 40; i++) {
    const user = buyers[i % 5];
    const language = LANGS[Math.floor(i / 5) % 5];
    const bought = await buyTicket(t.app, t.db, user, {
      package_identifier: TAG,
      slot_id: i % 2 ? noon : morning,
      adult_count: '1',
      youth_count: '0',
      language,
    });
    webOrders.push({ id: bought.order.id, email: user.email, language });
  }
  // 10 reseller bookings: eight with a contact address in a language, two without one.
  for (let i = 0; i < 10; i++) {
    const uuid = crypto.randomUUID();
    const startsAt = romeInstant(DAY, i % 2 ? '12:00' : '09:00')!;
    const res = await octo('POST', '/bookings', {
      uuid,
      productId: TAG,
      optionId: 'DEFAULT',
      availabilityId: romeLocalIso(startsAt),
      unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const email = i < 8 ? `partner-buyer-${i}@example.com` : null;
    const language = LANGS[i % 5];
    const ok = await octo('POST', `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Ada Tourist', emailAddress: email, locales: [`${language}-XX`] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    resellerBookings.push({ uuid, email, language });
  }
}, 240_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const noticeRows = () => t.db.select().from(mailOutbox).where(like(mailOutbox.text, '%/t/%'));
const notices = async () =>
  (await noticeRows()).filter((m) => m.subject.match(/^(Closed|Chiuso|Cerrado|Fermé|Geschlossen)/));

describe('bad input stores nothing', () => {
  it.each([
    ['unknown slot', body({ target: { kind: 'slot', slot_id: crypto.randomUUID() } }), 'No such time.'],
    ['no reason', body({ reason: '' }), 'Choose a reason.'],
    ['no remedy', body({ remedies: [] }), 'Choose at least one remedy to offer.'],
    [
      'unknown package',
      body({ target: { kind: 'package_day', package_tag: 'NOPE', date: DAY } }),
      'No such package.',
    ],
    ['a bad date', body({ target: { kind: 'day', date: '2026-02-30' } }), 'Dates are written YYYY-MM-DD.'],
  ])('%s: 400 with a plain message', async (_name, payload, message) => {
    for (const url of ['/api/admin/disruptions/preview/', '/api/admin/disruptions/']) {
      const res = await api('POST', url, superuser, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await t.db.select().from(disruptions)).toEqual([]);
    const [slot] = await t.db.select().from(slots).where(eq(slots.id, morning));
    expect(slot.closed).toBe(false);
  });

  it('only superusers preview, close and read the report', async () => {
    for (const who of [undefined, customer, editor]) {
      const res = await api('POST', '/api/admin/disruptions/', who, body());
      expect(res.statusCode).toBe(who ? 403 : 401);
    }
    expect(await t.db.select().from(disruptions)).toEqual([]);
  });
});

describe('closing a day with 50 bookings across channels and languages', () => {
  let closedId = '';

  it('previews bookings and places per channel and language, storing nothing', async () => {
    const res = await api('POST', '/api/admin/disruptions/preview/', superuser, body());
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ slots: 2, closed_slots: 0, bookings: 50, places: 60, cannot_keep: 0 });
    expect(p.channels).toEqual(
      expect.arrayContaining([
        { channel: 'web', bookings: 40, places: 40 },
        { channel: expect.stringMatching(/^Partner Travel/), bookings: 10, places: 20 },
      ]),
    );
    // Web bookings in their order's language, the reseller's in their contact's (two each).
    expect(p.languages).toContainEqual({ language: 'de', bookings: 5 + 2, places: 5 + 4 });
    expect(await t.db.select().from(disruptions)).toEqual([]);
  });

  it('closes both times at once, tells all 48 buyers with an address once, in their language', async () => {
    const res = await api('POST', '/api/admin/disruptions/', superuser, body());
    expect(res.statusCode, res.body).toBe(201);
    closedId = res.json().id;
    expect(res.json()).toMatchObject({ slots_closed: 2, bookings: 50, notified: 48 });
    const closed = await t.db
      .select()
      .from(slots)
      .where(inArray(slots.id, [morning, noon]));
    expect(closed.map((s) => s.closed)).toEqual([true, true]);

    const rows = await notices();
    expect(rows).toHaveLength(48);
    // Exactly one per booking: each carries its own ticket link.
    const tokens = new Set(rows.map((m) => TOKEN_IN_TEXT.exec(m.text)?.[1]));
    expect(tokens.size).toBe(48);
    const perAddress = (to: string) => rows.filter((m) => m.to === to).length;
    for (const b of buyers) expect(perAddress(b.email)).toBe(8);
    for (const r of resellerBookings.filter((r) => r.email)) expect(perAddress(r.email!)).toBe(1);
    // In the order's language: the German bookings' e-mails are German, with the German link.
    const german = rows.filter((m) => m.subject.startsWith('Geschlossen'));
    expect(german.length).toBe(5 + 1);
    for (const m of german) {
      expect(m.text).toContain('Streik');
      expect(m.text).toMatch(/\/de\/t\//);
    }
    expect(rows.filter((m) => m.subject.startsWith('Chiuso')).length).toBe(10 + 2);

    // Delivered through the real SMTP server.
    await t.app.mailer.drain();
    const got = await smtp.next(resellerBookings[0].email!);
    expect(plain(got.raw)).toContain('/t/');
  });

  it('a second close, a double click, tells nobody again and stores nothing', async () => {
    const [a, b] = await Promise.all([
      api('POST', '/api/admin/disruptions/', superuser, body()),
      api('POST', '/api/admin/disruptions/', superuser, body({ reason: 'weather' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([409, 409]);
    expect(await notices()).toHaveLength(48);
    expect(await t.db.select().from(disruptions)).toHaveLength(1);
  });

  it('the storefront shows the times closed, and checkout and OCTO refuse them', async () => {
    const list = await api('GET', `/api/packages/${TAG}/availability/?from=${DAY}&to=${DAY}`);
    expect(list.json().slots.map((s: { status: string }) => s.status)).toEqual(['CLOSED', 'CLOSED']);
    const checkout = await api('POST', '/api/create-checkout-session/', customer, {
      package_identifier: TAG,
      slot_id: morning,
      adult_count: '1',
      youth_count: '0',
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error).toBe('The selected time is closed.');

    const avail = await octo('POST', '/availability', {
      productId: TAG,
      optionId: 'DEFAULT',
      localDateStart: DAY,
      localDateEnd: DAY,
    });
    expect(avail.statusCode, avail.body).toBe(200);
    expect(avail.json().map((a: { status: string; available: boolean }) => [a.status, a.available])).toEqual([
      ['CLOSED', false],
      ['CLOSED', false],
    ]);
    const book = await octo('POST', '/bookings', {
      uuid: crypto.randomUUID(),
      productId: TAG,
      optionId: 'DEFAULT',
      availabilityId: romeLocalIso(romeInstant(DAY, '09:00')!),
      unitItems: [{ unitId: 'adult' }],
    });
    expect(book.statusCode).toBe(400);
  });

  it('the reseller hears of the closed times by webhook', async () => {
    const rows = await t.db.select().from(webhookDeliveries);
    expect(rows.some((r) => r.event === 'availability_update')).toBe(true);
  });

  describe('each choice on the ticket link', () => {
    const tokenOf = async (to: string, n = 0) =>
      TOKEN_IN_TEXT.exec((await notices()).filter((m) => m.to === to)[n].text)![1];
    const choose = (token: string, payload: object) =>
      api('POST', `/api/ticket-links/${token}/disruption/`, undefined, payload);

    it('shows the closure, its words and the times to move to', async () => {
      const token = await tokenOf(buyers[0].email);
      const res = await api('GET', `/api/ticket-links/${token}/disruption/`);
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().disruption;
      expect(d).toMatchObject({
        reason: 'strike',
        remedies: ['refund', 'move', 'keep'],
        choice: null,
        // A ticket of its own is no combo's part: its refund is its own.
        combo: null,
      });
      expect(d.message).toContain('Guides on strike.');
      expect(d.slots.map((s: { id: string }) => s.id)).toEqual([later]);
      // A ticket never affected has none.
      const other = await buyTicket(t.app, t.db, customer, {});
      const otherMail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).at(
        -1,
      )!;
      const otherToken = TOKEN_IN_TEXT.exec(otherMail.text)![1];
      expect(other.order.status).toBe('paid');
      expect((await api('GET', `/api/ticket-links/${otherToken}/disruption/`)).json().disruption).toBeNull();
      expect((await choose(otherToken, { choice: 'refund' })).statusCode).toBe(404);
    });

    it('refund: the money goes back, once; a second choice is refused plainly', async () => {
      const token = await tokenOf(buyers[1].email);
      const res = await choose(token, { choice: 'refund' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().disruption.choice).toBe('refund');
      const [order] = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, buyers[1].id), eq(orders.status, 'refunded')));
      expect(order.refundReason).toBe('disruption');
      expect(order.refundStatus).toBe('done');
      // The existing refund e-mail, in the order's language.
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyers[1].email));
      const reference = orderReference(order.uniqueId);
      expect(mails.filter((m) => m.text.includes(reference) && !m.text.includes('/t/'))).toHaveLength(1);
      const again = await choose(token, { choice: 'keep' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('You have already made your choice for this ticket.');
    });

    it('move: the places move to the other time, with a new code; the old one is refused', async () => {
      const token = await tokenOf(buyers[2].email);
      const noSlot = await choose(token, { choice: 'move' });
      expect(noSlot.statusCode).toBe(400);
      const closedSlot = await choose(token, { choice: 'move', slot_id: noon });
      expect(closedSlot.statusCode).toBe(409);
      expect(closedSlot.json().error).toBe('The selected time is closed.');
      const res = await choose(token, { choice: 'move', slot_id: later });
      expect(res.statusCode, res.body).toBe(200);
      const link = (await api('GET', `/api/ticket-links/${token}/`)).json();
      expect(link.date).toBe(NEXT);
      expect(link.time).toBe('09:00');
      expect(link.qr_image).toMatch(/^data:image\/png/);
      const moved = (await t.db.select().from(orders).where(eq(orders.slotId, later)))[0];
      expect(moved.ticketRevision).toBe(1);
      expect(moved.places).toBe(1);
      // The old claim code from the ticket e-mail is no longer the ticket's.
      const ticketMail = (
        await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyers[2].email))
      ).find((m) => m.text.includes('/verify/') && m.text.includes(link.reference));
      const oldCode = /\/verify\/([\w-]+)\//.exec(ticketMail!.text)![1];
      expect(hashClaimCode(oldCode)).not.toBe(moved.claimCodeHash);
      expect((await api('GET', `/api/authenticate/${oldCode}/`)).statusCode).toBe(404);
      expect((await choose(token, { choice: 'refund' })).statusCode).toBe(409);
    });

    it('keep: the ticket becomes an open-dated pass with a new QR', async () => {
      const token = await tokenOf(buyers[3].email);
      const res = await choose(token, { choice: 'keep' });
      expect(res.statusCode, res.body).toBe(200);
      const link = (await api('GET', `/api/ticket-links/${token}/`)).json();
      expect(link.date).toBeNull();
      expect(link.status).toBe('valid');
      expect((await choose(token, { choice: 'keep' })).statusCode).toBe(409);
    });

    it("a reseller's customer refunds through the link: the booking is cancelled for the reseller", async () => {
      const token = await tokenOf(resellerBookings[0].email!);
      const res = await choose(token, { choice: 'refund' });
      expect(res.statusCode, res.body).toBe(200);
      const booking = await octo('GET', `/bookings/${resellerBookings[0].uuid}`);
      expect(booking.json().status).toBe('CANCELLED');
      const hooks = await t.db.select().from(webhookDeliveries);
      expect(hooks.some((h) => h.event === 'booking_update')).toBe(true);
    });

    it('a wrong or missing link opens nothing; an unoffered choice is refused', async () => {
      expect((await choose('A'.repeat(43), { choice: 'refund' })).statusCode).toBe(404);
      const token = await tokenOf(buyers[4].email);
      expect((await choose(token, { choice: 'nothing' })).statusCode).toBe(400);
    });

    it('the report counts the answers and the money in EUR', async () => {
      const res = await api('GET', '/api/admin/disruptions/', superuser);
      expect(res.statusCode).toBe(200);
      const [r] = res.json().disruptions;
      expect(r).toMatchObject({
        id: closedId,
        bookings: 50,
        notified: 48,
        refund: 2,
        move: 1,
        keep: 1,
        no_answer: 46,
        slots: 2,
      });
      const affected = await t.db
        .select({ total: orders.totalCents, status: orders.status })
        .from(orders)
        .innerJoin(disruptionOrders, eq(disruptionOrders.orderId, orders.id));
      const sum = (rows: { total: number }[]) => (rows.reduce((n, o) => n + o.total, 0) / 100).toFixed(2);
      expect(r.refunded).toBe(sum(affected.filter((o) => o.status === 'refunded')));
      expect(r.kept).toBe(sum(affected.filter((o) => o.status !== 'refunded')));
      expect(Number(r.refunded)).toBeGreaterThan(0);
    });
  });
});

describe('two closes of the same time at once (a double click, or two instances on PostgreSQL)', () => {
  it('one closes and tells each booking once; the other stores nothing', async () => {
    const day = addDays(romeToday(), 12);
    const slot = await addSlot(day, '10:00', 50);
    const bought = [];
    for (let i = 0; i < 3; i++)
      bought.push(
        await buyTicket(t.app, t.db, customer, {
          package_identifier: TAG,
          slot_id: slot,
          adult_count: '1',
          youth_count: '0',
        }),
      );
    const close = (reason: string) =>
      api('POST', '/api/admin/disruptions/', superuser, {
        target: { kind: 'slot', slot_id: slot },
        reason,
        remedies: ['refund'],
      });
    const answers = await Promise.all([close('technical'), close('other'), close('authorities')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    // The customer had no notice before: three now, one per booking.
    expect((await notices()).filter((m) => m.to === customer.email)).toHaveLength(3);
    const rows = await t.db
      .select()
      .from(disruptionOrders)
      .where(
        inArray(
          disruptionOrders.orderId,
          bought.map((b) => b.order.id),
        ),
      );
    expect(rows).toHaveLength(3);
  });
});
