/**
 * The ticket's documents speak the order's language (issue #20): the link page's words, the PDF
 * (labels, status, terms, metadata; accents drawn by the built-in Helvetica), the ticket-links e-mails
 * (re-send and 'Find my tickets', links under the language's prefix) and the refund e-mail. English
 * orders are covered, unchanged, by ticket-links.test.ts.
 */
import { orderReference } from '@rome/contract';
import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import type { MailAttachment } from '../../mail/outbox';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.app, t.db, { name: 'Giulia Compratrice' });
});
afterAll(() => t?.close());

const api = apiCaller(() => t.app);
const TOKEN_IN_TEXT = /\/t\/([A-Za-z0-9_-]{43})\b/;
/** BB-NIGHT's title in Italian (seed/package-words.ts). */
const ITALIAN_TITLE = 'Big Bus Roma di notte';
/** An Italian date and time as Intl writes it: 'gio 26 nov 2026, 21:00'. */
const ITALIAN_WHEN = /^(lun|mar|mer|gio|ven|sab|dom) \d{1,2} [a-z]{3} \d{4}, 21:00$/;

/** Buys through the test checkout in `language` (none: English); answers the order. */
const buy = async (fields: Record<string, string>, language?: string, user: TestUser = buyer) =>
  (await buyTicket(t.app, t.db, user, { ...fields, ...(language ? { language } : {}) })).order;

/** The BB-NIGHT bus (21:00 daily) some days ahead, so it can still be cancelled: a ticket with a slot. */
async function nightFields() {
  const dates = (await api('GET', '/api/package/E9/BB-NIGHT/')).json().data.dates as string[];
  return { package_identifier: 'BB-NIGHT', date: dates[Math.min(5, dates.length - 1)] };
}

async function mailsTo(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
}

/** The link token in the order's ticket e-mail. */
async function ticketMailToken(order: { uniqueId: string }, to = buyer.email) {
  const mail = (await mailsTo(to)).find((m) => m.text.includes(orderReference(order.uniqueId)));
  return TOKEN_IN_TEXT.exec(mail?.text ?? '')![1];
}

async function pdfOf(body: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(doc, { mergePages: true });
  // pdf.js types the document's information dictionary as a bare Object.
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  // Lines wrap where the page ends: one space for any run of white space (no-break spaces too).
  return { text: text.replace(/\s+/g, ' '), info };
}

describe('an Italian order', () => {
  let order: Awaited<ReturnType<typeof buy>>;
  let token: string;

  beforeAll(async () => {
    order = await buy(await nightFields(), 'it');
    expect(order.language).toBe('it');
    token = await ticketMailToken(order);
  });

  it('the ticket link answers the visit, the counts and the usage in Italian', async () => {
    const link = (await api('GET', `/api/ticket-links/${token}/`)).json();
    expect(link.when).toMatch(ITALIAN_WHEN);
    expect(link.tickets).toBe('2 adulti, 1 ragazzo');
    expect(link.usage).toBe('Ingresso a orario: arriva 15 minuti prima del tuo orario (ora di Roma).');
    // The package's Italian title (seed/package-words.ts), as every document of the order names it.
    expect(link.package).toBe(ITALIAN_TITLE);
  });

  it('the ticket e-mail offers the PDF by a link, in Italian (decision 048)', async () => {
    const mail = (await mailsTo(buyer.email)).find((m) => m.text.includes(orderReference(order.uniqueId)))!;
    expect(mail.text).toMatch(
      /\nIl tuo biglietto in PDF, da stampare o conservare: http:\/\/\S+\/api\/ticket-links\/[\w-]{43}\/pdf\/\n/,
    );
    expect(mail.html).toContain('>Scarica il biglietto in PDF</a>');
    expect(mail.html).toContain('Non serve accedere e, una volta aperto, funziona anche senza segnale.</p>');
    expect((mail.attachments as MailAttachment[]).map((a) => a.contentType)).toEqual(['image/png']);
  });

  it('the PDF reads in Italian, accents included, with the Italian terms page', async () => {
    const res = await api('GET', `/api/ticket-links/${token}/pdf/`);
    expect(res.statusCode).toBe(200);
    const { text, info } = await pdfOf(res.rawPayload);
    const reference = orderReference(order.uniqueId);
    const when = (await api('GET', `/api/ticket-links/${token}/`)).json().when as string;
    for (const words of [
      'Rome Bus Tickets',
      `Ordine ${reference}`,
      `Riferimento ordine ${reference}`,
      `Quando ${when} (ora di Roma)`,
      'Biglietti 2 adulti, 1 ragazzo',
      'Stato Valido',
      'Ingresso a orario: arriva 15 minuti prima del tuo orario (ora di Roma).',
      'Mostra questo codice QR a un agente.',
      'Condizioni',
      'Questo biglietto è valido per la visita indicata (ora di Roma)',
      'Cancellazione gratuita fino a',
      'il biglietto non è rimborsabile.',
      'Termini e condizioni completi: http://',
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/Totale pagato \d+,\d\d €/);
    expect(text).toMatch(/completi: http:\/\/\S+\/it\/terms/);
    for (const english of ['Order reference', 'Show this QR code', 'Total paid', 'Terms', 'When'])
      expect(text).not.toContain(english);
    // No character fell out of Helvetica's Windows-1252.
    expect(text).not.toContain('?');
    expect(info.Title).toBe(`Biglietto ${reference}: ${ITALIAN_TITLE}`);
    expect(info.Subject).toBe('Biglietto');
    expect(info.Language).toBe('it');
  });

  it('the re-send from the purchase history comes in Italian, its link under /it', async () => {
    const res = await api('POST', `/api/tickets/${order.uniqueId}/resend/`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await mailsTo(buyer.email)).filter((m) => m.subject.startsWith('Il link')).at(-1)!;
    expect(mail.subject).toBe(`Il link del tuo biglietto: ${ITALIAN_TITLE}`);
    expect(mail.text).toContain('Ecco di nuovo il tuo biglietto, con un nuovo link:');
    expect(mail.text).toMatch(
      /\n(lun|mar|mer|gio|ven|sab|dom) \d{1,2} [a-z]{3} \d{4}, 21:00 \(ora di Roma\) · 2 adulti, 1 ragazzo · ordine [A-Z0-9]{4}-[A-Z0-9]{4}\n/,
    );
    expect(mail.text).toContain('I link inviati o inoltrati prima di questa e-mail continuano a funzionare.');
    const fresh = /https?:\/\/[^/\s]+\/it\/t\/([\w-]{43})\n/.exec(mail.text)?.[1];
    expect(fresh, 'a link under /it').toBeTruthy();
    expect((await api('GET', `/api/ticket-links/${fresh}/`)).json().status).toBe('valid');
    expect(mail.html).toContain('<html lang="it">');
    expect(mail.html).toContain('>Apri il tuo biglietto</a>');
    const pdf = (mail.attachments as MailAttachment[]).find((a) => a.contentType === 'application/pdf');
    expect(pdf?.render).toMatchObject({
      kind: 'ticket-pdf',
      termsUrl: expect.stringMatching(/\/it\/terms$/),
    });
    token = fresh!;
  });

  it('a cancellation: the refund e-mail in Italian, and the PDF says refunded in Italian', async () => {
    const res = await api('POST', `/api/ticket-links/${token}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await mailsTo(buyer.email))
      .filter((m) => m.subject.startsWith('Biglietto cancellato'))
      .at(-1)!;
    // The refund e-mail names the package as the ticket e-mail did: by its Italian title.
    expect(mail.subject).toBe(`Biglietto cancellato e rimborsato: ${ITALIAN_TITLE}`);
    expect(mail.text).toContain('Il tuo biglietto è stato cancellato come hai chiesto');
    expect(mail.text).toMatch(
      /\nBig Bus Roma di notte, (lun|mar|mer|gio|ven|sab|dom) \d{1,2} [a-z]{3} \d{4}, 21:00\n/,
    );
    expect(mail.text).toMatch(
      /Rimborso: \d+,\d\d\u00a0€ \(ordine Rome Bus Tickets [A-Z0-9]{4}-[A-Z0-9]{4}\)\./,
    );
    expect(mail.text).toContain('Il denaro arriva sulla tua carta entro 5-10 giorni lavorativi.');
    expect(mail.html).toContain('Rimborso: ');

    const { text } = await pdfOf((await api('GET', `/api/ticket-links/${token}/pdf/`)).rawPayload);
    expect(text).toContain('Stato Rimborsato: non valido');
    expect(text).toContain('Questo biglietto è stato rimborsato e non può essere utilizzato.');
    expect(text).not.toContain('Cancellazione gratuita');
  });
});

describe("'Find my tickets' speaks the newest order's language", () => {
  /** 'Find my tickets' and then the first e-mail's link, as the address's owner does. */
  const find = async (email: string, ip: string) => {
    const res = await api('POST', '/api/find-tickets/', undefined, { email }, ip);
    expect(res.statusCode).toBe(200);
    const first = (await mailsTo(email)).find((m) => m.text.includes('#confirm='))!;
    const token = /#confirm=([\w.-]+)/.exec(first.text)![1];
    const confirmed = await api('POST', '/api/find-tickets/confirm/', undefined, { token }, ip);
    expect(confirmed.statusCode).toBe(200);
  };

  it('newest Italian: every ticket of the e-mail in Italian, links under /it', async () => {
    const customer = await createUser(t.app, t.db, { name: 'Franca Finder' });
    const english = await buy({ package_identifier: 'BB-24' }, undefined, customer);
    const italian = await buy({ package_identifier: 'BB-24' }, 'it', customer);
    await find(customer.email, '198.51.100.41');
    const mail = (await mailsTo(customer.email)).find((m) => m.subject === 'I link dei tuoi biglietti')!;
    expect(mail, 'an Italian links e-mail').toBeTruthy();
    expect(mail.text).toContain(
      'Qualcuno (speriamo tu) ha chiesto i biglietti acquistati con questo indirizzo e-mail. Eccoli:',
    );
    // The English order's line too: one language per e-mail.
    for (const o of [english, italian])
      expect(mail.text).toContain(`Data aperta · 2 adulti, 1 ragazzo · ordine ${orderReference(o.uniqueId)}`);
    expect(mail.text.match(/\/it\/t\/[\w-]{43}\n/g)).toHaveLength(2);
    expect(mail.text).not.toMatch(/\/\/[^/\s]+\/t\//);
  });

  it('newest English: the e-mail in English as before, links without a prefix', async () => {
    const customer = await createUser(t.app, t.db, { name: 'Frank Finder' });
    await buy({ package_identifier: 'BB-24' }, 'it', customer);
    await buy({ package_identifier: 'BB-24' }, undefined, customer);
    await find(customer.email, '198.51.100.42');
    const mail = (await mailsTo(customer.email)).find((m) => m.subject === 'Your ticket links')!;
    expect(mail, 'an English links e-mail').toBeTruthy();
    expect(mail.text).toContain('Open-dated · 2 adults, 1 youth · order ');
    expect(mail.text.match(/\/\/[^/\s]+\/t\/[\w-]{43}\n/g)).toHaveLength(2);
    expect(mail.html).toContain('<html lang="en">');
  });
});
