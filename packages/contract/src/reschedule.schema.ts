/**
 * zod schemas of reschedule.ts (decision 067): what the ticket link shows of a change of time, and the
 * change it asks for. Types only for the web.
 */
import { z } from 'zod';
import { RESCHEDULE_MESSAGES } from './reschedule';
import { isRomeDate } from './rome-time';

/** One time the ticket may move to. */
export const rescheduleTimeSchema = z.object({
  id: z.uuid(),
  starts_at: z.string().meta({ description: 'ISO 8601 instant' }),
  date: z.string().meta({ description: 'Rome date, YYYY-MM-DD' }),
  time: z.string().meta({ description: 'Rome time, HH:MM' }),
  remaining: z.number().int(),
  refund: z
    .string()
    .nullable()
    .meta({ description: 'What moving here gives back, euros ("5.00"); null: the same price' }),
});
export type RescheduleTime = z.infer<typeof rescheduleTimeSchema>;

/** Whether the ticket may move now, why not, how many moves are left, until when, and the times. */
export const rescheduleOptionsSchema = z
  .object({
    allowed: z.boolean(),
    /** Why it may not (one of RESCHEDULE_MESSAGES), else null. */
    reason: z.string().nullable(),
    moves_left: z.number().int(),
    /** The cut-off: after it the time cannot change (the cancellation's). */
    until: z.string().nullable(),
    /** Rome dates of the next RESCHEDULE_DAYS with an open time that has room for this ticket. */
    dates: z.array(z.string()),
    /** The date whose times are listed (the one asked for, else the first of `dates`); null: none. */
    date: z.string().nullable(),
    /** That date's open times of the same product with room for this ticket, in time order (Rome time). */
    times: z.array(rescheduleTimeSchema),
  })
  .meta({ id: 'RescheduleOptions' });
export type RescheduleOptions = z.infer<typeof rescheduleOptionsSchema>;

export const rescheduleQuerySchema = z.object({
  date: z.string().refine(isRomeDate, { error: 'Dates are written YYYY-MM-DD.' }).optional(),
});

export const rescheduleBodySchema = z
  .object({ slot_id: z.uuid({ error: RESCHEDULE_MESSAGES.chooseTime }) })
  .meta({ examples: [{ slot_id: '3f1c2b9e-0a4d-4c55-9d7e-2b1a9c8e7f60' }] });

export const rescheduleResultSchema = z.object({
  message: z.string(),
  /** The visit now, in the ticket's language (Rome time). */
  when: z.string(),
  /** What is given back, euros; null when the new time costs the same. */
  refund: z.string().nullable(),
});
