/**
 * The agents' app (decision 021): a device signs in once with an agent account and then
 * sends its device token (`Authorization: Bearer rbt_dev_...`, access 'agent'); it claims tickets by
 * their signed QR payload (or an old ticket's claim link), caches the keys and today's refunded
 * tickets, and uploads the claims it made offline. Superusers make agent accounts, list and revoke
 * devices and see the tickets claimed twice; and they manage the claim page's agents themselves (name,
 * security code, active), as `npm run admin -- agent:create|agent:code|agent:disable|agent:enable` does.
 */
import { z } from 'zod';
import { AGENT_NAME_MAX } from './agent-admin';
import {
  adminAgentSchema,
  agentAccountSchema,
  agentActiveBodySchema,
  agentCodeBodySchema,
  agentDeviceSchema,
  agentIdParamsSchema,
  agentMeSchema,
  claimConflictSchema,
  deviceSignedInSchema,
  deviceSignInSchema,
  newAgentAccountSchema,
  newAgentSchema,
  refundedListSchema,
  scanAnswerSchema,
  scanRequestSchema,
  syncRequestSchema,
  syncResultSchema,
  ticketKeySchema,
} from './agent-app.schema';
import { AGENT_CODE_LENGTH } from './checkout';
import { endpoint, errors } from './endpoint';

const DEVICE =
  'Needs a device token (Authorization: Bearer rbt_dev_...) from POST /api/agent/devices/; a revoked ' +
  "device, or an agent who was disabled, is refused at once with 401. Accounts' access tokens do not open it.";

export const agentAppApi = {
  'POST /api/agent/devices/': endpoint({
    summary: 'An agent signs a device in with the agent account; the device token is in this answer only',
    tag: 'agent app',
    access: 'public',
    description:
      'The token (256 random bits) lasts until a superuser revokes the device. Wrong e-mail or password: 401; sign-in limits as for accounts (429).',
    body: deviceSignInSchema,
    invalid: 'Please enter your e-mail address and password.',
    responses: { 201: deviceSignedInSchema, 400: errors[400], 401: errors[401], 429: errors[429] },
  }),
  'GET /api/agent/me/': endpoint({
    summary: 'The signed-in device and its agent',
    tag: 'agent app',
    access: 'agent',
    description: DEVICE,
    responses: { 200: agentMeSchema, 401: errors[401] },
  }),
  'GET /api/agent/keys/': endpoint({
    summary: "The public keys that verify tickets' signed payloads (every key still in use)",
    tag: 'agent app',
    access: 'agent',
    description: `${DEVICE} Ed25519 keys with their kid; the private keys never leave the server.`,
    responses: { 200: z.object({ keys: z.array(ticketKeySchema) }), 401: errors[401] },
  }),
  'POST /api/agent/claims/': endpoint({
    summary: 'Claim a scanned ticket online: its signed payload, or an old ticket’s claim link or code',
    tag: 'agent app',
    access: 'agent',
    description: `${DEVICE} Always 200 with the result for the screen: valid (claimed now), already_claimed (when, by whom), refunded, wrong_date (not today's in Rome), expired (a pass past its window), unknown, forged (a bad signature or an unknown key).`,
    body: scanRequestSchema,
    invalid: 'Scan or type a ticket.',
    responses: { 200: scanAnswerSchema, 400: errors[400], 401: errors[401] },
  }),
  'POST /api/agent/claims/sync/': endpoint({
    summary: 'Upload the claims made offline; each id counts once however often it is sent',
    tag: 'agent app',
    access: 'agent',
    description: `${DEVICE} One result per claim, in order. A ticket claimed by someone else too is a conflict: the first claim by claim time is kept (the device's clock, bounded by the ticket's payment and the upload), the conflict is listed for superusers.`,
    body: syncRequestSchema,
    responses: { 200: z.object({ results: z.array(syncResultSchema) }), 400: errors[400], 401: errors[401] },
  }),
  'GET /api/agent/refunded/': endpoint({
    summary: "A day's refunded or cancelled tickets, for the device to refuse them offline",
    tag: 'agent app',
    access: 'agent',
    description: `${DEVICE} Tickets for that Rome day and open-dated passes, refunded; date defaults to Rome's today. \`changed\`: tickets changed after they were issued, whatever their day, with their current revision (a signed QR of an earlier one is void).`,
    query: z.object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD.')
        .optional(),
    }),
    responses: { 200: refundedListSchema, 400: errors[400], 401: errors[401] },
  }),

  'GET /api/admin/agent-accounts/': endpoint({
    summary: "Agents' accounts for the agents' app (superusers)",
    tag: 'agent app',
    access: 'superuser',
    responses: {
      200: z.object({ accounts: z.array(agentAccountSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'POST /api/admin/agent-accounts/': endpoint({
    summary: "Make an agent's account (superusers); a new agent name makes the agent too",
    tag: 'agent app',
    access: 'superuser',
    stepUp: true,
    description:
      "The agent keeps the spec's name and security code for the claim page; a new agent gets an unusable code until a superuser sets one (`PUT /api/admin/agents/{id}/code/`, or `npm run admin -- agent:code`). 409 when the e-mail or the agent already has an account.",
    body: newAgentAccountSchema,
    responses: {
      201: z.object({ account: agentAccountSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      409: errors[409],
    },
  }),
  'GET /api/admin/agents/': endpoint({
    summary: "The claim page's agents, active or not, with their agents'-app account (superusers)",
    tag: 'agent app',
    access: 'superuser',
    description:
      "By name. Never the security code or its hash. `account_email` is the agent's account for the agents' app, null without one.",
    responses: {
      200: z.object({ agents: z.array(adminAgentSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
  'POST /api/admin/agents/': endpoint({
    summary: 'Make an agent for the claim page with its security code (superusers)',
    tag: 'agent app',
    access: 'superuser',
    stepUp: true,
    description: `The name (1 to ${AGENT_NAME_MAX} characters, trimmed) is what the claim page lists; the code (exactly ${AGENT_CODE_LENGTH} digits) is stored hashed. 409 when an agent of that name exists. Written to the edit log without the code.`,
    body: newAgentSchema,
    ownMessages: true,
    responses: {
      201: z.object({ agent: adminAgentSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      409: errors[409],
    },
  }),
  'PUT /api/admin/agents/:id/code/': endpoint({
    summary: "Set an agent's new security code for the claim page (superusers)",
    tag: 'agent app',
    access: 'superuser',
    stepUp: true,
    description: `Exactly ${AGENT_CODE_LENGTH} digits, stored hashed; the old code stops working at once. Written to the edit log without the code.`,
    params: agentIdParamsSchema,
    body: agentCodeBodySchema,
    ownMessages: true,
    responses: {
      200: z.object({ agent: adminAgentSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'PATCH /api/admin/agents/:id/': endpoint({
    summary: 'Disable or enable an agent (superusers)',
    tag: 'agent app',
    access: 'superuser',
    stepUp: true,
    description:
      "A disabled agent is not listed on the claim page, cannot claim, and its agents'-app devices are refused at once; enabled again, all of it works as before. Written to the edit log.",
    params: agentIdParamsSchema,
    body: agentActiveBodySchema,
    ownMessages: true,
    responses: {
      200: z.object({ agent: adminAgentSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'GET /api/admin/agent-devices/': endpoint({
    summary: "Agents' signed-in devices, newest first (superusers)",
    tag: 'agent app',
    access: 'superuser',
    responses: { 200: z.object({ devices: z.array(agentDeviceSchema) }), 401: errors[401], 403: errors[403] },
  }),
  'DELETE /api/admin/agent-devices/:id/': endpoint({
    summary: 'Revoke a device at once (superusers); its claims stay',
    tag: 'agent app',
    access: 'superuser',
    stepUp: true,
    params: z.object({ id: z.uuid({ error: 'No such device.' }) }),
    responses: {
      200: z.object({ device: agentDeviceSchema }),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),
  'GET /api/admin/claim-conflicts/': endpoint({
    summary: 'Tickets claimed twice, one claim made offline: both claims, newest first (superusers)',
    tag: 'agent app',
    access: 'superuser',
    responses: {
      200: z.object({ conflicts: z.array(claimConflictSchema) }),
      401: errors[401],
      403: errors[403],
    },
  }),
} as const;
