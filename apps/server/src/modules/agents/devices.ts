/**
 * Agents' accounts and devices for the agents' app (decision 021). A superuser makes an
 * account (e-mail, password) for one of the spec's agents; the agent signs a device in once and gets
 * a device token: 256 random bits, recognisable prefix, stored as SHA-256 (like a reseller's key),
 * looked up on every call, so a revoked device (or a disabled agent) is refused at once everywhere.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AgentDevice } from '@rome/contract';
import { ERROR_CODES } from '@rome/contract';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { agentAccounts, agentDevices, agents } from '../../db/schema';
import { bearerToken } from '../../lib/bearer';
import { HttpError } from '../../lib/errors';
import { dummyHash, hashSecret, verifySecret } from '../../lib/passwords';

/** Every device token starts so; a leaked one is recognisable in a secret scanner. */
export const DEVICE_TOKEN_PREFIX = 'rbt_dev_';
const MAX_CHECKED_PASSWORD = 1000;
/** Last-seen times are written at most this often per device (a claim costs no extra write). */
const SEEN_EVERY_MS = 60_000;

export const hashDeviceToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type DeviceRow = typeof agentDevices.$inferSelect;
/** The device a request came from, with its agent's name. */
/** A signed-in device, its agent and the operator the agent works for (null: the shop's agent). */
export type AgentDeviceAuth = { device: DeviceRow; agentName: string; folderId: number | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAgentDevice: the signed-in device and its agent. */
    agentDevice?: AgentDeviceAuth;
  }
}

export const deviceJson = (d: DeviceRow, agentName: string): AgentDevice => ({
  id: d.id,
  agent_name: agentName,
  label: d.label,
  token_prefix: d.tokenPrefix,
  created_at: d.createdAt.toISOString(),
  last_seen_at: d.lastSeenAt?.toISOString() ?? null,
  revoked_at: d.revokedAt?.toISOString() ?? null,
});

export class AgentAccountTaken extends Error {}

/** Makes an account for an agent (made too when the name is new, with a code nobody knows). */
export async function createAgentAccount(
  db: Db,
  input: { agentName: string; email: string; password: string },
) {
  const email = input.email.trim().toLowerCase();
  const name = input.agentName.trim();
  const passwordHash = await hashSecret(input.password);
  return db.transaction(async (tx) => {
    let [agent] = await tx.select().from(agents).where(eq(agents.name, name));
    if (!agent)
      [agent] = await tx
        .insert(agents)
        .values({ name, codeHash: await hashSecret(randomBytes(32).toString('base64url')) })
        .returning();
    const [taken] = await tx
      .select({ id: agentAccounts.id })
      .from(agentAccounts)
      .where(or(eq(agentAccounts.email, email), eq(agentAccounts.agentId, agent.id)));
    if (taken) throw new AgentAccountTaken('This agent or e-mail address already has an account.');
    const [account] = await tx
      .insert(agentAccounts)
      .values({ agentId: agent.id, email, passwordHash })
      .returning();
    return { account, agentName: agent.name };
  });
}

/**
 * The demo's agents'-app sign-in (main.ts): made, or, when the agent or the address already has one
 * (the demo seeded again for another data folder on the same database), that account's password set
 * to the new one, so the printed sign-in works.
 */
export async function ensureAgentAccount(
  db: Db,
  input: { agentName: string; email: string; password: string },
) {
  try {
    await createAgentAccount(db, input);
  } catch (err) {
    if (!(err instanceof AgentAccountTaken)) throw err;
    const [agent] = await db.select().from(agents).where(eq(agents.name, input.agentName.trim()));
    await db
      .update(agentAccounts)
      .set({ passwordHash: await hashSecret(input.password) })
      .where(
        or(
          eq(agentAccounts.email, input.email.trim().toLowerCase()),
          agent ? eq(agentAccounts.agentId, agent.id) : undefined,
        ),
      );
  }
}

export async function listAgentAccounts(db: Db) {
  const rows = await db
    .select({ account: agentAccounts, agentName: agents.name, devices: count(agentDevices.id) })
    .from(agentAccounts)
    .innerJoin(agents, eq(agents.id, agentAccounts.agentId))
    .leftJoin(agentDevices, and(eq(agentDevices.accountId, agentAccounts.id), isNull(agentDevices.revokedAt)))
    .groupBy(agentAccounts.id, agents.name)
    .orderBy(agents.name);
  return rows.map((r) => ({
    id: r.account.id,
    agent_name: r.agentName,
    email: r.account.email,
    created_at: r.account.createdAt.toISOString(),
    devices: Number(r.devices),
  }));
}

/**
 * Signs a device in: the account's password checked (a dummy hash when there is no such account, so
 * both answers take as long), then a new device with its token. Null for wrong credentials or a
 * disabled agent.
 */
export async function signInDevice(
  db: Db,
  input: { email: string; password: string; label: string },
  token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`,
): Promise<{ token: string; device: AgentDevice } | null> {
  const email = input.email.trim().toLowerCase();
  const [row] =
    input.password.length <= MAX_CHECKED_PASSWORD
      ? await db
          .select({ account: agentAccounts, agentName: agents.name, active: agents.active })
          .from(agentAccounts)
          .innerJoin(agents, eq(agents.id, agentAccounts.agentId))
          .where(eq(agentAccounts.email, email))
      : [];
  const ok = await verifySecret(row?.account.passwordHash ?? (await dummyHash()), input.password);
  if (!row || !ok || !row.active) return null;
  const [device] = await db
    .insert(agentDevices)
    .values({
      accountId: row.account.id,
      agentId: row.account.agentId,
      label: input.label.trim().slice(0, 80) || 'Agent device',
      tokenHash: hashDeviceToken(token),
      tokenPrefix: token.slice(0, DEVICE_TOKEN_PREFIX.length + 6),
      lastSeenAt: new Date(),
    })
    .returning();
  return { token, device: deviceJson(device, row.agentName) };
}

/** Every 'agent' call reads its device: prepared once (no query built per call). */
const deviceByHash = preparedPerDb((db) =>
  db
    .select({
      device: agentDevices,
      agentName: agents.name,
      active: agents.active,
      folderId: agents.folderId,
    })
    .from(agentDevices)
    .innerJoin(agents, eq(agents.id, agentDevices.agentId))
    .where(eq(agentDevices.tokenHash, sql.placeholder('tokenHash')))
    .prepare('agent_device_by_token_hash'),
);

/** The live device of a token, or null (unknown, revoked, or its agent disabled). */
export async function deviceByToken(db: Db, token: string): Promise<AgentDeviceAuth | null> {
  if (!token.startsWith(DEVICE_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await deviceByHash(db).execute({ tokenHash: hashDeviceToken(token) });
  if (!row || row.device.revokedAt || !row.active) return null;
  const now = Date.now();
  if (!row.device.lastSeenAt || now - row.device.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    const seen = new Date(now);
    await db
      .update(agentDevices)
      .set({ lastSeenAt: seen })
      .where(
        and(
          eq(agentDevices.id, row.device.id),
          or(isNull(agentDevices.lastSeenAt), lt(agentDevices.lastSeenAt, new Date(now - SEEN_EVERY_MS))),
        ),
      );
    row.device.lastSeenAt = seen;
  }
  return { device: row.device, agentName: row.agentName, folderId: row.folderId };
}

/** The guard of the contract's 'agent' calls: a live device token, else 401. */
export async function requireAgentDevice(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(req);
  const found = token ? await deviceByToken(req.server.db, token) : null;
  if (!found) {
    reply.header('www-authenticate', 'Bearer realm="agent device"');
    throw new HttpError(401, {
      error: token
        ? 'This device is not signed in (revoked, or not a device token). Sign in again.'
        : 'Sign this device in with your agent account.',
      code: token ? ERROR_CODES.deviceNotValid : 'unauthorized',
    });
  }
  req.agentDevice = found;
}

export async function listDevices(db: Db, opts: { agentName?: string } = {}) {
  const rows = await db
    .select({ device: agentDevices, agentName: agents.name })
    .from(agentDevices)
    .innerJoin(agents, eq(agents.id, agentDevices.agentId))
    .where(opts.agentName ? eq(agents.name, opts.agentName) : undefined)
    .orderBy(desc(agentDevices.createdAt));
  return rows.map((r) => deviceJson(r.device, r.agentName));
}

/** Revokes a device at once (every call reads the row). Null when there is no such device. */
export async function revokeDevice(db: Db, id: string): Promise<AgentDevice | null> {
  const [device] = await db
    .update(agentDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(agentDevices.id, id), isNull(agentDevices.revokedAt)))
    .returning();
  if (device) {
    const [agent] = await db.select({ name: agents.name }).from(agents).where(eq(agents.id, device.agentId));
    return deviceJson(device, agent.name);
  }
  // Already revoked: answered as it is (revoking twice is fine).
  const [row] = await db
    .select({ device: agentDevices, agentName: agents.name })
    .from(agentDevices)
    .innerJoin(agents, eq(agents.id, agentDevices.agentId))
    .where(eq(agentDevices.id, id));
  return row ? deviceJson(row.device, row.agentName) : null;
}
