import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/contract-route';
import { HttpError } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { agentNames, CLAIM_MESSAGES, claimInfo, claimTicket } from './service';

/**
 * Agents have no accounts: the ticket's code opens its claim info, and a claim is checked against the
 * agent's name and security code (service.ts). So these routes are 'public' in the contract.
 */
export const agentRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/authenticate/:code/', async (req) => {
    await enforce(app.db, `claim-read:ip:${req.ip}`, 120, 15 * 60);
    const info = await claimInfo(app.db, req.params.code);
    if (!info) {
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

  const claim = async (ip: string, input: { code: string; agentName: string; securityCode: string }) => {
    await enforce(app.db, `claim:ip:${ip}`, 30, 15 * 60);
    return claimTicket(app.db, input);
  };

  // The spec's path form. Its last segment is a secret: app.ts redacts it from logged URLs.
  route(app, 'GET /api/claim/:code/:agentName/:securityCode/', async (req) => claim(req.ip, req.params));

  // The same as a POST with a JSON body, which the web app uses so the code never sits in a URL.
  route(app, 'POST /api/claim/', async (req) =>
    claim(req.ip, {
      code: req.body.code,
      agentName: req.body.agent_name,
      securityCode: req.body.security_code,
    }),
  );

  route(app, 'GET /api/agents/', async () => ({ agent_list: await agentNames(app.db) }));
};
