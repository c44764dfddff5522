/**
 * Invoices (decisions 061, 062) through the API: a buyer asks from the account or the ticket link and
 * gets one invoice per order, split by the package's VAT treatment, as a PDF and a FatturaPA XML that
 * the official schema accepts; bad codes are refused with nothing stored; only the order's owner (or
 * the link) opens it; a refund issues the credit note; numbers run without gaps per operator and year,
 * also when many buyers ask at once; superusers list, download and set the treatments.
 */
import { randomBytes } from 'node:crypto';
import { INVOICE_MESSAGES, orderReference, romeParts } from '@rome/contract';
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, invoiceCounters, invoices, mailOutbox, orders, packages } from '../../db/schema';
import { buyTicket } from '../../test/buy';
import { checkFatturaPa } from '../../test/fatturapa-schema';
import { createTestApp } from '../../test/harness';
import { COMPANY, PERSON } from '../../test/invoice-buyers';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;
let superuser: TestUser;
const run = randomBytes(3).toString('hex');
/** Copies of BB-24 at known prices (adult 35.00, youth 19.00), one for a bus operator, one for the museums. */
let busTag: string;
let museumTag: string;
let busFolderId: number;
const year = Number(romeParts(new Date()).date.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.app, t.db);
  other = await createUser(t.app, t.db);
  superuser = await createUser(t.app, t.db, { isSuperuser: true });
  const [bb] = await t.db.select().from(packages).where(eq(packages.packageTag, 'BB-24'));
  const [museums] = await t.db.select().from(folders).where(eq(folders.companySlug, 'roma-musei'));
  const { id: _id, ...rest } = bb;
  busFolderId = bb.folderId;
  busTag = `INV-BUS-${run}`;
  museumTag = `INV-MUS-${run}`;
  const prices = { adultPriceCents: 3500, youthPriceCents: 1900 };
  await t.db.insert(packages).values([
    { ...rest, ...prices, packageTag: busTag, vatRateBp: 1000, vatNature: null, vatLaw: null },
    {
      ...rest,
      ...prices,
      packageTag: museumTag,
      folderId: museums.id,
      ticketType: 'museum',
      vatRateBp: 0,
      vatNature: 'N4',
      vatLaw: 'Esente art. 10, comma 1, n. 22, DPR 633/72',
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const buy = async (tag = busTag, user = buyer) =>
  (await buyTicket(t.app, t.db, user, { package_identifier: tag })).order;

const ask = (uniqueId: string, body: object, user: TestUser | null = buyer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tickets/${uniqueId}/invoice/`,
    headers: user?.auth ?? {},
    payload: body,
  });
const get = (url: string, user: TestUser | null = buyer) =>
  t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

/** The link in the ticket e-mail of an order (only its hash is stored). */
async function linkToken(uniqueId: string, to = buyer.email) {
  const rows = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt));
  const mail = rows.filter((m) => m.text.includes(orderReference(uniqueId))).at(-1);
  return /\/t\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '')?.[1] as string;
}

describe('asking for an invoice', () => {
  it('a paid order gets one invoice, taxed at its package rate, with the next number; asking again answers it', async () => {
    const order = await buy();
    const [before] = await t.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.folderId, busFolderId), eq(invoiceCounters.year, year)));
    const res = await ask(order.uniqueId, COMPANY);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.invoice.number).toBe(`${year}/${(before?.lastNumber ?? 0) + 1}`);
    expect(view.invoice.total).toBe('89.00');
    expect(view.credit_note).toBeNull();
    // 2 x 35.00 + 19.00 = 89.00 at 10 %: base 80.91, VAT 8.09.
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect([row.taxableCents, row.taxCents, row.totalCents]).toEqual([8091, 809, 8900]);
    expect(row.lines.reduce((a, l) => a + l.netCents, 0)).toBe(8091);
    // Codes are kept as the shop writes them: upper case, no spaces.
    expect(row.buyer.vat_number).toBe('01234567897');
    expect(row.buyer.province).toBe('RM');

    const again = await ask(order.uniqueId, { ...COMPANY, company_name: 'Someone Else S.p.A.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(view);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it('an exempt package (museum admission, N4) has no VAT, and its XML cites the law', async () => {
    const order = await buy(museumTag);
    const res = await ask(order.uniqueId, PERSON);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect([row.taxableCents, row.taxCents, row.totalCents]).toEqual([8900, 0, 8900]);
    const xml = await get(res.json().invoice.xml);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['content-disposition']).toMatch(/filename="IT16884021003_[0-9A-Z]{5}\.xml"/);
    expect(xml.body).toContain('<Natura>N4</Natura>');
    expect(xml.body).toContain('<CodiceFiscale>BNCGLI85M41H501Z</CodiceFiscale>');
    expect(await checkFatturaPa(xml.body)).toEqual({ valid: true, errors: [] });
  });

  it('the PDF is in the order language and the XML validates against the official schema', async () => {
    const order = await buy();
    const view = (await ask(order.uniqueId, COMPANY)).json();
    const pdf = await get(view.invoice.pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice ${view.invoice.number}`);
    expect(text).toContain('Viaggi Rossi S.r.l.');
    expect(text).toContain('Big Bus Roma S.r.l.');
    expect(text).toContain('80.91');
    const xml = await get(view.invoice.xml);
    expect(xml.body).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(xml.body).toContain(`<Numero>${view.invoice.number}</Numero>`);
    expect(await checkFatturaPa(xml.body)).toEqual({ valid: true, errors: [] });
  });

  it('refuses bad codes with a plain message and stores nothing', async () => {
    const order = await buy();
    const counters = await t.db.select().from(invoiceCounters);
    const cases: [object, string][] = [
      [{ ...COMPANY, vat_number: '01234567890' }, INVOICE_MESSAGES.vatNumber],
      [{ ...COMPANY, vat_number: '' }, INVOICE_MESSAGES.companyNeedsVat],
      [{ ...PERSON, tax_code: 'BNCGLI85M41H50' }, INVOICE_MESSAGES.taxCode],
      [{ ...PERSON, tax_code: '' }, INVOICE_MESSAGES.personNeedsTaxCode],
      [{ ...PERSON, postcode: '1234' }, INVOICE_MESSAGES.postcode],
      [{ ...PERSON, province: 'Roma' }, INVOICE_MESSAGES.province],
      [{ ...COMPANY, sdi_code: 'ABC' }, INVOICE_MESSAGES.sdiCode],
      [{ ...COMPANY, kind: 'robot' }, INVOICE_MESSAGES.kind],
    ];
    for (const [body, message] of cases) {
      const res = await ask(order.uniqueId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
      expect(res.body).not.toMatch(/stack|at .*\.ts/);
    }
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);
    expect(await t.db.select().from(invoiceCounters)).toEqual(counters);
    // A foreign buyer's VAT number is checked for shape only; a foreign postcode may be anything short.
    const foreign = await ask(order.uniqueId, {
      kind: 'company',
      company_name: 'Voyages Dupont SARL',
      country: 'FR',
      street: '1 rue de Rivoli',
      postcode: '75001',
      city: 'Paris',
      vat_number: 'FR 40 303 265 045',
    });
    expect(foreign.statusCode, foreign.body).toBe(200);
    // Its country prefix is not part of the identifier the e-invoice carries.
    const xml = await get(foreign.json().invoice.xml);
    expect(xml.body).toContain('<IdPaese>FR</IdPaese><IdCodice>40303265045</IdCodice>');
    expect(xml.body).toContain('<CodiceDestinatario>XXXXXXX</CodiceDestinatario>');
    expect(await checkFatturaPa(xml.body)).toEqual({ valid: true, errors: [] });
    // An Italian number typed with its IT prefix is the same number.
    const prefixed = await buy();
    expect((await ask(prefixed.uniqueId, { ...COMPANY, vat_number: 'IT01234567897' })).statusCode).toBe(200);
  });

  it('only the buyer opens it: others get 404, strangers 401, a superuser too goes through the admin list', async () => {
    const order = await buy();
    const view = (await ask(order.uniqueId, COMPANY)).json();
    for (const user of [other, superuser]) {
      expect((await get(`/api/tickets/${order.uniqueId}/invoice/`, user)).statusCode).toBe(404);
      expect((await get(view.invoice.pdf, user)).statusCode).toBe(404);
      expect((await get(view.invoice.xml, user)).statusCode).toBe(404);
      expect((await ask(order.uniqueId, COMPANY, user)).statusCode).toBe(404);
    }
    expect((await get(view.invoice.pdf, null)).statusCode).toBe(401);
    expect((await get(`/api/tickets/${order.uniqueId}/invoice/credit-note/pdf/`)).statusCode).toBe(404);
    // Someone else's order asked by a stranger's account issues nothing.
    const theirs = await buy(busTag, other);
    expect((await ask(theirs.uniqueId, COMPANY)).statusCode).toBe(404);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, theirs.id))).toEqual([]);
  });

  it('the ticket link opens it too (asks, reads, downloads); a wrong token is 404', async () => {
    const order = await buy();
    const token = await linkToken(order.uniqueId);
    expect(token).toBeTruthy();
    const empty = await get(`/api/ticket-links/${token}/invoice/`, null);
    expect(empty.json()).toEqual({ invoice: null, credit_note: null });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ticket-links/${token}/invoice/`,
      payload: PERSON,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await get(res.json().invoice.pdf, null);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/api/tickets/${order.uniqueId}/invoice/`)).json().invoice.number).toBe(
      res.json().invoice.number,
    );
    const wrong = 'A'.repeat(43);
    expect((await get(`/api/ticket-links/${wrong}/invoice/invoice/pdf/`, null)).statusCode).toBe(404);
  });

  it('an unpaid order gets none (409), and nothing is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: buyer.auth,
      payload: { package_identifier: busTag, adult_count: '1', youth_count: '0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [pending] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    expect(pending.status).toBe('pending');
    const refused = await ask(pending.uniqueId, COMPANY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(INVOICE_MESSAGES.notPaid);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, pending.id))).toEqual([]);
  });
});

describe('credit notes and numbering', () => {
  it('a refund of an invoiced order issues a credit note (TD04) referring to it, next in the series', async () => {
    const order = await buy();
    const view = (await ask(order.uniqueId, COMPANY)).json();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${order.uniqueId}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await get(`/api/tickets/${order.uniqueId}/invoice/`)).json();
    expect(after.invoice).toEqual(view.invoice);
    expect(after.credit_note.total).toBe('89.00');
    const [inv, note] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.number));
    expect(note.kind).toBe('credit_note');
    expect(note.refersToId).toBe(inv.id);
    expect(note.folderId).toBe(inv.folderId);
    expect(note.number).toBeGreaterThan(inv.number);
    const xml = await get(after.credit_note.xml);
    expect(xml.body).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml.body).toContain(`<IdDocumento>${view.invoice.number}</IdDocumento>`);
    expect(await checkFatturaPa(xml.body)).toEqual({ valid: true, errors: [] });
    expect(await pdfText((await get(after.credit_note.pdf)).rawPayload)).toContain(
      `Cancels invoice ${view.invoice.number}`,
    );
    // A refunded order gets no new invoice, and a refund without an invoice issues no credit note.
    const plain = await buy();
    await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${plain.uniqueId}/cancel/`,
      headers: buyer.auth,
    });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, plain.id))).toEqual([]);
    const late = await ask(plain.uniqueId, COMPANY);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(INVOICE_MESSAGES.refunded);
  });

  it('parallel requests for one operator get consecutive numbers, no gap, no duplicate', async () => {
    const n = 8;
    const bought = [];
    for (let i = 0; i < n; i++) bought.push(await buy());
    const numbersBefore = await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.folderId, busFolderId), eq(invoices.year, year)));
    const start = Math.max(0, ...numbersBefore.map((r) => r.number));
    // Each order asked twice at once: one invoice per order all the same.
    const answers = await Promise.all(
      bought.flatMap((o) => [ask(o.uniqueId, COMPANY), ask(o.uniqueId, PERSON)]),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    for (let i = 0; i < n; i++)
      expect(answers[2 * i].json().invoice).toEqual(answers[2 * i + 1].json().invoice);
    const got = answers
      .filter((_, i) => i % 2 === 0)
      .map((a) => Number(a.json().invoice.number.split('/')[1]))
      .sort((a, b) => a - b);
    expect(got).toEqual(Array.from({ length: n }, (_, i) => start + i + 1));
    const all = await t.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.folderId, busFolderId), eq(invoices.year, year)))
      .orderBy(asc(invoices.number));
    expect(all.map((r) => r.number)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});

describe('superusers', () => {
  it('list an operator year with downloads, and set a package treatment the next invoice uses', async () => {
    const list = await get(`/api/admin/invoices/?operator=big-bus&year=${year}`, superuser);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().invoices;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r: { number: string }) => Number(r.number.split('/')[1]))).toEqual(
      rows.map((_: unknown, i: number) => i + 1),
    );
    const pdf = await get(rows[0].pdf, superuser);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await get(rows[0].xml, buyer)).statusCode).toBe(403);

    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/packages/${busTag}/vat/`,
      headers: superuser.auth,
      payload: { rate: '22' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const order = await buy();
    await ask(order.uniqueId, COMPANY);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    // 89.00 at 22 %: base 72.95, VAT 16.05.
    expect([row.taxableCents, row.taxCents]).toEqual([7295, 1605]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/packages/${busTag}/vat/`,
      headers: superuser.auth,
      payload: { rate: '0' },
    });
    expect(bad.statusCode).toBe(400);
    const customer = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/packages/${busTag}/vat/`,
      headers: buyer.auth,
      payload: { rate: '4' },
    });
    expect(customer.statusCode).toBe(403);
  });
});
