import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { agentNames, CLAIM_MESSAGES, claimInfo, claimTicket } from './service';

const claimBody = z.object({
  code: z.string().min(1).max(200),
  agent_name: z.string().min(1, 'Agent name is required.').max(200),
  security_code: z.string().min(1, 'Security code is required.').max(200),
});

export const agentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/authenticate/:code/', async (req, reply) => {
    await enforce(app.db, `claim-read:ip:${req.ip}`, 120, 15 * 60);
    const { code } = req.params as { code: string };
    const info = await claimInfo(app.db, code);
    if (!info) {
      return reply
        .code(404)
        .send({ claimed: false, msg: CLAIM_MESSAGES.notFound, agent_list: [], data: null });
    }
    return info;
  });

  const claim = async (ip: string, input: { code: string; agentName: string; securityCode: string }) => {
    await enforce(app.db, `claim:ip:${ip}`, 30, 15 * 60);
    return claimTicket(app.db, input);
  };

  // The spec's path form. Its last segment is a secret: app.ts redacts it from logged URLs.
  app.get('/api/claim/:code/:agentName/:securityCode/', async (req) => {
    const p = req.params as { code: string; agentName: string; securityCode: string };
    return claim(req.ip, p);
  });

  // The same as a POST with a JSON body, which the web app uses so the code never sits in a URL.
  app.post('/api/claim/', async (req) => {
    const parsed = claimBody.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    return claim(req.ip, {
      code: parsed.data.code,
      agentName: parsed.data.agent_name,
      securityCode: parsed.data.security_code,
    });
  });

  app.get('/api/agents/', async () => ({ agent_list: await agentNames(app.db) }));
};
