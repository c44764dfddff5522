/**
 * zod schemas of disruption.ts (decisions 058, 059): what a superuser closes and why, the preview and
 * the report, and the buyer's choice on the ticket link. Types only for the web.
 */
import { z } from 'zod';
import {
  DISRUPTION_MESSAGES,
  DISRUPTION_NOTE_MAX,
  DISRUPTION_REASONS,
  DISRUPTION_REMEDIES,
} from './disruption';
import { isRomeDate } from './rome-time';

const romeDate = z
  .string()
  .refine(isRomeDate, { error: 'Dates are written YYYY-MM-DD.' })
  .meta({ examples: ['2026-12-08'] });
const packageTag = z.string().trim().min(1, { error: DISRUPTION_MESSAGES.packageUnknown }).max(200);

/** What to close: one slot, a package's Rome day, a package from a Rome date on, or a whole Rome day. */
export const disruptionTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slot'), slot_id: z.uuid({ error: DISRUPTION_MESSAGES.slotUnknown }) }),
  z.object({ kind: z.literal('package_day'), package_tag: packageTag, date: romeDate }),
  z.object({ kind: z.literal('package_from'), package_tag: packageTag, date: romeDate }),
  z.object({ kind: z.literal('day'), date: romeDate }),
]);
export type DisruptionTarget = z.infer<typeof disruptionTargetSchema>;

/** The console's form: the preview and the close take the same. */
export const disruptionBodySchema = z
  .object({
    target: disruptionTargetSchema,
    reason: z.enum(DISRUPTION_REASONS, { error: DISRUPTION_MESSAGES.chooseReason }),
    note: z.string().trim().max(DISRUPTION_NOTE_MAX).optional(),
    remedies: z
      .array(z.enum(DISRUPTION_REMEDIES))
      .min(1, { error: DISRUPTION_MESSAGES.chooseRemedy })
      .max(DISRUPTION_REMEDIES.length),
  })
  .meta({
    examples: [
      {
        target: { kind: 'package_day', package_tag: 'CS-HALF', date: '2026-12-08' },
        reason: 'strike',
        note: 'The guides are on strike.',
        remedies: ['refund', 'move', 'keep'],
      },
    ],
  });
export type DisruptionBody = z.infer<typeof disruptionBodySchema>;

const tally = z.object({ bookings: z.number().int(), places: z.number().int() });
/** How many bookings and places, per channel ('web' or a reseller's name) and per language. */
export const disruptionPreviewSchema = z
  .object({
    slots: z.number().int().meta({ description: 'Open slots this would close' }),
    closed_slots: z.number().int().meta({ description: 'Matching slots closed already' }),
    bookings: z.number().int(),
    places: z.number().int(),
    channels: z.array(tally.extend({ channel: z.string() })),
    languages: z.array(tally.extend({ language: z.string() })),
    /** Bookings whose product cannot become an open-dated pass (they are not offered 'keep'). */
    cannot_keep: z.number().int(),
  })
  .meta({ id: 'DisruptionPreview' });
export type DisruptionPreview = z.infer<typeof disruptionPreviewSchema>;

/** A disruption with its report: the buyers' answers and the money, in EUR. */
export const disruptionReportSchema = z
  .object({
    id: z.uuid(),
    created_at: z.string(),
    reason: z.enum(DISRUPTION_REASONS),
    note: z.string(),
    remedies: z.array(z.enum(DISRUPTION_REMEDIES)),
    target: disruptionTargetSchema,
    /** What was closed, in words (package titles, Rome dates and times). */
    what: z.string(),
    slots: z.number().int(),
    bookings: z.number().int(),
    notified: z.number().int(),
    refund: z.number().int(),
    move: z.number().int(),
    keep: z.number().int(),
    no_answer: z.number().int(),
    refunded: z.string().meta({ description: 'Refunded amount, euros ("120.00")' }),
    kept: z.string().meta({ description: 'Revenue kept (moved, kept, not answered yet), euros' }),
  })
  .meta({ id: 'DisruptionReport' });
export type DisruptionReport = z.infer<typeof disruptionReportSchema>;

/** The close's answer: the disruption and what was done. */
export const disruptionClosedSchema = z.object({
  id: z.uuid(),
  slots_closed: z.number().int(),
  bookings: z.number().int(),
  notified: z.number().int(),
});

/** A time a buyer may move to. */
export const disruptionSlotSchema = z.object({
  id: z.uuid(),
  when: z.string().meta({ description: "The time in words, in the ticket's language (Rome time)" }),
  remaining: z.number().int(),
});

/** The ticket link's closure: why, what the buyer may choose, and what they chose. */
export const ticketDisruptionSchema = z
  .object({
    reason: z.enum(DISRUPTION_REASONS),
    /** The prepared text (and the note), in the ticket's language. */
    message: z.string(),
    remedies: z.array(z.enum(DISRUPTION_REMEDIES)),
    choice: z.enum(DISRUPTION_REMEDIES).nullable(),
    /** Other open times of the same product with room for this ticket (when 'move' is offered). */
    slots: z.array(disruptionSlotSchema),
    /**
     * The combo this ticket is a part of, its title in the ticket's language; null for a ticket of its
     * own. A part's refund refunds the whole combo; a move or keep changes the part alone (decision 071).
     */
    combo: z.string().nullable(),
  })
  .meta({ id: 'TicketDisruption' });
export type TicketDisruption = z.infer<typeof ticketDisruptionSchema>;

export const disruptionChoiceSchema = z
  .object({
    choice: z.enum(DISRUPTION_REMEDIES, { error: DISRUPTION_MESSAGES.notOffered }),
    slot_id: z.uuid({ error: DISRUPTION_MESSAGES.chooseSlot }).optional(),
  })
  .meta({ examples: [{ choice: 'move', slot_id: '3f1c2b9e-0a4d-4c55-9d7e-2b1a9c8e7f60' }] });
