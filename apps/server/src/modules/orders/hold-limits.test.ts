/**
 * What one party may hold without paying (orders/hold-limits.ts, contract HOLD_LIMITS). The probe's
 * attack: 15 unpaid checkouts of 40 adults from one place took all 600 Colosseum places of a day, for
 * 15 minutes, again and again. It now leaves the places to others; a hotel desk selling groups, and a
 * buyer who pays an earlier checkout after starting a new one, still get through.
 */
import { addDays, HOLD_LIMITS, romeInstant, romeToday } from '@rome/contract';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, packages, slots } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { placesTaken } from './slots';

const TAG = 'CS-HALF';
let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestUser;
let slotId: string;
const date = addDays(romeToday(), 3);

beforeAll(async () => {
  t = await createTestApp();
  t.app.mailer.stop();
  editor = await createUser(t.app, t.db, { isEditor: true });
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/editor/packages/${TAG}/slots/`,
    headers: editor.auth,
    payload: { from: date, to: date, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['10:00'], capacity: 600 },
  });
  expect(made.statusCode, made.body).toBe(200);
  const [pkg] = await t.db.select().from(packages).where(eq(packages.packageTag, TAG));
  const [slot] = await t.db
    .select()
    .from(slots)
    .where(and(eq(slots.packageId, pkg.id), eq(slots.startsAt, romeInstant(date, '10:00')!)));
  slotId = slot.id;
});
afterAll(() => t.close());

const checkout = (user: TestUser, adults: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: user.auth,
    remoteAddress,
    payload: { package_identifier: TAG, slot_id: slotId, adult_count: String(adults), youth_count: '0' },
  });
const taken = async () => (await placesTaken(t.db, [slotId], new Date())).get(slotId) ?? 0;
const liveHoldsOf = async (user: TestUser) =>
  t.db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, user.id), eq(orders.status, 'pending'), gt(orders.holdExpiresAt, new Date())),
    );

describe('what may be held without paying', () => {
  it('15 unpaid 40-adult checkouts from one address leave the day’s places to others', async () => {
    const attackers = await Promise.all(Array.from({ length: 15 }, () => createUser(t.app, t.db)));
    const answers: number[] = [];
    for (const a of attackers) {
      const res = await checkout(a, 40, '198.51.100.66');
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ code: 'hold_limit' });
        expect(res.json().retry_after).toBeGreaterThan(0);
        expect(res.body).not.toMatch(/198\.51/);
      }
    }
    // One 40-adult hold fits under the address's 60 places; every other is refused.
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(await taken()).toBe(40);
    // A tourist elsewhere buys as usual.
    const tourist = await createUser(t.app, t.db);
    const res = await checkout(tourist, 4, '203.0.113.4');
    expect(res.statusCode, res.body).toBe(200);
    expect(await taken()).toBe(44);
    // No row was stored for a refused checkout.
    const rows = await t.db.select().from(orders).where(eq(orders.slotId, slotId));
    expect(rows).toHaveLength(2);
  });

  it('a buyer’s new checkout replaces their earlier hold, from any address; a late payment of it still counts', async () => {
    const buyer = await createUser(t.app, t.db);
    const before = await taken();
    const first = await checkout(buyer, 30, '192.0.2.1');
    expect(first.statusCode).toBe(200);
    for (const address of ['192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      expect((await checkout(buyer, 30, address)).statusCode).toBe(200);
    }
    // Four checkouts, one hold: the last one's 30 places.
    expect(await taken()).toBe(before + 30);
    expect(await liveHoldsOf(buyer)).toHaveLength(1);
    // The first checkout's page, still open, is paid anyway: there is room, so it is taken (no money
    // without a ticket).
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${first.json().id}/pay/`,
      headers: buyer.auth,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().result).toBe('fulfilled');
    expect(await taken()).toBe(before + 60);
  });

  it('a hotel desk on one address sells groups up to the cap; a paid group frees room for the next', async () => {
    const desk = '203.0.113.200';
    const groups = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app, t.db)));
    const per = HOLD_LIMITS.placesPerAddress / 3;
    const sessions: string[] = [];
    for (const g of groups.slice(0, 3)) {
      const res = await checkout(g, per, desk);
      expect(res.statusCode, res.body).toBe(200);
      sessions.push(res.json().id);
    }
    expect((await checkout(groups[3], per, desk)).statusCode).toBe(429);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${sessions[0]}/pay/`,
      headers: groups[0].auth,
    });
    expect(paid.json().result).toBe('fulfilled');
    expect((await checkout(groups[3], per, desk)).statusCode).toBe(200);
  });
});
