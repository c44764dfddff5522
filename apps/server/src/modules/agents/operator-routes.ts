/**
 * An operator's agents in its console (decision 066): a manager lists, makes and disables or enables
 * the agents of its own operator, by the superusers' rules (agents-admin.ts). Such an agent redeems
 * only that operator's tickets; another operator's agent is unknown here (404).
 */
import { OPERATOR_MESSAGES } from '@rome/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route, signedIn } from '../../lib/contract-route';
import { notFound } from '../../lib/errors';
import { agentRefusal, createAgent, listAgents, setAgentActive } from './agents-admin';

export const agentOperatorRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/operator/:folder/agents/', async (req) => ({
    agents: await listAgents(app.db, req.params.folder),
  }));

  route(app, 'POST /api/operator/:folder/agents/', async (req, reply) => {
    const input = { ...req.body, folderId: req.params.folder };
    const agent = await createAgent(app.db, input, { userId: signedIn(req).id }).catch((err) => {
      throw agentRefusal(err);
    });
    return reply.code(201).send({ agent });
  });

  route(app, 'PATCH /api/operator/:folder/agents/:id/', async (req) => {
    const ref = { id: req.params.id, folderId: req.params.folder };
    const agent = await setAgentActive(app.db, ref, req.body.active, { userId: signedIn(req).id });
    if (!agent) throw notFound(OPERATOR_MESSAGES.agentUnknown);
    return { agent };
  });
};
