/**
 * The disruption console in an operator's console (decisions 058, 066): a manager closes only their
 * own operator's times, with the password again; another operator's time or product is refused and
 * nothing is stored; a whole day closes only their own times and tells only their own buyers; each
 * operator reads only its own closures, the superusers every one. Sales and door people cannot close.
 */
import { addDays, ERROR_CODES, romeToday, STEP_UP_HEADER } from '@rome/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disruptionOrders, disruptions, editLog, folders, mailOutbox, slots } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { addSlot, makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';
import { stepUpProof } from '../auth/step-up';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superuser: TestUser;
let managerA: TestUser;
let salesA: TestUser;
let managerB: TestUser;
let bigBus = 0;
let iLoveRome = 0;
let ownSlot = '';
let otherSlot = '';
let ownOrder = '';
let otherOrder = '';

const DAY = addDays(romeToday(), 12);
const api = apiCaller(() => t.app);

/** A call with a fresh password's proof, as the console sends after the password prompt. */
const withStepUp = (u: TestUser): TestUser =>
  ({ ...u, auth: { ...u.auth, [STEP_UP_HEADER]: stepUpProof(t.app.config.jwtSecret, u.id) } }) as TestUser;

const folderOf = async (slug: string) =>
  (await t.db.select({ id: folders.id }).from(folders).where(eq(folders.companySlug, slug)))[0].id;

const close = (target: object) => ({ target, reason: 'weather', remedies: ['refund', 'move'] });
const closedOf = async (id: string) =>
  (await t.db.select({ closed: slots.closed }).from(slots).where(eq(slots.id, id)))[0].closed;
const noticesFor = (orderIds: string[]) =>
  t.db
    .select({ orderId: disruptionOrders.orderId })
    .from(disruptionOrders)
    .where(inArray(disruptionOrders.orderId, orderIds));

beforeAll(async () => {
  t = await createTestApp();
  [bigBus, iLoveRome] = [await folderOf('big-bus'), await folderOf('i-love-rome')];
  const editor = await createUser(t.app, t.db, { isEditor: true });
  [superuser, managerA, salesA, managerB] = await Promise.all([
    createUser(t.app, t.db, { isSuperuser: true }),
    createUser(t.app, t.db, { operator: { folderId: bigBus, role: 'manager' } }),
    createUser(t.app, t.db, { operator: { folderId: bigBus, role: 'sales' } }),
    createUser(t.app, t.db, { operator: { folderId: iLoveRome, role: 'manager' } }),
  ]);
  // Big Bus's night tour and I Love Rome's morning tour, both timed, on the same Rome day.
  expect(await makeTimed(t.app, editor, 'ILR-HALF')).toBe(200);
  ownSlot = await addSlot(t, editor, 'BB-NIGHT', { date: DAY, time: '18:30', capacity: 20 });
  otherSlot = await addSlot(t, editor, 'ILR-HALF', { date: DAY, time: '09:00', capacity: 20 });
  const buyer = await createUser(t.app, t.db);
  const buy = (tag: string, slot: string, language: string) =>
    buyTicket(t.app, t.db, buyer, {
      package_identifier: tag,
      slot_id: slot,
      adult_count: '2',
      youth_count: '0',
      language,
    });
  ownOrder = (await buy('BB-NIGHT', ownSlot, 'it')).order.id;
  otherOrder = (await buy('ILR-HALF', otherSlot, 'de')).order.id;
}, 120_000);
afterAll(() => t?.close());

describe("an operator's manager closes their own times", () => {
  it('sales people and managers of other operators cannot preview, close or read', async () => {
    const day = close({ kind: 'day', date: DAY });
    for (const [who, folder] of [
      [salesA, bigBus],
      [managerB, bigBus],
    ] as const) {
      for (const url of [
        `/api/operator/${folder}/disruptions/preview/`,
        `/api/operator/${folder}/disruptions/`,
      ])
        expect((await api('POST', url, withStepUp(who), day)).statusCode).toBe(403);
      expect((await api('GET', `/api/operator/${folder}/disruptions/`, who)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(disruptions)).toEqual([]);
  });

  it("refuses another operator's time or product, storing nothing", async () => {
    for (const target of [
      { kind: 'slot', slot_id: otherSlot },
      { kind: 'package_day', package_tag: 'ILR-HALF', date: DAY },
      { kind: 'package_from', package_tag: 'ILR-HALF', date: DAY },
    ]) {
      for (const url of [
        `/api/operator/${bigBus}/disruptions/preview/`,
        `/api/operator/${bigBus}/disruptions/`,
      ]) {
        const res = await api('POST', url, withStepUp(managerA), close(target));
        expect(res.statusCode, `${url} ${JSON.stringify(target)}`).toBe(403);
        expect(res.json().error).toBe('This is not one of your products.');
      }
    }
    expect(await t.db.select().from(disruptions)).toEqual([]);
    expect(await closedOf(otherSlot)).toBe(false);
  });

  it("previews a whole day with only the operator's own bookings", async () => {
    const res = await api(
      'POST',
      `/api/operator/${bigBus}/disruptions/preview/`,
      managerA,
      close({ kind: 'day', date: DAY }),
    );
    expect(res.statusCode, res.body).toBe(200);
    // I Love Rome's booking that day is not counted; whatever else Big Bus runs that day is.
    expect(res.json().bookings).toBe(1);
    expect(res.json().languages).toEqual([{ language: 'it', bookings: 1, places: 2 }]);
  });

  it('wants the password again before closing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/${bigBus}/disruptions/`,
      headers: { authorization: managerA.auth.authorization },
      payload: close({ kind: 'day', date: DAY }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ERROR_CODES.stepUpRequired);
    expect(await closedOf(ownSlot)).toBe(false);
  });

  it("closes a whole day: only the operator's own times close and only its buyers are told", async () => {
    const res = await api(
      'POST',
      `/api/operator/${bigBus}/disruptions/`,
      withStepUp(managerA),
      close({ kind: 'day', date: DAY }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ bookings: 1, notified: 1 });
    expect(await closedOf(ownSlot)).toBe(true);
    expect(await closedOf(otherSlot)).toBe(false);
    expect((await noticesFor([ownOrder, otherOrder])).map((r) => r.orderId)).toEqual([ownOrder]);
    const [row] = await t.db.select().from(disruptions);
    expect(row).toMatchObject({ folderId: bigBus, closedBy: managerA.id });
    // The buyer is told in the order's language (Italian), with a ticket link.
    const told = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.text, '%/t/%'));
    expect(told.filter((m) => m.subject.startsWith('Chiuso'))).toHaveLength(1);
    const [logged] = await t.db
      .select()
      .from(editLog)
      .where(and(eq(editLog.entity, 'disruption'), eq(editLog.entityKey, row.id)));
    expect(logged.userId).toBe(managerA.id);
  });

  it('a second close of the same day finds nothing new: 409, nobody told twice', async () => {
    const res = await api(
      'POST',
      `/api/operator/${bigBus}/disruptions/`,
      withStepUp(managerA),
      close({ kind: 'day', date: DAY }),
    );
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(disruptions)).toHaveLength(1);
  });

  it('each operator reads only its own closures; the superusers read every one', async () => {
    const own = await api('GET', `/api/operator/${bigBus}/disruptions/`, managerA);
    expect(own.statusCode).toBe(200);
    expect(own.json().disruptions).toHaveLength(1);
    expect(own.json().disruptions[0]).toMatchObject({ bookings: 1, no_answer: 1 });
    const other = await api('GET', `/api/operator/${iLoveRome}/disruptions/`, managerB);
    expect(other.json().disruptions).toEqual([]);
    const all = await api('GET', '/api/admin/disruptions/', superuser);
    expect(all.json().disruptions).toHaveLength(1);
  });
});
