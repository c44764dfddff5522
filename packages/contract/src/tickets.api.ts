/**
 * The ticket in the tourist's pocket (decision 019): the ticket link (no sign-in: its token is the key),
 * its PDF and cancellation, the buyer's PDF and re-send from the purchase history, and 'Find my
 * tickets'. Beside the spec's calls, which keep working.
 */
import { z } from 'zod';
import { endpoint, errors } from './endpoint';
import { refundResponseSchema } from './inventory.schema';
import {
  findTicketsBodySchema,
  findTicketsConfirmBodySchema,
  pdfFileSchema,
  ticketLinkSchema,
  ticketMessageSchema,
} from './tickets.schema';

/** A ticket link's token as a path parameter (the link's other calls take it too: decision 067). */
export const tokenParams = z.object({
  token: z
    .string()
    .min(1)
    .max(300)
    .meta({ examples: ['Xq3v0f8mJ2cQ9kX1aB7nR5tY0uW4eZ6hL8pD2sG1vKc'] }),
});
const orderParams = z.object({ uniqueId: z.string().min(1).max(300) });
/** What every call by a ticket link says of its access. */
export const LINK =
  "No account: the link's token (256 random bits, sent in the ticket e-mail) opens it. Only its SHA-256 " +
  'is stored; an unknown or replaced token answers 404. The answer is never stored by shared caches.';

export const ticketsApi = {
  'GET /api/ticket-links/:token/': endpoint({
    summary: 'A ticket by its link: QR, package, Rome date and time, counts, status, cancellation',
    tag: 'tickets',
    access: 'public',
    description: `${LINK} Nothing of the buyer's account (no name, no e-mail, no other order).`,
    params: tokenParams,
    responses: { 200: ticketLinkSchema, 404: errors[404], 429: errors[429] },
  }),
  'GET /api/ticket-links/:token/pdf/': endpoint({
    summary: 'The ticket as a PDF (application/pdf), by its link',
    tag: 'tickets',
    access: 'public',
    description: LINK,
    params: tokenParams,
    responses: { 200: pdfFileSchema, 404: errors[404], 429: errors[429] },
  }),
  'GET /api/ticket-links/:token/wallet/apple/': endpoint({
    summary: 'The ticket as an Apple Wallet pass (.pkpass), by its link',
    tag: 'tickets',
    access: 'public',
    description:
      `${LINK} A plain link, so Safari on an iPhone opens the pass itself. 404 also when the shop has no ` +
      'Apple certificates (code not_available); 409 when the ticket is refunded.',
    params: tokenParams,
    responses: {
      200: z.string().meta({ description: 'The .pkpass file (application/vnd.apple.pkpass)' }),
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'GET /api/ticket-links/:token/wallet/google/': endpoint({
    summary: "The ticket into Google Wallet, by its link: a redirect to Google's 'save' page",
    tag: 'tickets',
    access: 'public',
    description:
      `${LINK} Answers 302 to https://pay.google.com/gp/v/save/<signed JWT of the ticket>. 404 also when ` +
      'the shop has no Google Wallet key (code not_available); 409 when the ticket is refunded.',
    params: tokenParams,
    responses: {
      302: z.null().meta({ description: 'Location: the Google Wallet save link' }),
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'POST /api/ticket-links/:token/cancel/': endpoint({
    summary: 'Cancel the ticket by its link, before the cut-off, and be refunded',
    tag: 'tickets',
    access: 'public',
    description: `${LINK} The rules of the buyer's own cancellation: paid, unclaimed, before the cut-off (409 otherwise).`,
    params: tokenParams,
    responses: { 200: refundResponseSchema, 404: errors[404], 409: errors[409], 429: errors[429] },
  }),
  'GET /api/tickets/:uniqueId/pdf/': endpoint({
    summary: "The buyer's ticket as a PDF (application/pdf), from the purchase history",
    tag: 'tickets',
    access: 'user',
    description: 'Only the buyer (404 for anybody else), only a paid ticket.',
    params: orderParams,
    responses: { 200: pdfFileSchema, 401: errors[401], 404: errors[404] },
  }),
  'POST /api/tickets/:uniqueId/resend/': endpoint({
    summary: "Send the buyer's ticket again with one more link; the links sent before keep working",
    tag: 'tickets',
    access: 'user',
    description: 'Only the buyer (404 for anybody else), only a paid ticket. The e-mail goes to the account.',
    params: orderParams,
    responses: {
      200: ticketMessageSchema,
      401: errors[401],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'POST /api/tickets/:uniqueId/links/end/': endpoint({
    summary: "End every link of the buyer's ticket (a forwarded or leaked one) and send one new link",
    tag: 'tickets',
    access: 'user',
    description:
      'Only the buyer (404 for anybody else), only a paid ticket. Every earlier link stops opening the ' +
      'ticket at once; the new link goes to the account, with the PDF, in the same step.',
    params: orderParams,
    responses: {
      200: ticketMessageSchema,
      401: errors[401],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'POST /api/find-tickets/': endpoint({
    summary: "'Find my tickets': e-mail the links of an address's paid tickets to that address",
    tag: 'tickets',
    access: 'public',
    description:
      'The same answer whether or not the address has tickets (and it takes as long). An address with ' +
      'tickets gets an e-mail with a link (good for an hour) that asks for the new links: nobody but ' +
      "the address's owner can end the links sent before. Limited per address and per client (429).",
    body: findTicketsBodySchema,
    invalid: 'Please enter a valid email address.',
    responses: { 200: ticketMessageSchema, 400: errors[400], 429: errors[429] },
  }),
  'POST /api/find-tickets/confirm/': endpoint({
    summary: "'Find my tickets', second step: the e-mail's link sends the new ticket links",
    tag: 'tickets',
    access: 'public',
    description:
      'The token from the e-mail of POST /api/find-tickets/ (its page address, after #confirm=). Each paid ' +
      'ticket of the address gets a new link, e-mailed to it; the links sent before keep working unless ' +
      'end_old_links is true. A bad or expired token is 400; bad tokens are limited per client (429).',
    body: findTicketsConfirmBodySchema,
    responses: { 200: ticketMessageSchema, 400: errors[400], 429: errors[429] },
  }),
} as const;
