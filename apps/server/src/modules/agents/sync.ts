/**
 * Claims made offline, uploaded when the network is back (decision 021).
 *
 * - Each claim carries the id its device made (a UUID), the primary key of `agent_claims`: an upload
 *   sent twice is recorded once, and the second answer repeats the first (`repeated: true`).
 * - Each claim is judged at the moment the device claimed (its Rome date for wrong_date), by the
 *   device's clock, bounded: not before the ticket was paid, not after the upload, not in the future.
 * - A ticket claimed by someone else too: the first claim by claim time stays the ticket's claim (if
 *   the upload's is earlier, the ticket's claim moves to it), and a conflict is recorded with both.
 * Each claim is one transaction holding the ticket's row lock, so uploads of the same ticket from two
 * devices at once are judged one after the other.
 */
import { AGENT_SCAN_MESSAGES, type AgentScanResult, type SyncResult } from '@rome/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { agentClaims, claimConflicts, orders } from '../../db/schema';
import type { KeyAccess } from '../orders/signed-ticket';
import { type ClaimSide, recordConflict } from './conflicts';
import type { AgentDeviceAuth } from './devices';
import { identify, judge, scanAnswer, type TicketRow, ticketWhere } from './scan';
import { markClaimed } from './service';

export type OfflineClaim = { id: string; scan: string; claimed_at: string };

/** A device's clock is believed within this much of the server's, ahead. */
const CLOCK_AHEAD_MS = 5 * 60_000;

/** When the device claimed, by its clock, bounded by the upload (and, later, by the ticket's payment). */
export function claimMoment(claimedAt: string, received: Date): Date {
  const t = Date.parse(claimedAt);
  if (!Number.isFinite(t) || t > received.getTime() + CLOCK_AHEAD_MS) return received;
  return new Date(Math.min(t, received.getTime()));
}

export async function syncClaims(
  keys: KeyAccess,
  auth: AgentDeviceAuth,
  claims: OfflineClaim[],
  now = new Date(),
): Promise<SyncResult[]> {
  // A retried upload: the ids recorded before are answered from their records, without the work.
  const seen = new Set(
    (
      await keys.db
        .select({ id: agentClaims.id })
        .from(agentClaims)
        .where(
          inArray(
            agentClaims.id,
            claims.map((c) => c.id),
          ),
        )
    ).map((r) => r.id),
  );
  const out: SyncResult[] = [];
  for (const c of claims)
    out.push(seen.has(c.id) ? await repeated(keys.db, auth, c.id) : await syncOne(keys, auth, c, now));
  return out;
}

async function syncOne(
  keys: KeyAccess,
  auth: AgentDeviceAuth,
  c: OfflineClaim,
  now: Date,
): Promise<SyncResult> {
  const db = keys.db;
  const found = await identify(keys, db, c.scan);
  let at = claimMoment(c.claimed_at, now);
  return db.transaction(async (txAny) => {
    const tx = txDb(txAny);
    // Locked first, so the claim and its record are judged against a ticket nobody moves meanwhile.
    const ticket = found.ticket ? await ticketWhere(tx, { id: found.ticket.id }, true) : null;
    if (ticket?.paidAt && at < ticket.paidAt) at = ticket.paidAt;
    const inserted = await tx
      .insert(agentClaims)
      .values({
        id: c.id,
        deviceId: auth.device.id,
        agentId: auth.device.agentId,
        orderId: ticket?.id ?? null,
        offline: true,
        claimedAt: at,
        receivedAt: now,
        result: 'unknown',
      })
      .onConflictDoNothing()
      .returning({ id: agentClaims.id });
    if (inserted.length === 0) return repeated(tx, auth, c.id);

    const done = async (result: AgentScanResult, t: TicketRow | null, kept: boolean, conflict: boolean) => {
      await tx.update(agentClaims).set({ result, kept }).where(eq(agentClaims.id, c.id));
      return { ...scanAnswer(result, t), id: c.id, repeated: false, conflict, kept };
    };
    if (!found.ticket || !ticket) return done(found.ticket ? 'unknown' : found.result, null, false, false);

    const verdict = judge(ticket, at, auth.folderId);
    if (verdict === null) {
      await markClaimed(tx, ticket.id, auth.device.agentId, at);
      return done(
        'valid',
        { ...ticket, scanned: true, claimedAt: at, agentName: auth.agentName },
        true,
        false,
      );
    }
    if (verdict !== 'already_claimed') return done(verdict, ticket, false, false);

    // Claimed twice: the first by claim time stays the ticket's claim.
    const [keptBefore] = await tx
      .select({ id: agentClaims.id, deviceId: agentClaims.deviceId })
      .from(agentClaims)
      .where(and(eq(agentClaims.orderId, ticket.id), eq(agentClaims.kept, true)));
    const previous: ClaimSide = {
      agentId: ticket.claimedByAgentId,
      deviceId: keptBefore?.deviceId ?? null,
      resellerId: ticket.claimedByResellerId,
      at: ticket.claimedAt,
    };
    const mine: ClaimSide = { agentId: auth.device.agentId, deviceId: auth.device.id, resellerId: null, at };
    const firstIsMine = ticket.claimedAt !== null && at < ticket.claimedAt;
    if (firstIsMine) {
      await tx
        .update(orders)
        .set({
          claimedAt: at,
          claimedByAgentId: auth.device.agentId,
          claimedByResellerId: null,
          updatedAt: now,
        })
        .where(eq(orders.id, ticket.id));
      if (keptBefore)
        await tx.update(agentClaims).set({ kept: false }).where(eq(agentClaims.id, keptBefore.id));
      await recordConflict(tx, ticket.id, mine, previous);
      return done(
        'valid',
        { ...ticket, claimedAt: at, agentName: auth.agentName, resellerName: null },
        true,
        true,
      );
    }
    await recordConflict(tx, ticket.id, previous, mine);
    return done('already_claimed', ticket, false, true);
  });
}

/** The answer recorded for an id uploaded before (by this agent; another agent's id is refused). */
async function repeated(tx: Db, auth: AgentDeviceAuth, id: string): Promise<SyncResult> {
  const [row] = await tx.select().from(agentClaims).where(eq(agentClaims.id, id));
  if (!row || row.agentId !== auth.device.agentId)
    return {
      ...scanAnswer('unknown', null),
      message: `${AGENT_SCAN_MESSAGES.unknown} This claim id was used by another agent.`,
      id,
      repeated: true,
      conflict: false,
      kept: false,
    };
  const ticket = row.orderId ? await ticketWhere(tx, { id: row.orderId }) : null;
  const result = row.result as AgentScanResult;
  return {
    ...scanAnswer(result, ticket),
    id,
    repeated: true,
    conflict: row.orderId !== null && (await inConflict(tx, row.orderId, row.deviceId)),
    kept: row.kept,
  };
}

async function inConflict(tx: Db, orderId: string, deviceId: string): Promise<boolean> {
  const [hit] = await tx
    .select({ id: claimConflicts.id })
    .from(claimConflicts)
    .where(
      and(
        eq(claimConflicts.orderId, orderId),
        or(eq(claimConflicts.keptDeviceId, deviceId), eq(claimConflicts.otherDeviceId, deviceId)),
      ),
    )
    .limit(1);
  return Boolean(hit);
}
