/** zod schemas of waitlist.ts (decision 063): joining, leaving, an offer's link, the superusers' list. */
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from './checkout';
import { LOCALES } from './locales';
import { WAITLIST_MAX_PLACES, WAITLIST_MESSAGES, WAITLIST_STATUSES } from './waitlist';

export const waitlistJoinSchema = z
  .object({
    slot_id: z.uuid({ error: WAITLIST_MESSAGES.notOpen }),
    email: z
      .string({ error: CHECKOUT_MESSAGES.guestEmail })
      .trim()
      .max(254, { error: CHECKOUT_MESSAGES.guestEmail })
      .pipe(z.email({ error: CHECKOUT_MESSAGES.guestEmail })),
    places: z.coerce
      .number({ error: WAITLIST_MESSAGES.places })
      .int({ error: WAITLIST_MESSAGES.places })
      .min(1, { error: WAITLIST_MESSAGES.places })
      .max(WAITLIST_MAX_PLACES, { error: WAITLIST_MESSAGES.places }),
    language: z.enum(LOCALES, { error: 'Unknown language.' }).optional(),
  })
  .meta({
    examples: [
      {
        slot_id: '6f1c2a8e-4d1b-4c3e-9a7f-2b5d8e9c0a1f',
        email: 'ada@example.com',
        places: 2,
        language: 'it',
      },
    ],
  });
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

/** A link's token (the leave link, the offer link). */
export const waitlistTokenSchema = z
  .object({
    token: z
      .string({ error: WAITLIST_MESSAGES.linkInvalid })
      .trim()
      .min(20, { error: WAITLIST_MESSAGES.linkInvalid })
      .max(100, { error: WAITLIST_MESSAGES.linkInvalid }),
  })
  .meta({ examples: [{ token: 'Jf3kQ9v0mXb2LrT8aZyW1cN5pHs7dE4uGo6iK' }] });

export const waitlistMessageSchema = z.object({ message: z.string() });

/** What an offer's link opens: the time and places held, until when, to restore the ticket page's choice. */
export const waitlistOfferSchema = z
  .object({
    package_tag: z.string(),
    slot_id: z.uuid(),
    starts_at: z.string().meta({ description: 'The visit, an ISO instant (shown in Rome time).' }),
    date: z.string().meta({ description: "The visit's Rome date, YYYY-MM-DD." }),
    places: z.number().int(),
    expires_at: z.string().meta({ description: 'Until when the places are held, an ISO instant.' }),
  })
  .meta({
    examples: [
      {
        package_tag: 'RM-COL',
        slot_id: '6f1c2a8e-4d1b-4c3e-9a7f-2b5d8e9c0a1f',
        starts_at: '2026-12-07T08:30:00.000Z',
        date: '2026-12-07',
        places: 2,
        expires_at: '2026-12-06T19:30:00.000Z',
      },
    ],
  });
export type WaitlistOffer = z.output<typeof waitlistOfferSchema>;

/** One entry as superusers see it. */
export const waitlistEntrySchema = z.object({
  email: z.string(),
  places: z.number().int(),
  language: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  joined_at: z.string(),
  offer_expires_at: z.string().nullable(),
});
export type WaitlistEntry = z.output<typeof waitlistEntrySchema>;

/** A time with a waiting list: its places and its line, first in line first. */
export const waitlistSlotSchema = z.object({
  slot_id: z.uuid(),
  package_tag: z.string(),
  package_title: z.string(),
  starts_at: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  entries: z.array(waitlistEntrySchema),
});
export type WaitlistSlot = z.output<typeof waitlistSlotSchema>;

/** The waiting lists' counts (analytics): joins, offers made, offers bought, in all time shown. */
export const waitlistTotalsSchema = z.object({
  joined: z.number().int(),
  waiting: z.number().int(),
  offered: z.number().int(),
  bought: z.number().int(),
  expired: z.number().int(),
  left: z.number().int(),
});
export type WaitlistTotals = z.output<typeof waitlistTotalsSchema>;

export const waitlistAdminSchema = z.object({
  slots: z.array(waitlistSlotSchema),
  totals: waitlistTotalsSchema,
});
export type WaitlistAdmin = z.output<typeof waitlistAdminSchema>;
