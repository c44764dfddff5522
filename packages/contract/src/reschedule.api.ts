/** A paid ticket moves to another time of the same product from its ticket link (decision 067). */
import { endpoint, errors } from './endpoint';
import {
  rescheduleBodySchema,
  rescheduleOptionsSchema,
  rescheduleQuerySchema,
  rescheduleResultSchema,
} from './reschedule.schema';
import { LINK, tokenParams } from './tickets.api';

export const rescheduleApi = {
  'GET /api/ticket-links/:token/reschedule/': endpoint({
    summary: 'Whether the ticket may move to another time, and the open times it may move to (Rome time)',
    tag: 'tickets',
    access: 'public',
    description: `${LINK} Unknown tokens count against the client like every link miss (429 past the limit). \`date\` (a Rome date) picks the day whose times are listed.`,
    params: tokenParams,
    query: rescheduleQuerySchema,
    responses: { 200: rescheduleOptionsSchema, 400: errors[400], 404: errors[404], 429: errors[429] },
  }),
  'POST /api/ticket-links/:token/reschedule/': endpoint({
    summary: 'Move the ticket to another time of the same product; it gets a new QR code',
    tag: 'tickets',
    access: 'public',
    description:
      `${LINK} Unknown tokens count against the client (429 past the limit). The rules of the buyer's own cancellation (paid, unused, before the cut-off), a timed ` +
      'ticket, at most MAX_TICKET_MOVES moves. The places move in one transaction under the new ' +
      "time's lock; a cheaper time refunds the difference, a dearer one is 409. The old QR code is " +
      'refused from then on and a new ticket e-mail is sent once. Asking again for the same time answers ' +
      'as the first time did, without a second e-mail.',
    params: tokenParams,
    body: rescheduleBodySchema,
    ownMessages: true,
    responses: {
      200: rescheduleResultSchema,
      400: errors[400],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
} as const;
