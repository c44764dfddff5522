/**
 * zod schemas of inventory.ts: a package's availability settings, its slots as buyers and editors see
 * them, the recurring-slots step, slot edits, and cancellations/refunds.
 */
import { z } from 'zod';
import {
  AVAILABILITY_TYPES,
  INVENTORY_MESSAGES,
  isYearMonth,
  SLOT_BULK_ACTIONS,
  SLOT_STATUSES,
} from './inventory';
import { isClockTime, isRomeDate } from './rome-time';

const romeDate = z
  .string()
  .refine(isRomeDate, { error: 'Dates are written YYYY-MM-DD.' })
  .meta({ examples: ['2026-12-05'] });
const clockTime = z
  .string()
  .refine(isClockTime, { error: 'Times are written HH:MM (24 hours).' })
  .meta({ examples: ['09:30'] });
const capacity = z
  .number({ error: 'Capacity must be a whole number from 0 to 100000.' })
  .int({ error: 'Capacity must be a whole number from 0 to 100000.' })
  .min(0, { error: 'Capacity must be a whole number from 0 to 100000.' })
  .max(100_000, { error: 'Capacity must be a whole number from 0 to 100000.' });
const wholeOrNull = (max: number, what: string) =>
  z
    .number({ error: `${what} must be a whole number from 1 to ${max}, or empty.` })
    .int({ error: `${what} must be a whole number from 1 to ${max}, or empty.` })
    .min(1, { error: `${what} must be a whole number from 1 to ${max}, or empty.` })
    .max(max, { error: `${what} must be a whole number from 1 to ${max}, or empty.` })
    .nullable();

const settingsExample = {
  availability_type: 'START_TIME',
  cutoff_minutes: 30,
  cancel_cutoff_hours: 24,
  infants_take_place: false,
  pass_hours: null,
  validity_days: null,
  daily_cap: null,
};

/** A package's availability settings (the ticket editor's Availability section). */
export const availabilitySettingsSchema = z
  .object({
    availability_type: z.enum(AVAILABILITY_TYPES).nullable().meta({
      description: 'START_TIME, OPENING_HOURS, PASS, or null for the spec behaviour (dates, no limit)',
    }),
    /** Minutes before a slot's start after which it no longer sells. */
    cutoff_minutes: z
      .number()
      .int()
      .min(0, { error: 'The booking cut-off must be 0 to 10080 minutes.' })
      .max(10_080, { error: 'The booking cut-off must be 0 to 10080 minutes.' }),
    /** Hours before a slot's start until which a buyer may cancel and be refunded. */
    cancel_cutoff_hours: z
      .number()
      .int()
      .min(0, { error: 'The cancellation cut-off must be 0 to 720 hours.' })
      .max(720, { error: 'The cancellation cut-off must be 0 to 720 hours.' }),
    infants_take_place: z.boolean(),
    /** PASS: hours of validity from first use (24, 48, 72). */
    pass_hours: wholeOrNull(720, 'Pass hours'),
    /** PASS: days after purchase within which the pass must be first used. */
    validity_days: wholeOrNull(730, 'Validity days'),
    /** PASS: at most this many passes sold per Rome day; null for no cap. */
    daily_cap: wholeOrNull(100_000, 'The daily cap'),
  })
  .meta({
    id: 'AvailabilitySettings',
    examples: [settingsExample],
  });
export type AvailabilitySettings = z.infer<typeof availabilitySettingsSchema>;

const slotExample = {
  id: '5b1e7c62-8a0f-4c55-9d0e-2f3b9a1c7d10',
  starts_at: '2026-12-05T08:30:00.000Z',
  date: '2026-12-05',
  time: '09:30',
  remaining: 3,
  status: 'LIMITED',
};

/** A slot as a buyer sees it: Rome date and time, places left, and whether it sells. */
export const slotSchema = z
  .object({
    id: z.string(),
    starts_at: z.string().meta({ description: 'The instant (ISO 8601, UTC)' }),
    date: z.string().meta({ description: "Rome's calendar date" }),
    time: z.string().meta({ description: "Rome's wall-clock time, HH:MM" }),
    remaining: z.number().int(),
    status: z.enum(SLOT_STATUSES),
  })
  .meta({ id: 'Slot', examples: [slotExample] });
export type Slot = z.infer<typeof slotSchema>;

/** A slot as an editor sees it: also its capacity, what is sold or held, and whether it is closed. */
export const editorSlotSchema = slotSchema
  .extend({ capacity: z.number().int(), taken: z.number().int(), closed: z.boolean() })
  .meta({ id: 'EditorSlot', examples: [{ ...slotExample, capacity: 40, taken: 37, closed: false }] });
export type EditorSlot = z.infer<typeof editorSlotSchema>;

/** The range of Rome dates asked for (both ends included). */
export const availabilityQuerySchema = z.object({
  from: romeDate.optional(),
  to: romeDate.optional(),
});

export const availabilityResponseSchema = availabilitySettingsSchema
  .extend({ package_tag: z.string(), slots: z.array(slotSchema) })
  .meta({
    examples: [{ package_tag: 'RM-COL', ...settingsExample, slots: [slotExample] }],
  });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const editorAvailabilityResponseSchema = availabilitySettingsSchema
  .extend({ package_tag: z.string(), slots: z.array(editorSlotSchema) })
  .meta({
    examples: [
      {
        package_tag: 'RM-COL',
        ...settingsExample,
        slots: [{ ...slotExample, capacity: 40, taken: 37, closed: false }],
      },
    ],
  });
export type EditorAvailabilityResponse = z.infer<typeof editorAvailabilityResponseSchema>;

/** Recurring slots in one step: days of the week x times x a date range, minus exceptions. */
export const recurringSlotsSchema = z
  .object({
    from: romeDate,
    to: romeDate,
    /** 0 Sunday ... 6 Saturday. */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7),
    times: z.array(clockTime).max(96),
    except: z.array(romeDate).max(366).default([]),
    capacity,
  })
  .refine((v) => v.from <= v.to, { error: INVENTORY_MESSAGES.badRange, path: ['to'] })
  .refine((v) => v.weekdays.length > 0 && v.times.length > 0, { error: INVENTORY_MESSAGES.noSlotsMade })
  .meta({
    examples: [
      {
        from: '2026-12-01',
        to: '2027-03-31',
        weekdays: [1, 2, 3, 4, 5, 6],
        times: ['09:00', '09:30', '10:00'],
        except: ['2026-12-25'],
        capacity: 40,
      },
    ],
  });
export type RecurringSlots = z.input<typeof recurringSlotsSchema>;

export const recurringSlotsResponseSchema = z
  .object({ created: z.number().int(), skipped: z.number().int(), message: z.string() })
  .meta({
    examples: [{ created: 318, skipped: 3, message: '318 times added (3 existed or do not exist in Rome).' }],
  });

export const slotUpdateSchema = z
  .object({ capacity: capacity.optional(), closed: z.boolean().optional() })
  .meta({ examples: [{ capacity: 60 }, { closed: true }] });

export const slotUpdateResponseSchema = z.object({ slot: editorSlotSchema, message: z.string() }).meta({
  examples: [{ slot: { ...slotExample, capacity: 40, taken: 37, closed: false }, message: 'Saved.' }],
});

/**
 * One step over many slots of a package (the editor's month): the days are a list of Rome dates, or a
 * day of the week in a month; optionally only the times from `time_from` to `time_to` (both included).
 */
export const bulkSlotsSchema = z
  .object({
    action: z.enum(SLOT_BULK_ACTIONS).meta({ description: 'close, reopen, or capacity (with `capacity`)' }),
    dates: z.array(romeDate).min(1).max(366).optional(),
    /** 0 Sunday ... 6 Saturday, with `month`. */
    weekday: z.number().int().min(0).max(6).optional(),
    month: z
      .string()
      .refine(isYearMonth, { error: INVENTORY_MESSAGES.badMonth })
      .optional()
      .meta({ examples: ['2026-12'] }),
    time_from: clockTime.optional(),
    time_to: clockTime.optional(),
    capacity: capacity.optional(),
  })
  .refine(
    (v) =>
      v.dates !== undefined
        ? v.weekday === undefined && v.month === undefined
        : v.weekday !== undefined && v.month !== undefined,
    { error: INVENTORY_MESSAGES.bulkWhichDays },
  )
  .refine((v) => v.action !== 'capacity' || v.capacity !== undefined, {
    error: INVENTORY_MESSAGES.bulkCapacityNeeded,
    path: ['capacity'],
  })
  .refine((v) => v.action === 'capacity' || v.capacity === undefined, {
    error: INVENTORY_MESSAGES.bulkCapacityOnly,
    path: ['capacity'],
  })
  .refine((v) => !v.time_from || !v.time_to || v.time_from <= v.time_to, {
    error: INVENTORY_MESSAGES.badTimeRange,
    path: ['time_to'],
  })
  .meta({
    examples: [
      { action: 'close', dates: ['2026-12-05'] },
      {
        action: 'capacity',
        weekday: 6,
        month: '2026-12',
        time_from: '09:00',
        time_to: '16:00',
        capacity: 30,
      },
    ],
  });
export type BulkSlots = z.infer<typeof bulkSlotsSchema>;

export const bulkSlotsResponseSchema = z
  .object({
    /** Slots on the named days (and times). */
    matched: z.number().int(),
    /** Future slots changed. */
    changed: z.number().int(),
    /** Future slots that already were as asked. */
    unchanged: z.number().int(),
    /** Slots that had started: left as they were. */
    past: z.number().int(),
    message: z.string(),
  })
  .meta({
    examples: [
      {
        matched: 15,
        changed: 12,
        unchanged: 0,
        past: 3,
        message: '12 times closed (3 passed, kept as they were).',
      },
    ],
  });

/** A ticket cancelled and refunded (by its buyer, or by a superuser). */
export const refundResponseSchema = z
  .object({
    status: z.literal('refunded'),
    msg: z.string(),
    refund_status: z.enum(['pending', 'done']),
  })
  .meta({
    examples: [{ status: 'refunded', msg: 'Your ticket is cancelled and refunded.', refund_status: 'done' }],
  });
