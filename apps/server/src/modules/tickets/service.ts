/** A buyer's purchased tickets: the success page and the purchase history. */
import { centsToDecimal, type PurchasedTicket, romeParts } from '@rome/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, packages, slots } from '../../db/schema';
import { mediaUrl } from '../../lib/media-url';
import { comboCancellable, comboDeadline, comboPartOrders, comboTitlesOfParts } from '../orders/combo';
import { canCancel, cancelDeadline } from '../orders/refunds';
import { orderPackageTitle } from '../orders/words';

const ticketColumns = {
  order: orders,
  // The title in the order's language (decision 024).
  title: orderPackageTitle,
  tag: packages.packageTag,
  kind: packages.ticketType,
  cancelCutoffHours: packages.cancelCutoffHours,
  startsAt: slots.startsAt,
};

function toTicket(
  r: {
    order: typeof orders.$inferSelect;
    title: string;
    tag: string;
    kind: string;
    cancelCutoffHours: number;
    startsAt: Date | null;
  },
  now = new Date(),
): PurchasedTicket {
  const until = cancelDeadline(r.order, r.startsAt, r.cancelCutoffHours);
  return {
    unique_id: r.order.uniqueId,
    selected_date: r.order.selectedDate,
    package: r.title,
    package_tag: r.tag,
    ticket_type: r.kind,
    adults: r.order.adultCount,
    youths: r.order.youthCount,
    infants: r.order.infantCount,
    total_price: centsToDecimal(r.order.totalCents),
    qr_code: mediaUrl(r.order.qrFileKey),
    qr_code_scanned: r.order.qrCodeScanned,
    purchased_at: (r.order.paidAt ?? r.order.createdAt).toISOString(),
    status: r.order.status,
    starts_at: r.startsAt?.toISOString() ?? null,
    time: r.startsAt ? romeParts(r.startsAt).time : null,
    cancellable: canCancel(r.order, r.startsAt, r.cancelCutoffHours, now),
    cancel_until: until?.toISOString() ?? null,
  };
}

/** The buyer's paid tickets (and the refunded ones, marked so), newest first. */
export async function listTickets(db: Db, userId: string): Promise<PurchasedTicket[]> {
  const rows = await db
    .select(ticketColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'refunded']), eq(orders.isCombo, false)),
    )
    .orderBy(desc(orders.paidAt));
  return withCombos(db, rows);
}

/**
 * Tickets with a combo's rule (decision 071): a part names its combo, and it (or the combo's own order,
 * `comboOf`) is cancellable as the whole combo is: no part used, before the strictest part's cut-off.
 */
async function withCombos(
  db: Db,
  rows: Parameters<typeof toTicket>[0][],
  comboOf?: string,
  now = new Date(),
): Promise<PurchasedTicket[]> {
  const ids = [...new Set(rows.map((r) => comboOf ?? r.order.comboOrderId).filter((x): x is string => !!x))];
  const rules = new Map<string, { until: Date | null; cancellable: boolean }>();
  for (const id of ids)
    rules.set(id, { until: await comboDeadline(db, id), cancellable: await comboCancellable(db, id, now) });
  const titles = await comboTitlesOfParts(
    db,
    rows.filter((r) => r.order.comboOrderId).map((r) => r.order.id),
  );
  return rows.map((r) => {
    const ticket = toTicket(r, now);
    const rule = rules.get(comboOf ?? r.order.comboOrderId ?? '');
    if (!rule) return ticket;
    const title = titles.get(r.order.id);
    return {
      ...ticket,
      cancellable: rule.cancellable,
      cancel_until: rule.until?.toISOString() ?? null,
      ...(title ? { combo: title } : {}),
    };
  });
}

/** One order of this buyer by its success id; someone else's order is the same as none. */
export function findOwnOrder(db: Db, userId: string, uniqueId: string) {
  return findOrder(db, and(eq(orders.uniqueId, uniqueId), eq(orders.userId, userId)));
}

/** A guest's order, opened by the hash of the browser's guest token (decision 035). */
export function findGuestOrder(db: Db, guestTokenHash: string, uniqueId: string) {
  return findOrder(
    db,
    and(eq(orders.uniqueId, uniqueId), isNull(orders.userId), eq(orders.guestTokenHash, guestTokenHash)),
  );
}

async function findOrder(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select(ticketColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(where);
  if (!row) return null;
  if (!row.order.isCombo) return { status: row.order.status, ticket: toTicket(row) };
  // A combo's order (decision 071): no QR of its own, one ticket per part.
  const parts = await db
    .select(ticketColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(eq(orders.comboOrderId, row.order.id))
    .orderBy(asc(orders.createdAt));
  const byPosition = new Map((await comboPartOrders(db, row.order.id)).map((p, i) => [p.order.id, i]));
  parts.sort((a, b) => (byPosition.get(a.order.id) ?? 0) - (byPosition.get(b.order.id) ?? 0));
  const [ticket] = await withCombos(db, [row], row.order.id);
  return { status: row.order.status, ticket, parts: await withCombos(db, parts) };
}
