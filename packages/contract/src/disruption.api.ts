/**
 * The disruption console (decisions 058, 059): superusers preview and close, and read the report, for
 * every product; an operator's managers do the same in their console for their own products only; the
 * ticket link's holder reads the closure and makes one choice.
 */
import { z } from 'zod';
import {
  disruptionBodySchema,
  disruptionChoiceSchema,
  disruptionClosedSchema,
  disruptionPreviewSchema,
  disruptionReportSchema,
  ticketDisruptionSchema,
} from './disruption.schema';
import { endpoint, errors } from './endpoint';
import { OPERATOR_RIGHTS } from './operator';
import { operatorFolderParams } from './operator.schema';

const tokenParams = z.object({ token: z.string().min(1).max(300) });
const LINK =
  "No account: the ticket link's token opens it (only its SHA-256 is stored); an unknown token is 404 " +
  'and counted against the client like every ticket link miss (429 past the limit).';

const OWN =
  "Only the operator's own products: a time or product of another operator is 403 and stores nothing; " +
  "a whole day closes only the operator's own times on it.";

/** The answers of the superusers' and the operators' calls alike. */
const PREVIEWED = { 200: disruptionPreviewSchema, 400: errors[400], 401: errors[401], 403: errors[403] };
const CLOSED = {
  201: disruptionClosedSchema,
  400: errors[400],
  401: errors[401],
  403: errors[403],
  409: errors[409],
};
const REPORTS = {
  200: z.object({ disruptions: z.array(disruptionReportSchema) }),
  401: errors[401],
  403: errors[403],
};

export const disruptionApi = {
  'POST /api/admin/disruptions/preview/': endpoint({
    summary: 'What a closure would touch: slots, bookings and places per channel and language (superusers)',
    tag: 'disruptions',
    access: 'superuser',
    description: 'Nothing is stored. The same body as the close.',
    body: disruptionBodySchema,
    ownMessages: true,
    responses: PREVIEWED,
  }),
  'POST /api/admin/disruptions/': endpoint({
    summary: 'Close slots for a reason and tell every affected buyer once (superusers)',
    tag: 'disruptions',
    access: 'superuser',
    description:
      'Marks the slots closed (the storefront, checkout and OCTO refuse them at once), records the ' +
      'disruption with its paid bookings and queues one e-mail per booking in its language with its ' +
      'ticket link. A booking already told of an unanswered closure is not told again; a close that ' +
      'finds nothing new is 409 and stores nothing. Needs the password again (step-up).',
    body: disruptionBodySchema,
    ownMessages: true,
    stepUp: true,
    responses: CLOSED,
  }),
  'GET /api/admin/disruptions/': endpoint({
    summary:
      "Disruptions, newest first, with the buyers' answers and refunds against revenue kept (superusers)",
    tag: 'disruptions',
    access: 'superuser',
    responses: REPORTS,
  }),
  'POST /api/operator/:folder/disruptions/preview/': endpoint({
    summary: "What a closure of the operator's own times would touch (managers)",
    tag: 'disruptions',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.closeForDisruption,
    description: `Nothing is stored. ${OWN}`,
    params: operatorFolderParams,
    body: disruptionBodySchema,
    ownMessages: true,
    responses: PREVIEWED,
  }),
  'POST /api/operator/:folder/disruptions/': endpoint({
    summary: "Close the operator's own times for a reason and tell every affected buyer once (managers)",
    tag: 'disruptions',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.closeForDisruption,
    description: `As the superusers' close. ${OWN} Needs the password again (step-up).`,
    params: operatorFolderParams,
    body: disruptionBodySchema,
    ownMessages: true,
    stepUp: true,
    responses: CLOSED,
  }),
  'GET /api/operator/:folder/disruptions/': endpoint({
    summary: "The operator's own closures with the buyers' answers and the money (managers)",
    tag: 'disruptions',
    access: 'operator',
    operatorRoles: OPERATOR_RIGHTS.closeForDisruption,
    params: operatorFolderParams,
    responses: REPORTS,
  }),
  'GET /api/ticket-links/:token/disruption/': endpoint({
    summary: "The closure a ticket is affected by, with the buyer's choices (null: none)",
    tag: 'tickets',
    access: 'public',
    description: LINK,
    params: tokenParams,
    responses: {
      200: z.object({ disruption: ticketDisruptionSchema.nullable() }),
      404: errors[404],
      429: errors[429],
    },
  }),
  'POST /api/ticket-links/:token/disruption/': endpoint({
    summary: 'Choose, once, what happens to a ticket of a closed time: refund, another time, or keep',
    tag: 'tickets',
    access: 'public',
    description:
      `${LINK} Only a remedy the shop offered; a second choice is 409. 'move' takes slot_id, an open ` +
      'time of the same product with room: the places move in one transaction, and the ticket gets a new ' +
      "QR code (the old one is refused). 'keep' makes it an open-dated pass, also with a new QR code.",
    params: tokenParams,
    body: disruptionChoiceSchema,
    ownMessages: true,
    responses: {
      200: z.object({ message: z.string(), disruption: ticketDisruptionSchema }),
      400: errors[400],
      404: errors[404],
      409: errors[409],
      429: errors[429],
    },
  }),
} as const;
