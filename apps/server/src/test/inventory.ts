/** Inventory set-up shared by the API tests: a package made timed (START_TIME) by an editor, its slots. */
import { romeInstant } from '@rome/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { packages, slots } from '../db/schema';
import type { TestUser } from './users';

/** Timed entries, booking closes 30 minutes before the start, cancellations until 24 hours before. */
export const TIMED = {
  availability_type: 'START_TIME',
  cutoff_minutes: 30,
  cancel_cutoff_hours: 24,
  infants_take_place: false,
  pass_hours: null,
  validity_days: null,
  daily_cap: null,
} as const;

/** Makes `tag` a timed package through the editor's call; answers the HTTP status. */
export async function makeTimed(app: FastifyInstance, editor: TestUser, tag: string): Promise<number> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/editor/packages/${tag}/availability/`,
    headers: editor.auth,
    payload: TIMED,
  });
  return res.statusCode;
}

/**
 * Adds one slot of `tag` on Rome date `date` at `time` with `capacity` places through the editor's
 * call; answers its id.
 */
export async function addSlot(
  t: { app: FastifyInstance; db: Db },
  editor: TestUser,
  tag: string,
  at: { date: string; time: string; capacity: number },
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/editor/packages/${tag}/slots/`,
    headers: editor.auth,
    payload: {
      from: at.date,
      to: at.date,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      times: [at.time],
      capacity: at.capacity,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db
    .select({ id: slots.id })
    .from(slots)
    .innerJoin(packages, eq(packages.id, slots.packageId))
    .where(and(eq(packages.packageTag, tag), eq(slots.startsAt, romeInstant(at.date, at.time)!)));
  return row.id;
}
