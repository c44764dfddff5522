/**
 * Wallet passes of the signed-in buyer's own tickets. Someone else's order answers as an unknown one
 * (404); a wallet the shop has no signing material for answers 404 'not available', and
 * `GET /api/wallet/` tells the web which buttons to show.
 */
import { ORDER_STATE_CODE } from '@rome/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError, notFound } from '../../lib/errors';
import { publicUrlFor } from '../../lib/public-url';
import { appleWalletPass, PKPASS_TYPE } from './apple';
import { googleWalletSaveUrl } from './google';
import { findOwnWalletTicket, walletAvailability } from './service';
import type { WalletTicket } from './ticket';

export const NOT_AVAILABLE_CODE = 'not_available';
const notAvailable = (wallet: string) =>
  new HttpError(404, { error: `${wallet} passes are not available.`, code: NOT_AVAILABLE_CODE });

export const walletRoutes: FastifyPluginAsync = async (app) => {
  /** The buyer's paid ticket with a readable QR, or the error to answer. */
  async function ownPaidTicket(req: FastifyRequest, uniqueId: string): Promise<WalletTicket> {
    const ticket = await findOwnWalletTicket(app.db, app.storage, req.user!.id, uniqueId);
    if (!ticket) throw notFound('Ticket not found.');
    if (ticket.status !== 'paid')
      throw new HttpError(409, {
        error: 'Only a paid ticket goes into a wallet.',
        code: ORDER_STATE_CODE,
        status: ticket.status,
      });
    if (!ticket.qr_payload) throw new Error('The ticket QR could not be read back');
    return ticket;
  }

  route(app, 'GET /api/wallet/', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return walletAvailability(app.config);
  });

  route(app, 'GET /api/tickets/:uniqueId/wallet/apple/', async (req, reply) => {
    const apple = app.config.wallet.apple;
    if (!apple) throw notAvailable('Apple Wallet');
    const ticket = await ownPaidTicket(req, req.params.uniqueId);
    const pass = await appleWalletPass(apple, ticket);
    return (
      reply
        .header('content-type', PKPASS_TYPE)
        .header('content-disposition', `attachment; filename="ticket-${ticket.unique_id.slice(0, 8)}.pkpass"`)
        .header('cache-control', 'private, no-store')
        // Bytes are sent as they are (Fastify serialises no Buffer); the contract documents them as a string.
        .send(pass as unknown as string)
    );
  });

  route(app, 'GET /api/tickets/:uniqueId/wallet/google/', async (req, reply) => {
    const google = app.config.wallet.google;
    if (!google) throw notAvailable('Google Wallet');
    const ticket = await ownPaidTicket(req, req.params.uniqueId);
    reply.header('cache-control', 'private, no-store');
    return { url: await googleWalletSaveUrl(google, ticket, publicUrlFor(app.config, req)) };
  });
};
