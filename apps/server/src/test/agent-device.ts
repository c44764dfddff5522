/**
 * A device of the agents' app in the API tests, one way: signed in through the app's own call
 * (POST /api/agent/devices/), which checks its answer, so a test fails where the sign-in broke.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { createAgentAccount } from '../modules/agents/devices';

/** An agent's account in the agents' app, as `createAgentAccount` makes it. */
export type AgentAccount = { agentName: string; email: string; password: string };

/** Signs a device called `label` in with an agent account's address and password; answers its token. */
export async function signInAgentDevice(
  app: FastifyInstance,
  email: string,
  password: string,
  label = 'Gate',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/agent/devices/',
    payload: { email, password, label },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().token).toMatch(/^rbt_dev_[A-Za-z0-9_-]{43}$/);
  return res.json().token as string;
}

/** Makes `account` (and its agent, if new) and signs one device in with it; answers the device's token. */
export async function agentDevice(
  app: FastifyInstance,
  db: Db,
  account: AgentAccount,
  label = 'Gate',
): Promise<string> {
  await createAgentAccount(db, account);
  return signInAgentDevice(app, account.email, account.password, label);
}
