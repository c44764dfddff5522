/**
 * Links made for a request (issue #21): a visitor who opened the shop at http://127.0.0.1:3000 was
 * sent back from the checkout to http://localhost:3000, where their sign-in is missing. Without
 * PUBLIC_URL (never in production) links follow the address the visitor used; with it, always it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { createUser, type TestUser } from '../test/users';
import { publicUrlFor } from './public-url';

type App = Awaited<ReturnType<typeof createTestApp>>;
let plain: App;
let fixed: App;
beforeAll(async () => {
  plain = await createTestApp();
  // On plain's database: only the config differs. Its sender stopped: plain's sends the one outbox.
  fixed = await createTestApp({ publicUrl: 'https://romebustickets.example' }, { database: plain.database });
  fixed.app.mailer.stop();
});
afterAll(async () => {
  await fixed.close();
  await plain.close();
});

async function checkout(t: App, buyer: TestUser, host: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: { ...buyer.auth, host },
    payload: { adult_count: '1', youth_count: '0', package_identifier: 'BB-24' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; url: string };
}

describe('links without PUBLIC_URL', () => {
  it('send the visitor of 127.0.0.1 back to 127.0.0.1: checkout, return URLs and the ticket e-mail', async () => {
    const buyer = await createUser(plain.app, plain.db);
    const { id, url } = await checkout(plain, buyer, '127.0.0.1:3000');
    expect(url).toBe(`http://127.0.0.1:3000/pay/${id}`);
    const pay = await plain.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${id}/pay/`,
      headers: { ...buyer.auth, host: '127.0.0.1:3000' },
    });
    expect(pay.statusCode).toBe(200);
    const [order] = await plain.db.select().from(orders).where(eq(orders.providerSessionId, id));
    expect(order.status).toBe('paid');
    const [mail] = await plain.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mail.text).toContain('http://127.0.0.1:3000/verify/');
    expect(mail.text).not.toContain('localhost');
  });

  it("keep another site's name out of the e-mail a stranger asks for ('Find my tickets')", async () => {
    const buyer = await createUser(plain.app, plain.db);
    const { id } = await checkout(plain, buyer, '127.0.0.1:3000');
    await plain.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${id}/pay/`,
      headers: { ...buyer.auth, host: '127.0.0.1:3000' },
    });
    const find = await plain.app.inject({
      method: 'POST',
      url: '/api/find-tickets/',
      headers: { host: 'evil.example' },
      payload: { email: buyer.email },
    });
    expect(find.statusCode).toBe(200);
    const mails = await plain.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    const found = mails.find((m) => m.text.includes('#confirm='));
    expect(found?.text).toContain('http://localhost:3000/find-tickets#confirm=');
    expect(mails.map((m) => m.text).join(' ')).not.toContain('evil.example');
  });

  it('keep a host that is no plain host name out of links', async () => {
    const buyer = await createUser(plain.app, plain.db);
    const { url } = await checkout(plain, buyer, 'evil.example/phish?');
    expect(url.startsWith('http://localhost:3000/pay/')).toBe(true);
  });
});

describe('links with PUBLIC_URL', () => {
  it('always use it, whatever Host the request names', async () => {
    const buyer = await createUser(fixed.app, fixed.db);
    const { id, url } = await checkout(fixed, buyer, '127.0.0.1:3000');
    expect(url).toBe(`https://romebustickets.example/pay/${id}`);
  });

  it('production never follows the Host header', () => {
    const req = { protocol: 'http' as const, host: 'evil.example' };
    expect(
      publicUrlFor({ env: 'production', publicUrl: 'https://shop.example', publicUrlSet: true }, req),
    ).toBe('https://shop.example');
    // Nor does a shop without PUBLIC_URL follow a Host that is not this machine or its network: a
    // stranger's 'Find my tickets' with `Host: evil.example` put that domain into the owner's e-mail.
    expect(
      publicUrlFor({ env: 'development', publicUrl: 'http://localhost:3000', publicUrlSet: false }, req),
    ).toBe('http://localhost:3000');
    for (const host of ['192.168.1.20:3000', '10.0.0.5:3000', 'shop.localhost:3000', '127.0.0.1:3000'])
      expect(
        publicUrlFor(
          { env: 'development', publicUrl: 'http://localhost:3000', publicUrlSet: false },
          { protocol: 'http', host },
        ),
      ).toBe(`http://${host}`);
    expect(
      publicUrlFor(
        { env: 'development', publicUrl: 'http://localhost:3000', publicUrlSet: false },
        { protocol: 'http', host: '[::1]:3000' },
      ),
    ).toBe('http://[::1]:3000');
  });
});
