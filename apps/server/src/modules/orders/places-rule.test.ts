/**
 * The places rule is written once, in the database (`order_holds_places`, decision 031): the
 * one-statement hold (`hold_slot_places`) and every count the shop shows or checks (`placesTaken`)
 * ask it, so they agree on the same orders. Orders of every state sit in one slot; both must count
 * only the paid ones and the pending ones whose hold has not run out.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_STATUSES, type OrderStatus } from '@rome/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, slots } from '../../db/schema';
import { createTestApp } from '../../test/harness';
import { placesTaken } from './slots';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result: any = await t.db.execute(query);
  return result.rows ?? result;
};

describe('the places rule', () => {
  it('answers for every order state, as the spec of holds says', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    const earlier = new Date(now.getTime() - 60_000);
    const judged = async (status: OrderStatus, holdUntil: Date | null) =>
      (
        await rows<{ holds: boolean }>(
          sql`SELECT order_holds_places(${status}, ${holdUntil}, ${now}) AS holds`,
        )
      )[0].holds;
    for (const status of ORDER_STATUSES) {
      const expected = status === 'paid';
      expect(await judged(status, earlier), status).toBe(expected);
      expect(await judged(status, null), status).toBe(expected);
    }
    expect(await judged('pending', later)).toBe(true);
    expect(await judged('pending', earlier)).toBe(false);
    expect(await judged('pending', now)).toBe(false);
  });

  it('the hold and the shop count the same places of one slot', async () => {
    const now = new Date();
    const [slot] = await t.db
      .select()
      .from(slots)
      .where(and(gt(slots.startsAt, new Date(now.getTime() + 2 * 86_400_000)), eq(slots.closed, false)))
      .limit(1);
    expect(slot).toBeDefined();
    const before = (await placesTaken(t.db, [slot.id], now)).get(slot.id) ?? 0;
    const minute = 60_000;
    // Places each order takes: a distinct power of two, so the sum names exactly the orders counted.
    const made: Array<{ status: OrderStatus; hold: Date | null; places: number }> = [
      { status: 'paid', hold: new Date(now.getTime() - minute), places: 1 },
      { status: 'pending', hold: new Date(now.getTime() + 10 * minute), places: 2 },
      { status: 'pending', hold: new Date(now.getTime() - minute), places: 4 },
      { status: 'cancelled', hold: new Date(now.getTime() + 10 * minute), places: 8 },
      { status: 'expired', hold: null, places: 16 },
      { status: 'refunded', hold: null, places: 32 },
      { status: 'amount_mismatch', hold: new Date(now.getTime() + 10 * minute), places: 64 },
    ].filter((o) => (ORDER_STATUSES as readonly string[]).includes(o.status)) as typeof made;
    await t.db.insert(orders).values(
      made.map((o) => ({
        uniqueId: randomBytes(16).toString('base64url'),
        packageId: slot.packageId,
        slotId: slot.id,
        places: o.places,
        holdExpiresAt: o.hold,
        adultCount: o.places,
        youthCount: 0,
        adultPriceCents: 100,
        youthPriceCents: 100,
        totalCents: 100 * o.places,
        status: o.status,
        provider: 'test',
      })),
    );
    const counted = ((await placesTaken(t.db, [slot.id], now)).get(slot.id) ?? 0) - before;
    expect(counted).toBe(1 + 2);

    // The hold's function finds the same count: the places left are exactly enough, one more is not.
    const left = slot.capacity - before - counted;
    const [ok] = await rows<{ places: number }>(
      sql`SELECT hold_slot_places(${slot.id}, ${slot.packageId}, ${left}, ${now}, 0) AS places`,
    );
    expect(ok.places).toBe(left);
    const refused = await rows(
      sql`SELECT hold_slot_places(${slot.id}, ${slot.packageId}, ${left + 1}, ${now}, 0) AS places`,
    ).catch((err: any) => err);
    expect(refused).toBeInstanceOf(Error);
    const detail = JSON.parse(refused.detail ?? refused.cause?.detail);
    expect(detail.taken).toBe(before + counted);
  });
});
