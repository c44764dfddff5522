/**
 * Tickets claimed twice (decision 021): an agent's device claimed offline a ticket that was claimed
 * elsewhere too. The first claim by claim time is the ticket's claim; both are kept here for
 * superusers (`GET /api/admin/claim-conflicts/`, `npm run admin -- agent:conflicts`).
 */
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agentDevices, agents, claimConflicts, orders, packages, resellers } from '../../db/schema';

/** One side of a conflict: an agent (with its device, when made in the app) or a partner's scanner. */
export type ClaimSide = {
  agentId: string | null;
  deviceId: string | null;
  resellerId: string | null;
  at: Date | null;
};

export async function recordConflict(
  db: Db,
  orderId: string,
  kept: ClaimSide,
  other: ClaimSide,
): Promise<void> {
  await db.insert(claimConflicts).values({
    orderId,
    keptAgentId: kept.agentId,
    keptDeviceId: kept.deviceId,
    keptResellerId: kept.resellerId,
    keptAt: kept.at,
    otherAgentId: other.agentId,
    otherDeviceId: other.deviceId,
    otherResellerId: other.resellerId,
    otherAt: other.at,
  });
}

export async function listConflicts(db: Db, limit = 500) {
  const keptAgent = alias(agents, 'kept_agent');
  const otherAgent = alias(agents, 'other_agent');
  const keptDevice = alias(agentDevices, 'kept_device');
  const otherDevice = alias(agentDevices, 'other_device');
  const keptPartner = alias(resellers, 'kept_partner');
  const otherPartner = alias(resellers, 'other_partner');
  const rows = await db
    .select({
      c: claimConflicts,
      uniqueId: orders.uniqueId,
      packageTag: packages.packageTag,
      keptAgent: keptAgent.name,
      otherAgent: otherAgent.name,
      keptDevice: keptDevice.label,
      otherDevice: otherDevice.label,
      keptPartner: keptPartner.name,
      otherPartner: otherPartner.name,
    })
    .from(claimConflicts)
    .innerJoin(orders, eq(orders.id, claimConflicts.orderId))
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(keptAgent, eq(keptAgent.id, claimConflicts.keptAgentId))
    .leftJoin(otherAgent, eq(otherAgent.id, claimConflicts.otherAgentId))
    .leftJoin(keptDevice, eq(keptDevice.id, claimConflicts.keptDeviceId))
    .leftJoin(otherDevice, eq(otherDevice.id, claimConflicts.otherDeviceId))
    .leftJoin(keptPartner, eq(keptPartner.id, claimConflicts.keptResellerId))
    .leftJoin(otherPartner, eq(otherPartner.id, claimConflicts.otherResellerId))
    .orderBy(desc(claimConflicts.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.c.id,
    unique_id: r.uniqueId,
    package_tag: r.packageTag,
    kept: {
      agent_name: r.keptAgent,
      device: r.keptDevice,
      partner: r.keptPartner,
      at: r.c.keptAt?.toISOString() ?? null,
    },
    other: {
      agent_name: r.otherAgent,
      device: r.otherDevice,
      partner: r.otherPartner,
      at: r.c.otherAt?.toISOString() ?? null,
    },
    created_at: r.c.createdAt.toISOString(),
  }));
}
