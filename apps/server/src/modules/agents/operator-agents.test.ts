/**
 * An operator's agent redeems its operator's tickets only (decision 066): on the claim page, in the
 * agents' app online and in an offline claim's upload; it learns its operator's products so the app
 * judges offline scans the same way. The shop's own agents still redeem every ticket.
 */
import { readScan } from '@rome/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, orders } from '../../db/schema';
import { agentDevice } from '../../test/agent-device';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { createUser, type TestUser } from '../../test/users';
import { qrPayloadFromImage } from '../tickets/wallet/service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let device = '';
const agentName = 'Big Bus Gate';
const agentCode = '5821';

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.app, t.db);
  const [bigBus] = await t.db.select().from(folders).where(eq(folders.companySlug, 'big-bus'));
  const manager = await createUser(t.app, t.db, { operator: { folderId: bigBus.id, role: 'manager' } });
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/operator/${bigBus.id}/agents/`,
    headers: manager.auth,
    payload: { name: agentName, code: agentCode },
  });
  expect(made.statusCode, made.body).toBe(201);
  device = await agentDevice(t.app, t.db, {
    agentName,
    email: 'gate@bigbus.example',
    password: 'pw-gate-77',
  });
});
afterAll(() => t?.close());

const bought = async (tag: string) => {
  const b = await buyTicket(t.app, t.db, buyer, {
    package_identifier: tag,
    adult_count: '1',
    youth_count: '0',
  });
  const qr = (await qrPayloadFromImage(t.app, b.order.qrFileKey))!;
  return { ...b, qr };
};
const claimed = async (id: string) =>
  (await t.db.select({ at: orders.claimedAt }).from(orders).where(eq(orders.id, id)))[0].at;

describe("an operator's agent", () => {
  it("claims its own operator's ticket on the claim page, and is refused another operator's", async () => {
    const theirs = await bought('ILR-24');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code: theirs.code, agent_name: agentName, security_code: agentCode },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'other_operator' });
    expect(await claimed(theirs.order.id)).toBeNull();

    const ours = await bought('BB-24');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/claim/',
      payload: { code: ours.code, agent_name: agentName, security_code: agentCode },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await claimed(ours.order.id)).not.toBeNull();
  });

  it('is told in the app, online and when an offline claim is uploaded, and learns its products', async () => {
    const headers = { authorization: `Bearer ${device}` };
    const me = await t.app.inject({ url: '/api/agent/me/', headers });
    const tags = me.json().package_tags as string[];
    expect(tags).toContain('BB-24');
    expect(tags.some((tag) => tag.startsWith('ILR-'))).toBe(false);

    const theirs = await bought('ILR-24');
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/agent/claims/',
      headers,
      payload: { scan: theirs.qr },
    });
    expect(online.json().result).toBe('other_operator');
    const offline = await bought('ILR-48');
    const id = crypto.randomUUID();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/agent/claims/sync/',
      headers,
      payload: { claims: [{ id, scan: offline.qr, claimed_at: new Date().toISOString() }] },
    });
    expect(upload.json().results[0]).toMatchObject({ id, result: 'other_operator', kept: false });
    expect(await claimed(theirs.order.id)).toBeNull();
    expect(await claimed(offline.order.id)).toBeNull();

    const ours = await bought('BB-48');
    expect(readScan(ours.qr).signed).toBeTruthy();
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/agent/claims/',
      headers,
      payload: { scan: ours.qr },
    });
    expect(mine.json().result).toBe('valid');
  });

  it("leaves the shop's own agents every ticket", async () => {
    const shopDevice = await agentDevice(t.app, t.db, {
      agentName: 'Shop Desk',
      email: 'desk@shop.example',
      password: 'pw-desk-42',
    });
    const headers = { authorization: `Bearer ${shopDevice}` };
    expect((await t.app.inject({ url: '/api/agent/me/', headers })).json().package_tags).toBeNull();
    const ticket = await bought('ILR-24');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agent/claims/',
      headers,
      payload: { scan: ticket.qr },
    });
    expect(res.json().result).toBe('valid');
  });
});
