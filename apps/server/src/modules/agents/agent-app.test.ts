/**
 * The agents' app's server side (issue #19): signed tickets with real Ed25519 keys, device sign-in
 * and revocation, online claims, the refunded list, offline sync (idempotent, conflicts).
 */
import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { decodeTicketPayload, encodeTicketPayload, readScan, romeToday, toBase64url } from '@rome/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli';
import { agentClaims, agents, orders, packages } from '../../db/schema';
import { hashSecret } from '../../lib/passwords';
import { agentDevice, signInAgentDevice } from '../../test/agent-device';
import { buyTicket as buyThroughTestCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { signTicket } from '../orders/signed-ticket';
import { qrPayloadFromImage } from '../tickets/wallet/service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let superuser: TestUser;
let alpha = '';
let beta = '';

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.app, t.db, { name: 'Carla Claim' });
  superuser = await createUser(t.app, t.db, { isSuperuser: true, name: 'Sergio Super' });
  await t.db.insert(agents).values({ name: 'Agent Alpha', codeHash: await hashSecret('4711') });
  const alphaAccount = { agentName: 'Agent Alpha', email: 'alpha@agents.example', password: 'pw-alpha-1' };
  alpha = await agentDevice(t.app, t.db, alphaAccount, 'Colosseum phone');
  // Beta's account is made by a superuser through the API (and Beta with it).
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/agent-accounts/',
    headers: superuser.auth,
    payload: { agent_name: 'Agent Beta', email: 'Beta@Agents.example', password: 'pw-beta-22' },
  });
  expect(made.statusCode, made.body).toBe(201);
  expect(made.json().account).toMatchObject({ agent_name: 'Agent Beta', email: 'beta@agents.example' });
  beta = await signInAgentDevice(t.app, 'beta@agents.example', 'pw-beta-22', 'Vatican phone');
});
afterAll(() => t.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const claim = async (token: string, scan: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agent/claims/',
    headers: as(token),
    payload: { scan },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sync = async (token: string, claims: { id: string; scan: string; claimed_at: string }[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agent/claims/sync/',
    headers: as(token),
    payload: { claims },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as Record<string, any>[];
};

/** Buys BB-24 (1 adult, 2 youths): the ticket's QR text (read back from its picture) and claim code. */
let bought = 0;
async function buyTicket() {
  if (++bought % 25 === 0) buyer = await createUser(t.app, t.db, { name: 'Carla Claim' });
  const { order, uniqueId, code } = await buyThroughTestCheckout(t.app, t.db, buyer, {
    adult_count: '1',
    youth_count: '2',
    infant_count: '0',
  });
  const qr = (await qrPayloadFromImage(t.app, order.qrFileKey))!;
  const signed = readScan(qr).signed!;
  return { uniqueId, code, qr, signed, orderId: order.id };
}

/** Bought an hour ago: offline claims minutes ago are after the payment (earlier ones are moved to it). */
const paidAnHourAgo = (orderId: string) =>
  t.db
    .update(orders)
    .set({ paidAt: new Date(Date.now() - 3_600_000) })
    .where(eq(orders.id, orderId));

describe('device sign-in', () => {
  it('refuses a wrong password, a shop account and no token; a device knows its agent', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/agent/devices/',
      payload: { email: 'alpha@agents.example', password: 'nope', label: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
    const shopAccount = await t.app.inject({
      method: 'POST',
      url: '/api/agent/devices/',
      payload: { email: superuser.email, password: superuser.password, label: 'x' },
    });
    expect(shopAccount.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/agent/me/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/agent/me/', headers: superuser.auth })).statusCode).toBe(401);
    const me = await t.app.inject({ url: '/api/agent/me/', headers: as(alpha) });
    expect(me.json()).toMatchObject({ agent_name: 'Agent Alpha', device: { label: 'Colosseum phone' } });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/agent-accounts/',
      headers: superuser.auth,
      payload: { agent_name: 'Agent Alpha', email: 'other@agents.example', password: 'pw-x-12345' },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('a revoked device is refused at once; the others keep working', async () => {
    const token = await signInAgentDevice(t.app, 'alpha@agents.example', 'pw-alpha-1', 'Lost phone');
    expect((await t.app.inject({ url: '/api/agent/keys/', headers: as(token) })).statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/admin/agent-devices/', headers: superuser.auth });
    const lost = list.json().devices.find((d: { label: string }) => d.label === 'Lost phone');
    expect(JSON.stringify(list.json())).not.toContain(token);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/agent-devices/${lost.id}/`,
      headers: superuser.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().device.revoked_at).not.toBeNull();
    const refused = await t.app.inject({ url: '/api/agent/keys/', headers: as(token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('device_not_valid');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/agent/claims/',
          headers: as(token),
          payload: { scan: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/agent/keys/', headers: as(alpha) })).statusCode).toBe(200);
  });
});

describe('signed tickets', () => {
  it("a new ticket's QR is the claim link with the ticket signed by a real Ed25519 key", async () => {
    const ticket = await buyTicket();
    expect(ticket.qr).toMatch(/\/verify\/[\w-]+\/#t=[\w-]+\.[\w-]{86}$/);
    // The spec's claim page still opens with it.
    expect(readScan(ticket.qr).code).toBe(ticket.code);
    expect((await t.app.inject({ url: `/api/authenticate/${ticket.code}/` })).statusCode).toBe(200);
    const [payload, signature] = ticket.signed.split('.');
    const facts = decodeTicketPayload(payload)!;
    expect(facts).toMatchObject({
      uniqueId: ticket.uniqueId,
      packageTag: 'BB-24',
      adults: 1,
      youths: 2,
      infants: 0,
    });
    // Verified with the public key the devices download, as a device would.
    const keys = (await t.app.inject({ url: '/api/agent/keys/', headers: as(alpha) })).json().keys;
    const key = keys.find((k: { kid: string }) => k.kid === facts.kid);
    expect(key).toMatchObject({ alg: 'EdDSA', current: true, jwk: { kty: 'OKP', crv: 'Ed25519' } });
    const publicKey = createPublicKey({ key: { ...key.jwk }, format: 'jwk' });
    expect(verify(null, Buffer.from(payload), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    // No private key in the answer.
    expect(JSON.stringify(keys)).not.toMatch(/"d"|PRIVATE|pkcs8/i);
  });

  it('refuses an altered payload, another key and an unknown kid', async () => {
    const ticket = await buyTicket();
    const [payload, signature] = ticket.signed.split('.');
    const facts = decodeTicketPayload(payload)!;
    // One character changed (a canonical base64url text, so it decodes).
    const i = payload.length - 6;
    const altered = `${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}.${signature}`;
    const other = generateKeyPairSync('ed25519');
    const signWith = (p: string) => `${p}.${toBase64url(sign(null, Buffer.from(p), other.privateKey))}`;
    const sameKidOtherKey = signWith(payload);
    const unknownKid = signWith(encodeTicketPayload({ ...facts, kid: 'k-not-ours' }));
    const twoAdults = signWith(encodeTicketPayload({ ...facts, adults: 2 }));
    for (const scan of [
      altered,
      sameKidOtherKey,
      unknownKid,
      twoAdults,
      `${ticket.qr.split('#')[0]}#t=${unknownKid}`,
    ]) {
      const answer = await claim(alpha, scan);
      expect(answer.result, scan).toBe('forged');
      expect(answer.ticket).toBeNull();
    }
    expect((await claim(alpha, ticket.signed)).result).toBe('valid');
  });

  it('rotation: a new key signs new tickets, old tickets still verify', async () => {
    const old = await buyTicket();
    const oldKid = decodeTicketPayload(old.signed.split('.')[0])!.kid;
    const out = await run(t.database, 'agent:rotate-key', {}, { secret: t.config.jwtSecret });
    expect(out).toMatch(/New ticket signing key/);
    // Same process and database here, so the shop's key cache is dropped at once (another process's
    // rotation is read within a minute).
    const fresh = await buyTicket();
    const newKid = decodeTicketPayload(fresh.signed.split('.')[0])!.kid;
    expect(newKid).not.toBe(oldKid);
    const keys = (await t.app.inject({ url: '/api/agent/keys/', headers: as(alpha) })).json().keys;
    expect(keys.map((k: { kid: string; current: boolean }) => [k.kid, k.current])).toEqual(
      expect.arrayContaining([
        [newKid, true],
        [oldKid, false],
      ]),
    );
    expect((await claim(alpha, old.signed)).result).toBe('valid');
    expect((await claim(alpha, fresh.qr)).result).toBe('valid');
  });
});

describe('signed pass window (payload version 2)', () => {
  it("signs the pass's window (type, payment time, validity), as the order and package hold it", async () => {
    const ticket = await buyTicket();
    const payload = ticket.signed.split('.')[0];
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    const [pkg] = await t.db.select().from(packages).where(eq(packages.id, order.packageId));
    const text = Buffer.from(payload, 'base64url').toString();
    expect(JSON.parse(text)[0]).toBe(2);
    expect(decodeTicketPayload(payload)).toMatchObject({
      availabilityType: pkg.availabilityType,
      // The payment's time the QR was signed with is the one the order records.
      paidAt: order.paidAt!.getTime(),
      validityDays: pkg.validityDays,
    });
  });

  it('the signature covers the window: a pass made younger or longer with the old signature is forged', async () => {
    const ticket = await buyTicket();
    const [payload, signature] = ticket.signed.split('.');
    const facts = decodeTicketPayload(payload)!;
    for (const changed of [
      { ...facts, paidAt: facts.paidAt! + 86_400_000 },
      { ...facts, validityDays: 100_000 },
      { ...facts, availabilityType: null },
      // The same facts as a version 1 payload (no window): not what was signed either.
      { ...facts, availabilityType: undefined, paidAt: undefined, validityDays: undefined },
    ]) {
      const answer = await claim(alpha, `${encodeTicketPayload(changed)}.${signature}`);
      expect(answer.result).toBe('forged');
    }
    expect((await claim(alpha, ticket.signed)).result).toBe('valid');
  });

  it('online, a pass past its validity is expired (the contract rule the device reads too)', async () => {
    const ticket = await buyTicket();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    const [pkg] = await t.db.select().from(packages).where(eq(packages.id, order.packageId));
    expect(pkg.availabilityType).toBe('PASS');
    await t.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - (pkg.validityDays! + 1) * 86_400_000) })
      .where(eq(orders.id, ticket.orderId));
    expect((await claim(alpha, ticket.signed)).result).toBe('expired');
  });

  it('an old payload (version 1, no window) signed by the shop still verifies and is judged as before', async () => {
    const ticket = await buyTicket();
    const facts = decodeTicketPayload(ticket.signed.split('.')[0])!;
    const keys = { db: t.db, secret: t.config.jwtSecret };
    const v1 = (await signTicket(keys, {
      uniqueId: facts.uniqueId,
      packageTag: facts.packageTag,
      date: facts.date,
      slot: facts.slot,
      adults: facts.adults,
      youths: facts.youths,
      infants: facts.infants,
    }))!;
    expect(JSON.parse(Buffer.from(v1.split('.')[0], 'base64url').toString())).toHaveLength(9);
    expect((await claim(alpha, v1)).result).toBe('valid');
  });
});

describe('online claims', () => {
  it('valid once, then already claimed with when and by whom; the screen gets the ticket', async () => {
    const ticket = await buyTicket();
    const first = await claim(alpha, ticket.qr);
    expect(first).toMatchObject({
      result: 'valid',
      claimed_by: 'Agent Alpha',
      ticket: { unique_id: ticket.uniqueId, package_tag: 'BB-24', adults: 1, youths: 2, infants: 0 },
    });
    expect(first.ticket.package).toBeTruthy();
    const again = await claim(beta, ticket.signed);
    expect(again).toMatchObject({ result: 'already_claimed', claimed_by: 'Agent Alpha' });
    expect(again.claimed_at).toBe(first.claimed_at);
    // The spec's claim page sees it claimed by the agent.
    const info = (await t.app.inject({ url: `/api/authenticate/${ticket.code}/` })).json();
    expect(info.claimed).toBe(true);
    expect(info.msg).toContain('Agent Alpha');
  });

  it("an old ticket's plain claim link, or its code typed, still claims", async () => {
    const ticket = await buyTicket();
    expect((await claim(alpha, `${t.config.publicUrl}/verify/${ticket.code}/`)).result).toBe('valid');
    const other = await buyTicket();
    expect((await claim(alpha, other.code)).result).toBe('valid');
    expect((await claim(alpha, 'no-such-ticket-code-at-all')).result).toBe('unknown');
  });

  it('a ticket for another day is refused; so is a refunded one, and it is in the refunded list', async () => {
    const tomorrow = await buyTicket();
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await t.db.update(orders).set({ selectedDate: day }).where(eq(orders.id, tomorrow.orderId));
    const wrong = await claim(alpha, tomorrow.signed);
    expect(wrong).toMatchObject({ result: 'wrong_date', ticket: { date: day } });

    const refunded = await buyTicket();
    await t.db.update(orders).set({ selectedDate: romeToday() }).where(eq(orders.id, refunded.orderId));
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${refunded.uniqueId}/refund/`,
      headers: superuser.auth,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await claim(alpha, refunded.signed)).result).toBe('refunded');
    const list = await t.app.inject({ url: `/api/agent/refunded/?date=${romeToday()}`, headers: as(alpha) });
    expect(list.statusCode).toBe(200);
    expect(list.json().tickets.map((x: { unique_id: string }) => x.unique_id)).toContain(refunded.uniqueId);
    const otherDay = await t.app.inject({ url: `/api/agent/refunded/?date=${day}`, headers: as(alpha) });
    expect(otherDay.json().tickets.map((x: { unique_id: string }) => x.unique_id)).not.toContain(
      refunded.uniqueId,
    );
  });
});

describe('offline sync', () => {
  it('the same batch twice counts once', async () => {
    const a = await buyTicket();
    const b = await buyTicket();
    await paidAnHourAgo(a.orderId);
    const batch = [
      { id: crypto.randomUUID(), scan: a.qr, claimed_at: new Date(Date.now() - 60_000).toISOString() },
      { id: crypto.randomUUID(), scan: b.signed, claimed_at: new Date(Date.now() - 30_000).toISOString() },
      { id: crypto.randomUUID(), scan: `${b.signed.slice(0, -3)}AAA`, claimed_at: new Date().toISOString() },
    ];
    const first = await sync(alpha, batch);
    expect(first.map((r) => [r.result, r.repeated, r.kept])).toEqual([
      ['valid', false, true],
      ['valid', false, true],
      ['forged', false, false],
    ]);
    const second = await sync(alpha, batch);
    expect(second.map((r) => [r.result, r.repeated, r.kept])).toEqual([
      ['valid', true, true],
      ['valid', true, true],
      ['forged', true, false],
    ]);
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentClaims)
      .where(
        sql`${agentClaims.id} in (${sql.join(
          batch.map((c) => sql`${c.id}`),
          sql`, `,
        )})`,
      );
    expect(rows[0].n).toBe(3);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, a.orderId));
    // The device's claim time is the ticket's.
    expect(order.claimedAt!.toISOString()).toBe(new Date(batch[0].claimed_at).toISOString());
    // Another agent's device cannot replay Alpha's id.
    const replay = await sync(beta, [batch[0]]);
    expect(replay[0]).toMatchObject({ result: 'unknown', repeated: true, kept: false });
  });

  it('two devices claim one ticket offline: the first by claim time is kept, the conflict listed', async () => {
    const ticket = await buyTicket();
    await paidAnHourAgo(ticket.orderId);
    const early = new Date(Date.now() - 10 * 60_000).toISOString();
    const late = new Date(Date.now() - 5 * 60_000).toISOString();
    // Beta (later claim) uploads first and gets the ticket...
    const [b] = await sync(beta, [{ id: crypto.randomUUID(), scan: ticket.signed, claimed_at: late }]);
    expect(b).toMatchObject({ result: 'valid', kept: true, conflict: false });
    // ...then Alpha's earlier claim arrives: Alpha's is kept, Beta's is the conflict's other side.
    const [a] = await sync(alpha, [{ id: crypto.randomUUID(), scan: ticket.qr, claimed_at: early }]);
    expect(a).toMatchObject({ result: 'valid', kept: true, conflict: true, claimed_by: 'Agent Alpha' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    expect(order.claimedAt!.toISOString()).toBe(new Date(early).toISOString());
    // A third, later claim loses.
    const third = await sync(beta, [{ id: crypto.randomUUID(), scan: ticket.signed, claimed_at: late }]);
    expect(third[0]).toMatchObject({ result: 'already_claimed', kept: false, conflict: true });

    const res = await t.app.inject({ url: '/api/admin/claim-conflicts/', headers: superuser.auth });
    expect(res.statusCode).toBe(200);
    const mine = res.json().conflicts.filter((c: { unique_id: string }) => c.unique_id === ticket.uniqueId);
    expect(mine).toHaveLength(2);
    expect(mine).toContainEqual(
      expect.objectContaining({
        kept: expect.objectContaining({ agent_name: 'Agent Alpha', device: 'Colosseum phone' }),
        other: expect.objectContaining({ agent_name: 'Agent Beta', device: 'Vatican phone' }),
      }),
    );
    expect((await t.app.inject({ url: '/api/admin/claim-conflicts/', headers: buyer.auth })).statusCode).toBe(
      403,
    );
    expect(await run(t.database, 'agent:conflicts', {})).toContain(ticket.uniqueId);
  });

  it('a claim time in the future or before payment is bounded', async () => {
    const ticket = await buyTicket();
    const [r] = await sync(alpha, [
      { id: crypto.randomUUID(), scan: ticket.signed, claimed_at: '2001-01-01T00:00:00Z' },
    ]);
    expect(r.result).toBe('valid');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    expect(order.claimedAt!.getTime()).toBeGreaterThanOrEqual(order.paidAt!.getTime());
  });
});

describe('admin commands', () => {
  it('make accounts, list and revoke devices', async () => {
    expect(
      await run(t.database, 'agent:account', {
        name: 'Agent Gamma',
        email: 'g@agents.example',
        password: 'Gamma-pass-1',
      }),
    ).toContain('Agent Gamma');
    const token = await signInAgentDevice(t.app, 'g@agents.example', 'Gamma-pass-1', 'Gamma tablet');
    const listed = await run(t.database, 'agent:devices', { name: 'Agent Gamma' });
    const id = /([0-9a-f-]{36})/.exec(listed)![1];
    expect(listed).not.toContain(token);
    expect(await run(t.database, 'agent:device-revoke', { id })).toContain('Revoked');
    expect((await t.app.inject({ url: '/api/agent/me/', headers: as(token) })).statusCode).toBe(401);
  });
});
