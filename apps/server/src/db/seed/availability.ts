/**
 * Demo availability: timed museum entries, a night tour with one bus of 60 seats, a day
 * entry, and open-dated hop-on hop-off passes. Slots run from today for 90 days in Rome time, so the
 * demo always has something to sell. Packages not named here keep the spec's behaviour.
 */
import { randomBytes } from 'node:crypto';
import { type AvailabilityType, addDays, romeInstant, romeToday, weekday } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';

type DemoAvailability = {
  type: AvailabilityType;
  cutoffMinutes?: number;
  cancelCutoffHours?: number;
  passHours?: number;
  validityDays?: number;
  dailyCap?: number;
  /** START_TIME / OPENING_HOURS: Rome times, the days of the week they run (0 Sunday), places each. */
  times?: string[];
  weekdays?: number[];
  capacity?: number;
};

const EVERY_HALF_HOUR = Array.from({ length: 15 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const DAILY = [0, 1, 2, 3, 4, 5, 6];

export const DEMO_AVAILABILITY: Record<string, DemoAvailability> = {
  // One bus of 60 seats a night.
  'BB-NIGHT': { type: 'START_TIME', times: ['21:00'], weekdays: DAILY, capacity: 60, cutoffMinutes: 30 },
  // Timed entries every 30 minutes, 09:00-16:00, 40 visitors each.
  'RM-COL': {
    type: 'START_TIME',
    times: EVERY_HALF_HOUR,
    weekdays: DAILY,
    capacity: 40,
    cutoffMinutes: 15,
    cancelCutoffHours: 24,
  },
  // A guided tour twice a day, 25 people, Monday to Saturday.
  'RM-DAILY': {
    type: 'START_TIME',
    times: ['10:00', '15:00'],
    weekdays: [1, 2, 3, 4, 5, 6],
    capacity: 25,
    cutoffMinutes: 60,
    cancelCutoffHours: 48,
  },
  // Day entry (the museums are closed on Sundays).
  'RM-VAT': {
    type: 'OPENING_HOURS',
    times: ['09:00'],
    weekdays: [1, 2, 3, 4, 5, 6],
    capacity: 400,
    cancelCutoffHours: 48,
  },
  'BB-24': { type: 'PASS', passHours: 24, validityDays: 365 },
  'BB-48': { type: 'PASS', passHours: 48, validityDays: 365 },
  'BB-72': { type: 'PASS', passHours: 72, validityDays: 365 },
  // A pass with a cap on sales per day.
  'GL-24': { type: 'PASS', passHours: 24, validityDays: 180, dailyCap: 300 },
};

export async function seedAvailability(db: Db, now = new Date()): Promise<void> {
  const today = romeToday(now);
  for (const [tag, a] of Object.entries(DEMO_AVAILABILITY)) {
    const [pkg] = await db
      .update(t.packages)
      .set({
        availabilityType: a.type,
        cutoffMinutes: a.cutoffMinutes ?? 0,
        cancelCutoffHours: a.cancelCutoffHours ?? 24,
        passHours: a.passHours ?? null,
        validityDays: a.validityDays ?? null,
        dailyCap: a.dailyCap ?? null,
        // A package sold in slots takes its dates from them.
        ...(a.times ? { dates: [] } : {}),
      })
      .where(eq(t.packages.packageTag, tag))
      .returning({ id: t.packages.id });
    if (!pkg || !a.times) continue;
    const rows: (typeof t.slots.$inferInsert)[] = [];
    for (let i = 0; i < 90; i++) {
      const date = addDays(today, i);
      if (!a.weekdays!.includes(weekday(date))) continue;
      for (const time of a.times) {
        const startsAt = romeInstant(date, time);
        if (startsAt) rows.push({ packageId: pkg.id, startsAt, capacity: a.capacity! });
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(t.slots)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  }
  // Tomorrow's first Colosseum entries show the states a buyer meets: 3 places left, then sold out.
  const [col] = await db
    .select({ id: t.packages.id })
    .from(t.packages)
    .where(eq(t.packages.packageTag, 'RM-COL'));
  if (col) {
    const tomorrow = addDays(today, 1);
    for (const [time, capacity] of [
      ['09:00', 3],
      ['09:30', 0],
    ] as const) {
      const at = romeInstant(tomorrow, time);
      if (at) {
        await db
          .update(t.slots)
          .set({ capacity })
          .where(and(eq(t.slots.packageId, col.id), eq(t.slots.startsAt, at)));
      }
    }
    // Its sold-out 09:30 has a waiting list (decision 063) for the superusers' dashboard to show.
    const soldOutAt = romeInstant(tomorrow, '09:30');
    const [soldOut] = soldOutAt
      ? await db
          .select({ id: t.slots.id })
          .from(t.slots)
          .where(and(eq(t.slots.packageId, col.id), eq(t.slots.startsAt, soldOutAt)))
      : [];
    if (soldOut) {
      const line = [
        ['giulia.demo@example.com', 2, 'it'],
        ['pierre.demo@example.com', 4, 'fr'],
        ['anna.demo@example.com', 1, 'de'],
      ] as const;
      await db
        .insert(t.waitlistEntries)
        .values(
          line.map(([email, places, language], i) => ({
            slotId: soldOut.id,
            packageId: col.id,
            email,
            places,
            language,
            // A demo entry's leave link is never sent: a random hash stands for it.
            leaveTokenHash: randomBytes(32).toString('hex'),
            joinedAt: new Date(Date.now() - (line.length - i) * 3_600_000),
          })),
        )
        .onConflictDoNothing();
    }
  }
}
