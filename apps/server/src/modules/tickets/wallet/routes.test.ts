/**
 * The buyer's wallet routes in the real app with generated signing material: a ticket bought through
 * the test checkout becomes a verified .pkpass and a verified Google save link whose QR is the one in
 * the ticket e-mail; someone else's order, an unpaid one and an unconfigured shop are refused.
 */
import { TICKET_MESSAGES } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../../db/schema';
import { buyTicket, openCheckout } from '../../../test/buy';
import { createTestApp } from '../../../test/harness';
import { createUser, type TestUser } from '../../../test/users';
import { GOOGLE_SAVE_URL } from './google';
import { makeTestWallet, type TestWallet, unzip, verifyPass } from './testing';

const PUBLIC_URL = 'https://tickets.example';
let w: TestWallet;
let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;
let uniqueId: string;
let claimUrl: string;
/** The ticket link's token, from the ticket e-mail (tickets/link.ts). */
let linkToken: string;

beforeAll(async () => {
  w = makeTestWallet();
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    publicUrlSet: true,
    wallet: { apple: w.apple, google: w.google },
  });
  [buyer, other] = await Promise.all([
    createUser(t.app, t.db, { name: 'Wanda Wallet' }),
    createUser(t.app, t.db),
  ]);
  ({ uniqueId } = await buyTicket(t.app, t.db, buyer));
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
  claimUrl = /(https?:\/\/\S+\/verify\/[\w-]+\/)/.exec(mail.text)![1];
  linkToken = /\/t\/([\w-]{43})/.exec(mail.text)![1];
});
/** A shop without wallets, made once for the tests that need one (a test app is a database copy). */
let bareShop: Promise<Awaited<ReturnType<typeof createTestApp>>> | undefined;
const bareApp = () => {
  bareShop ??= createTestApp();
  return bareShop;
};
afterAll(async () => {
  await t?.close();
  await (await bareShop)?.close();
});

describe('wallet routes', () => {
  it('say which wallets are configured', async () => {
    const res = await t.app.inject({ url: '/api/wallet/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ apple: true, google: true });
  });

  it("answer the buyer's ticket as a signed .pkpass whose QR is the ticket's claim link", async () => {
    const res = await t.app.inject({ url: `/api/tickets/${uniqueId}/wallet/apple/`, headers: buyer.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ticket-[\w-]+\.pkpass"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = await unzip(res.rawPayload);
    expect(() => verifyPass(files, w.caPath)).not.toThrow();
    const pass = JSON.parse(files['pass.json'].toString('utf8'));
    expect(claimUrl.startsWith(`${PUBLIC_URL}/verify/`)).toBe(true);
    // The ticket's QR: its claim link, with the ticket signed for the agents' app (issue #19).
    expect(pass.barcodes[0].message.startsWith(`${claimUrl}#t=`)).toBe(true);
    expect(pass.serialNumber).toBe(uniqueId);
    const aux = Object.fromEntries(pass.eventTicket.auxiliaryFields.map((f: any) => [f.key, f.value]));
    expect(aux).toMatchObject({ adults: 2, youths: 1 });
    const back = Object.fromEntries(pass.eventTicket.backFields.map((f: any) => [f.key, f.value]));
    expect(back.validity).toMatch(/^Valid 24 hours from its first use/);
    expect(back.operator).toBeTruthy();
  });

  it("answer the buyer's ticket as a signed Google Wallet link", async () => {
    const res = await t.app.inject({ url: `/api/tickets/${uniqueId}/wallet/google/`, headers: buyer.auth });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const { payload } = await jwtVerify(
      url.slice(GOOGLE_SAVE_URL.length),
      await importSPKI(w.googlePublicKeyPem, 'RS256'),
      {
        audience: 'google',
        issuer: w.google.serviceAccountEmail,
      },
    );
    expect(payload.origins).toEqual([PUBLIC_URL]);
    const object = (payload.payload as { eventTicketObjects: any[] }).eventTicketObjects[0];
    expect(object).toMatchObject({
      id: `${w.google.issuerId}.${uniqueId}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: expect.stringMatching(/\/verify\/[\w-]+\/#t=[\w-]+\.[\w-]{86}$/) },
    });
  });

  it("answer 404 for someone else's order and an unknown one, 401 without a sign-in", async () => {
    for (const which of ['apple', 'google']) {
      const foreign = await t.app.inject({
        url: `/api/tickets/${uniqueId}/wallet/${which}/`,
        headers: other.auth,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'not_found' });
      expect(foreign.body).not.toContain('verify');
      const unknown = await t.app.inject({
        url: `/api/tickets/no-such-order/wallet/${which}/`,
        headers: buyer.auth,
      });
      expect(unknown.statusCode).toBe(404);
      const anonymous = await t.app.inject({ url: `/api/tickets/${uniqueId}/wallet/${which}/` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it("answer an Italian order's passes in Italian (issue #20)", async () => {
    const { uniqueId: italian } = await buyTicket(t.app, t.db, buyer, { language: 'it' });
    const apple = await t.app.inject({ url: `/api/tickets/${italian}/wallet/apple/`, headers: buyer.auth });
    expect(apple.statusCode, apple.body).toBe(200);
    const files = await unzip(apple.rawPayload);
    expect(() => verifyPass(files, w.caPath)).not.toThrow();
    const ticket = JSON.parse(files['pass.json'].toString('utf8')).eventTicket;
    expect(ticket.headerFields[0]).toMatchObject({ label: 'STATO', value: 'Valido' });
    expect(ticket.secondaryFields[0]).toMatchObject({ label: 'DATA (ROMA)', value: 'Data aperta' });
    const back = Object.fromEntries(ticket.backFields.map((f: any) => [f.key, [f.label, f.value]]));
    expect(back.tickets).toEqual(['Biglietti', '2 adulti, 1 ragazzo']);
    expect(back.validity).toEqual([
      'Validità',
      'Valido 24 ore dal primo utilizzo a qualsiasi fermata. Usalo per la prima volta entro 365 giorni.',
    ]);

    const google = await t.app.inject({ url: `/api/tickets/${italian}/wallet/google/`, headers: buyer.auth });
    const { payload } = await jwtVerify(
      (google.json() as { url: string }).url.slice(GOOGLE_SAVE_URL.length),
      await importSPKI(w.googlePublicKeyPem, 'RS256'),
    );
    const object = (payload.payload as { eventTicketObjects: any[] }).eventTicketObjects[0];
    expect(object.ticketType).toEqual({ defaultValue: { language: 'it', value: '2 adulti, 1 ragazzo' } });
    expect(object.textModulesData).toContainEqual({ id: 'status', header: 'Stato', body: 'Valido' });
  });

  it('answer 409 for an order that is not paid', async () => {
    const session = await openCheckout(t.app, buyer);
    const [{ uniqueId: unpaid }] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, session));
    const res = await t.app.inject({ url: `/api/tickets/${unpaid}/wallet/apple/`, headers: buyer.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'order_state', status: 'pending' });
  });

  it("answer 404 'not available' when the shop has no signing material", async () => {
    const bare = await bareApp();
    const user = await createUser(bare.app, bare.db);
    expect((await bare.app.inject({ url: '/api/wallet/' })).json()).toEqual({
      apple: false,
      google: false,
    });
    for (const which of ['apple', 'google']) {
      const res = await bare.app.inject({
        url: `/api/tickets/${uniqueId}/wallet/${which}/`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_available' });
    }
  });
});

describe('wallet buttons of the ticket link (no sign-in)', () => {
  const link = (path = '') => t.app.inject({ url: `/api/ticket-links/${linkToken}/${path}` });

  it('the link answer carries a button per configured wallet', async () => {
    const res = await link();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().wallet_links).toEqual({
      apple: `/api/ticket-links/${linkToken}/wallet/apple/`,
      google: `/api/ticket-links/${linkToken}/wallet/google/`,
    });
  });

  it('the Apple button answers the signed pass itself, the Google button redirects to a signed save link', async () => {
    const apple = await link('wallet/apple/');
    expect(apple.statusCode, apple.body).toBe(200);
    expect(apple.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(apple.headers['referrer-policy']).toBe('no-referrer');
    const files = await unzip(apple.rawPayload);
    expect(() => verifyPass(files, w.caPath)).not.toThrow();
    // The QR of the ticket: its claim link with the signed ticket in the fragment (issue #19).
    const qrText = JSON.parse(files['pass.json'].toString('utf8')).barcodes[0].message as string;
    expect(qrText.startsWith(`${claimUrl}#t=`)).toBe(true);

    const google = await link('wallet/google/');
    expect(google.statusCode).toBe(302);
    const location = String(google.headers.location);
    expect(location.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const { payload } = await jwtVerify(
      location.slice(GOOGLE_SAVE_URL.length),
      await importSPKI(w.googlePublicKeyPem, 'RS256'),
      { audience: 'google', issuer: w.google.serviceAccountEmail },
    );
    const object = (payload.payload as { eventTicketObjects: any[] }).eventTicketObjects[0];
    expect(object).toMatchObject({ id: `${w.google.issuerId}.${uniqueId}`, barcode: { value: qrText } });
  });

  it('an unknown or altered token opens no pass', async () => {
    const altered = `${linkToken.slice(0, -1)}${linkToken.endsWith('A') ? 'B' : 'A'}`;
    for (const which of ['apple', 'google']) {
      const res = await t.app.inject({ url: `/api/ticket-links/${altered}/wallet/${which}/` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('verify');
    }
  });

  it('a shop without wallets shows no buttons', async () => {
    const bare = await bareApp();
    const user = await createUser(bare.app, bare.db);
    await buyTicket(bare.app, bare.db, user, { adult_count: '1', youth_count: '0' });
    const [mail] = await bare.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const token = /\/t\/([\w-]{43})/.exec(mail.text)![1];
    const res = await bare.app.inject({ url: `/api/ticket-links/${token}/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().wallet_links).toBeNull();
    const apple = await bare.app.inject({ url: `/api/ticket-links/${token}/wallet/apple/` });
    // The contract's words, which the ticket page shows in its language.
    expect(apple.json()).toMatchObject({
      code: 'not_available',
      error: TICKET_MESSAGES.appleWalletNotAvailable,
    });
  });
});
