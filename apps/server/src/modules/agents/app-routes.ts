/**
 * The agents' app's calls (decision 021): device sign-in, keys, online claims, the
 * refunded list and the offline upload for devices ('agent' access: a device token, checked by
 * requireAgentDevice through the contract's route()); accounts, devices and conflicts for superusers,
 * and the claim page's agents themselves (name, security code, active: agents-admin.ts).
 */
import { AGENT_ADMIN_MESSAGES, ERROR_CODES, romeToday } from '@rome/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { packages } from '../../db/schema';
import { route, signedIn } from '../../lib/contract-route';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { limitAddress } from '../../lib/ip';
import { signInFailed, signInGate, signInSucceeded } from '../../lib/limits';
import { tellSuperusers } from '../../mail/staff-notice';
import { ensureSigningKey, type KeyAccess, publicKeys } from '../orders/signed-ticket';
import { agentRefusal, createAgent, listAgents, setAgentActive, setAgentCode } from './agents-admin';
import { listConflicts } from './conflicts';
import {
  AgentAccountTaken,
  createAgentAccount,
  deviceJson,
  listAgentAccounts,
  listDevices,
  revokeDevice,
  signInDevice,
} from './devices';
import { changedTickets, refundedTickets } from './refunded';
import { claimOnline } from './scan';
import { syncClaims } from './sync';

export const agentAppRoutes: FastifyPluginAsync = async (app) => {
  const keys = (): KeyAccess => ({ db: app.db, secret: app.config.jwtSecret });
  // A key signs from the first ticket on (made here on a new shop; rotation: agent:rotate-key).
  app.addHook('onReady', async () => {
    await ensureSigningKey(app.db, app.config.jwtSecret);
  });

  // Sign-in limits as for accounts (decision 014), under the agents' own keys.
  route(app, 'POST /api/agent/devices/', async (req, reply) => {
    const email = req.body.email.trim().toLowerCase();
    await signInGate(app.db, limitAddress(req.ip), email, 'agent:');
    const signedIn = await signInDevice(app.db, {
      email,
      password: req.body.password,
      label: req.body.label,
    });
    if (!signedIn) {
      await signInFailed(app.db, email, 'agent:');
      throw new HttpError(401, {
        error: 'Wrong e-mail address or password.',
        code: ERROR_CODES.badCredentials,
      });
    }
    await signInSucceeded(app.db, limitAddress(req.ip), email, 'agent:');
    return reply.code(201).send(signedIn);
  });

  route(app, 'GET /api/agent/me/', async (req) => {
    const { agentName, device, folderId } = req.agentDevice!;
    // An operator's agent learns its operator's products, so its offline scans are judged as online ones.
    const tags =
      folderId === null
        ? null
        : (
            await app.db
              .select({ tag: packages.packageTag })
              .from(packages)
              .where(eq(packages.folderId, folderId))
          ).map((r) => r.tag);
    return { agent_name: agentName, device: deviceJson(device, agentName), package_tags: tags };
  });

  route(app, 'GET /api/agent/keys/', async () => ({ keys: await publicKeys(keys()) }));

  route(app, 'POST /api/agent/claims/', async (req) => claimOnline(keys(), req.agentDevice!, req.body.scan));

  route(app, 'POST /api/agent/claims/sync/', async (req) => ({
    results: await syncClaims(keys(), req.agentDevice!, req.body.claims),
  }));

  route(app, 'GET /api/agent/refunded/', async (req) => {
    const date = req.query.date ?? romeToday();
    const [tickets, changed] = await Promise.all([refundedTickets(app.db, date), changedTickets(app.db)]);
    return { date, tickets, changed };
  });

  route(app, 'GET /api/admin/agent-accounts/', async () => ({ accounts: await listAgentAccounts(app.db) }));

  route(app, 'POST /api/admin/agent-accounts/', async (req, reply) => {
    try {
      await createAgentAccount(app.db, {
        agentName: req.body.agent_name,
        email: req.body.email,
        password: req.body.password,
      });
    } catch (err) {
      if (err instanceof AgentAccountTaken) throw conflict(err.message, ERROR_CODES.agentAccountTaken);
      throw err;
    }
    const account = (await listAgentAccounts(app.db)).find(
      (a) => a.email === req.body.email.trim().toLowerCase(),
    );
    await tellSuperusers(app.db, {
      what: `New agent account for ${account!.agent_name} (${account!.email})`,
      by: signedIn(req).email,
      undo: "revoke its devices on the analytics page (Agents) and change the agent's code.",
    });
    void app.mailer.drain().catch(() => {});
    return reply.code(201).send({ account: account! });
  });

  // The claim page's agents (the rules once, in agents-admin.ts; the CLI's agent:* use them too).
  const by = (req: Parameters<typeof signedIn>[0]) => ({ userId: signedIn(req).id });

  route(app, 'GET /api/admin/agents/', async () => ({ agents: await listAgents(app.db) }));

  route(app, 'POST /api/admin/agents/', async (req, reply) => {
    const agent = await createAgent(app.db, req.body, by(req)).catch((err) => {
      throw agentRefusal(err);
    });
    return reply.code(201).send({ agent });
  });

  route(app, 'PUT /api/admin/agents/:id/code/', async (req) => {
    const agent = await setAgentCode(app.db, { id: req.params.id }, req.body.code, by(req)).catch((err) => {
      throw agentRefusal(err);
    });
    if (!agent) throw notFound(AGENT_ADMIN_MESSAGES.notFound);
    return { agent };
  });

  route(app, 'PATCH /api/admin/agents/:id/', async (req) => {
    const agent = await setAgentActive(app.db, { id: req.params.id }, req.body.active, by(req));
    if (!agent) throw notFound(AGENT_ADMIN_MESSAGES.notFound);
    return { agent };
  });

  route(app, 'GET /api/admin/agent-devices/', async () => ({ devices: await listDevices(app.db) }));

  route(app, 'DELETE /api/admin/agent-devices/:id/', async (req) => {
    const device = await revokeDevice(app.db, req.params.id);
    if (!device) throw notFound('No such device.');
    return { device };
  });

  route(app, 'GET /api/admin/claim-conflicts/', async () => ({ conflicts: await listConflicts(app.db) }));
};
