/**
 * The refunded tickets a device keeps for working offline (decision 023): a Rome day's, and open-dated
 * passes refunded in the last 90 days (a pass has no day; its QR stays in its buyer's hands).
 */
import { and, eq, gt, gte, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, packages } from '../../db/schema';

const PASS_WINDOW_DAYS = 90;

export async function refundedTickets(db: Db, date: string, now = new Date()) {
  const rows = await db
    .select({
      uniqueId: orders.uniqueId,
      packageTag: packages.packageTag,
      status: orders.status,
      refundedAt: orders.refundedAt,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .where(
      and(
        eq(orders.status, 'refunded'),
        or(
          eq(orders.selectedDate, date),
          and(
            isNull(orders.selectedDate),
            gte(orders.refundedAt, new Date(now.getTime() - PASS_WINDOW_DAYS * 86_400_000)),
          ),
        ),
      ),
    );
  return rows.map((r) => ({
    unique_id: r.uniqueId,
    package_tag: r.packageTag,
    status: r.status,
    refunded_at: r.refundedAt?.toISOString() ?? null,
  }));
}

/**
 * A changed ticket's old QR can name any day, so every day's list carries every ticket changed in
 * this window: longer than any booking is sold ahead, and the changes are few.
 */
const CHANGED_WINDOW_DAYS = 400;

/** Paid tickets changed after they were issued, with their current revision (decision 034). */
export async function changedTickets(db: Db, now = new Date()) {
  const rows = await db
    .select({ uniqueId: orders.uniqueId, revision: orders.ticketRevision })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        gt(orders.ticketRevision, 0),
        gte(orders.ticketChangedAt, new Date(now.getTime() - CHANGED_WINDOW_DAYS * 86_400_000)),
      ),
    );
  return rows.map((r) => ({ unique_id: r.uniqueId, revision: r.revision }));
}
