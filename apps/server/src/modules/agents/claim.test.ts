import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, orders } from '../../db/schema';
import { hashSecret } from '../../lib/passwords';
import { openCheckout, payTestCheckout } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let lastCode = '';

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.app, t.db, { name: 'Carla Claim' });
  await t.db.insert(agents).values([
    { name: 'Agent Alpha', codeHash: await hashSecret('4711') },
    { name: 'Agent Beta', codeHash: await hashSecret('0815') },
  ]);
});
afterAll(() => t.close());

/** Buys BB-24 through the test checkout and returns the ticket's claim code from the e-mail. */
let bought = 0;
async function buyTicket(): Promise<{ code: string; uniqueId: string }> {
  // A buyer may open 30 checkouts in 10 minutes: the long tests buy through several buyers.
  if (++bought % 25 === 0) buyer = await createUser(t.app, t.db, { name: 'Carla Claim' });
  const id = await openCheckout(t.app, buyer, { adult_count: '1', youth_count: '2', infant_count: '0' });
  expect(id).toMatch(/^test_cs_/);
  const page = await t.app.inject({ url: `/api/test-checkout/${id}/`, headers: buyer.auth });
  expect(page.json()).toMatchObject({ test_mode: true, total_price: '67.00', status: 'pending' });
  const { code, uniqueId } = await payTestCheckout(t.app, t.db, buyer, id);
  return { code, uniqueId };
}

describe('test checkout', () => {
  it('is the provider when no Stripe key is set', async () => {
    expect((await t.app.inject({ url: '/api/payments/config/' })).json()).toEqual({
      provider: 'test',
      publishable_key: null,
      test_mode: true,
    });
  });

  it("another buyer cannot see or pay someone's session", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: buyer.auth,
      payload: { adult_count: '1', youth_count: '0', package_identifier: 'GL-24' },
    });
    const { id } = res.json();
    const stranger = await createUser(t.app, t.db);
    expect(
      (await t.app.inject({ url: `/api/test-checkout/${id}/`, headers: stranger.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/test-checkout/${id}/pay/`, headers: stranger.auth }))
        .statusCode,
    ).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.json().redirect).toBe('/cancel/');
    const [order] = await t.db.select().from(orders).where(eq(orders.providerSessionId, id));
    expect(order.status).toBe('cancelled');
    // A cancelled checkout cannot be paid afterwards: the order state table refuses it.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${id}/pay/`,
      headers: buyer.auth,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This checkout is no longer open.', code: 'order_state' });
    // Cancelling twice changes nothing and is fine.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${id}/cancel/`,
      headers: buyer.auth,
    });
    expect(again.statusCode).toBe(200);
    const success = await t.app.inject({ url: `/api/success/${order.uniqueId}/`, headers: buyer.auth });
    expect(success.statusCode).toBe(409);
    expect(success.json()).toMatchObject({ code: 'order_state', status: 'cancelled' });
  });

  it("cancelling an Italian buyer's test checkout goes back to the Italian cancel page", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: buyer.auth,
      payload: { adult_count: '1', youth_count: '0', package_identifier: 'GL-24', language: 'it' },
    });
    const { id } = res.json();
    const page = await t.app.inject({ url: `/api/test-checkout/${id}/`, headers: buyer.auth });
    expect(page.json().cancel_url).toBe('/it/cancel/');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.json().redirect).toBe('/it/cancel/');
  });

  it('refuses to cancel a paid checkout with 409 order_state and changes nothing', async () => {
    const { uniqueId } = await buyTicket();
    const [paid] = await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${paid.providerSessionId}/cancel/`,
      headers: buyer.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This checkout can no longer be cancelled.', code: 'order_state' });
    const [after] = await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId));
    expect(after).toEqual(paid);
    // Paying it again is no new ticket either.
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${paid.providerSessionId}/pay/`,
      headers: buyer.auth,
    });
    expect(pay.json()).toMatchObject({ result: 'already_paid' });
    expect((await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId)))[0]).toEqual(paid);
  });

  it('answers the test checkout page from the contract, amounts as decimals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: buyer.auth,
      payload: { adult_count: 2, youth_count: '1', package_identifier: 'BB-24' },
    });
    expect(res.statusCode).toBe(200);
    const page = await t.app.inject({ url: `/api/test-checkout/${res.json().id}/`, headers: buyer.auth });
    expect(page.json()).toMatchObject({
      status: 'pending',
      adult_price: '29.00',
      youth_price: '19.00',
      total_price: '77.00',
      cancel_url: '/cancel/',
    });
  });

  it('has no Stripe webhook without Stripe: 404 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('agent claim', () => {
  it('shows the claim info, refuses a wrong code, claims once, then reports it claimed', async () => {
    const { code, uniqueId } = await buyTicket();
    const info = await t.app.inject({ url: `/api/authenticate/${code}/` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      claimed: false,
      agent_list: expect.arrayContaining(['Agent Alpha', 'Agent Beta']),
      data: {
        package: 'Big Bus Rome Classic 24h',
        user: 'Carla Claim',
        total_price: '67.00',
        paid: true,
        package_tag: 'BB-24',
        adults: 1,
        youths: 2,
        infants: 0,
      },
    });

    const wrong = await t.app.inject({ url: `/api/claim/${code}/Agent%20Alpha/0000/` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false });
    const wrongAgent = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code, agent_name: 'Agent Nobody', security_code: '4711' },
    });
    expect(wrongAgent.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code, agent_name: 'Agent Alpha', security_code: '4711' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true });

    const again = await t.app.inject({ url: `/api/authenticate/${code}/` });
    expect(again.json().claimed).toBe(true);
    expect(again.json().msg).toMatch(/already claimed .* by Agent Alpha/);
    // Beside the spec's English message, what the claim page writes it from in its own language.
    expect(again.json()).toMatchObject({ claimed_at: expect.any(String), claimed_by: 'Agent Alpha' });
    expect(Math.abs(Date.parse(again.json().claimed_at) - Date.now())).toBeLessThan(60_000);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code, agent_name: 'Agent Beta', security_code: '0815' },
    });
    expect(second.statusCode).toBe(409);
    const dashboard = (await t.app.inject({ url: '/api/dashboard/', headers: buyer.auth })).json().data;
    expect(dashboard.find((d: any) => d.unique_id === uniqueId).qr_code_scanned).toBe(true);
  });

  it('two agents claiming at once give one success', async () => {
    const { code } = await buyTicket();
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/claim/',
        payload: { code, agent_name: 'Agent Alpha', security_code: '4711' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/claim/',
        payload: { code, agent_name: 'Agent Beta', security_code: '0815' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  const claimFrom = (remoteAddress: string, code: string, agent_name: string, security_code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      remoteAddress,
      payload: { code, agent_name, security_code },
    });

  it('5 wrong codes lock the ticket for the guessing address only; the agent elsewhere claims it (issue #21)', async () => {
    const { code } = await buyTicket();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await claimFrom('10.21.4.1', code, 'Agent Alpha', `99${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // The guesser's address stays locked for this ticket, even with the right code...
    const guesser = await claimFrom('10.21.4.1', code, 'Agent Alpha', '4711');
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json()).toMatchObject({ code: 'claim_locked' });
    // ...while the agent at the desk is not locked out of the ticket.
    expect((await claimFrom('10.21.4.2', code, 'Agent Alpha', '4711')).statusCode).toBe(200);
  });

  it('an agent desk behind one address redeems more than 30 tickets in a row (issue #21)', async () => {
    const desk = '10.21.3.1';
    for (let i = 0; i < 32; i++) {
      const { code } = await buyTicket();
      const info = await t.app.inject({ url: `/api/authenticate/${code}/`, remoteAddress: desk });
      expect(info.statusCode, `ticket ${i + 1}`).toBe(200);
      expect((await claimFrom(desk, code, 'Agent Beta', '0815')).statusCode, `ticket ${i + 1}`).toBe(200);
    }
  }, 120_000);

  it('junk codes count against their address only: 30, then 429 there, while others claim (issue #21)', async () => {
    const junk = '10.21.3.2';
    for (let i = 0; i < 30; i++) {
      const res = await claimFrom(junk, `junk-code-${i}-${'x'.repeat(12)}`, 'Agent Alpha', '1234');
      expect(res.statusCode).toBe(404);
    }
    const { code } = await buyTicket();
    expect((await claimFrom(junk, code, 'Agent Alpha', '4711')).statusCode).toBe(429);
    expect((await t.app.inject({ url: `/api/authenticate/${code}/`, remoteAddress: junk })).statusCode).toBe(
      429,
    );
    expect((await claimFrom('10.21.3.3', code, 'Agent Alpha', '4711')).statusCode).toBe(200);
  });

  it("locks an agent's code after 20 wrong codes from anywhere, except at the agent's own desk (issue #21)", async () => {
    await t.db.insert(agents).values({ name: 'Agent Gamma', codeHash: await hashSecret('2468') });
    const desk = '10.21.5.1';
    // Gamma's desk claimed a ticket before the attack.
    expect((await claimFrom(desk, (await buyTicket()).code, 'Agent Gamma', '2468')).statusCode).toBe(200);
    // Guesses spread over many addresses and tickets, so no per-address limit is reached.
    for (let i = 0; i < 20; i++) {
      const { code } = i % 4 === 0 ? await buyTicket() : { code: lastCode };
      lastCode = code;
      const res = await claimFrom(`10.21.6.${i}`, code, 'Agent Gamma', String(1000 + i));
      expect(res.statusCode, `guess ${i + 1}`).toBe(400);
    }
    const { code } = await buyTicket();
    // Now even the right code from a stranger's address is refused...
    const stranger = await claimFrom('10.21.7.1', code, 'Agent Gamma', '2468');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ code: 'agent_locked', success: false });
    // ...other agents are not affected, and Gamma's own desk still works.
    expect((await claimFrom(desk, code, 'Agent Gamma', '2468')).statusCode).toBe(200);
    expect((await claimFrom('10.21.7.1', (await buyTicket()).code, 'Agent Alpha', '4711')).statusCode).toBe(
      200,
    );
    await t.db.update(agents).set({ active: false }).where(eq(agents.name, 'Agent Gamma'));
  }, 120_000);

  it('answers an unknown or malformed code with 404 and no data', async () => {
    for (const code of ['x', 'A'.repeat(24), '..%2F..%2Fetc']) {
      const res = await t.app.inject({ url: `/api/authenticate/${code}/` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'Ticket not found.',
        code: 'not_found',
        claimed: false,
        agent_list: [],
        data: null,
      });
    }
  });

  it('a claim body that breaks the contract gets 400 with its message and claims nothing', async () => {
    const { code, uniqueId } = await buyTicket();
    for (const payload of [
      { code, agent_name: '', security_code: '4711' },
      { code, agent_name: 'Agent Alpha' },
      { code, agent_name: ['Agent Alpha'], security_code: '4711' },
      { code, agent_name: 'Agent Alpha', security_code: 4711 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/claim/', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        error: 'Agent name and security code are required.',
        code: 'invalid_request',
      });
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code, agent_name: 'Agent Alpha', security_code: '0000' },
    });
    expect(wrong.json()).toEqual({
      success: false,
      error: 'Invalid agent name or security code.',
      code: 'agent_code_wrong',
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId));
    expect(order.qrCodeScanned).toBe(false);
    expect((await t.app.inject({ url: '/api/agents/' })).json()).toEqual({
      agent_list: ['Agent Alpha', 'Agent Beta'],
    });
  });
});
