/**
 * The booking widget (decision 060): the partner a sale credits comes from the widget's signed token
 * only (a valid code credits its partner, an unknown one nobody, a changed token or a form field
 * nobody and nothing is stored); the frame gets no cookie, the one-time link sets it in its own tab;
 * the widget's pages may be framed by any site and no other page may; the loader script.
 */
import { createHash } from 'node:crypto';
import { CHECKOUT_MESSAGES, PARTNER_CODE, WIDGET_MESSAGE_TYPE, WIDGET_MESSAGES } from '@rome/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partners, widgetHandoffs } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { signWidgetToken, WIDGET_TOKEN_SECONDS } from './widget';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  superuser = await createUser(t.app, t.db, { isSuperuser: true });
  customer = await createUser(t.app, t.db);
});
afterAll(() => t.close());

const PASS = {
  package_identifier: 'BB-24',
  adult_count: '2',
  youth_count: '1',
  email: 'hotel.guest@example.com',
};
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;

async function makePartner(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/partners/',
    headers: superuser.auth,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { partner: { id: string; name: string }; code: string };
}

const start = async (partnerCode?: string, pkg = 'BB-24', ip = '198.51.100.20') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/widget/start/',
    remoteAddress: ip,
    payload: { package_identifier: pkg, ...(partnerCode === undefined ? {} : { partner_code: partnerCode }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { widget_token: string; package_tag: string; partner: string | null };
};

const checkout = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/widget/checkout/', remoteAddress: '198.51.100.21', payload });

const handoffPath = (url: string) => new URL(url).pathname;

describe('partners', () => {
  it('a superuser makes one: its code is answered once and only its hash is kept', async () => {
    const { partner, code } = await makePartner('Hotel Forum');
    expect(code).toMatch(PARTNER_CODE);
    const [row] = await t.db.select().from(partners).where(eq(partners.id, partner.id));
    expect(row.codeHash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(code);
    const list = await t.app.inject({ url: '/api/admin/partners/', headers: superuser.auth });
    expect(list.json().partners).toContainEqual(
      expect.objectContaining({ id: partner.id, name: 'Hotel Forum', code_end: code.slice(-4), orders: 0 }),
    );
    expect(list.body).not.toContain(code);
    // Only superusers, and a name is needed.
    const asCustomer = await t.app.inject({ url: '/api/admin/partners/', headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/admin/partners/',
      headers: superuser.auth,
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(WIDGET_MESSAGES.partnerName);
  });
});

describe('a sale through the widget', () => {
  it("credits a valid code's partner; the frame gets no cookie, the one-time link opens the order in its tab", async () => {
    const { partner, code } = await makePartner('Hotel Navona');
    const started = await start(code);
    expect(started).toMatchObject({ partner: 'Hotel Navona', package_tag: 'BB-24' });

    const res = await checkout({ ...PASS, widget_token: started.widget_token });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing for the third-party frame to keep.
    expect(res.headers['set-cookie']).toBeUndefined();
    const link = handoffPath(res.json().url);
    expect(link).toMatch(/^\/api\/widget\/handoff\/[A-Za-z0-9_-]{43}\/$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.partnerId, partner.id));
    expect(order).toMatchObject({
      status: 'pending',
      guestEmail: 'hotel.guest@example.com',
      totalCents: 7700,
    });

    // The tab: the link sets the guest cookie and goes on to the payment page.
    const tab = await t.app.inject({ url: link, remoteAddress: '198.51.100.21' });
    expect(tab.statusCode).toBe(303);
    expect(tab.headers.location).toMatch(
      new RegExp(`^http://localhost(:\\d+)?/pay/${order.providerSessionId}$`),
    );
    const cookie = tab.cookies.find((c) => c.name === 'rbt_guest')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const [given] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(given.guestTokenHash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    // Used once: the row is gone, a second opening finds nothing and sets nothing.
    expect(await t.db.select().from(widgetHandoffs).where(eq(widgetHandoffs.orderId, order.id))).toEqual([]);
    const again = await t.app.inject({ url: link, remoteAddress: '198.51.100.21' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(WIDGET_MESSAGES.handoffGone);
    expect(again.headers['set-cookie']).toBeUndefined();

    // The tab pays with its cookie; the superuser sees the sale beside the partner.
    const headers = { cookie: `rbt_guest=${cookie.value}` };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/guest-checkout/${order.providerSessionId}/pay/`,
      headers,
    });
    expect(paid.json()).toMatchObject({ result: 'fulfilled' });
    const list = await t.app.inject({ url: '/api/admin/partners/', headers: superuser.auth });
    expect(list.json().partners).toContainEqual(
      expect.objectContaining({ id: partner.id, orders: 1, refunded: 0, revenue: '77.00' }),
    );
  });

  it('sells with an unknown code, a switched-off partner or none, and credits nobody', async () => {
    const { partner, code } = await makePartner('Hotel Closed');
    const closedToken = (await start(code)).widget_token;
    await t.db.update(partners).set({ active: false }).where(eq(partners.id, partner.id));
    for (const [name, token] of [
      ['unknown', (await start('ptn_AAAAAAAAAAAAAAAAAAAAAAAA')).widget_token],
      ['not a code', (await start('hotel-forum')).widget_token],
      ['none', (await start()).widget_token],
      ['switched off since', closedToken],
      ['switched off', (await start(code)).widget_token],
    ] as const) {
      const res = await checkout({ ...PASS, widget_token: token });
      expect(res.statusCode, name).toBe(200);
      const session = (await t.app.inject({ url: handoffPath(res.json().url) })).headers.location as string;
      const [order] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.providerSessionId, session.split('/pay/')[1]));
      expect(order.partnerId, name).toBeNull();
    }
    expect((await start('ptn_AAAAAAAAAAAAAAAAAAAAAAAA')).partner).toBeNull();
  });

  it("refuses a changed, forged, expired or other ticket's token and stores nothing; a form cannot name a partner", async () => {
    const { partner: credited } = await makePartner('Hotel Trevi');
    const { partner: other, code: otherCode } = await makePartner('Hotel Other');
    const secret = t.app.config.jwtSecret;
    const honest = await start();
    const [body, signature] = honest.widget_token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const changedBody = Buffer.from(JSON.stringify({ ...claims, p: credited.id })).toString('base64url');
    const before = await orderCount();
    for (const [name, token] of [
      ['partner changed', `${changedBody}.${signature}`],
      [
        'signed with another key',
        signWidgetToken('not-the-shop-secret', { partnerId: credited.id, packageTag: 'BB-24' }),
      ],
      [
        'expired',
        signWidgetToken(
          secret,
          { partnerId: credited.id, packageTag: 'BB-24' },
          new Date(Date.now() - (WIDGET_TOKEN_SECONDS + 60) * 1000),
        ),
      ],
      ['another ticket', (await start(undefined, 'RM-COL')).widget_token],
      ['none', ''],
      ['junk', 'x.y.z'],
    ] as const) {
      const res = await checkout({ ...PASS, widget_token: token });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error, name).toBe(WIDGET_MESSAGES.expired);
    }
    expect(await orderCount()).toBe(before);

    // Fields naming a partner in the checkout's body are not read: the token (no partner) decides.
    const res = await checkout({
      ...PASS,
      widget_token: honest.widget_token,
      partner_id: other.id,
      partner_code: otherCode,
      partnerId: other.id,
    });
    expect(res.statusCode).toBe(200);
    const session = (await t.app.inject({ url: handoffPath(res.json().url) })).headers.location as string;
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, session.split('/pay/')[1]));
    expect(order.partnerId).toBeNull();
  });

  it('a widget for a ticket not on sale does not start; bad checkout fields answer as a guest checkout', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/widget/start/',
      payload: { package_identifier: 'NO-SUCH-TICKET' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(CHECKOUT_MESSAGES.unknownPackage);
    const token = (await start()).widget_token;
    const bad = await checkout({ ...PASS, email: 'not-an-address', widget_token: token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(CHECKOUT_MESSAGES.guestEmail);
  });

  it('counts made-up payment links per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t.app.inject({ url: `/api/widget/handoff/made-up-${i}/`, remoteAddress: '198.51.100.99' })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('framing and the loader', () => {
  it('the widget page may be framed by any site, in every language; every other page keeps its headers', async () => {
    for (const url of ['/widget/BB-24/?partner=x&host=https%3A%2F%2Fhotel.example', '/it/widget/BB-24']) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'de' } });
      // No redirect by the browser's languages: the loader chose the language.
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).toContain('frame-ancestors https: http:;');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    for (const url of ['/', '/manageBookings/E9/BB-24', '/pay/x', '/profile', '/api/packages/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors '(self|none)'/);
      expect(res.headers['content-security-policy'], url).not.toContain('frame-ancestors https:');
    }
  });

  it('/widget.js: any site may load it, cached briefly, revalidated by its ETag', async () => {
    const res = await t.app.inject({ url: '/widget.js', headers: { origin: 'https://hotel.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    // It sizes its frame only from the shop's own frame, and speaks the five languages.
    expect(res.body).toContain('event.origin !== shop || event.source !== frame.contentWindow');
    expect(res.body).toContain(JSON.stringify(WIDGET_MESSAGE_TYPE));
    expect(res.body).toContain('Prenota i biglietti');
    expect(() => new Function(res.body)).not.toThrow();
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await t.app.inject({ url: '/widget.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
