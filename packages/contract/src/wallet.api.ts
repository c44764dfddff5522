/**
 * Wallet passes of a ticket (decision 020): Apple Wallet's signed .pkpass and Google Wallet's 'Add to
 * Google Wallet' link, for the buyer's own tickets, and which of the two the shop is configured for.
 */
import { z } from 'zod';
import { apiErrorSchema, endpoint, errors } from './endpoint';

const ticketParams = z.object({ uniqueId: z.string().min(1).max(300) });

export const walletAvailabilitySchema = z
  .object({ apple: z.boolean(), google: z.boolean() })
  .meta({ id: 'WalletAvailability', examples: [{ apple: true, google: false }] });

const NOT_AVAILABLE =
  '404 also when the shop has no certificates or key for this wallet (code not_available); 409 when the ' +
  'order is not a paid ticket (refunded, unpaid), its status beside error and code.';

export const walletApi = {
  'GET /api/wallet/': endpoint({
    summary: 'Which wallet passes the shop can make (the buttons to show)',
    tag: 'tickets',
    access: 'public',
    responses: { 200: walletAvailabilitySchema },
  }),
  'GET /api/tickets/:uniqueId/wallet/apple/': endpoint({
    summary: "The buyer's ticket as an Apple Wallet pass (.pkpass)",
    tag: 'tickets',
    access: 'user',
    description: `Answers the signed pass as application/vnd.apple.pkpass. Only the buyer; someone else's order is 404. ${NOT_AVAILABLE}`,
    params: ticketParams,
    responses: {
      200: z.string().meta({ description: 'The .pkpass file (application/vnd.apple.pkpass)' }),
      401: errors[401],
      404: errors[404],
      409: apiErrorSchema,
    },
  }),
  'GET /api/tickets/:uniqueId/wallet/google/': endpoint({
    summary: "The buyer's ticket as an 'Add to Google Wallet' link",
    tag: 'tickets',
    access: 'user',
    description: `The link carries the ticket as a signed JWT. Only the buyer; someone else's order is 404. ${NOT_AVAILABLE}`,
    params: ticketParams,
    responses: {
      200: z
        .object({ url: z.string() })
        .meta({ examples: [{ url: 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9...' }] }),
      401: errors[401],
      404: errors[404],
      409: apiErrorSchema,
    },
  }),
} as const;
