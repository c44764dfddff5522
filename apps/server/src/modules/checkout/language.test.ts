/**
 * The buyer's language is kept with the order (issue #20): the hosted checkout and the return pages
 * speak it, and so does the ticket e-mail (subject, words, counts with plurals, the price in the
 * language's format, links to the language's pages). An unknown language is refused and stores nothing.
 */
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { type StripeStandin, sessionEvent, startStripeStandin } from '../../test/stripe-standin';
import { createUser, type TestUser } from '../../test/users';

const WEBHOOK_SECRET = 'whsec_language_suite';
let standin: StripeStandin;
let stripe: Stripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;

beforeAll(async () => {
  standin = await startStripeStandin();
  stripe = new Stripe('sk_test_standin', {
    host: '127.0.0.1',
    port: standin.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  t = await createTestApp(
    { stripe: { secretKey: 'sk_test_standin', webhookSecret: WEBHOOK_SECRET, publishableKey: 'pk_test_x' } },
    { stripe },
  );
  buyer = await createUser(t.app, t.db, { name: 'Giulia Buyer' });
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

const checkout = async (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: { 'content-type': req.headers.get('content-type')!, ...buyer.auth },
    payload: Buffer.from(await req.arrayBuffer()),
  });
};

const pay = async (sessionId: string) => {
  const session = standin.sessions.get(sessionId)!;
  session.status = 'complete';
  session.payment_status = 'paid';
  const payload = JSON.stringify(sessionEvent('checkout.session.completed', session));
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(res.statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, buyer.email))
    .orderBy(mailOutbox.id);
  return { order, mails: await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email)), mail };
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
    const session = standin.sessions.get(res.json().id)!;
    expect(session.locale).toBe('it');
    expect(session.success_url).toMatch(/^https?:\/\/[^/]+\/it\/success\/[\w-]{20,}\/$/);
    expect(session.cancel_url).toMatch(/\/it\/cancel\/$/);

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
    const session = standin.sessions.get(res.json().id)!;
    expect(session.locale).toBe('en');
    expect(session.success_url).toMatch(/^https?:\/\/[^/]+\/success\//);
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
