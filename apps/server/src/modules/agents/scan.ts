/**
 * What an agent's device scanned, judged (decision 021): the ticket it names (by its signed payload, or
 * an old ticket's claim link or code), and whether it may pass now. The online claim is here; the
 * offline upload (sync.ts) judges the same way at the moment the device claimed.
 */
import { randomUUID } from 'node:crypto';
import {
  AGENT_SCAN_MESSAGES,
  type AgentScanResult,
  type ExtraTicket,
  extraTicketsView,
  isReplaced,
  readScan,
  romeParts,
  type ScanAnswer,
  ticketWindowResult,
} from '@rome/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { agentClaims, agents, orders, packages, resellers, slots } from '../../db/schema';
import { type KeyAccess, verifyTicket } from '../orders/signed-ticket';
import { hashClaimCode } from '../orders/ticket-issue';
import type { AgentDeviceAuth } from './devices';
import { markClaimedByDevice } from './service';

const ticketColumns = {
  id: orders.id,
  uniqueId: orders.uniqueId,
  status: orders.status,
  selectedDate: orders.selectedDate,
  adults: orders.adultCount,
  youths: orders.youthCount,
  infants: orders.infantCount,
  extraTickets: orders.extraTickets,
  revision: orders.ticketRevision,
  paidAt: orders.paidAt,
  scanned: orders.qrCodeScanned,
  claimedAt: orders.claimedAt,
  claimedByAgentId: orders.claimedByAgentId,
  claimedByResellerId: orders.claimedByResellerId,
  title: packages.title,
  packageTag: packages.packageTag,
  folderId: packages.folderId,
  availabilityType: packages.availabilityType,
  validityDays: packages.validityDays,
  startsAt: slots.startsAt,
  agentName: agents.name,
  resellerName: resellers.name,
};

export type TicketRow = {
  id: string;
  uniqueId: string;
  status: string;
  selectedDate: string | null;
  adults: number;
  youths: number;
  infants: number;
  /** Its price categories (decision 070): the agent checks each one's proof. */
  extraTickets: ExtraTicket[];
  revision: number;
  paidAt: Date | null;
  scanned: boolean;
  claimedAt: Date | null;
  claimedByAgentId: string | null;
  claimedByResellerId: string | null;
  title: string;
  packageTag: string;
  folderId: number;
  availabilityType: string | null;
  validityDays: number | null;
  startsAt: Date | null;
  agentName: string | null;
  resellerName: string | null;
};

type TicketKey = { uniqueId: string } | { codeHash: string } | { id: string };

const ticketQuery = (db: Db) =>
  db
    .select(ticketColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .leftJoin(agents, eq(agents.id, orders.claimedByAgentId))
    .leftJoin(resellers, eq(resellers.id, orders.claimedByResellerId));

const keyColumn = (where: TicketKey) =>
  'uniqueId' in where ? orders.uniqueId : 'codeHash' in where ? orders.claimCodeHash : orders.id;
const keyValue = (where: TicketKey) =>
  'uniqueId' in where ? where.uniqueId : 'codeHash' in where ? where.codeHash : where.id;

/**
 * The door's lookups with no lock (every online claim makes one), prepared once per database: the
 * five-table select is not built again for each scan.
 */
const preparedTicket = {
  uniqueId: preparedPerDb((db) =>
    ticketQuery(db)
      .where(eq(orders.uniqueId, sql.placeholder('key')))
      .prepare('agent_ticket_by_unique_id'),
  ),
  codeHash: preparedPerDb((db) =>
    ticketQuery(db)
      .where(eq(orders.claimCodeHash, sql.placeholder('key')))
      .prepare('agent_ticket_by_code_hash'),
  ),
  id: preparedPerDb((db) =>
    ticketQuery(db)
      .where(eq(orders.id, sql.placeholder('key')))
      .prepare('agent_ticket_by_id'),
  ),
};

/** One ticket with what the screen shows; `lock` takes its row lock (inside a transaction). */
export async function ticketWhere(db: Db, where: TicketKey, lock = false): Promise<TicketRow | null> {
  const [row] = lock
    ? await ticketQuery(db)
        .where(eq(keyColumn(where), keyValue(where)))
        .for('update', { of: orders })
    : await preparedTicket['uniqueId' in where ? 'uniqueId' : 'codeHash' in where ? 'codeHash' : 'id'](
        db,
      ).execute({ key: keyValue(where) });
  return row ?? null;
}

/** Rome's date the ticket is for: its slot's day, else its chosen date; null for an open pass. */
export const ticketDate = (t: TicketRow): string | null =>
  t.startsAt ? romeParts(t.startsAt).date : t.selectedDate;

export type Identified = { ticket: TicketRow } | { ticket: null; result: 'unknown' | 'forged' | 'replaced' };

/** The ticket a scan names. A signed payload must verify (any of the shop's keys); a code is looked up. */
export async function identify(keys: KeyAccess, db: Db, scan: string): Promise<Identified> {
  const { signed, code } = readScan(scan);
  if (signed) {
    const facts = await verifyTicket(keys, signed);
    // Altered, signed by a key that is not the shop's, or naming an unknown kid: refused, even when
    // the text also holds a good claim link.
    if (!facts) return { ticket: null, result: 'forged' };
    const ticket = await ticketWhere(db, { uniqueId: facts.uniqueId });
    if (!ticket) return { ticket: null, result: 'unknown' };
    // The QR of a ticket changed since (decision 034): its new voucher is the ticket now.
    return isReplaced(facts, ticket.revision) ? { ticket: null, result: 'replaced' } : { ticket };
  }
  if (code) {
    const ticket = await ticketWhere(db, { codeHash: hashClaimCode(code) });
    return ticket ? { ticket } : { ticket: null, result: 'unknown' };
  }
  return { ticket: null, result: 'unknown' };
}

/**
 * Whether a ticket may pass at `at` (null: it may, claim it), else why not. An operator's agent
 * (`agentFolder`, decision 066) is told first that another operator's ticket is not for its door, and
 * nothing more about it.
 */
export function judge(
  t: TicketRow,
  at: Date,
  agentFolder: number | null,
): Exclude<AgentScanResult, 'valid'> | null {
  if (agentFolder !== null && t.folderId !== agentFolder) return 'other_operator';
  if (t.scanned) return 'already_claimed';
  if (t.status === 'refunded') return 'refunded';
  if (t.status !== 'paid') return 'unknown';
  // The pass window and Rome's date of `at`: the contract's rule, the device's offline check reads it too.
  return ticketWindowResult(
    {
      date: ticketDate(t),
      paidAt: t.paidAt,
      availabilityType: t.availabilityType,
      validityDays: t.validityDays,
    },
    at,
  );
}

/** The answer for the screen. */
export function scanAnswer(result: AgentScanResult, t: TicketRow | null): ScanAnswer {
  const claimed = t?.scanned && (result === 'valid' || result === 'already_claimed');
  return {
    result,
    message: AGENT_SCAN_MESSAGES[result],
    ticket: t
      ? {
          unique_id: t.uniqueId,
          package: t.title,
          package_tag: t.packageTag,
          date: ticketDate(t),
          time: t.startsAt ? romeParts(t.startsAt).time : null,
          adults: t.adults,
          youths: t.youths,
          infants: t.infants,
          extra_tickets: extraTicketsView(t.extraTickets),
        }
      : null,
    claimed_at: claimed ? (t.claimedAt?.toISOString() ?? null) : null,
    claimed_by: claimed ? (t.agentName ?? t.resellerName ?? null) : null,
  };
}

/**
 * An online claim: judged now, claimed by the one conditional UPDATE of the claim page (so a ticket
 * is claimed once however many devices and desks try at once), recorded with its device.
 */
export async function claimOnline(
  keys: KeyAccess,
  auth: AgentDeviceAuth,
  scan: string,
  now = new Date(),
): Promise<ScanAnswer> {
  const db = keys.db;
  const found = await identify(keys, db, scan);
  const record = (result: AgentScanResult, orderId: string | null) =>
    db.insert(agentClaims).values({
      id: randomUUID(),
      deviceId: auth.device.id,
      agentId: auth.device.agentId,
      orderId,
      offline: false,
      claimedAt: now,
      receivedAt: now,
      result,
      kept: false,
    });
  if (!found.ticket) {
    await record(found.result, null);
    return scanAnswer(found.result, null);
  }
  let ticket = found.ticket;
  let result: AgentScanResult | null = judge(ticket, now, auth.folderId);
  if (result === null) {
    if (await markClaimedByDevice(db, ticket.id, auth.device, now, randomUUID())) {
      ticket = { ...ticket, scanned: true, claimedAt: now, agentName: auth.agentName, resellerName: null };
      return scanAnswer('valid', ticket);
    }
    // Someone was quicker (or a refund came in): what the ticket is now.
    ticket = (await ticketWhere(db, { id: ticket.id }))!;
    result = judge(ticket, now, auth.folderId) ?? 'already_claimed';
  }
  await record(result, ticket.id);
  return scanAnswer(result, ticket);
}
