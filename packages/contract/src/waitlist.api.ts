/**
 * The waiting list of a sold-out time (decision 063): anyone joins and leaves (by the e-mail's link),
 * an offer's link opens the held places, superusers read the lists.
 */
import { endpoint, errors } from './endpoint';
import {
  waitlistAdminSchema,
  waitlistJoinSchema,
  waitlistMessageSchema,
  waitlistOfferSchema,
  waitlistTokenSchema,
} from './waitlist.schema';

export const waitlistApi = {
  'POST /api/waitlist/': endpoint({
    summary: 'Join the waiting list of a sold-out time with an e-mail address and a number of places',
    tag: 'waiting list',
    access: 'public',
    ownMessages: true,
    description:
      'Only a sold-out time takes a waiting list (409 otherwise). One entry per address and time: joining ' +
      'again changes the number of places and keeps the place in line. An e-mail confirms it, with a link to ' +
      'leave. Counted per client address and per e-mail address (429 past the limit).',
    body: waitlistJoinSchema,
    responses: {
      201: waitlistMessageSchema,
      400: errors[400],
      409: errors[409],
      429: errors[429],
    },
  }),
  'POST /api/waitlist/leave/': endpoint({
    summary: "Leave a waiting list by the e-mail's link (its token)",
    tag: 'waiting list',
    access: 'public',
    ownMessages: true,
    body: waitlistTokenSchema,
    responses: { 200: waitlistMessageSchema, 400: errors[400], 404: errors[404], 429: errors[429] },
  }),
  'POST /api/waitlist/offer/': endpoint({
    summary: "The places an offer's link holds: time, places and until when (the ticket page restores them)",
    tag: 'waiting list',
    access: 'public',
    ownMessages: true,
    description:
      'The checkout calls take the same token as `waitlist_token`: only with it can the held places be bought. ' +
      'An unknown token answers 404; one run out or used 409.',
    body: waitlistTokenSchema,
    responses: {
      200: waitlistOfferSchema,
      400: errors[400],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
  'GET /api/admin/waitlist/': endpoint({
    summary: "Waiting lists of the times to come, with each entry's status, and their counts (superusers)",
    tag: 'waiting list',
    access: 'superuser',
    responses: { 200: waitlistAdminSchema, 401: errors[401], 403: errors[403] },
  }),
} as const;
