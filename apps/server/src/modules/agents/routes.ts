import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import {
  agentNames,
  CLAIM_MESSAGES,
  claimInfo,
  claimTicket,
  countAddressFailure,
  refuseFailingAddress,
} from './service';

/**
 * Agents have no accounts: the ticket's code opens its claim info, and a claim is checked against the
 * agent's name and security code (service.ts). So these routes are 'public' in the contract.
 */
export const agentRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/authenticate/:code/', async (req) => {
    // Only unknown codes count against the address (the claim limits, service.ts): a desk opening
    // ticket after ticket is not slowed down.
    await refuseFailingAddress(app.db, limitAddress(req.ip));
    const info = await claimInfo(app.db, req.params.code);
    if (!info) {
      await countAddressFailure(app.db, limitAddress(req.ip));
      // Spec §3 Claim info keys beside the one error shape: the page reads data (null).
      throw new HttpError(404, {
        error: CLAIM_MESSAGES.notFound,
        claimed: false,
        msg: CLAIM_MESSAGES.notFound,
        agent_list: [],
        data: null,
      });
    }
    return info;
  });

  // Failures only are counted, inside claimTicket (per address, per address and ticket, per agent).
  const claim = (ip: string, input: { code: string; agentName: string; securityCode: string }) =>
    claimTicket(app.db, input, ip);

  // The spec's path form. Its last segment is a secret: app.ts redacts it from logged URLs.
  route(app, 'GET /api/claim/:code/:agentName/:securityCode/', async (req) =>
    claim(limitAddress(req.ip), req.params),
  );

  // The same as a POST with a JSON body, which the web app uses so the code never sits in a URL.
  route(app, 'POST /api/claim/', async (req) =>
    claim(limitAddress(req.ip), {
      code: req.body.code,
      agentName: req.body.agent_name,
      securityCode: req.body.security_code,
    }),
  );

  route(app, 'GET /api/agents/', async () => ({ agent_list: await agentNames(app.db) }));
};
