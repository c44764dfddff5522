/**
 * Gift cards (decisions 053, 054): bought through the test checkout and delivered through a real SMTP
 * server (code, link, PDF); spent at checkout partly or in full (no card payment at all), the balance
 * kept; a refund gives the card's part back and sends only the rest to the provider; an expired hold
 * gives the balance back; fifty checkouts racing for a card's last €10 take €10 in all; guessers throttled.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES, GIFT_CARD_MESSAGES, normalizeGiftCardCode, PROMO_GUESS_LIMIT } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orders, packages } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { plain, smtpServer } from '../../test/smtp';
import { giftCardCodeOf, giftCardKeyOf } from '../orders/gift-card';
import { hashLinkToken } from '../orders/ticket-link';

let t: Awaited<ReturnType<typeof createTestApp>>;
const smtp = smtpServer();
let ipCount = 0;
/** Each call its own client address: holds and wrong codes are counted per address. */
const freshIp = () => `203.0.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;
const run = randomBytes(4).toString('hex');
let mailCount = 0;
const freshEmail = () => `gift-${run}-${++mailCount}@example.com`;
/** A cheap package (€2.50 an adult), copied from BB-24, so small parts of a card can be raced for. */
let cheapTag: string;

beforeAll(async () => {
  const port = await smtp.listen();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  const [bb] = await t.db.select().from(packages).where(eq(packages.packageTag, 'BB-24'));
  const { id: _id, ...rest } = bb;
  cheapTag = `GIFT-${run}`;
  await t.db
    .insert(packages)
    .values({ ...rest, packageTag: cheapTag, adultPriceCents: 250, youthPriceCents: 250 });
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie'] ?? '').split(';')[0];

/** Buys a card of `amount` euros through the test checkout; answers its code, link token and e-mail. */
async function buyCard(amount: string, language = 'en') {
  const email = freshEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gift-cards/',
    remoteAddress: freshIp(),
    payload: { amount, email, language },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = cookieOf(res);
  const session = res.json().id as string;
  const pay = await t.app.inject({
    method: 'POST',
    url: `/api/guest-checkout/${session}/pay/`,
    headers: { cookie },
  });
  expect(pay.statusCode, pay.body).toBe(200);
  expect(pay.json().result).toBe('fulfilled');
  // Sent now rather than at the sender's next tick (up to 2 s, about half this file's time); the
  // background sender on its own is mail.test.ts's.
  void t.app.mailer.drain();
  const mail = await smtp.next(email);
  const text = plain(mail.raw);
  const token = /\/gift-card\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const code = /([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/.exec(text)?.[1];
  expect(token, 'the link in the e-mail').toBeTruthy();
  expect(code, 'the code in the e-mail').toBeTruthy();
  return { code: code!, token: token!, email, session, text, cookie };
}

const guestCheckout = (fields: Record<string, string>, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/guest-checkout-session/',
    remoteAddress: ip,
    payload: {
      package_identifier: 'BB-24',
      adult_count: '2',
      youth_count: '1',
      email: freshEmail(),
      ...fields,
    },
  });

/** A checkout of `adults` on the cheap package (€2.50 each) with the card `code`. */
const cheapCheckout = (code: string, adults: number) =>
  guestCheckout({
    gift_card_code: code,
    package_identifier: cheapTag,
    adult_count: String(adults),
    youth_count: '0',
  });

const cardPage = async (token: string) => {
  const res = await t.app.inject({ url: `/api/gift-card-links/${token}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('buying a card', () => {
  it('refuses an amount outside the limits with 400 and stores nothing', async () => {
    const before = (await t.db.select().from(giftCards)).length;
    for (const amount of ['5', '501', '12.50', 'abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gift-cards/',
        remoteAddress: freshIp(),
        payload: { amount, email: freshEmail() },
      });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().error).toBe(GIFT_CARD_MESSAGES.amount);
    }
    expect((await t.db.select().from(giftCards)).length).toBe(before);
  });

  it('is paid like a ticket and e-mailed with its code, its page and a PDF; only hashes are stored', async () => {
    const { code, token, session, text, cookie } = await buyCard('50', 'it');
    expect(code).toBe(giftCardCodeOf(token));
    // Italian mail, Rome date.
    expect(text).toContain('Codice della carta regalo');
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.providerSessionId, session));
    expect(row).toMatchObject({ status: 'active', amountCents: 5000, amountPaidCents: 5000, language: 'it' });
    expect(row.codeKey).toBe(giftCardKeyOf(t.config.jwtSecret, code));
    expect(row.linkTokenHash).toBe(hashLinkToken(token));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(normalizeGiftCardCode(code));
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(token);
    // At least 24 months to spend it.
    expect(row.expiresAt!.getTime() - row.paidAt!.getTime()).toBeGreaterThan(729 * 86_400_000);
    const page = await cardPage(token);
    expect(page).toMatchObject({ code, status: 'active', amount: '50.00', balance: '50.00', expired: false });
    expect(page.history).toEqual([expect.objectContaining({ kind: 'bought', amount: '50.00' })]);
    const pdf = await t.app.inject({ url: `/api/gift-card-links/${token}/pdf/` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const words = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })
    ).text;
    expect(words).toContain(code);
    expect(words).toContain('50,00');
    // Paying again changes nothing; another browser does not open the purchase.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/guest-checkout/${session}/pay/`,
      headers: { cookie },
    });
    expect(again.json().result).toBe('already_paid');
    const other = await t.app.inject({ method: 'POST', url: `/api/guest-checkout/${session}/pay/` });
    expect(other.statusCode).toBe(404);
  });

  it('an unknown link answers 404', async () => {
    const res = await t.app.inject({ url: `/api/gift-card-links/${randomBytes(32).toString('base64url')}/` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(GIFT_CARD_MESSAGES.notFound);
  });
});

describe('spending a card', () => {
  it('pays part of an order: the rest is charged, the balance kept and shown', async () => {
    const { code, token } = await buyCard('25');
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/gift-cards/check/',
      remoteAddress: freshIp(),
      payload: { gift_card_code: code.toLowerCase().replaceAll('-', ' ') },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ gift_card_code: code, balance: '25.00' });
    const res = await guestCheckout({ gift_card_code: code });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().id as string;
    const cookie = cookieOf(res);
    const shown = await t.app.inject({ url: `/api/guest-checkout/${session}/`, headers: { cookie } });
    expect(shown.json()).toMatchObject({ total_price: '77.00', gift_card: '25.00', to_pay: '52.00' });
    // Held by the unpaid checkout: the card shows nothing left.
    expect((await cardPage(token)).balance).toBe('0.00');
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/guest-checkout/${session}/pay/`,
      headers: { cookie },
    });
    expect(pay.json().result).toBe('fulfilled');
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session));
    expect(order).toMatchObject({
      status: 'paid',
      totalCents: 7700,
      giftCardCents: 2500,
      amountPaidCents: 5200,
    });
    // The card is empty now: a new checkout with it is refused, nothing stored.
    const empty = await guestCheckout({ gift_card_code: code });
    expect(empty.statusCode, empty.body).toBe(409);
    expect(empty.json()).toMatchObject({ error: GIFT_CARD_MESSAGES.empty, code: ERROR_CODES.giftCardSpent });
  });

  it('a card that covers the order pays it with no card payment; a refund gives it all back to the card', async () => {
    const { code, token } = await buyCard('100');
    const res = await guestCheckout({ gift_card_code: code });
    expect(res.statusCode, res.body).toBe(200);
    // Straight to the success page: no payment page at all.
    expect(res.json().url).toMatch(/\/success\/[\w-]+\/$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'gift_card',
      giftCardCents: 7700,
      amountPaidCents: 0,
    });
    expect(order.claimCodeHash).toBeTruthy();
    expect((await cardPage(token)).balance).toBe('23.00');
    const { refundOrder } = await import('../orders/refunds');
    const done = await refundOrder(
      { db: t.db, provider: t.app.payments, publicUrl: 'http://shop.test' },
      order.uniqueId,
      { reason: 'superuser' },
    );
    // Nothing to send to the provider: the whole order was the card's.
    expect(done.refund_status).toBe('done');
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'refunded', refundStatus: 'done', refundId: null });
    const page = await cardPage(token);
    expect(page.balance).toBe('100.00');
    expect(page.history.map((h: { kind: string }) => h.kind)).toEqual(['returned', 'spent', 'bought']);
  });

  it('a refund of a partly card-paid order sends only the charged part to the provider', async () => {
    const { code, token } = await buyCard('30');
    const res = await guestCheckout({ gift_card_code: code });
    const session = res.json().id as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/guest-checkout/${session}/pay/`,
      headers: { cookie: cookieOf(res) },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, session));
    const asked: number[] = [];
    const provider = {
      ...t.app.payments,
      refund: async (i: { amountCents: number }) => {
        asked.push(i.amountCents);
        return { id: 're_1' };
      },
    };
    const { refundOrder } = await import('../orders/refunds');
    await refundOrder({ db: t.db, provider, publicUrl: 'http://shop.test' }, order.uniqueId, {
      reason: 'superuser',
    });
    expect(asked).toEqual([4700]);
    expect((await cardPage(token)).balance).toBe('30.00');
  });

  it('an unpaid checkout whose hold ran out gives the balance back; paid late after the card was spent, it is refunded', async () => {
    const { code, token } = await buyCard('40');
    const first = await guestCheckout({ gift_card_code: code });
    const firstSession = first.json().id as string;
    expect((await cardPage(token)).balance).toBe('0.00');
    await t.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.providerSessionId, firstSession));
    expect((await cardPage(token)).balance).toBe('40.00');
    // Someone else spends the card meanwhile...
    const second = await cheapCheckout(code, 16);
    expect(second.statusCode, second.body).toBe(200);
    expect((await cardPage(token)).balance).toBe('0.00');
    // ...so the first one's late payment finds its part gone: refunded at once, no ticket.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/guest-checkout/${firstSession}/pay/`,
      headers: { cookie: cookieOf(first) },
    });
    expect(late.json().result).toBe('refunded_gift_card_spent');
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, firstSession));
    expect(order).toMatchObject({ status: 'refunded', refundReason: 'gift_card_spent', claimCodeHash: null });
    expect((await cardPage(token)).balance).toBe('0.00');
  });

  it("fifty checkouts racing for a card's last €10: exactly four of €2.50 win, never below zero", async () => {
    const { code, token } = await buyCard('25');
    // €15 of it spent (six adults of €2.50, paid by the card alone): €10 left.
    const spend = await cheapCheckout(code, 6);
    expect(spend.statusCode, spend.body).toBe(200);
    expect((await cardPage(token)).balance).toBe('10.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => cheapCheckout(code, 1)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(4);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe(ERROR_CODES.giftCardSpent);
    }
    const [card] = await t.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.linkTokenHash, hashLinkToken(token)));
    const spent = await t.db.select().from(orders).where(eq(orders.giftCardId, card.id));
    expect(spent.reduce((n, o) => n + o.giftCardCents, 0)).toBe(2500);
    expect(spent.filter((o) => o.status === 'paid')).toHaveLength(5);
    expect((await cardPage(token)).balance).toBe('0.00');
  });

  it("fifty checkouts of €77 racing for a card's last €10: exactly one takes it", async () => {
    const { code, token } = await buyCard('10');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => guestCheckout({ gift_card_code: code })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const [card] = await t.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.linkTokenHash, hashLinkToken(token)));
    const held = await t.db.select().from(orders).where(eq(orders.giftCardId, card.id));
    expect(held).toHaveLength(1);
    expect(held[0].giftCardCents).toBe(1000);
  });
});

describe('guessing', () => {
  it(`after ${PROMO_GUESS_LIMIT.max} wrong codes an address is refused every code, a real one too`, async () => {
    const { code } = await buyCard('10');
    const ip = freshIp();
    for (let i = 0; i < PROMO_GUESS_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gift-cards/check/',
        remoteAddress: ip,
        payload: { gift_card_code: `AAAA-BBBB-CCCC-DD${String(i).padStart(2, '2')}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: GIFT_CARD_MESSAGES.invalid,
        code: ERROR_CODES.giftCardInvalid,
      });
    }
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/gift-cards/check/',
      remoteAddress: ip,
      payload: { gift_card_code: code },
    });
    expect(real.statusCode).toBe(429);
    expect((await guestCheckout({ gift_card_code: code }, ip)).statusCode).toBe(429);
  });
});

describe('expiry', () => {
  const cardOf = async (token: string) =>
    (
      await t.db
        .select()
        .from(giftCards)
        .where(eq(giftCards.linkTokenHash, hashLinkToken(token)))
    )[0];

  it('an expired card is refused at the check and at checkout, and shown as expired', async () => {
    const { code, token } = await buyCard('20');
    const card = await cardOf(token);
    await t.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, card.id));
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/gift-cards/check/',
      remoteAddress: freshIp(),
      payload: { gift_card_code: code },
    });
    expect(check.statusCode).toBe(400);
    expect(check.json()).toMatchObject({
      error: GIFT_CARD_MESSAGES.expired,
      code: ERROR_CODES.giftCardInvalid,
    });
    const checkout = await guestCheckout({ gift_card_code: code });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().error).toBe(GIFT_CARD_MESSAGES.expired);
    expect(await t.db.select().from(orders).where(eq(orders.giftCardId, card.id))).toHaveLength(0);
    expect(await cardPage(token)).toMatchObject({ expired: true, balance: '20.00' });
  });

  it('a refund to a card about to expire keeps it valid 12 more months', async () => {
    const { code, token } = await buyCard('15');
    const card = await cardOf(token);
    const soon = new Date(Date.now() + 20 * 86_400_000);
    await t.db.update(giftCards).set({ expiresAt: soon }).where(eq(giftCards.id, card.id));
    const res = await cheapCheckout(code, 2);
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, res.json().id));
    expect(order.status).toBe('paid');
    const { refundOrder } = await import('../orders/refunds');
    await refundOrder({ db: t.db, provider: t.app.payments, publicUrl: 'http://shop.test' }, order.uniqueId, {
      reason: 'superuser',
    });
    const after = await cardOf(token);
    expect(after.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    expect((await cardPage(token)).balance).toBe('15.00');
  });
});

describe('superusers', () => {
  it('list cards with balance and uses', async () => {
    const { createUser } = await import('../../test/users');
    const su = await createUser(t.app, t.db, { isSuperuser: true });
    const res = await t.app.inject({ url: '/api/admin/gift-cards/', headers: su.auth });
    expect(res.statusCode).toBe(200);
    const cards = res.json().gift_cards as { amount: string; uses: number; code_end: string }[];
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.some((c) => c.uses > 0)).toBe(true);
    // The analytics' figures: every card sold, what orders took, what is still owed.
    const totals = res.json().totals;
    const paid = (await t.db.select().from(giftCards)).filter((c) => c.paidAt);
    expect(totals.cards_sold).toBe(paid.length);
    const soldCents = paid.reduce((n, c) => n + c.amountCents, 0);
    expect(totals.sold).toBe((soldCents / 100).toFixed(2));
    const cents = (d: string) => Math.round(Number(d) * 100);
    expect(
      cents(totals.redeemed) + cents(totals.held) + cents(totals.outstanding) + cents(totals.expired),
    ).toBe(soldCents);
    expect(cents(totals.redeemed)).toBeGreaterThan(0);
    const customer = await createUser(t.app, t.db);
    expect((await t.app.inject({ url: '/api/admin/gift-cards/', headers: customer.auth })).statusCode).toBe(
      403,
    );
  });
});
