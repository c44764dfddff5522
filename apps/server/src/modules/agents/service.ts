/**
 * Agents redeem tickets: the claim link carries the ticket's code, the agent picks their name and
 * types their security code. A ticket is claimed once, atomically, however many agents try at once.
 */
import {
  alreadyClaimedText,
  CLAIM_MESSAGES,
  type ClaimInfo,
  centsToDecimal,
  ERROR_CODES,
  extraTicketsView,
  formatRomeDate,
  INVENTORY_MESSAGES,
  OPERATOR_MESSAGES,
  romeParts,
  ticketWindowResult,
  WRONG_DAY_MESSAGE,
} from '@rome/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, orders, packages, resellers, slots, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { dummyHash, verifySecret } from '../../lib/passwords';
import { hit, known, peek, remember } from '../../lib/rate-limit';
import { hashClaimCode } from '../orders/ticket-issue';

/** The claim page's answers, marked for the storefront's catalogues in the contract (claim.ts). */
export { CLAIM_MESSAGES };

/**
 * Claim limits (decision 014). Only failures count, so an agent desk redeeming a queue of
 * tickets is never slowed by its own successes, and each limit throttles the guesser:
 * - per address: unknown ticket codes (junk) and wrong security codes;
 * - per address and ticket: wrong codes for one ticket (the ticket stays claimable from elsewhere);
 * - per agent: wrong codes for one agent from anywhere. The 4-digit code is shared by all tickets, so
 *   guessing spread over many addresses locks the code, except at an address where this agent claimed
 *   successfully in the last 30 days (their desk).
 */
export const CLAIM_LIMITS = {
  address: [30, 15 * 60],
  addressTicket: [5, 15 * 60],
  agent: [20, 60 * 60],
  /** How long a successful claim makes an address the agent's known desk. */
  knownDeskSeconds: 30 * 24 * 3600,
} as const;

const failKeys = (ip: string) => ({
  address: `claim:fail:ip:${ip}`,
  addressTicket: (orderId: string) => `claim:fail:ip-ticket:${ip}:${orderId}`,
  agent: (agentId: string | number) => `claim:fail:agent:${agentId}`,
  desk: (agentId: string | number) => `claim:desk:${agentId}:${ip}`,
});

/** 429 once an address has failed too often (junk codes or wrong security codes); counts nothing. */
export async function refuseFailingAddress(db: Db, ip: string): Promise<void> {
  if ((await peek(db, failKeys(ip).address)) >= CLAIM_LIMITS.address[0])
    throw new HttpError(429, {
      success: false,
      error: CLAIM_MESSAGES.tooManyFailures,
      retry_after: CLAIM_LIMITS.address[1],
    });
}

/** Counts one failure of an address (an unknown ticket code, or a wrong security code). */
export const countAddressFailure = (db: Db, ip: string) =>
  hit(db, failKeys(ip).address, CLAIM_LIMITS.address[0], CLAIM_LIMITS.address[1]);

const isPlausibleCode = (code: string) => /^[A-Za-z0-9_-]{16,64}$/.test(code);

async function findTicket(db: Db, code: string) {
  if (!isPlausibleCode(code)) return null;
  const [row] = await db
    .select({
      order: orders,
      title: packages.title,
      packageTag: packages.packageTag,
      folderId: packages.folderId,
      availabilityType: packages.availabilityType,
      validityDays: packages.validityDays,
      buyer: users.fullName,
      agentName: agents.name,
      resellerName: resellers.name,
      startsAt: slots.startsAt,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    // A reseller's booking has no account here: its buyer is the contact the reseller sent.
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(agents, eq(agents.id, orders.claimedByAgentId))
    .leftJoin(resellers, eq(resellers.id, orders.claimedByResellerId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(eq(orders.claimCodeHash, hashClaimCode(code)));
  return row ?? null;
}

export async function agentNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: agents.name })
    .from(agents)
    .where(eq(agents.active, true))
    .orderBy(asc(agents.name));
  return rows.map((r) => r.name);
}

export async function claimInfo(db: Db, code: string, timeZone = 'Europe/Rome'): Promise<ClaimInfo | null> {
  const t = await findTicket(db, code);
  if (!t) return null;
  const o = t.order;
  const claimedAt = o.claimedAt
    ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        o.claimedAt,
      )
    : '';
  const refunded = o.status === 'refunded';
  const claimedBy = t.agentName ?? t.resellerName;
  return {
    claimed: o.qrCodeScanned,
    msg: o.qrCodeScanned
      ? alreadyClaimedText(claimedAt, claimedBy ?? null)
      : refunded
        ? INVENTORY_MESSAGES.refunded
        : CLAIM_MESSAGES.ready,
    claimed_at: o.qrCodeScanned && o.claimedAt ? o.claimedAt.toISOString() : null,
    claimed_by: o.qrCodeScanned ? (claimedBy ?? null) : null,
    agent_list: await agentNames(db),
    data: {
      package: t.title,
      user: t.buyer ?? o.contact?.fullName ?? '',
      total_price: centsToDecimal(o.totalCents),
      paid: o.status === 'paid',
      package_tag: t.packageTag,
      adults: o.adultCount,
      youths: o.youthCount,
      infants: o.infantCount,
      selected_date: o.selectedDate,
      time: t.startsAt ? romeParts(t.startsAt).time : null,
      refunded,
      // The proof each price category needs (decision 070): the agent checks it before claiming.
      extra_tickets: extraTicketsView(o.extraTickets),
    },
  };
}

export async function claimTicket(
  db: Db,
  input: { code: string; agentName: string; securityCode: string },
  ip: string,
): Promise<{ success: true; msg: string }> {
  const keys = failKeys(ip);
  await refuseFailingAddress(db, ip);
  const t = await findTicket(db, input.code);
  if (!t) {
    await countAddressFailure(db, ip);
    throw new HttpError(404, { success: false, error: CLAIM_MESSAGES.notFound });
  }
  // A refunded ticket is known, and the agent is told why it does not count.
  if (t.order.status === 'refunded' && !t.order.qrCodeScanned)
    throw new HttpError(409, {
      success: false,
      error: INVENTORY_MESSAGES.refunded,
      code: ERROR_CODES.ticketRefunded,
    });
  // The ticket's window, by the rule the agents' app judges with (contract ticketWindowResult): a pass
  // within its validity, a dated ticket on its Rome day only. No override: the door is no place to
  // move a visit (the buyer changes or cancels it from the ticket link).
  const day = t.startsAt ? romeParts(t.startsAt).date : t.order.selectedDate;
  const outside = t.order.qrCodeScanned
    ? null
    : ticketWindowResult(
        {
          date: day,
          paidAt: t.order.paidAt,
          availabilityType: t.availabilityType,
          validityDays: t.validityDays,
        },
        new Date(),
      );
  if (outside === 'expired')
    throw new HttpError(409, {
      success: false,
      error: INVENTORY_MESSAGES.passExpired,
      code: ERROR_CODES.passExpired,
    });
  if (outside === 'wrong_date')
    throw new HttpError(409, {
      success: false,
      error: WRONG_DAY_MESSAGE.replace('{day}', formatRomeDate(day!)),
      code: ERROR_CODES.wrongDate,
    });
  if (t.order.status !== 'paid') throw new HttpError(404, { success: false, error: CLAIM_MESSAGES.notFound });
  if (t.order.qrCodeScanned) {
    throw new HttpError(409, {
      success: false,
      error: (await claimInfo(db, input.code))!.msg,
      claimed: true,
      code: ERROR_CODES.alreadyClaimed,
    });
  }
  // Wrong codes for this ticket from this address: that address waits (others still can claim it).
  const ticketKey = keys.addressTicket(t.order.id);
  const locked = () =>
    new HttpError(429, { success: false, error: CLAIM_MESSAGES.locked, code: ERROR_CODES.claimLocked });
  if ((await peek(db, ticketKey)) >= CLAIM_LIMITS.addressTicket[0]) throw locked();

  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.name, input.agentName.slice(0, 200)), eq(agents.active, true)));
  // An agent's code under attack is locked, checked before the code so the lock stops guessing; the
  // agent's own desk (an address where they claimed recently) keeps working.
  if (
    agent &&
    (await peek(db, keys.agent(agent.id))) >= CLAIM_LIMITS.agent[0] &&
    !(await known(db, keys.desk(agent.id)))
  )
    throw new HttpError(429, {
      success: false,
      error: CLAIM_MESSAGES.agentLocked,
      code: ERROR_CODES.agentLocked,
    });
  const ok = await verifySecret(agent?.codeHash ?? (await dummyHash()), input.securityCode.slice(0, 200));
  if (!agent || !ok) {
    await countAddressFailure(db, ip);
    if (agent) await hit(db, keys.agent(agent.id), CLAIM_LIMITS.agent[0], CLAIM_LIMITS.agent[1]);
    const r = await hit(db, ticketKey, CLAIM_LIMITS.addressTicket[0], CLAIM_LIMITS.addressTicket[1]);
    if (r.count >= CLAIM_LIMITS.addressTicket[0]) throw locked();
    throw new HttpError(400, {
      success: false,
      error: CLAIM_MESSAGES.wrongCode,
      code: ERROR_CODES.agentCodeWrong,
    });
  }
  // An operator's agent claims its operator's tickets only (decision 066).
  if (agent.folderId !== null && agent.folderId !== t.folderId)
    throw new HttpError(409, {
      success: false,
      error: OPERATOR_MESSAGES.otherOperatorsTicket,
      code: ERROR_CODES.otherOperator,
    });
  if (!(await markClaimed(db, t.order.id, agent.id))) {
    throw new HttpError(409, {
      success: false,
      error: (await claimInfo(db, input.code))!.msg,
      claimed: true,
      code: ERROR_CODES.alreadyClaimed,
    });
  }
  await remember(db, keys.desk(agent.id), CLAIM_LIMITS.knownDeskSeconds);
  return { success: true, msg: CLAIM_MESSAGES.claimed };
}

/**
 * The one claim, for the claim page and the agents' app alike: a paid, unclaimed ticket becomes
 * claimed by this agent at `at`, in one conditional UPDATE, so however many agents try at once one
 * succeeds. False when it was claimed already, or is not a paid ticket.
 */
export async function markClaimed(
  db: Db,
  orderId: string,
  agentId: string,
  at = new Date(),
): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ qrCodeScanned: true, claimedAt: at, claimedByAgentId: agentId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.qrCodeScanned, false), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/**
 * markClaimed and the agents' app's record of the claim in one statement (decision 021): the same
 * conditional UPDATE, and the `agent_claims` row written only when it claimed. One round trip
 * instead of a transaction's four, for the throughput at the door. False as markClaimed.
 */
export async function markClaimedByDevice(
  db: Db,
  orderId: string,
  device: { id: string; agentId: string },
  at: Date,
  claimId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    WITH claimed AS (
      UPDATE orders
         SET qr_code_scanned = true, claimed_at = ${at.toISOString()}::timestamptz,
             claimed_by_agent_id = ${device.agentId}::uuid, updated_at = now()
       WHERE id = ${orderId}::uuid AND qr_code_scanned = false AND status = 'paid'
      RETURNING id)
    INSERT INTO agent_claims (id, device_id, agent_id, order_id, offline, claimed_at, received_at, result, kept)
    SELECT ${claimId}::uuid, ${device.id}::uuid, ${device.agentId}::uuid, id, false,
           ${at.toISOString()}::timestamptz, now(), 'valid', true
      FROM claimed
    RETURNING id`);
  return ((result as unknown as { rows?: unknown[] }).rows?.length ?? 0) > 0;
}
