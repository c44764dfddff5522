/**
 * The editors' bulk step over a month's slots (POST /api/editor/packages/{tag}/slots/bulk/): a day
 * closed and reopened, one capacity for a weekday's times, started slots left as they were, a capacity
 * below what is sold refusing the whole step, and editors only.
 */
import { addDays, formatRomeDate, romeToday, weekday } from '@rome/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLog, packages, slots } from '../../db/schema';
import { apiCaller } from '../../test/api';
import { buyTicket } from '../../test/buy';
import { createTestApp } from '../../test/harness';
import { makeTimed } from '../../test/inventory';
import { createUser, type TestUser } from '../../test/users';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let editor: TestUser;

/** Two demo packages no other part of this file sells, made timed here. */
const TAG = 'CS-HALF';
const MONTHLY = 'CS-1DAY';
const day = (n: number) => addDays(romeToday(), n);
/** Next month: every one of its days is still to come. */
const nextMonth = addDays(`${romeToday().slice(0, 7)}-01`, 40).slice(0, 7);

beforeAll(async () => {
  t = await createTestApp();
  [buyer, editor] = await Promise.all([
    createUser(t.app, t.db, { name: 'Bea Buyer' }),
    createUser(t.app, t.db, { isEditor: true }),
  ]);
  expect(await makeTimed(t.app, editor, TAG)).toBe(200);
  expect(await makeTimed(t.app, editor, MONTHLY)).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const api = apiCaller(() => t.app);
/** The bulk step as `user` (null: nobody signed in). */
const bulk = (body: object, user: TestUser | null = editor, tag = TAG) =>
  api('POST', `/api/editor/packages/${tag}/slots/bulk/`, user ?? undefined, body);

/** Adds `times` on Rome dates `from`..`to` (every weekday) with `capacity` places. */
async function addSlots(tag: string, from: string, to: string, times: string[], capacity: number) {
  const res = await api('POST', `/api/editor/packages/${tag}/slots/`, editor, {
    from,
    to,
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    times,
    capacity,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The slot rows of `tag` on Rome date `date`, by Rome time. */
async function rowsOn(tag: string, date: string) {
  const [pkg] = await t.db.select().from(packages).where(eq(packages.packageTag, tag));
  const res = await api('GET', `/api/editor/packages/${tag}/availability/?from=${date}&to=${date}`, editor);
  expect(res.statusCode).toBe(200);
  const listed = res.json().slots as { id: string; time: string }[];
  const rows = listed.length
    ? await t.db
        .select()
        .from(slots)
        .where(
          and(
            eq(slots.packageId, pkg.id),
            inArray(
              slots.id,
              listed.map((s) => s.id),
            ),
          ),
        )
    : [];
  return Object.fromEntries(listed.map((s) => [s.time, rows.find((r) => r.id === s.id)!])) as Record<
    string,
    typeof slots.$inferSelect
  >;
}

describe('bulk slot changes', () => {
  it('closes a whole day and reopens it; the buyers see it closed in between', async () => {
    const date = `${nextMonth}-10`;
    await addSlots(TAG, date, date, ['09:00', '12:00', '17:00'], 20);
    const closed = await bulk({ action: 'close', dates: [date] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({
      matched: 3,
      changed: 3,
      unchanged: 0,
      past: 0,
      message: '3 times closed.',
    });
    const seen = await api('GET', `/api/packages/${TAG}/availability/?from=${date}&to=${date}`);
    expect(seen.json().slots.map((s: { status: string }) => s.status)).toEqual([
      'CLOSED',
      'CLOSED',
      'CLOSED',
    ]);
    // The spec's dates of the package no longer offer the day.
    expect((await api('GET', `/api/package/E9/${TAG}/`)).json().data.dates).not.toContain(date);

    expect((await bulk({ action: 'close', dates: [date] })).json()).toMatchObject({
      changed: 0,
      unchanged: 3,
      message: '0 times closed (3 already closed).',
    });
    const reopened = await bulk({ action: 'reopen', dates: [date] });
    expect(reopened.json()).toMatchObject({ changed: 3, message: '3 times reopened.' });
    const after = await api('GET', `/api/packages/${TAG}/availability/?from=${date}&to=${date}`);
    expect(after.json().slots.map((s: { status: string }) => s.status)).toEqual([
      'AVAILABLE',
      'AVAILABLE',
      'AVAILABLE',
    ]);
    const logged = await t.db.select().from(editLog).where(eq(editLog.entity, 'slots'));
    expect(logged.some((e) => JSON.stringify(e.after).includes('"action":"reopen"'))).toBe(true);
  });

  it("sets one capacity for a weekday's times in a month, and no other slot", async () => {
    const first = `${nextMonth}-01`;
    const last = addDays(addDays(`${nextMonth}-01`, 40).slice(0, 7).concat('-01'), -1);
    await addSlots(MONTHLY, first, last, ['09:00', '12:00', '17:00'], 20);
    const saturdays = Array.from({ length: 31 }, (_, i) => addDays(first, i)).filter(
      (d) => d <= last && weekday(d) === 6,
    );
    const res = await bulk(
      {
        action: 'capacity',
        weekday: 6,
        month: nextMonth,
        time_from: '09:00',
        time_to: '16:00',
        capacity: 30,
      },
      editor,
      MONTHLY,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      matched: saturdays.length * 2,
      changed: saturdays.length * 2,
      unchanged: 0,
      past: 0,
      message: `${saturdays.length * 2} times set to 30 places.`,
    });
    for (const saturday of saturdays) {
      const rows = await rowsOn(MONTHLY, saturday);
      expect([rows['09:00'].capacity, rows['12:00'].capacity, rows['17:00'].capacity]).toEqual([30, 30, 20]);
    }
    const friday = addDays(saturdays[0], saturdays[0] === first ? 6 : -1);
    const rows = await rowsOn(MONTHLY, friday);
    expect(Object.values(rows).map((r) => r.capacity)).toEqual([20, 20, 20]);
  });

  it('leaves a time that has passed as it was and says so', async () => {
    const yesterday = day(-1);
    const later = day(2);
    await addSlots(TAG, yesterday, yesterday, ['10:00'], 10);
    await addSlots(TAG, later, later, ['10:00'], 10);
    for (const body of [
      { action: 'close', dates: [yesterday, later] },
      { action: 'capacity', dates: [yesterday, later], capacity: 15 },
    ]) {
      const res = await bulk(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ matched: 2, changed: 1, past: 1 });
      expect(res.json().message).toMatch(/\(1 passed, kept as it was\)\.$/);
    }
    const past = (await rowsOn(TAG, yesterday))['10:00'];
    expect(past).toMatchObject({ capacity: 10, closed: false });
    expect((await rowsOn(TAG, later))['10:00']).toMatchObject({ capacity: 15, closed: true });
  });

  it('refuses a capacity below the places sold or held, naming the time, and changes nothing', async () => {
    const date = day(3);
    await addSlots(TAG, date, date, ['10:30', '11:30'], 10);
    const booked = (await rowsOn(TAG, date))['10:30'];
    await buyTicket(t.app, t.db, buyer, {
      package_identifier: TAG,
      slot_id: booked.id,
      adult_count: '4',
      youth_count: '0',
    });
    const res = await bulk({
      action: 'capacity',
      dates: [date],
      time_from: '10:00',
      time_to: '12:00',
      capacity: 3,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Capacity cannot be 3 at 10:30 on ${formatRomeDate(date)}: 4 places are already sold or held. Nothing was changed.`,
      code: 'capacity_below_sold',
    });
    const rows = await rowsOn(TAG, date);
    expect([rows['10:30'].capacity, rows['11:30'].capacity]).toEqual([10, 10]);
    const ok = await bulk({
      action: 'capacity',
      dates: [date],
      time_from: '10:00',
      time_to: '12:00',
      capacity: 4,
    });
    expect(ok.json()).toMatchObject({ changed: 2, message: '2 times set to 4 places.' });
  });

  it('takes the days as a list or a weekday of a month, with a capacity only to set one', async () => {
    const cases: [object, string][] = [
      [{ action: 'close' }, 'Name the days: a list of dates, or a day of the week and a month.'],
      [
        { action: 'close', dates: [day(1)], weekday: 1, month: nextMonth },
        'Name the days: a list of dates, or a day of the week and a month.',
      ],
      [{ action: 'close', weekday: 1 }, 'Name the days: a list of dates, or a day of the week and a month.'],
      [{ action: 'capacity', dates: [day(1)] }, 'Give the new capacity.'],
      [{ action: 'close', dates: [day(1)], capacity: 5 }, 'A capacity is given only to change capacities.'],
      [{ action: 'close', weekday: 1, month: '2026-13' }, 'Months are written YYYY-MM.'],
      [
        { action: 'close', dates: [day(1)], time_from: '16:00', time_to: '09:00' },
        'The last time must not be before the first.',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect((await bulk({ action: 'close', dates: [day(1)] }, editor, 'NO-SUCH')).statusCode).toBe(404);
  });

  it('is for editors only: 401 without a sign-in, 403 for a customer, nothing changed', async () => {
    const date = day(5);
    await addSlots(TAG, date, date, ['15:00'], 10);
    expect((await bulk({ action: 'close', dates: [date] }, null)).statusCode).toBe(401);
    const customer = await bulk({ action: 'close', dates: [date] }, buyer);
    expect(customer.statusCode).toBe(403);
    expect((await rowsOn(TAG, date))['15:00']).toMatchObject({ closed: false });
  });
});
