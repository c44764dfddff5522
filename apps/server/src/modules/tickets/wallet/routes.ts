/**
 * Wallet passes of the signed-in buyer's own tickets. Someone else's order answers as an unknown one
 * (404); a wallet the shop has no signing material for answers 404 'not available', and
 * `GET /api/wallet/` tells the web which buttons to show.
 */
import { ERROR_CODES, TICKET_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppleWalletConfig, Config } from '../../../config';
import { route, signedIn } from '../../../lib/contract-route';
import { HttpError, notFound } from '../../../lib/errors';
import { publicUrlFor } from '../../../lib/public-url';
import { ownTicket } from '../../orders/ticket-link';
import { appleWalletPass, PKPASS_TYPE } from './apple';
import { googleWalletSaveUrl } from './google';
import { paidWalletTicket, walletAvailability } from './service';
import type { WalletTicket } from './ticket';

export const NOT_AVAILABLE_CODE = ERROR_CODES.notAvailable;
const notAvailable = (error: string) => new HttpError(404, { error, code: NOT_AVAILABLE_CODE });

/** The configured Apple signing material, or 404 not_available. */
export function appleConfigOf(config: Config) {
  if (!config.wallet.apple) throw notAvailable(TICKET_MESSAGES.appleWalletNotAvailable);
  return config.wallet.apple;
}
/** The configured Google key, or 404 not_available. */
export function googleConfigOf(config: Config) {
  if (!config.wallet.google) throw notAvailable(TICKET_MESSAGES.googleWalletNotAvailable);
  return config.wallet.google;
}

/** Answers the signed .pkpass of a ticket; never kept by a cache. */
export async function sendApplePass(reply: FastifyReply, apple: AppleWalletConfig, ticket: WalletTicket) {
  const pass = await appleWalletPass(apple, ticket);
  return (
    reply
      .header('content-type', PKPASS_TYPE)
      .header('content-disposition', `attachment; filename="ticket-${ticket.unique_id.slice(0, 8)}.pkpass"`)
      .header('cache-control', 'private, no-store')
      // Bytes are sent as they are (Fastify serialises no Buffer); the contract documents them as a string.
      .send(pass as unknown as string)
  );
}

export const walletRoutes: FastifyPluginAsync = async (app) => {
  /** The buyer's own paid ticket (someone else's is unknown: 404), its QR read back. */
  async function ownPaidTicket(req: FastifyRequest, uniqueId: string): Promise<WalletTicket> {
    const ticket = await ownTicket(app.db, signedIn(req).id, uniqueId);
    if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
    return paidWalletTicket(app, ticket);
  }

  route(app, 'GET /api/wallet/', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return walletAvailability(app.config);
  });

  route(app, 'GET /api/tickets/:uniqueId/wallet/apple/', async (req, reply) => {
    const apple = appleConfigOf(app.config);
    return sendApplePass(reply, apple, await ownPaidTicket(req, req.params.uniqueId));
  });

  route(app, 'GET /api/tickets/:uniqueId/wallet/google/', async (req, reply) => {
    const google = googleConfigOf(app.config);
    const ticket = await ownPaidTicket(req, req.params.uniqueId);
    reply.header('cache-control', 'private, no-store');
    return { url: await googleWalletSaveUrl(google, ticket, publicUrlFor(app.config, req)) };
  });
};
