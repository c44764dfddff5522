/**
 * Agents redeem tickets: the claim link carries the ticket's code, the agent picks their name and
 * types their security code. A ticket is claimed once, atomically, however many agents try at once.
 */
import { type ClaimInfo, centsToDecimal, INVENTORY_MESSAGES, romeParts } from '@rome/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, orders, packages, resellers, slots, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { dummyHash, verifySecret } from '../../lib/passwords';
import { hit } from '../../lib/rate-limit';
import { hashClaimCode } from '../checkout/fulfilment';

export const CLAIM_MESSAGES = {
  notFound: 'Ticket not found.',
  ready: 'Ticket is valid and ready to be claimed.',
  wrongCode: 'Invalid agent name or security code.',
  locked: 'Too many wrong security codes for this ticket. Try again in 15 minutes.',
  claimed: 'Ticket claimed successfully.',
} as const;

const isPlausibleCode = (code: string) => /^[A-Za-z0-9_-]{16,64}$/.test(code);

/** Whether an unused pass bought at `paidAt` is past its window for first use. */
export function passExpired(
  paidAt: Date | null,
  type: string | null,
  validityDays: number | null,
  now = new Date(),
): boolean {
  return (
    type === 'PASS' &&
    validityDays !== null &&
    paidAt !== null &&
    paidAt.getTime() + validityDays * 86_400_000 < now.getTime()
  );
}

async function findTicket(db: Db, code: string) {
  if (!isPlausibleCode(code)) return null;
  const [row] = await db
    .select({
      order: orders,
      title: packages.title,
      tag: packages.packageTag,
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
      ? `This ticket was already claimed on ${claimedAt}${claimedBy ? ` by ${claimedBy}` : ''}.`
      : refunded
        ? INVENTORY_MESSAGES.refunded
        : CLAIM_MESSAGES.ready,
    agent_list: await agentNames(db),
    data: {
      package: t.title,
      user: t.buyer ?? o.contact?.fullName ?? '',
      total_price: centsToDecimal(o.totalCents),
      paid: o.status === 'paid',
      package_tag: t.tag,
      adults: o.adultCount,
      youths: o.youthCount,
      infants: o.infantCount,
      selected_date: o.selectedDate,
      time: t.startsAt ? romeParts(t.startsAt).time : null,
      refunded,
    },
  };
}

export async function claimTicket(
  db: Db,
  input: { code: string; agentName: string; securityCode: string },
): Promise<{ success: true; msg: string }> {
  const t = await findTicket(db, input.code);
  // A refunded ticket is known, and the agent is told why it does not count.
  if (t?.order.status === 'refunded' && !t.order.qrCodeScanned)
    throw new HttpError(409, { success: false, error: INVENTORY_MESSAGES.refunded, code: 'ticket_refunded' });
  // A pass must be first used within its validity window (days from purchase).
  if (t && passExpired(t.order.paidAt, t.availabilityType, t.validityDays) && !t.order.qrCodeScanned)
    throw new HttpError(409, { success: false, error: INVENTORY_MESSAGES.passExpired, code: 'pass_expired' });
  if (t?.order.status !== 'paid')
    throw new HttpError(404, { success: false, error: CLAIM_MESSAGES.notFound });
  if (t.order.qrCodeScanned) {
    throw new HttpError(409, {
      success: false,
      error: (await claimInfo(db, input.code))!.msg,
      claimed: true,
      code: 'already_claimed',
    });
  }
  // Five wrong codes for one ticket within 15 minutes lock it for the rest of the window.
  const lockKey = `claim:ticket:${t.order.id}`;
  // Read without counting: only wrong codes count.
  const locked = await db.execute(
    sql`SELECT count FROM rate_limits WHERE key = ${lockKey} AND reset_at > now()`,
  );
  const lock = (locked as unknown as { rows: { count: number }[] }).rows[0];
  if (lock && Number(lock.count) >= 5)
    throw new HttpError(429, { success: false, error: CLAIM_MESSAGES.locked, code: 'claim_locked' });

  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.name, input.agentName.slice(0, 200)), eq(agents.active, true)));
  const ok = await verifySecret(agent?.codeHash ?? (await dummyHash()), input.securityCode.slice(0, 200));
  if (!agent || !ok) {
    const r = await hit(db, lockKey, 5, 15 * 60);
    if (r.count >= 5)
      throw new HttpError(429, { success: false, error: CLAIM_MESSAGES.locked, code: 'claim_locked' });
    throw new HttpError(400, { success: false, error: CLAIM_MESSAGES.wrongCode, code: 'agent_code_wrong' });
  }
  const claimed = await db
    .update(orders)
    .set({ qrCodeScanned: true, claimedAt: new Date(), claimedByAgentId: agent.id, updatedAt: new Date() })
    .where(and(eq(orders.id, t.order.id), eq(orders.qrCodeScanned, false), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  if (claimed.length === 0) {
    throw new HttpError(409, {
      success: false,
      error: (await claimInfo(db, input.code))!.msg,
      claimed: true,
      code: 'already_claimed',
    });
  }
  return { success: true, msg: CLAIM_MESSAGES.claimed };
}
