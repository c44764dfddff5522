/**
 * The claim page's agents as superusers manage them (spec `agents`: name, security code, active): the
 * one place that makes an agent, sets its code and disables or enables it, for the dashboard's calls
 * (`/api/admin/agents/`, app-routes.ts) and `npm run admin -- agent:create|agent:code|agent:disable|
 * agent:enable|agent:list` (cli.ts) alike. A code is checked by the contract's `isAgentCode` and stored
 * as an argon2 hash (`hashSecret`); it is never answered and never written to a log. A change made by a
 * signed-in superuser goes to the edit log (who, when, before and after: name and active, never the
 * code); a disabled agent leaves the claim page's list (service.ts `agentNames`), cannot claim, and its
 * devices are refused (devices.ts `deviceByToken`).
 */
import { type AdminAgent, AGENT_ADMIN_MESSAGES, AGENT_NAME_MAX, isAgentCode } from '@rome/contract';
import { and, asc, eq } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { agentAccounts, agents } from '../../db/schema';
import { recordEdit } from '../../lib/edit-log';
import { badRequest, conflict } from '../../lib/errors';
import { hashSecret } from '../../lib/passwords';

export type AgentRow = typeof agents.$inferSelect;

/** Input the rules refuse (the message is the contract's); nothing was stored. */
export class AgentInputError extends Error {}
/** An agent of that name exists already; nothing was stored. */
export class AgentNameTaken extends Error {
  constructor() {
    super(AGENT_ADMIN_MESSAGES.nameTaken);
  }
}

/** The answer to a refusal of these rules (400 or 409); any other error as it is. */
export const agentRefusal = (err: unknown) => {
  if (err instanceof AgentInputError) return badRequest(err.message);
  if (err instanceof AgentNameTaken) return conflict(err.message);
  return err;
};

/** Who made the change, for the edit log; null from the shell (the CLI has no account). */
export type ChangedBy = { userId: string } | null;

/**
 * Which agent: the dashboard names it by id, the CLI by its name; an operator's console also by its
 * operator (decision 066), so another operator's agent is not found.
 */
export type AgentRef = ({ id: string } | { name: string }) & { folderId?: number };

/** The agent's name as stored, or the contract's refusal. */
export function agentNameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new AgentInputError(AGENT_ADMIN_MESSAGES.nameMissing);
  if (trimmed.length > AGENT_NAME_MAX) throw new AgentInputError(AGENT_ADMIN_MESSAGES.nameTooLong);
  return trimmed;
}

/** The code's argon2 hash, or the contract's refusal (exactly AGENT_CODE_LENGTH digits). */
async function codeHashOf(code: string): Promise<string> {
  if (!isAgentCode(code)) throw new AgentInputError(AGENT_ADMIN_MESSAGES.code);
  return hashSecret(code);
}

/** What the edit log keeps of an agent: never the code or its hash. */
const logged = (a: AgentRow) => ({ name: a.name, active: a.active });

const refWhere = (ref: AgentRef) =>
  and(
    'id' in ref ? eq(agents.id, ref.id) : eq(agents.name, ref.name.trim()),
    ref.folderId === undefined ? undefined : eq(agents.folderId, ref.folderId),
  );

/** Every agent by name (or an operator's only), with its agents'-app account's e-mail (or null). */
export async function listAgents(db: Db, folderId?: number): Promise<AdminAgent[]> {
  const rows = await db
    .select({ agent: agents, email: agentAccounts.email })
    .from(agents)
    .leftJoin(agentAccounts, eq(agentAccounts.agentId, agents.id))
    .where(folderId === undefined ? undefined : eq(agents.folderId, folderId))
    .orderBy(asc(agents.name));
  return rows.map((r) => agentJson(r.agent, r.email));
}

export const agentJson = (a: AgentRow, email: string | null): AdminAgent => ({
  id: a.id,
  name: a.name,
  active: a.active,
  created_at: a.createdAt.toISOString(),
  account_email: email,
  folder_id: a.folderId,
});

/** One agent as listAgents answers it, or null. */
export async function findAgent(db: Db, ref: AgentRef): Promise<AdminAgent | null> {
  const [row] = await db
    .select({ agent: agents, email: agentAccounts.email })
    .from(agents)
    .leftJoin(agentAccounts, eq(agentAccounts.agentId, agents.id))
    .where(refWhere(ref));
  return row ? agentJson(row.agent, row.email) : null;
}

/**
 * Makes an active agent with its security code; with `folderId`, an operator's agent that redeems that
 * operator's tickets only. AgentInputError, AgentNameTaken: nothing stored.
 */
export async function createAgent(
  db: Db,
  input: { name: string; code: string; folderId?: number },
  by: ChangedBy,
): Promise<AdminAgent> {
  const name = agentNameOf(input.name);
  const codeHash = await codeHashOf(input.code);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(agents)
      .values({ name, codeHash, folderId: input.folderId ?? null })
      .onConflictDoNothing({ target: agents.name })
      .returning();
    if (!made) throw new AgentNameTaken();
    if (by)
      await recordEdit(txDb(tx), {
        userId: by.userId,
        entity: 'agent',
        entityKey: made.id,
        before: null,
        after: logged(made),
      });
    return agentJson(made, null);
  });
}

/**
 * Sets the agent's new security code (the old one stops working at once). Null when there is no such
 * agent; AgentInputError for a code that is not one. The edit log says that the code was replaced
 * (entity 'agent_code'), not what it is.
 */
export async function setAgentCode(
  db: Db,
  ref: AgentRef,
  code: string,
  by: ChangedBy,
): Promise<AdminAgent | null> {
  const codeHash = await codeHashOf(code);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.update(agents).set({ codeHash }).where(refWhere(ref)).returning();
    if (!row) return null;
    if (by)
      await recordEdit(txDb(tx), {
        userId: by.userId,
        entity: 'agent_code',
        entityKey: row.id,
        before: { name: row.name },
        after: { name: row.name, code: 'replaced' },
      });
    return row;
  });
  return changed && findAgent(db, { id: changed.id });
}

/** Disables or enables the agent (nothing to log when it already is so). Null when there is no such agent. */
export async function setAgentActive(
  db: Db,
  ref: AgentRef,
  active: boolean,
  by: ChangedBy,
): Promise<AdminAgent | null> {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(agents).where(refWhere(ref)).for('update');
    if (!before) return null;
    if (before.active === active) return before;
    const [row] = await tx.update(agents).set({ active }).where(eq(agents.id, before.id)).returning();
    if (by)
      await recordEdit(txDb(tx), {
        userId: by.userId,
        entity: 'agent',
        entityKey: row.id,
        before: logged(before),
        after: logged(row),
      });
    return row;
  });
  return changed && findAgent(db, { id: changed.id });
}
