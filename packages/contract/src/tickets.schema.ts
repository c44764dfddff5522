/**
 * The ticket in the tourist's pocket (decision 019): the ticket link's answer (no sign-in, the link's
 * token is the key), re-sends, and the 'Find my tickets' form.
 */
import { z } from 'zod';
import { extraTicketsViewSchema } from './price-categories.schema';
import { TICKET_LINK_STATUSES } from './tickets';

/**
 * Wallet buttons of the link page (Apple Wallet pass, Google Wallet save link). Reserved: null until
 * the wallet work fills it; the page shows a button for each URL it carries.
 */
export const walletLinksSchema = z
  .object({
    apple: z.string().nullable().meta({ description: 'URL of the .pkpass, or null when not set up' }),
    google: z.string().nullable().meta({ description: "'Add to Google Wallet' URL, or null" }),
  })
  .meta({ id: 'WalletLinks' });

/** GET ticket-links/{token}/: one ticket as its holder needs it, and nothing of the buyer's account. */
export const ticketLinkSchema = z
  .object({
    reference: z.string().meta({ description: 'The order reference printed on the e-mail and the PDF' }),
    package: z.string(),
    company: z.string().meta({ description: 'The operator' }),
    ticket_type: z.string(),
    date: z.string().nullable().meta({ description: 'Rome calendar date (YYYY-MM-DD), null: open-dated' }),
    time: z.string().nullable().meta({ description: "The slot's Rome time (HH:MM), null: no time" }),
    when: z.string().meta({ description: "The visit in words, Rome time ('' for an open-dated ticket)" }),
    usage: z.string().meta({ description: 'How the ticket is used: timed entry, the day, or a validity' }),
    adults: z.number().int(),
    youths: z.number().int(),
    infants: z.number().int(),
    tickets: z.string().meta({ description: "The counts in words: '2 adults, 1 youth'" }),
    /** Beside the spec's counts (decision 070): the price categories and the proof the door checks. */
    extra_tickets: extraTicketsViewSchema.optional(),
    total_price: z.string(),
    status: z.enum(TICKET_LINK_STATUSES),
    qr_image: z
      .string()
      .nullable()
      .meta({ description: 'The QR as a data: URL (kept by the page for offline use); null once refunded' }),
    cancellable: z.boolean(),
    cancel_until: z.string().nullable().meta({ description: 'Free cancellation ends then (ISO, UTC)' }),
    wallet_links: walletLinksSchema.nullable(),
    /**
     * Beside the spec's fields (decision 071): the combo's title when this ticket is one of its parts.
     * Such a ticket keeps its time (its closure's remedies aside), and cancelling it cancels the combo.
     */
    combo: z.string().nullable().optional(),
  })
  .meta({
    id: 'TicketLink',
    examples: [
      {
        reference: 'K3JD-9S2A',
        package: 'Colosseum Timed Entry',
        company: 'CoopCulture',
        ticket_type: 'museum',
        date: '2026-11-26',
        time: '09:30',
        when: 'Thu, 26 Nov 2026, 09:30',
        usage: 'Timed entry: please arrive 15 minutes before your time (Rome time).',
        adults: 2,
        youths: 1,
        infants: 0,
        tickets: '2 adults, 1 youth',
        total_price: '52.00',
        status: 'valid',
        qr_image: 'data:image/png;base64,iVBORw0KGgo=',
        cancellable: true,
        cancel_until: '2026-11-25T08:30:00.000Z',
        wallet_links: null,
      },
    ],
  });
export type TicketLink = z.infer<typeof ticketLinkSchema>;

/** POST find-tickets/: the address whose paid tickets' links are e-mailed to it. */
export const findTicketsBodySchema = z
  .object({
    email: z
      .string()
      .max(320)
      .meta({ examples: ['ada@example.com'] }),
  })
  .meta({ examples: [{ email: 'ada@example.com' }] });

/** POST find-tickets/confirm/: the token of the e-mail's link. */
export const findTicketsConfirmBodySchema = z
  .object({
    token: z.string().min(1).max(300),
    /** End the links sent before (a forwarded or leaked one); by default they keep working. */
    end_old_links: z.boolean().optional(),
  })
  .meta({ examples: [{ token: '1764300000.8c0f...', end_old_links: false }] });

/** The one answer of 'Find my tickets', whether or not the address has tickets. */
export const ticketMessageSchema = z
  .object({ message: z.string() })
  .meta({ examples: [{ message: 'A new ticket link is on its way to your e-mail address.' }] });

/** A PDF file (application/pdf), not JSON. */
export const pdfFileSchema = z
  .string()
  .meta({ description: 'The ticket as a PDF file (application/pdf), one page per ticket' });
