/**
 * A guest buys without an account (decision 035): a checkout with an e-mail address, the browser's
 * HttpOnly cookie as the only key to the order's test checkout and success page, the ticket e-mail to
 * that address, holds counted as an account's, and no head code for that browser.
 */
import { createHash } from 'node:crypto';
import { addDays, CHECKOUT_MESSAGES, HOLD_LIMITS, romeInstant, romeToday } from '@rome/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityEvents,
  mailOutbox,
  orders,
  packages,
  slots,
  ticketLinks,
  websiteSettings,
} from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, t.db, { isEditor: true });
  customer = await createUser(t.app, t.db, { name: 'Account Buyer' });
});
afterAll(() => t.close());

const PASS = { package_identifier: 'BB-24', adult_count: '2', youth_count: '1' };
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;

/** A browser: it keeps the cookies the shop sets, and sends them back. */
function browser(ip = '203.0.113.7') {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    ip,
    async call(method: 'GET' | 'POST', url: string, payload?: object) {
      const res = await t.app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: jar.size ? { cookie: cookieHeader() } : {},
        ...(payload ? { payload } : {}),
      });
      for (const c of res.cookies) jar.set(c.name, c.value);
      return res;
    },
  };
}

describe('guest checkout', () => {
  it('refuses a missing or bad address with a plain message, storing nothing', async () => {
    const before = await orderCount();
    const guest = browser();
    for (const email of [undefined, '', 'not-an-address', `${'a'.repeat(250)}@example.com`]) {
      const res = await guest.call('POST', '/api/guest-checkout-session/', {
        ...PASS,
        ...(email === undefined ? {} : { email }),
      });
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json().error).toBe(CHECKOUT_MESSAGES.guestEmail);
    }
    expect(await orderCount()).toBe(before);
    expect(guest.jar.size).toBe(0);
  });

  it('buys with an e-mail address: the cookie alone opens the order, and the ticket goes to that address', async () => {
    const guest = browser();
    const res = await guest.call('POST', '/api/guest-checkout-session/', {
      ...PASS,
      email: ' Tourist@Example.com ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'rbt_guest')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { id } = res.json();
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, id));
    // No account; the address, and only the token's hash.
    expect(order).toMatchObject({ userId: null, guestEmail: 'Tourist@Example.com', status: 'pending' });
    expect(order.guestTokenHash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    expect(JSON.stringify(order)).not.toContain(cookie.value);

    // Another browser, an account, or nobody: not found.
    const stranger = browser();
    stranger.jar.set('rbt_guest', 'x'.repeat(43));
    for (const other of [stranger, browser()]) {
      expect((await other.call('GET', `/api/guest-checkout/${id}/`)).statusCode).toBe(404);
      expect((await other.call('POST', `/api/guest-checkout/${id}/pay/`)).statusCode).toBe(404);
    }
    const asAccount = await t.app.inject({ url: `/api/test-checkout/${id}/`, headers: customer.auth });
    expect(asAccount.statusCode).toBe(404);

    const page = await guest.call('GET', `/api/guest-checkout/${id}/`);
    expect(page.json()).toMatchObject({ package: expect.any(String), total_price: '77.00', adults: 2 });
    expect((await guest.call('GET', `/api/guest-orders/${order.uniqueId}/`)).statusCode).toBe(202);
    const paid = await guest.call('POST', `/api/guest-checkout/${id}/pay/`);
    expect(paid.json()).toMatchObject({ result: 'fulfilled', redirect: `/success/${order.uniqueId}/` });

    const success = await guest.call('GET', `/api/guest-orders/${order.uniqueId}/`);
    expect(success.statusCode).toBe(200);
    expect(success.json()).toMatchObject({ status: 'paid', data: { unique_id: order.uniqueId, adults: 2 } });
    expect((await browser().call('GET', `/api/guest-orders/${order.uniqueId}/`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/success/${order.uniqueId}/`, headers: customer.auth })).statusCode,
    ).toBe(404);

    // The ticket e-mail, with its ticket link, went to the guest's address; the activity log keeps no address.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'Tourist@Example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/\/t\/[A-Za-z0-9_-]+/);
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.userEmail, 'Tourist@Example.com'));
    expect(events).toEqual([]);

    // The same browser's next checkout keeps its cookie: both orders stay open to it.
    const again = await guest.call('POST', '/api/guest-checkout-session/', {
      ...PASS,
      email: 'tourist@example.com',
    });
    expect(again.statusCode).toBe(200);
    expect(guest.jar.get('rbt_guest')).toBe(cookie.value);
    expect((await guest.call('GET', `/api/guest-orders/${order.uniqueId}/`)).statusCode).toBe(200);
  });

  it("a guest's next checkout replaces that browser's hold, and guests' holds count for the address", async () => {
    expect(await makeTimed(t.app, editor, 'RM-COL')).toBe(200);
    const [col] = await t.db.select().from(packages).where(eq(packages.packageTag, 'RM-COL'));
    const [slot] = await t.db
      .insert(slots)
      .values({ packageId: col.id, startsAt: romeInstant(addDays(romeToday(), 20), '07:13')!, capacity: 200 })
      .returning();
    const timed = (adults: number, youths = 0) => ({
      package_identifier: 'RM-COL',
      slot_id: slot.id,
      adult_count: String(adults),
      youth_count: String(youths),
      email: 'family@example.com',
    });
    const held = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(orders)
          .where(
            and(
              eq(orders.slotId, slot.id),
              eq(orders.status, 'pending'),
              gt(orders.holdExpiresAt, new Date()),
            ),
          )
      )[0].n;
    const guest = browser('198.51.100.20');
    const first = await guest.call('POST', '/api/guest-checkout-session/', timed(2));
    expect(first.statusCode, first.body).toBe(200);
    expect((await guest.call('POST', '/api/guest-checkout-session/', timed(3))).statusCode).toBe(200);
    expect(await held()).toBe(1);

    // A second guest browser on the same address holds beside it, up to the address's cap, which an
    // account on that address meets too.
    const other = browser('198.51.100.20');
    const rest = HOLD_LIMITS.placesPerAddress - 3;
    const second = await other.call('POST', '/api/guest-checkout-session/', timed(30, rest - 30));
    expect(second.statusCode, second.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      remoteAddress: '198.51.100.20',
      headers: customer.auth,
      payload: { package_identifier: 'RM-COL', slot_id: slot.id, adult_count: '1', youth_count: '0' },
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().code).toBe('hold_limit');
  });

  it("'Find my tickets' finds a guest's orders by the address, and a refund is told at it", async () => {
    const guest = browser('192.0.2.44');
    const address = 'Roamer@Example.org';
    const open = await guest.call('POST', '/api/guest-checkout-session/', { ...PASS, email: address });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, open.json().id));
    await guest.call('POST', `/api/guest-checkout/${open.json().id}/pay/`);
    // Addresses are one whatever their case.
    const toGuest = async () =>
      (await t.db.select().from(mailOutbox)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
    const mails = async (text: string) => (await toGuest()).filter((m) => m.text.includes(text));

    // The first e-mail goes to the address the guest bought with (typed any case), with a link to confirm.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/find-tickets/',
      remoteAddress: '192.0.2.45',
      payload: { email: 'roamer@example.org' },
    });
    expect(asked.statusCode).toBe(200);
    const confirmMail = (await mails('#confirm='))[0];
    expect(confirmMail, 'the confirmation e-mail').toBeTruthy();
    const token = /#confirm=([\w.-]+)/.exec(confirmMail.text)![1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/find-tickets/confirm/',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // One more link for the guest's order (decision 042), e-mailed to the address.
    expect(await t.db.select().from(ticketLinks).where(eq(ticketLinks.orderId, order.id))).toHaveLength(1);
    expect((await mails('/t/')).length).toBe(2);

    // A superuser's refund is e-mailed to the guest too.
    const superuser = await createUser(t.app, t.db, { isSuperuser: true });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.uniqueId}/refund/`,
      headers: superuser.auth,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refundMails = (await toGuest()).filter((m) => /refund/i.test(m.subject));
    expect(refundMails).toHaveLength(1);
  });

  it('after paying, a guest keeps the ticket in a new account, or in the one they sign in to', async () => {
    const buy = async (guest: ReturnType<typeof browser>, email: string) => {
      const open = await guest.call('POST', '/api/guest-checkout-session/', { ...PASS, email });
      await guest.call('POST', `/api/guest-checkout/${open.json().id}/pay/`);
      return (await t.db.select().from(orders).where(eq(orders.providerSessionId, open.json().id)))[0];
    };
    const keep = (guest: ReturnType<typeof browser>, uniqueId: string, body: object, auth = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/guest-orders/${uniqueId}/keep/`,
        remoteAddress: guest.ip,
        headers: { cookie: `rbt_guest=${guest.jar.get('rbt_guest')}`, ...auth },
        payload: body,
      });
    const email = 'Keeper@Example.net';
    const guest = browser('192.0.2.60');
    const order = await buy(guest, email);
    const account = { full_name: 'Kim Keeper', phone_number: '3901234567', password: 'Keeper-Passw0rd-9' };

    // Another browser cannot; a weak password is refused with the registration's words, nothing made.
    const stranger = browser('192.0.2.61');
    stranger.jar.set('rbt_guest', 'y'.repeat(43));
    expect((await keep(stranger, order.uniqueId, account)).statusCode).toBe(404);
    const weak = await keep(guest, order.uniqueId, { ...account, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].userId).toBeNull();

    const kept = await keep(guest, order.uniqueId, account);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ kept: true, registered: true, email: 'keeper@example.net' });
    // The new account signs in and has the ticket; the cookie no longer opens it.
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/api/token/',
      payload: { username: 'keeper@example.net', password: account.password },
    });
    expect(token.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${token.json().access}` };
    const history = await t.app.inject({ url: '/api/dashboard/', headers: auth });
    expect(history.json().data.map((d: { unique_id: string }) => d.unique_id)).toContain(order.uniqueId);
    expect((await guest.call('GET', `/api/guest-orders/${order.uniqueId}/`)).statusCode).toBe(404);
    expect((await keep(guest, order.uniqueId, account)).statusCode).toBe(404);

    // A second guest order to that address: an account exists now, so it is kept by signing in.
    const again = await buy(guest, email);
    const taken = await keep(guest, again.uniqueId, account);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken', error: CHECKOUT_MESSAGES.guestAccountTaken });
    const signedIn = await keep(guest, again.uniqueId, {}, auth);
    expect(signedIn.json()).toEqual({ kept: true, registered: false, email: 'keeper@example.net' });
    expect((await t.db.select().from(orders).where(eq(orders.id, again.id)))[0].userId).not.toBeNull();
  });

  it('a browser with a guest order gets its pages without the head code', async () => {
    await t.db.update(websiteSettings).set({ globalHeadCode: '<meta name="head-code-probe" content="1">' });
    const page = (cookie?: string) =>
      t.app.inject({ url: '/', headers: { 'sec-fetch-dest': 'document', ...(cookie ? { cookie } : {}) } });
    expect((await page()).body).toContain('head-code-probe');
    const guest = browser();
    await guest.call('POST', '/api/guest-checkout-session/', { ...PASS, email: 'x@example.com' });
    expect((await page(`rbt_guest=${guest.jar.get('rbt_guest')}`)).body).not.toContain('head-code-probe');
  });
  it("counts guests' checkouts per address up to GUEST_CHECKOUTS_PER_ADDRESS; a refused form counts, accounts and other addresses do not", async () => {
    const kept = t.config.guestCheckoutsPerAddress;
    expect(kept).toBe(120);
    t.config.guestCheckoutsPerAddress = 3;
    try {
      const desk = browser('198.51.100.23');
      const email = 'walk-in@example.com';
      expect((await desk.call('POST', '/api/guest-checkout-session/', { ...PASS, email })).statusCode).toBe(
        200,
      );
      // A form the shop refuses costs an attempt too.
      expect((await desk.call('POST', '/api/guest-checkout-session/', { ...PASS })).statusCode).toBe(400);
      expect((await desk.call('POST', '/api/guest-checkout-session/', { ...PASS, email })).statusCode).toBe(
        200,
      );
      const before = await orderCount();
      const refused = await desk.call('POST', '/api/guest-checkout-session/', { ...PASS, email });
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().retry_after).toBeGreaterThan(0);
      // A gift card is a guest's checkout from the same address: refused as well.
      const card = await desk.call('POST', '/api/gift-cards/', { amount: '25.00', email });
      expect(card.statusCode, card.body).toBe(429);
      expect(await orderCount()).toBe(before);
      // Another address, and an account at the same address, still buy.
      expect(
        (await browser('198.51.100.24').call('POST', '/api/guest-checkout-session/', { ...PASS, email }))
          .statusCode,
      ).toBe(200);
      const account = await t.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session/',
        remoteAddress: desk.ip,
        headers: customer.auth,
        payload: PASS,
      });
      expect(account.statusCode, account.body).toBe(200);
    } finally {
      t.config.guestCheckoutsPerAddress = kept;
    }
  });
});
