/**
 * What an operator's console reads of its orders (decision 066): the bookings of its products and the
 * tickets redeemed at its door, always within the one operator (folder) the guard let the caller into.
 * Its products, times and agents live with those things: catalog, inventory and agents each have an
 * `operator-routes.ts` working on the same guarded folder.
 */
import {
  addDays,
  centsToDecimal,
  type ExtraTicket,
  extraTicketsView,
  orderReference,
  romeInstant,
  romeLocalIso,
  romeToday,
} from '@rome/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { dateRange, RANGE_MESSAGE } from '../orders/slots';

const rowsOf = (result: any): any[] => result.rows ?? result;

/** The most rows a console list answers. */
const MAX_ROWS = 500;

/** [start, end) instants of a range of Rome dates (both ends included); by default 30 days either side of today. */
export function romeRange(query: { from?: string; to?: string }, now = new Date()) {
  const today = romeToday(now);
  const range = dateRange(
    { from: query.from ?? addDays(today, -30), to: query.to ?? addDays(today, 30) },
    now,
  );
  if (!range) throw badRequest(RANGE_MESSAGE);
  return { start: romeInstant(range.from, '00:00')!, end: romeInstant(addDays(range.to, 1), '00:00')! };
}

/**
 * The bookings of the operator's products whose visit falls in the range (a pass without a time: its
 * payment), newest visit first. Unpaid checkouts are no booking: paid, refunded and cancelled only.
 */
export async function bookingsOf(db: Db, folderId: number, query: { from?: string; to?: string }) {
  const { start, end } = romeRange(query);
  const rows = rowsOf(
    await db.execute(sql`
      SELECT o.unique_id, p.package_tag, p.title, o.status, o.adult_count, o.youth_count, o.extra_tickets,
             o.total_cents, o.paid_at, o.claimed_at, s.starts_at, o.selected_date,
             r.name AS reseller, pa.name AS partner,
             coalesce(u.full_name, o.contact->>'fullName', o.guest_email, '') AS buyer
      FROM orders o
      JOIN packages p ON p.id = o.package_id
      LEFT JOIN slots s ON s.id = o.slot_id
      LEFT JOIN resellers r ON r.id = o.reseller_id
      LEFT JOIN partners pa ON pa.id = o.partner_id
      LEFT JOIN users u ON u.id = o.user_id
      WHERE p.folder_id = ${folderId}
        AND o.status IN ('paid', 'refunded', 'cancelled') AND o.paid_at IS NOT NULL
        AND coalesce(s.starts_at, o.paid_at) >= ${start.toISOString()}
        AND coalesce(s.starts_at, o.paid_at) < ${end.toISOString()}
      ORDER BY coalesce(s.starts_at, o.paid_at) DESC, o.unique_id
      LIMIT ${MAX_ROWS}`),
  );
  return rows.map((r) => ({
    reference: orderReference(String(r.unique_id)),
    package_tag: String(r.package_tag),
    product: String(r.title),
    channel: r.reseller ? String(r.reseller) : r.partner ? `Widget: ${r.partner}` : 'Web shop',
    status: String(r.status),
    buyer: String(r.buyer),
    adults: Number(r.adult_count),
    youths: Number(r.youth_count),
    extra_tickets: extraTicketsView(r.extra_tickets as ExtraTicket[] | null),
    visit: r.starts_at
      ? romeLocalIso(new Date(r.starts_at))
      : r.selected_date
        ? String(r.selected_date)
        : null,
    paid_at: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    total: centsToDecimal(Number(r.total_cents)),
    redeemed: r.claimed_at !== null,
  }));
}

/** The operator's tickets redeemed in the range, by an agent or a partner's scanner, newest first. */
export async function redemptionsOf(db: Db, folderId: number, query: { from?: string; to?: string }) {
  const { start, end } = romeRange(query);
  const rows = rowsOf(
    await db.execute(sql`
      SELECT o.unique_id, p.title, o.claimed_at, o.adult_count, o.youth_count, o.extra_tickets,
             a.name AS agent, r.name AS reseller
      FROM orders o
      JOIN packages p ON p.id = o.package_id
      LEFT JOIN agents a ON a.id = o.claimed_by_agent_id
      LEFT JOIN resellers r ON r.id = o.claimed_by_reseller_id
      WHERE p.folder_id = ${folderId} AND o.claimed_at IS NOT NULL
        AND o.claimed_at >= ${start.toISOString()} AND o.claimed_at < ${end.toISOString()}
      ORDER BY o.claimed_at DESC, o.unique_id
      LIMIT ${MAX_ROWS}`),
  );
  return rows.map((r) => ({
    reference: orderReference(String(r.unique_id)),
    product: String(r.title),
    claimed_at: new Date(r.claimed_at).toISOString(),
    by: r.agent ? String(r.agent) : r.reseller ? `${r.reseller} (partner's scanner)` : 'Unknown',
    adults: Number(r.adult_count),
    youths: Number(r.youth_count),
    extra_tickets: extraTicketsView(r.extra_tickets as ExtraTicket[] | null),
  }));
}
