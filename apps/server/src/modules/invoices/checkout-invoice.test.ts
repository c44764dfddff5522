/**
 * 'I need an invoice' at checkout (decision 069): the billing details are checked by the after-payment
 * form's rules and kept with the order, no number is taken while it is unpaid, and the payment's
 * fulfilment (the test checkout's Pay, a Stripe webhook: one path) issues exactly one invoice, also
 * when it runs twice; a bad field is a 400 with its message and nothing stored; an operator that
 * issues no invoices is refused before anything is held.
 */
import { randomBytes } from 'node:crypto';
import { INVOICE_MESSAGES, romeParts } from '@rome/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, invoiceCounters, invoices, mailOutbox, orders, packages } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { COMPANY as ITALIAN_COMPANY, PERSON, PERSON_ABROAD } from '../../test/invoice-buyers';
import { multipart } from '../../test/multipart';
import { createUser, type TestUser } from '../../test/users';
import { fulfilPaidSession } from '../orders/payment';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let busFolderId: number;
let unsellerTag: string;
const run = randomBytes(3).toString('hex');
const year = Number(romeParts(new Date()).date.slice(0, 4));
const PASS = { package_identifier: 'BB-24', adult_count: '2', youth_count: '1' };

/** The after-payment tests' company, with an SDI code typed in lower case. */
const COMPANY = { ...ITALIAN_COMPANY, sdi_code: 'abc1234' } as const;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.app, t.db);
  const [bb] = await t.db.select().from(packages).where(eq(packages.packageTag, 'BB-24'));
  busFolderId = bb.folderId;
  // An operator whose seller data is not set: it issues no invoices through the shop.
  const [bare] = await t.db
    .insert(folders)
    .values({ name: `No seller ${run}`, companySlug: `no-seller-${run}`, seller: null })
    .returning();
  const { id: _id, ...rest } = bb;
  unsellerTag = `INV-NOSELLER-${run}`;
  await t.db.insert(packages).values({ ...rest, packageTag: unsellerTag, folderId: bare.id });
});
afterAll(async () => {
  await t?.close();
});

const lastNumber = async () =>
  (
    await t.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.folderId, busFolderId), eq(invoiceCounters.year, year)))
  )[0]?.lastNumber ?? 0;
const ordersOf = async (userId: string) =>
  (await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0].n;
const invoicesOf = (orderId: string) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
const orderOfSession = async (session: string) =>
  (await t.db.select().from(orders).where(eq(orders.providerSessionId, session)))[0];

/** A signed-in checkout with `invoice` as a multipart field (the JSON text the web sends). */
async function checkoutWith(invoice: unknown, fields: Record<string, string> = PASS, user = buyer) {
  const form = await multipart({
    ...fields,
    ...(invoice === undefined
      ? {}
      : { invoice: typeof invoice === 'string' ? invoice : JSON.stringify(invoice) }),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}
const pay = (session: string, user = buyer) =>
  t.app.inject({ method: 'POST', url: `/api/test-checkout/${session}/pay/`, headers: user.auth });

describe('an invoice asked for at checkout', () => {
  it('is kept with the order without a number, and issued once when the payment is fulfilled', async () => {
    const before = await lastNumber();
    const res = await checkoutWith(COMPANY);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().id as string;
    const pending = await orderOfSession(session);
    // The details as the after-payment form keeps them: upper case, no spaces.
    expect(pending.invoiceRequest).toMatchObject({
      kind: 'company',
      company_name: 'Viaggi Rossi S.r.l.',
      province: 'RM',
      vat_number: '01234567897',
      sdi_code: 'ABC1234',
    });
    // Unpaid: no invoice and no number taken.
    expect(await invoicesOf(pending.id)).toHaveLength(0);
    expect(await lastNumber()).toBe(before);

    const paid = await pay(session);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result).toBe('fulfilled');
    const docs = await invoicesOf(pending.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: 'invoice',
      year,
      number: before + 1,
      totalCents: pending.totalCents,
    });
    expect(docs[0].buyer.company_name).toBe('Viaggi Rossi S.r.l.');
    expect(await lastNumber()).toBe(before + 1);

    // Paying again (a second Pay, a webhook delivered twice) issues nothing more.
    expect((await pay(session)).json().result).toBe('already_paid');
    expect(
      await fulfilPaidSession({ db: t.db, publicUrl: 'http://shop.test' }, session, {
        amountCents: pending.totalCents,
        currency: 'eur',
      }),
    ).toBe('already_paid');
    expect(await invoicesOf(pending.id)).toHaveLength(1);
    expect(await lastNumber()).toBe(before + 1);

    // The buyer's purchase history and the ticket e-mail offer it.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/tickets/${pending.uniqueId}/invoice/`,
      headers: buyer.auth,
    });
    expect(view.json().invoice.number).toBe(`${year}/${before + 1}`);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    const mail = mails.find((m) => m.text.includes('You asked for an invoice'));
    expect(mail?.text).toMatch(/You asked for an invoice: .*\/t\/[A-Za-z0-9_-]{43}/);
  });

  it('racing fulfilments of one payment (webhook and Pay at once) make one invoice', async () => {
    const before = await lastNumber();
    const session = (await checkoutWith(PERSON_ABROAD)).json().id as string;
    const order = await orderOfSession(session);
    const deps = { db: t.db, publicUrl: 'http://shop.test' };
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        fulfilPaidSession(deps, session, { amountCents: order.totalCents, currency: 'eur' }),
      ),
    );
    expect(results.filter((r) => r === 'fulfilled')).toHaveLength(1);
    const docs = await invoicesOf(order.id);
    expect(docs).toHaveLength(1);
    expect(docs[0].buyer).toMatchObject({ kind: 'person', country: 'FR', last_name: 'Dupont' });
    expect(await lastNumber()).toBe(before + 1);
  });

  it('issues none for an order left unpaid or cancelled, and none for a checkout without one', async () => {
    const before = await lastNumber();
    const open = await checkoutWith(COMPANY);
    const cancelled = await checkoutWith(COMPANY);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${cancelled.json().id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A cancelled checkout is not paid afterwards either.
    expect((await pay(cancelled.json().id)).statusCode).toBe(409);
    const plain = (await checkoutWith(undefined)).json().id as string;
    expect((await pay(plain)).json().result).toBe('fulfilled');
    for (const session of [open.json().id, cancelled.json().id, plain]) {
      expect(await invoicesOf((await orderOfSession(session)).id)).toHaveLength(0);
    }
    expect((await orderOfSession(plain)).invoiceRequest).toBeNull();
    expect(await lastNumber()).toBe(before);
  });

  it('a guest asks too (a JSON body), and the ticket link offers the invoice', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest-checkout-session/',
      payload: { ...PASS, email: `guest-${run}@example.com`, invoice: PERSON_ABROAD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/guest-checkout/${res.json().id}/pay/`,
      headers: { cookie },
    });
    expect(paid.json().result).toBe('fulfilled');
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `guest-${run}@example.com`));
    const token = /\/t\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];
    const view = await t.app.inject({ method: 'GET', url: `/api/ticket-links/${token}/invoice/` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().invoice.pdf).toMatch(/\/invoice\/invoice\/pdf\/$/);
    const xml = await t.app.inject({ method: 'GET', url: view.json().invoice.xml });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<Cognome>Dupont</Cognome>');
  });
});

describe('bad invoice details at checkout', () => {
  it('are refused with the form’s plain message, and nothing is stored', async () => {
    const cases: [unknown, string][] = [
      [{ ...COMPANY, vat_number: '01234567890' }, INVOICE_MESSAGES.vatNumber],
      [{ ...COMPANY, vat_number: '' }, INVOICE_MESSAGES.companyNeedsVat],
      [{ ...COMPANY, postcode: '186' }, INVOICE_MESSAGES.postcode],
      [{ ...COMPANY, kind: 'pet' }, INVOICE_MESSAGES.kind],
      [{ ...PERSON_ABROAD, last_name: '' }, INVOICE_MESSAGES.lastName],
      [{ ...PERSON, tax_code: '' }, INVOICE_MESSAGES.personNeedsTaxCode],
      ['{"kind": "company",', INVOICE_MESSAGES.unreadable],
      ['["a list"]', INVOICE_MESSAGES.unreadable],
    ];
    const before = await ordersOf(buyer.id);
    const number = await lastNumber();
    for (const [invoice, message] of cases) {
      const res = await checkoutWith(invoice);
      expect(res.statusCode, JSON.stringify(invoice)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    // A JSON body is judged alike.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/guest-checkout-session/',
      payload: { ...PASS, email: `bad-${run}@example.com`, invoice: { ...COMPANY, tax_code: 'NOTACODE' } },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(INVOICE_MESSAGES.taxCode);
    expect(
      await t.db
        .select()
        .from(orders)
        .where(eq(orders.guestEmail, `bad-${run}@example.com`)),
    ).toHaveLength(0);
    expect(await ordersOf(buyer.id)).toBe(before);
    expect(await lastNumber()).toBe(number);
  });

  it('an operator that issues no invoices yet is refused before anything is held', async () => {
    const before = await ordersOf(buyer.id);
    const res = await checkoutWith(COMPANY, { ...PASS, package_identifier: unsellerTag });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe(INVOICE_MESSAGES.noSeller);
    expect(await ordersOf(buyer.id)).toBe(before);
    // Without an invoice the same package sells as before.
    expect((await checkoutWith(undefined, { ...PASS, package_identifier: unsellerTag })).statusCode).toBe(
      200,
    );
  });
});

describe("the customer's data download", () => {
  it("holds the account's invoices with their seller, totals and billing details, and no one else's", async () => {
    const mine = await createUser(t.app, t.db);
    const someoneElse = await createUser(t.app, t.db);
    const paidSession = (await checkoutWith(COMPANY, PASS, mine)).json().id as string;
    expect((await pay(paidSession, mine)).json().result).toBe('fulfilled');
    // Asked for and not paid: the details are held with the order, and there is no invoice.
    const openSession = (await checkoutWith(PERSON_ABROAD, PASS, mine)).json().id as string;
    const theirs = (
      await checkoutWith({ ...COMPANY, company_name: 'Altra Ditta S.p.A.' }, PASS, someoneElse)
    ).json().id as string;
    expect((await pay(theirs, someoneElse)).json().result).toBe('fulfilled');

    const res = await t.app.inject({ method: 'GET', url: '/api/profile/data/', headers: mine.auth });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    const [invoice] = await invoicesOf((await orderOfSession(paidSession)).id);
    const [folder] = await t.db.select().from(folders).where(eq(folders.id, busFolderId));
    expect(data.invoices).toEqual([
      {
        kind: 'invoice',
        number: `${invoice.year}/${invoice.number}`,
        date: invoice.issueDate,
        order_reference: expect.any(String),
        seller: { legal_name: folder.seller!.legal_name, vat_number: folder.seller!.vat_number },
        billing_details: expect.objectContaining({
          kind: 'company',
          company_name: 'Viaggi Rossi S.r.l.',
          vat_number: '01234567897',
          street: 'Via del Corso 12',
        }),
        taxable: expect.stringMatching(/^\d+\.\d{2}$/),
        tax: expect.stringMatching(/^\d+\.\d{2}$/),
        total: (invoice.totalCents / 100).toFixed(2),
      },
    ]);
    const open = data.orders.find((o: any) => o.status === 'pending');
    expect(open.invoice_request).toMatchObject({ kind: 'person', last_name: 'Dupont', country: 'FR' });
    expect(res.body).not.toContain('Altra Ditta');

    // Deleting the account drops the details held with its orders; the invoice keeps its own (decision 061).
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/profile/delete/',
      headers: mine.auth,
      payload: { password: mine.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await orderOfSession(openSession)).invoiceRequest).toBeNull();
    expect(await invoicesOf(invoice.orderId)).toHaveLength(1);
  });
});

describe("the superusers' invoices panel", () => {
  it("lists every operator's documents of a year, or one operator's, with their files", async () => {
    const superuser = await createUser(t.app, t.db, { isSuperuser: true });
    const session = (await checkoutWith(COMPANY)).json().id as string;
    await pay(session);
    const [invoice] = await invoicesOf((await orderOfSession(session)).id);
    const [folder] = await t.db.select().from(folders).where(eq(folders.id, busFolderId));
    const list = (query: string, user = superuser) =>
      t.app.inject({ method: 'GET', url: `/api/admin/invoices/?${query}`, headers: user.auth });

    const all = await list(`year=${year}`);
    expect(all.statusCode, all.body).toBe(200);
    const row = all.json().invoices.find((r: any) => r.id === invoice.id);
    expect(row).toMatchObject({
      kind: 'invoice',
      operator: folder.companySlug,
      operator_name: folder.name,
      number: `${year}/${invoice.number}`,
      buyer: 'Viaggi Rossi S.r.l.',
      pdf: `/api/admin/invoices/${invoice.id}/pdf/`,
    });
    const pdf = await t.app.inject({ method: 'GET', url: row.pdf, headers: superuser.auth });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // One operator's: this one's has it, another's has not; another year has none of it.
    const own = (await list(`year=${year}&operator=${folder.companySlug}`)).json().invoices;
    expect(own.map((r: any) => r.id)).toContain(invoice.id);
    expect(own.every((r: any) => r.operator === folder.companySlug)).toBe(true);
    expect((await list(`year=${year}&operator=no-seller-${run}`)).json().invoices).toEqual([]);
    expect((await list(`year=${year - 1}`)).json().invoices.map((r: any) => r.id)).not.toContain(invoice.id);
    // Customers do not list invoices.
    expect((await list(`year=${year}`, buyer)).statusCode).toBe(403);
  });
});
