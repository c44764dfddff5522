/**
 * The ticket in the tourist's pocket (issue #18), through the HTTP API and a real SMTP server: the
 * ticket link from the e-mail (hash-only storage, 404 for unknown and replaced tokens, nothing of the
 * account), its PDF, cancellation by the link, re-send from the purchase history (the old link ends),
 * and 'Find my tickets' (one answer for every address, mail only to that address, rate limits).
 */
import { createHash, randomBytes } from 'node:crypto';
import { orderReference, TICKET_LINK_MESSAGES } from '@rome/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText, redactUrl } from '../../app';
import { ANSWER_FLOORS_MS } from '../../config';
import { mailOutbox, orders, ticketLinks } from '../../db/schema';
import type { MailAttachment } from '../../mail/outbox';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp, timedWithShopFloors } from '../../test/harness';
import { plain, smtpServer } from '../../test/smtp';
import { createUser, type TestUser } from '../../test/users';
import { findConfirmToken } from './resend';

const smtp = smtpServer();
let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  const port = await smtp.listen();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  [buyer, other] = await Promise.all([
    createUser(t.app, t.db, { name: 'Anna Buyer' }),
    createUser(t.app, t.db, { name: 'Otto Other' }),
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const TOKEN_IN_TEXT = /\/t\/([A-Za-z0-9_-]{43})\b/;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const api = apiCaller(() => t.app);

/** Buys an open-dated 24-hour pass (2 adults, 1 youth) through the test checkout; answers the order. */
const buy = async (user: TestUser = buyer) => (await buyTicket(t.app, t.db, user)).order;

/** The newest outbox row to `to` whose subject starts so and whose text has `has` (if given). */
async function lastMail(to: string, subject: string, has = '') {
  const rows = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.filter((m) => m.subject.startsWith(subject) && m.text.includes(has)).at(-1);
}

/** The link in the ticket e-mail of `order`. */
const ticketMailToken = async (order: { uniqueId: string }, to = buyer.email) =>
  tokenOf((await lastMail(to, 'Your ticket:', orderReference(order.uniqueId)))?.text)!;

const attachmentsOf = (mail: { attachments: unknown }) => (mail.attachments ?? []) as MailAttachment[];

const tokenOf = (text: string | undefined | null) => TOKEN_IN_TEXT.exec(text ?? '')?.[1];

async function pdfText(body: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(body));
  return extractText(doc, { mergePages: true });
}

describe('the ticket link from the ticket e-mail', () => {
  let order: Awaited<ReturnType<typeof buy>>;
  let token: string;

  beforeAll(async () => {
    order = await buy();
    // Delivered through the real SMTP server, to the buyer only.
    const delivered = await smtp.next(buyer.email);
    token = tokenOf(plain(delivered.raw))!;
  });

  it('is 256 random bits in base64url, and only its SHA-256 is stored', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.linkTokenHash).toBe(sha256(token));
    expect(row.linkIssuedAt).toBeInstanceOf(Date);
    // The token itself is nowhere in the order's row.
    expect(JSON.stringify(row)).not.toContain(token);
    // A second purchase gets an unrelated token.
    const second = await buy();
    const secondToken = await ticketMailToken(second);
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(token);
    const [secondRow] = await t.db.select().from(orders).where(eq(orders.id, second.id));
    expect(secondRow.linkTokenHash).toBe(sha256(secondToken!));
  });

  it('the e-mail carries the link, the QR, and a link to the PDF ticket made when it is opened (decision 048)', async () => {
    const mail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email))).find((m) =>
      m.text.includes(token),
    )!;
    expect(mail.text).toContain(`no sign-in needed: `);
    expect(mail.html).toContain(`/t/${token}`);
    // The QR picture only: no PDF, neither made nor queued as a recipe.
    expect(attachmentsOf(mail).map((a) => a.filename)).toEqual(['ticket_qr_code.png']);
    const pdfUrl = `/api/ticket-links/${token}/pdf/`;
    expect(mail.text).toContain(`Your PDF ticket, to print or keep: http://`);
    expect(mail.text).toContain(pdfUrl);
    expect(mail.html).toContain(`${pdfUrl}" style=`);
    expect(mail.html).toContain('>Download the PDF ticket</a>');
    expect(mail.text).not.toContain('PDF ticket is attached');
    // What the buyer received through SMTP has the QR and no PDF part.
    const delivered = smtp.received.find((m) => m.to.includes(buyer.email) && plain(m.raw).includes(token))!;
    expect(delivered.raw).toContain('ticket_qr_code.png');
    expect(delivered.raw).not.toMatch(/Content-Type: application\/pdf/);
    // The e-mail's PDF link answers the ticket's PDF.
    const res = await api('GET', pdfUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { totalPages, text } = await pdfText(res.rawPayload);
    expect(totalPages).toBe(1);
    expect(text).toContain(orderReference(order.uniqueId));
  });

  it('opens the ticket without a sign-in, with nothing of the account', async () => {
    const res = await api('GET', `/api/ticket-links/${token}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // A ticket of its own is no combo's part (decision 071).
    expect(body.combo).toBeNull();
    expect(body).toMatchObject({
      reference: orderReference(order.uniqueId),
      adults: 2,
      youths: 1,
      infants: 0,
      tickets: '2 adults, 1 youth',
      status: 'valid',
      date: null,
      time: null,
      cancellable: true,
      wallet_links: null,
    });
    expect(body.usage).toMatch(/^Valid 24 hours from its first use/);
    expect(body.qr_image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(Object.keys(body).sort()).toEqual(
      [
        'reference',
        'package',
        'company',
        'ticket_type',
        'date',
        'time',
        'when',
        'usage',
        'adults',
        'youths',
        'infants',
        'tickets',
        // The price categories and their proofs (decision 070): none here, an empty list.
        'extra_tickets',
        'total_price',
        'status',
        'qr_image',
        'cancellable',
        'cancel_until',
        'wallet_links',
        'combo',
      ].sort(),
    );
    for (const secret of [buyer.email, 'Anna Buyer', '3912345678', buyer.id, order.uniqueId, order.id])
      expect(res.body).not.toContain(secret);
    // A bearer link: kept by this browser only, revalidated, never named in a Referer.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers 404 for an unknown, malformed or altered token, and its page is a 404', async () => {
    const unknown = randomBytes(32).toString('base64url');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [unknown, altered, 'short', `${token}x`]) {
      const res = await api('GET', `/api/ticket-links/${bad}/`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ error: TICKET_LINK_MESSAGES.notFound, code: 'not_found' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const page = await api('GET', `/t/${unknown}`);
    expect(page.statusCode).toBe(404);
    expect(page.headers['cache-control']).toBe('no-store');
    const good = await api('GET', `/t/${token}`);
    expect(good.statusCode).toBe(200);
    // The page is kept privately for a week, so the link opens again at a stop with no signal.
    expect(good.headers['cache-control']).toBe('private, max-age=604800');
    expect(good.headers['referrer-policy']).toBe('no-referrer');
    // Its page alone may register the ticket worker (no head code runs there); an unknown link's may not.
    expect(String(good.headers['content-security-policy'])).toContain("worker-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("worker-src 'none'");
  });

  it('gives the PDF: one page with the package, the reference and the terms', async () => {
    const res = await api('GET', `/api/ticket-links/${token}/pdf/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ticket-${orderReference(order.uniqueId)}.pdf"`,
    );
    const { totalPages, text } = await pdfText(res.rawPayload);
    const title = (await api('GET', `/api/ticket-links/${token}/`)).json().package;
    expect(totalPages).toBe(1);
    expect(text).toContain(title);
    expect(text).toContain(orderReference(order.uniqueId));
    expect(text).toContain('2 adults, 1 youth');
    expect(text).toContain('Terms');
    expect(text).not.toContain(buyer.email);
  });

  it('the purchase history gives the buyer the same PDF, and nobody else', async () => {
    const own = await api('GET', `/api/tickets/${order.uniqueId}/pdf/`, buyer);
    expect(own.statusCode).toBe(200);
    expect((await pdfText(own.rawPayload)).totalPages).toBe(1);
    expect((await api('GET', `/api/tickets/${order.uniqueId}/pdf/`, other)).statusCode).toBe(404);
    expect((await api('GET', `/api/tickets/${order.uniqueId}/pdf/`)).statusCode).toBe(401);
  });

  it('counts unknown tokens per address and refuses more of them (429); a good link still opens there', async () => {
    const guesser = '203.0.113.77';
    const guess = (path: string, from = guesser) => api('GET', path, undefined, undefined, from);
    for (let i = 0; i < 60; i++)
      expect((await guess(`/api/ticket-links/${randomBytes(32).toString('base64url')}/`)).statusCode).toBe(
        404,
      );
    expect((await guess(`/api/ticket-links/${randomBytes(32).toString('base64url')}/`)).statusCode).toBe(429);
    // A hotel's address where someone tried 60 wrong links: its guests' good links open all the same,
    // by the API and as a page.
    expect((await guess(`/api/ticket-links/${token}/`)).statusCode).toBe(200);
    expect((await guess(`/t/${token}`)).statusCode).toBe(200);
    // The page's HTML counts misses alike: no free oracle beside the API.
    const pageGuesser = '203.0.113.78';
    for (let i = 0; i < 60; i++) await guess(`/t/${randomBytes(32).toString('base64url')}`, pageGuesser);
    expect(
      (await guess(`/api/ticket-links/${randomBytes(32).toString('base64url')}/`, pageGuesser)).statusCode,
    ).toBe(429);
    expect((await guess(`/api/ticket-links/${token}/`, pageGuesser)).statusCode).toBe(200);
  });

  it('keeps the token out of logged URLs and logged errors', () => {
    expect(redactUrl(`/t/${token}`)).toBe('/t/[redacted]');
    expect(redactUrl(`/api/ticket-links/${token}/pdf/`)).toBe('/api/ticket-links/[redacted]/pdf/');
    expect(redactText(`failed: insert ... http://x/t/${token} ...`)).not.toContain(token);
  });
});

describe('re-send from the purchase history', () => {
  it('makes one more link and e-mails it with the PDF; the link sent before (forwarded to the family) keeps working', async () => {
    const order = await buy();
    const first = await ticketMailToken(order);
    expect((await api('GET', `/api/ticket-links/${first}/`)).statusCode).toBe(200);

    // Someone else's order is none of their business; without a sign-in, nothing.
    expect((await api('POST', `/api/tickets/${order.uniqueId}/resend/`, other)).statusCode).toBe(404);
    expect((await api('POST', `/api/tickets/${order.uniqueId}/resend/`)).statusCode).toBe(401);

    const res = await api('POST', `/api/tickets/${order.uniqueId}/resend/`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: TICKET_LINK_MESSAGES.resent });
    expect((await api('GET', `/api/ticket-links/${first}/`)).statusCode).toBe(200);
    expect((await api('GET', `/t/${first}`)).statusCode).toBe(200);

    const mail = (await lastMail(buyer.email, 'Your ticket link', orderReference(order.uniqueId)))!;
    const fresh = tokenOf(mail.text)!;
    expect(fresh).not.toBe(first);
    expect(attachmentsOf(mail).find((a) => a.contentType === 'application/pdf')).toMatchObject({
      render: { kind: 'ticket-pdf', orderId: order.id },
    });
    expect((await api('GET', `/api/ticket-links/${fresh}/`)).json().status).toBe('valid');
    // Only the new token's hash is stored.
    const [row] = await t.db
      .select()
      .from(ticketLinks)
      .where(eq(ticketLinks.tokenHash, sha256(fresh)));
    expect(row).toMatchObject({ orderId: order.id });
  });

  it("'End old links': every earlier link stops at once, one new link goes out; only the buyer may", async () => {
    const order = await buy();
    const first = await ticketMailToken(order);
    await api('POST', `/api/tickets/${order.uniqueId}/resend/`, buyer);
    const second = tokenOf(
      (await lastMail(buyer.email, 'Your ticket link', orderReference(order.uniqueId)))!.text,
    )!;
    expect(second).not.toBe(first);

    expect((await api('POST', `/api/tickets/${order.uniqueId}/links/end/`, other)).statusCode).toBe(404);
    expect((await api('POST', `/api/tickets/${order.uniqueId}/links/end/`)).statusCode).toBe(401);
    for (const tk of [first, second])
      expect((await api('GET', `/api/ticket-links/${tk}/`)).statusCode).toBe(200);

    const ended = await api('POST', `/api/tickets/${order.uniqueId}/links/end/`, buyer);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: TICKET_LINK_MESSAGES.linksEnded });
    for (const tk of [first, second]) {
      expect((await api('GET', `/api/ticket-links/${tk}/`)).statusCode).toBe(404);
      expect((await api('GET', `/t/${tk}`)).statusCode).toBe(404);
    }
    // The new link, in the e-mail written in the same step.
    const third = tokenOf(
      (await lastMail(buyer.email, 'Your ticket link', orderReference(order.uniqueId)))!.text,
    )!;
    expect([first, second]).not.toContain(third);
    expect((await api('GET', `/api/ticket-links/${third}/`)).json().status).toBe('valid');
  });

  it('the link holder cancels through the link: refunded, no QR any more, and a re-send is refused', async () => {
    const order = await buy();
    const token = await ticketMailToken(order);
    const res = await api('POST', `/api/ticket-links/${token}/cancel/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    const after = (await api('GET', `/api/ticket-links/${token}/`)).json();
    expect(after).toMatchObject({ status: 'refunded', qr_image: null, cancellable: false });
    expect((await api('POST', `/api/ticket-links/${token}/cancel/`)).statusCode).toBe(409);
    expect((await api('POST', `/api/tickets/${order.uniqueId}/resend/`, buyer)).statusCode).toBe(409);
  });
});

describe("'Find my tickets'", () => {
  it('answers the same for an address with and without tickets; only the owner, from the e-mail, gets new links', async () => {
    const customer = await createUser(t.app, t.db, { name: 'Fiona Finder' });
    await buy(customer);
    await buy(customer);
    const before = (
      await t.db.select({ hash: orders.linkTokenHash }).from(orders).where(eq(orders.userId, customer.id))
    ).map((r) => r.hash);
    const nobody = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const known = await api(
      'POST',
      '/api/find-tickets/',
      undefined,
      { email: customer.email.toUpperCase() },
      '198.51.100.1',
    );
    const unknown = await api('POST', '/api/find-tickets/', undefined, { email: nobody }, '198.51.100.2');
    // A signed-up address without tickets answers alike too.
    const empty = await api('POST', '/api/find-tickets/', undefined, { email: other.email }, '198.51.100.3');
    for (const res of [known, unknown, empty]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify({ message: TICKET_LINK_MESSAGES.findSent }));
    }
    // Nothing was written for the others.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, nobody))).toEqual([]);
    expect(await lastMail(other.email, 'Your ticket link')).toBeUndefined();

    // The buyer's address gets a first e-mail only: its link asks for the new links. Nothing has
    // changed yet, so a stranger who knows the address cannot end its links.
    const first = await (async () => {
      for (;;) {
        const m = smtp.received.find(
          (r) => r.to.includes(customer.email) && plain(r.raw).includes('one step left'),
        );
        if (m) return m;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    expect(first.to).toEqual([customer.email]);
    const unchanged = (
      await t.db.select({ hash: orders.linkTokenHash }).from(orders).where(eq(orders.userId, customer.id))
    ).map((r) => r.hash);
    expect(unchanged.sort()).toEqual([...before].sort());
    const step = (await lastMail(customer.email, 'Your ticket links: one step left'))!;
    const token = /\/find-tickets#confirm=([\w.-]+)/.exec(step.text)![1];

    // A made-up, altered or expired token changes nothing.
    const secret = t.app.config.jwtSecret;
    for (const bad of [
      'nope',
      `${token}x`,
      findConfirmToken(secret, customer.id, Date.now() - 2 * 3600_000),
      findConfirmToken('another shop secret, long enough to be one', customer.id),
    ]) {
      const res = await api('POST', '/api/find-tickets/confirm/', undefined, { token: bad }, '198.51.100.5');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(TICKET_LINK_MESSAGES.findConfirmInvalid);
    }

    // The owner opens the link and asks: a new link per paid ticket, e-mailed to the address only; the
    // purchase e-mails' links keep working.
    const confirmed = await api('POST', '/api/find-tickets/confirm/', undefined, { token }, '198.51.100.6');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: TICKET_LINK_MESSAGES.findConfirmed });
    const mail = (await lastMail(customer.email, 'Your ticket links', '/t/'))!;
    const tokens = [...mail.text.matchAll(new RegExp(TOKEN_IN_TEXT, 'g'))].map((m) => m[1]);
    expect(tokens).toHaveLength(2);
    const after = (
      await t.db.select({ hash: orders.linkTokenHash }).from(orders).where(eq(orders.userId, customer.id))
    ).map((r) => r.hash);
    expect(after.sort()).toEqual([...before].sort());
    for (const tk of tokens) expect((await api('GET', `/api/ticket-links/${tk}/`)).statusCode).toBe(200);

    // Asked again with 'end the links sent before': every earlier link ends, the purchase e-mails' too.
    const again = await api(
      'POST',
      '/api/find-tickets/confirm/',
      undefined,
      { token, end_old_links: true },
      '198.51.100.6',
    );
    expect(again.json()).toEqual({ message: TICKET_LINK_MESSAGES.findConfirmedEnded });
    const ended = (
      await t.db.select({ hash: orders.linkTokenHash }).from(orders).where(eq(orders.userId, customer.id))
    ).map((r) => r.hash);
    expect(ended).toEqual([null, null]);
    for (const tk of tokens) expect((await api('GET', `/api/ticket-links/${tk}/`)).statusCode).toBe(404);
    const orderIds = (
      await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.id))
    ).map((r) => r.id);
    const kept = await t.db.select().from(ticketLinks).where(inArray(ticketLinks.orderId, orderIds));
    expect(kept).toHaveLength(2);
    expect(kept.map((k) => k.tokenHash)).not.toContain(sha256(tokens[0]));
  });

  it('answers no sooner than the floor, for an address with tickets, without, or malformed', async () => {
    const find = (email: string, ip: string) => () =>
      api('POST', '/api/find-tickets/', undefined, { email }, ip);
    const timings = await timedWithShopFloors(t.config, [
      find(buyer.email, '198.51.100.20'),
      find(`nobody-${randomBytes(4).toString('hex')}@example.com`, '198.51.100.21'),
      find('not-an-address', '198.51.100.22'),
    ]);
    expect(timings.map((x) => x.status)).toEqual([200, 200, 400]);
    // Timers settle on whole milliseconds: a hair under the floor is the clocks', not an early answer.
    for (const { ms } of timings) expect(ms).toBeGreaterThanOrEqual(ANSWER_FLOORS_MS.findTickets - 1);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await api(
      'POST',
      '/api/find-tickets/',
      undefined,
      { email: 'not-an-address' },
      '198.51.100.9',
    );
    expect(res.statusCode).toBe(400);
  });

  it('is limited per address (3 an hour) and per client (10 an hour)', async () => {
    const fresh = await createUser(t.app, t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await api('POST', '/api/find-tickets/', undefined, { email: fresh.email }, `192.0.2.${i + 10}`))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);

    const client = '192.0.2.200';
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++)
      fromOne.push(
        (
          await api(
            'POST',
            '/api/find-tickets/',
            undefined,
            { email: `x${i}-${randomBytes(3).toString('hex')}@example.com` },
            client,
          )
        ).statusCode,
      );
    expect(fromOne.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(fromOne[10]).toBe(429);
  }, 90_000);
});
