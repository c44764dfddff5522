/**
 * Operators' statements (decision 068): the lines add up to the payments and refunds the orders
 * recorded (promo discount, gift card part, a full and a partial refund, two operators), the period is
 * Rome's days, the commission is each operator's rate, and the CSV and the spreadsheet carry the same
 * lines and sums.
 */
import { randomBytes } from 'node:crypto';
import {
  addDays,
  commissionCents,
  orderReference,
  romeInstant,
  romeToday,
  STATEMENT_COLUMNS,
  type Statement,
  signedDecimalToCents,
  statementSchema,
} from '@rome/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli';
import {
  folders,
  giftCards,
  orderPartialRefunds,
  orders,
  packages,
  partners,
  promoCodes,
  resellers,
} from '../../db/schema';
import { type Bought, buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { giftCardCodeOf, giftCardKeyOf } from '../orders/gift-card';
import { recordProviderPartialRefund } from '../orders/partial-refunds';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let buyer: TestUser;
const today = romeToday();
/** The statement's period: Rome days 10 to 3 days ago, both included. */
const FROM = addDays(today, -10);
const TO = addDays(today, -3);
const at = (day: string, time: string) => romeInstant(day, time)!;
const cents = (decimal: string) => signedDecimalToCents(decimal)!;

let bigBus: number;
let greenLine: number;
/** web, promo (GL), gift card, widget (GL), 23:30 on the last day, 00:10 the day after. */
let plain: Bought;
let promo: Bought;
let gift: Bought;
let widget: Bought;
let lastEvening: Bought;
let nextMorning: Bought;
const PARTIAL = 300;

const get = (url: string, user: TestUser = admin) => t.app.inject({ url, headers: user.auth });
const statementOf = async (query: string): Promise<Statement> => {
  const res = await get(`/api/admin/statements/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return statementSchema.parse(res.json());
};
const setPaidAt = (b: Bought, when: Date) =>
  t.db.update(orders).set({ paidAt: when }).where(eq(orders.id, b.order.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { isSuperuser: true });
  buyer = await createUser(t.app, t.db);
  const folderOf = async (tag: string) =>
    (await t.db.select().from(packages).where(eq(packages.packageTag, tag)))[0].folderId;
  bigBus = await folderOf('BB-24');
  greenLine = await folderOf('GL-24');
  expect(bigBus).not.toBe(greenLine);
  // A product title a spreadsheet would run as a formula: the files must write it as text.
  await t.db
    .update(packages)
    .set({ title: '=HYPERLINK("http://x")' })
    .where(eq(packages.packageTag, 'GL-24'));

  // A promo code (5 euros off) and a gift card of 20 euros, as the shop would hold them.
  await t.db
    .insert(promoCodes)
    .values({ code: 'STMT-FIVE', codeKey: 'STMTFIVE', kind: 'amount', value: 500 });
  const giftCode = giftCardCodeOf(randomBytes(32).toString('base64url'));
  await t.db.insert(giftCards).values({
    status: 'active',
    amountCents: 2000,
    buyerEmail: 'giver@example.com',
    provider: 'test',
    amountPaidCents: 2000,
    paidAt: at(addDays(today, -30), '12:00'),
    expiresAt: at(addDays(today, 300), '12:00'),
    codeKey: giftCardKeyOf(t.config.jwtSecret, giftCode),
  });

  plain = await buyTicket(t.app, t.db, buyer);
  promo = await buyTicket(t.app, t.db, buyer, {
    package_identifier: 'GL-24',
    adult_count: '1',
    youth_count: '0',
    promo_code: 'stmt-five',
  });
  gift = await buyTicket(t.app, t.db, buyer, { gift_card_code: giftCode });
  widget = await buyTicket(t.app, t.db, buyer, {
    package_identifier: 'GL-24',
    adult_count: '1',
    youth_count: '0',
  });
  lastEvening = await buyTicket(t.app, t.db, buyer, { adult_count: '1', youth_count: '0' });
  nextMorning = await buyTicket(t.app, t.db, buyer, { adult_count: '1', youth_count: '0' });

  // The widget's sale names its partner (the widget's signed token sets it at checkout).
  const [partner] = await t.db
    .insert(partners)
    .values({ name: '+Hotel Roma, "Centro"', codeHash: randomBytes(16).toString('hex'), codeEnd: 'ABCD' })
    .returning();
  await t.db.update(orders).set({ partnerId: partner.id }).where(eq(orders.id, widget.order.id));
  // The last evening's sale is an OCTO reseller's booking (reserve and confirm set it so).
  const [reseller] = await t.db
    .insert(resellers)
    .values({ name: 'Acme Tours', keyPrefix: 'rk_test', keyHash: randomBytes(16).toString('hex') })
    .returning();
  await t.db.update(orders).set({ resellerId: reseller.id }).where(eq(orders.id, lastEvening.order.id));

  // When each was paid, in Rome: the first days of the period, its last evening, the morning after.
  await setPaidAt(plain, at(addDays(FROM, 1), '10:00'));
  await setPaidAt(promo, at(addDays(FROM, 2), '11:00'));
  await setPaidAt(gift, at(addDays(FROM, 3), '12:00'));
  await setPaidAt(widget, at(addDays(FROM, 3), '15:00'));
  await setPaidAt(lastEvening, at(TO, '23:30'));
  await setPaidAt(nextMorning, at(addDays(TO, 1), '00:10'));

  // The plain order is cancelled by its buyer (a full refund), dated inside the period.
  const cancel = await t.app.inject({
    method: 'POST',
    url: `/api/tickets/${plain.uniqueId}/cancel/`,
    headers: buyer.auth,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await t.db
    .update(orders)
    .set({ refundedAt: at(addDays(FROM, 5), '09:00') })
    .where(eq(orders.id, plain.order.id));
  // The promo order gets 3 euros back at the provider, the ticket still valid.
  expect(
    await recordProviderPartialRefund(t.db, {
      orderId: promo.order.id,
      cumulativeCents: PARTIAL,
      at: at(addDays(FROM, 6), '16:45'),
      sourceRef: 'test:promo',
    }),
  ).toBe('recorded');
});

afterAll(async () => {
  await t?.close();
});

/** What the DB recorded for orders: payments (the provider's and the gift card's) and refunds. */
async function recorded(ids: string[]) {
  const rows = await t.db.select().from(orders).where(inArray(orders.id, ids));
  const parts = await t.db
    .select()
    .from(orderPartialRefunds)
    .where(inArray(orderPartialRefunds.orderId, ids));
  const partOf = (id: string) => parts.filter((p) => p.orderId === id).reduce((n, p) => n + p.cents, 0);
  const paid = rows.reduce((n, o) => n + (o.amountPaidCents ?? 0) + o.giftCardCents, 0);
  const fullRefunds = rows
    .filter((o) => o.status === 'refunded')
    .reduce((n, o) => n + (o.amountPaidCents ?? 0) + o.giftCardCents - partOf(o.id), 0);
  return { rows, paid, refunded: fullRefunds + parts.reduce((n, p) => n + p.cents, 0) };
}

const sum = (s: Statement, k: 'gross' | 'refunded' | 'commission' | 'net') =>
  s.lines.reduce((n, l) => n + cents(l[k]), 0);

describe('GET /api/admin/statements/', () => {
  it('the lines add up to the payments and refunds recorded for the orders of the period', async () => {
    const s = await statementOf(`from=${FROM}&to=${TO}`);
    const inPeriod = [plain, promo, gift, widget, lastEvening];
    const db = await recorded(inPeriod.map((b) => b.order.id));
    expect(sum(s, 'gross') - sum(s, 'refunded')).toBe(db.paid - db.refunded);
    expect(sum(s, 'gross')).toBe(db.paid);
    expect(sum(s, 'refunded')).toBe(db.refunded);
    // The payments recorded are real: a refund, a discount, a gift card's part are all among them.
    expect(db.rows.find((o) => o.id === plain.order.id)?.status).toBe('refunded');
    const promoRow = db.rows.find((o) => o.id === promo.order.id)!;
    expect(promoRow.discountCents).toBe(500);
    const giftRow = db.rows.find((o) => o.id === gift.order.id)!;
    expect(giftRow).toMatchObject({ giftCardCents: 2000, amountPaidCents: giftRow.totalCents - 2000 });

    // Five sales, one full refund, one partial refund, oldest first.
    expect(s.lines.map((l) => [l.kind, l.order])).toEqual(
      [
        ['sale', plain],
        ['sale', promo],
        ['sale', gift],
        ['sale', widget],
        ['refund', plain],
        ['partial_refund', promo],
        ['sale', lastEvening],
      ].map(([kind, b]) => [kind, orderReference((b as Bought).uniqueId)]),
    );
    // Gross is the order's worth after the discount, however it was paid.
    const sale = (b: Bought) =>
      s.lines.find((l) => l.kind === 'sale' && l.order === orderReference(b.uniqueId))!;
    expect(cents(sale(promo).gross)).toBe(promoRow.totalCents);
    expect(promoRow.totalCents).toBe(promoRow.adultPriceCents - 500);
    expect(cents(sale(gift).gross)).toBe(giftRow.totalCents);
    // The full refund gives back the whole order; the partial one its part.
    const refund = s.lines.find((l) => l.kind === 'refund')!;
    expect(cents(refund.refunded)).toBe(plain.order.totalCents);
    expect(refund.quantity).toBe(-3);
    expect(cents(s.lines.find((l) => l.kind === 'partial_refund')!.refunded)).toBe(PARTIAL);

    // Every line and the totals: gross - refunded - commission = net; the totals are the lines' sums.
    for (const l of s.lines)
      expect(cents(l.gross) - cents(l.refunded) - cents(l.commission)).toBe(cents(l.net));
    for (const k of ['gross', 'refunded', 'commission', 'net'] as const) {
      expect(cents(s.totals[k])).toBe(sum(s, k));
      expect(s.operators.reduce((n, o) => n + cents(o.totals[k]), 0)).toBe(cents(s.totals[k]));
    }
    expect(s.totals).toMatchObject({ sales: 5, refunds: 1, partial_refunds: 1 });
    expect(s.lines.every((l) => l.combo === null)).toBe(true);
  });

  it("names each line's channel and operator; one operator's statement holds only its lines", async () => {
    const all = await statementOf(`from=${FROM}&to=${TO}`);
    const widgetLine = all.lines.find((l) => l.channel === 'widget')!;
    expect(widgetLine).toMatchObject({ channel_name: '+Hotel Roma, "Centro"', operator_id: greenLine });
    expect(all.lines.find((l) => l.order === orderReference(lastEvening.uniqueId))).toMatchObject({
      channel: 'reseller',
      channel_name: 'Acme Tours',
      operator_id: bigBus,
    });
    expect(all.lines.filter((l) => l.channel === 'web').every((l) => l.channel_name === null)).toBe(true);
    expect(all.lines.filter((l) => l.channel === 'web')).toHaveLength(5);

    const bb = await statementOf(`folder=${bigBus}&from=${FROM}&to=${TO}`);
    const gl = await statementOf(`folder=${greenLine}&from=${FROM}&to=${TO}`);
    expect(bb.lines.every((l) => l.operator_id === bigBus && l.package_tag === 'BB-24')).toBe(true);
    expect(gl.lines.every((l) => l.operator_id === greenLine)).toBe(true);
    expect(bb.lines.length + gl.lines.length).toBe(all.lines.length);
    expect(cents(bb.totals.net) + cents(gl.totals.net)).toBe(cents(all.totals.net));
    expect(bb.operators.map((o) => o.id)).toEqual([bigBus]);
  });

  it("applies each operator's commission, which a superuser sets; a full refund leaves none", async () => {
    const operators = (await get('/api/admin/statements/operators/')).json().operators as {
      id: number;
      slug: string;
      commission_bps: number;
    }[];
    const gl = operators.find((o) => o.id === greenLine)!;
    expect(operators.find((o) => o.id === bigBus)?.commission_bps).toBe(1500);
    const put = (slug: string, body: Record<string, unknown>, user = admin) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/operators/${slug}/commission/`,
        headers: user.auth,
        payload: body,
      });
    const res = await put(gl.slug, { commission_bps: 1250 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().operator).toMatchObject({ id: greenLine, commission_bps: 1250 });
    const [row] = await t.db.select().from(folders).where(eq(folders.id, greenLine));
    expect(row.commissionBps).toBe(1250);

    const s = await statementOf(`from=${FROM}&to=${TO}`);
    for (const l of s.lines) {
      const bps = l.operator_id === greenLine ? 1250 : 1500;
      expect(cents(l.commission)).toBe(commissionCents(cents(l.gross) - cents(l.refunded), bps));
    }
    // The refunded order: its sale's commission and its refund's cancel out.
    const plainLines = s.lines.filter((l) => l.order === s.lines.find((x) => x.kind === 'refund')?.order);
    expect(plainLines.reduce((n, l) => n + cents(l.commission), 0)).toBe(0);
    expect(s.operators.find((o) => o.id === greenLine)?.commission_bps).toBe(1250);

    // Out of range, an operator that does not exist, a customer: refused, nothing changed.
    expect((await put(gl.slug, { commission_bps: 10_001 })).statusCode).toBe(400);
    expect((await put(gl.slug, { commission_bps: 12.5 })).statusCode).toBe(400);
    expect((await put('no-such-operator', { commission_bps: 1000 })).statusCode).toBe(404);
    expect((await put(gl.slug, { commission_bps: 0 }, buyer)).statusCode).toBe(403);
    const [after] = await t.db.select().from(folders).where(eq(folders.id, greenLine));
    expect(after.commissionBps).toBe(1250);
  });

  it('reads the period in Rome: 23:30 on the last day is in, 00:10 the next day is out', async () => {
    const s = await statementOf(`from=${FROM}&to=${TO}`);
    expect(s.lines.at(-1)).toMatchObject({ kind: 'sale', date: `${TO} 23:30` });
    expect(s.lines.some((l) => l.date.startsWith(addDays(TO, 1)))).toBe(false);
    const next = await statementOf(`from=${addDays(TO, 1)}&to=${addDays(TO, 1)}`);
    expect(next.lines.map((l) => [l.kind, l.date])).toEqual([['sale', `${addDays(TO, 1)} 00:10`]]);
    expect(cents(next.totals.gross)).toBe(nextMorning.order.totalCents);
    // The day before the period starts holds none of its sales.
    const before = await statementOf(`from=${addDays(FROM, -1)}&to=${FROM}`);
    expect(before.lines).toEqual([]);
    expect(before.totals).toMatchObject({ sales: 0, gross: '0.00', net: '0.00' });
  });

  it('refuses a bad period or an unknown operator with a plain message', async () => {
    for (const [query, status] of [
      [`from=${TO}&to=${FROM}`, 400],
      [`from=2026-02-30&to=${TO}`, 400],
      [`to=${TO}`, 400],
      [`from=2025-01-01&to=2026-12-31`, 400],
      [`folder=abc&from=${FROM}&to=${TO}`, 400],
      [`folder=999999&from=${FROM}&to=${TO}`, 404],
    ] as const) {
      const res = await get(`/api/admin/statements/?${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await get(`/api/admin/statements/?from=${FROM}&to=${TO}`, buyer)).statusCode).toBe(403);
  });
});

describe('statement files', () => {
  it('CSV: a header in the stable order, formulas written as text, the same sums', async () => {
    const s = await statementOf(`from=${FROM}&to=${TO}`);
    const res = await get(`/api/admin/statements/csv/?from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement_all_${FROM}_${TO}.csv"`);
    const [header, ...lines] = res.body.trimEnd().split('\r\n');
    expect(header).toBe(STATEMENT_COLUMNS.join(','));
    expect(lines).toHaveLength(s.lines.length);
    // The product that starts with = and the partner that starts with +: quoted text, never a formula.
    expect(res.body).toContain(`,"'=HYPERLINK(""http://x"")",GL-24,`);
    expect(res.body).toContain(`,widget,"'+Hotel Roma, ""Centro""",`);
    // No field starts a formula: only numbers start with a minus.
    expect(lines.some((l) => /(^|,)([=+@]|-(?!\d))/.test(l))).toBe(false);
    // The amounts are the last four fields of each line.
    const amounts = lines.map((l) => l.split(',').slice(-4).map(cents));
    const col = (i: number) => amounts.reduce((n, a) => n + a[i], 0);
    expect([col(0), col(1), col(2), col(3)]).toEqual(
      (['gross', 'refunded', 'commission', 'net'] as const).map((k) => cents(s.totals[k])),
    );
  });

  it('XLSX: read back with the same library family, the same lines and sums; texts stay texts', async () => {
    const s = await statementOf(`from=${FROM}&to=${TO}`);
    const res = await get(`/api/admin/statements/xlsx/?folder=${greenLine}&from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const file = res.rawPayload;
    const [header, ...rows] = await readSheet(file, 'Statement');
    expect(header).toEqual([...STATEMENT_COLUMNS]);
    const gl = s.lines.filter((l) => l.operator_id === greenLine);
    expect(rows).toHaveLength(gl.length);
    const idx = (c: (typeof STATEMENT_COLUMNS)[number]) => STATEMENT_COLUMNS.indexOf(c);
    const total = (c: (typeof STATEMENT_COLUMNS)[number]) =>
      rows.reduce((n, r) => n + Math.round(Number(r[idx(c)]) * 100), 0);
    const glTotals = s.operators.find((o) => o.id === greenLine)!.totals;
    expect(total('gross_eur')).toBe(cents(glTotals.gross));
    expect(total('refunded_eur')).toBe(cents(glTotals.refunded));
    expect(total('commission_eur')).toBe(cents(glTotals.commission));
    expect(total('net_eur')).toBe(cents(glTotals.net));
    expect(rows.every((r) => r[idx('product')] === '=HYPERLINK("http://x")')).toBe(true);
    expect(rows.map((r) => r[idx('order')])).toEqual(gl.map((l) => l.order));
    // The totals sheet: the operator, then the total, with the same net.
    const totals = await readSheet(file, 'Totals');
    expect(totals.at(-1)?.at(-1)).toBe(Number(glTotals.net));
  });
});

describe('partial refunds', () => {
  it('are recorded once per report, never beyond the payment, never for a refunded order', async () => {
    const again = await recordProviderPartialRefund(t.db, {
      orderId: promo.order.id,
      cumulativeCents: PARTIAL,
      at: new Date(),
      sourceRef: 'test:promo',
    });
    expect(again).toBe('unchanged');
    const refunded = await recordProviderPartialRefund(t.db, {
      orderId: plain.order.id,
      cumulativeCents: 100,
      at: new Date(),
      sourceRef: 'test:plain',
    });
    expect(refunded).toBe('unchanged');
    const parts = await t.db
      .select()
      .from(orderPartialRefunds)
      .where(and(inArray(orderPartialRefunds.orderId, [promo.order.id, plain.order.id])));
    expect(parts.map((p) => p.cents)).toEqual([PARTIAL]);
  });
});

describe('npm run admin -- statement', () => {
  it('prints the lines and totals that add up, or the CSV; a bad period is a usage error', async () => {
    const s = await statementOf(`folder=${bigBus}&from=${FROM}&to=${TO}`);
    const text = await run(t.database, 'statement', { folder: String(bigBus), from: FROM, to: TO });
    const t1 = s.totals;
    expect(text).toContain(
      `Total: sales ${t1.sales}, refunds ${t1.refunds}, partial refunds ${t1.partial_refunds}; gross ${t1.gross} - refunded ${t1.refunded} - commission ${t1.commission} = net ${t1.net} EUR`,
    );
    expect(text).toContain(orderReference(plain.uniqueId));
    const csv = await run(t.database, 'statement', { from: FROM, to: TO, csv: 'true' });
    expect(csv.split('\r\n')[0]).toBe(STATEMENT_COLUMNS.join(','));
    await expect(run(t.database, 'statement', { from: TO, to: FROM })).rejects.toThrow(
      /from must come before to/,
    );
  });
});
