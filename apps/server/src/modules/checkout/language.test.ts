/**
 * The buyer's language is kept with the order (issue #20): the hosted checkout and the return pages
 * speak it, and so does the ticket e-mail (subject, words, counts with plurals, the price in the
 * language's format, links to the language's pages). An unknown language is refused and stores nothing.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import { type StripeTestApp, stripeTestApp } from '../../test/stripe-app';
import { sessionEvent } from '../../test/stripe-standin';
import { createUser, type TestUser } from '../../test/users';

let t: StripeTestApp;
let buyer: TestUser;

beforeAll(async () => {
  t = await stripeTestApp({ webhookSecret: 'whsec_language_suite', publishableKey: 'pk_test_x' });
  buyer = await createUser(t.app, t.db, { name: 'Giulia Buyer' });
});
afterAll(() => t.close());

const checkout = (fields: Record<string, string>) => t.checkout(fields, buyer);

const buyerMails = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));

/** Pays the session at Stripe and answers its order and the e-mails the payment queued. */
const pay = async (sessionId: string) => {
  // Only the new ones: an unordered read need not list the mails in the order they were queued.
  const before = new Set((await buyerMails()).map((m) => m.id));
  const res = await t.deliver(sessionEvent('checkout.session.completed', t.paidAtStripe(sessionId)));
  expect(res.statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return { order, mails: (await buyerMails()).filter((m) => !before.has(m.id)) };
};

describe('the order keeps the buyer language', () => {
  it('Italian: the hosted page and the return pages in Italian, the e-mail in Italian', async () => {
    const res = await checkout({
      adult_count: '2',
      youth_count: '1',
      package_identifier: 'BB-24',
      language: 'it',
    });
    expect(res.statusCode).toBe(200);
    const session = t.standin.sessions.get(res.json().id)!;
    expect(session.locale).toBe('it');
    expect(session.success_url).toMatch(/^https?:\/\/[^/]+\/it\/success\/[\w-]{20,}\/$/);
    expect(session.cancel_url).toMatch(/\/it\/cancel\/$/);
    // The hosted page's lines name the kind of ticket in Italian.
    expect(session.line_items.map((l) => l.name)).toEqual([
      'Big Bus Rome Classic 24h (adulto)',
      'Big Bus Rome Classic 24h (ragazzo)',
    ]);

    const { order, mails } = await pay(session.id);
    expect(order.language).toBe('it');
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Il tuo biglietto: Big Bus Rome Classic 24h');
    expect(mail.html).toContain('<html lang="it">');
    expect(mail.html).toContain('Grazie per il tuo acquisto!');
    expect(mail.text).toContain('Biglietti: 2 adulti, 1 ragazzo');
    expect(mail.text).toContain('Totale pagato: 77,00\u00a0€');
    expect(mail.text).toContain(
      'Valido 24 ore dal primo utilizzo a qualsiasi fermata. Usalo per la prima volta entro 365 giorni.',
    );
    expect(mail.text).toMatch(/https?:\/\/[^/]+\/it\/t\/[\w-]{20,}/);
    expect(mail.text).toMatch(/https?:\/\/[^/]+\/it\/yourticket/);
  });

  it('no language sent: English, the spec texts and paths as before', async () => {
    const res = await checkout({ adult_count: '1', youth_count: '0', package_identifier: 'BB-24' });
    const session = t.standin.sessions.get(res.json().id)!;
    expect(session.locale).toBe('en');
    expect(session.success_url).toMatch(/^https?:\/\/[^/]+\/success\//);
    expect(session.line_items.map((l) => l.name)).toEqual(['Big Bus Rome Classic 24h (adult)']);
    const { order, mails } = await pay(session.id);
    expect(order.language).toBe('en');
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Your ticket: Big Bus Rome Classic 24h');
    expect(mail.text).toContain('Tickets: 1 adult');
    expect(mail.text).toContain('Total paid: €29.00');
    expect(mail.text).toMatch(/https?:\/\/[^/]+\/yourticket/);
  });

  it('German counts take the plural rules: one Erwachsener, two Erwachsene', async () => {
    const res = await checkout({
      adult_count: '1',
      youth_count: '2',
      package_identifier: 'BB-24',
      language: 'de',
    });
    const { mails } = await pay(res.json().id);
    expect(mails.at(-1)!.text).toContain('Tickets: 1 Erwachsener, 2 Jugendliche');
  });

  it('an unknown language is refused with a plain message and stores no order', async () => {
    const before = (await t.db.select({ n: count() }).from(orders))[0].n;
    const res = await checkout({
      adult_count: '1',
      youth_count: '0',
      package_identifier: 'BB-24',
      language: 'xx',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Unknown language.');
    expect((await t.db.select({ n: count() }).from(orders))[0].n).toBe(before);
  });
});
