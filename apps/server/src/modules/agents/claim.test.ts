import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, mailOutbox, orders } from '../../db/schema';
import { hashSecret } from '../../lib/passwords';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { hashClaimCode } from '../checkout/fulfilment';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;

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
async function buyTicket(): Promise<{ code: string; uniqueId: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: buyer.auth,
    payload: { adult_count: '1', youth_count: '2', infant_count: '0', package_identifier: 'BB-24' },
  });
  expect(res.statusCode).toBe(200);
  const { id, url } = res.json();
  expect(url).toMatch(/\/pay\/test_cs_/);
  const page = await t.app.inject({ url: `/api/test-checkout/${id}/`, headers: buyer.auth });
  expect(page.json()).toMatchObject({ test_mode: true, total_price: '67.00', status: 'pending' });
  const pay = await t.app.inject({
    method: 'POST',
    url: `/api/test-checkout/${id}/pay/`,
    headers: buyer.auth,
  });
  expect(pay.statusCode).toBe(200);
  const uniqueId = pay.json().redirect.match(/\/success\/([\w-]+)\//)[1];
  const [order] = await t.db.select().from(orders).where(eq(orders.uniqueId, uniqueId));
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
  const code = mails
    .map((m) => /\/verify\/([\w-]+)\//.exec(m.text)?.[1])
    .find((c) => c && hashClaimCode(c) === order.claimCodeHash);
  return { code: code!, uniqueId };
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
    // A cancelled checkout cannot be paid afterwards.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/test-checkout/${id}/pay/`, headers: buyer.auth }))
        .statusCode,
    ).toBe(409);
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

  it('locks a ticket after 5 wrong codes, even for the right one', async () => {
    const { code } = await buyTicket();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/claim/',
            payload: { code, agent_name: 'Agent Alpha', security_code: `99${i}` },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code, agent_name: 'Agent Alpha', security_code: '4711' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('answers an unknown or malformed code with 404 and no data', async () => {
    for (const code of ['x', 'A'.repeat(24), '..%2F..%2Fetc']) {
      const res = await t.app.inject({ url: `/api/authenticate/${code}/` });
      expect(res.statusCode).toBe(404);
      expect(res.json().data).toBeNull();
    }
  });
});
