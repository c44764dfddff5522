/**
 * A paid ticket moves to another time of its product: after a closure (decision 059, the shop's
 * doing), from its ticket link or by a reseller's booking update (decision 067, the holder's doing).
 * One machinery for all three: the open times with room, the places moved under the new slot's lock in
 * the caller's transaction, and the ticket reissued (decision 034: a new code and QR, the old ones
 * refused). The holder's moves also follow the rule here (the cancellation's cut-off, a limit of
 * moves) and are recorded in `ticket_moves`, with the difference a cheaper time gives back.
 */
import {
  COMBO_MESSAGES,
  extraTotalCents,
  MAX_TICKET_MOVES,
  RESCHEDULE_MESSAGES,
  romeParts,
  slotStatus,
  usesSlots,
} from '@rome/contract';
import { and, asc, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { disruptionOrders, orders, packages, slots, ticketMoves, ticketQrSources } from '../../db/schema';
import { checkMove } from './hold';
import { canCancel } from './refunds';
import { placesTaken, type SlotRow } from './slots';
import type { OrderRow } from './state';
import { reissueTicket, ticketQrTextFor } from './ticket-issue';

type PackageRow = typeof packages.$inferSelect;

export type MoveDeps = { db: Db; publicUrl: string; secret: string };

/**
 * Open times of the order's product other than its own, with room for its places, bookable now (past
 * the booking cut-off) and starting before `until`: up to `limit`, the nearest to `around` when given (a closed afternoon's buyer
 * wants that day's morning or the next day), else the first from now; in time order.
 */
export async function openTimesFor(
  db: Db,
  order: Pick<OrderRow, 'packageId' | 'slotId' | 'places'>,
  opts: { around: Date | null; limit: number; until?: Date },
  now: Date,
): Promise<{ slot: SlotRow; remaining: number }[]> {
  const [pkg] = await db.select().from(packages).where(eq(packages.id, order.packageId));
  if (!pkg) return [];
  const rows = await db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.packageId, order.packageId),
        eq(slots.closed, false),
        gt(slots.startsAt, new Date(now.getTime() + pkg.cutoffMinutes * 60_000)),
        opts.until ? lt(slots.startsAt, opts.until) : undefined,
        order.slotId ? ne(slots.id, order.slotId) : undefined,
      ),
    )
    .orderBy(
      opts.around
        ? sql`abs(extract(epoch from ${slots.startsAt} - ${opts.around.toISOString()}::timestamptz))`
        : asc(slots.startsAt),
    )
    .limit(opts.limit * 3);
  const taken = await placesTaken(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows
    .map((slot) => ({
      slot,
      s: slotStatus({ ...slot, taken: taken.get(slot.id) ?? 0 }, pkg.cutoffMinutes, now),
    }))
    .filter(({ s }) => (s.status === 'AVAILABLE' || s.status === 'LIMITED') && s.remaining >= order.places)
    .slice(0, opts.limit)
    .sort((a, b) => a.slot.startsAt.getTime() - b.slot.startsAt.getTime())
    .map(({ slot, s }) => ({ slot, remaining: s.remaining }));
}

/**
 * Moves the locked order to `slotId` (null: open-dated) and reissues its ticket (decision 034): the old
 * code and QR are refused from now on. The new slot must be the same product's, another, open, with
 * room (checked under its lock, `checkMove`); `extra` columns are written in the same update (a new
 * price). Answers the new claim code (for the new ticket e-mail) and the slot. `wrongSlot` is the
 * refusal for a slot that is not one of the product's other times.
 */
export async function moveTicket(
  tx: Db,
  deps: MoveDeps,
  order: OrderRow,
  slotId: string | null,
  now: Date,
  opts: { wrongSlot: () => Error; extra?: Partial<typeof orders.$inferInsert> },
): Promise<{ code: string; qrKey: string | null; slot: SlotRow | null }> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, order.packageId));
  let place: { slotId: string | null; selectedDate: string | null } = { slotId: null, selectedDate: null };
  let slot: SlotRow | null = null;
  if (slotId) {
    [slot] = await tx.select().from(slots).where(eq(slots.id, slotId));
    if (!slot || slot.packageId !== order.packageId || slot.id === order.slotId) throw opts.wrongSlot();
    await checkMove(tx, pkg, order.id, slot, order.places, now);
    place = { slotId: slot.id, selectedDate: romeParts(slot.startsAt).date };
  }
  const issued = reissueTicket(order, deps.secret, now);
  await tx
    .update(orders)
    .set({ ...opts.extra, ...place, ...issued.columns, updatedAt: now })
    .where(eq(orders.id, order.id));
  if (issued.qrKey) {
    // The new QR's text, signed with the new revision, read through the transaction.
    const qrText = await ticketQrTextFor(
      { db: deps.db, publicUrl: deps.publicUrl, signingSecret: deps.secret, reader: tx },
      issued.code,
      { orderId: order.id },
    );
    await tx.insert(ticketQrSources).values({ fileKey: issued.qrKey, qrText });
  }
  return { code: issued.code, qrKey: issued.qrKey, slot };
}

/** How many times the holder has moved the order (a closure's move is not counted). */
export async function movesMade(db: Db, orderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticketMoves).where(eq(ticketMoves.orderId, orderId));
  return row?.n ?? 0;
}

/** The holder's last move of the order, or null. */
export async function lastMove(db: Db, orderId: string) {
  const [row] = await db
    .select()
    .from(ticketMoves)
    .where(eq(ticketMoves.orderId, orderId))
    .orderBy(desc(ticketMoves.movedAt))
    .limit(1);
  return row ?? null;
}

/** Whether a closure of the order's time waits for the buyer's answer (decision 059). */
export async function awaitsClosureAnswer(db: Db, orderId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: disruptionOrders.orderId })
    .from(disruptionOrders)
    .where(and(eq(disruptionOrders.orderId, orderId), isNull(disruptionOrders.choice)));
  return open !== undefined;
}

/**
 * Why the holder may not move the order to another time now (one of RESCHEDULE_MESSAGES), or null:
 * paid and unused, a ticket with a time (not an open-dated pass), no closure waiting for the buyer's
 * answer, before the cancellation's cut-off (`canCancel`: the visit is not past either), and fewer
 * than MAX_TICKET_MOVES moves. Read under the order's lock by the move itself; without it by the page.
 */
export async function rescheduleRefusal(
  db: Db,
  order: OrderRow,
  pkg: Pick<PackageRow, 'availabilityType' | 'cancelCutoffHours'>,
  now: Date,
): Promise<string | null> {
  if (order.status !== 'paid') return RESCHEDULE_MESSAGES.notPaid;
  if (order.qrCodeScanned) return RESCHEDULE_MESSAGES.used;
  // A combo's part keeps its time: its combo was sold as one (decision 071).
  if (order.comboOrderId) return COMBO_MESSAGES.partCannotMove;
  if (!order.slotId || !usesSlots(pkg.availabilityType)) return RESCHEDULE_MESSAGES.openDated;
  if (await awaitsClosureAnswer(db, order.id)) return RESCHEDULE_MESSAGES.disruption;
  const [slot] = await db.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, order.slotId));
  if (!canCancel(order, slot?.startsAt ?? null, pkg.cancelCutoffHours, now))
    return RESCHEDULE_MESSAGES.afterCutoff;
  if ((await movesMade(db, order.id)) >= MAX_TICKET_MOVES) return RESCHEDULE_MESSAGES.limit;
  return null;
}

/**
 * What the order costs on another time of its product, at the product's prices now (prices are the
 * package's, from the database; a time of its own price would be read here), less the discount it
 * was bought with, and what a cheaper time gives back: to the payment provider first, then to the
 * gift card that paid part of it. `refund` < 0: the time costs more.
 */
export function movePrice(
  pkg: Pick<PackageRow, 'adultPriceCents' | 'youthPriceCents'>,
  order: Pick<
    OrderRow,
    | 'adultCount'
    | 'youthCount'
    | 'discountCents'
    | 'totalCents'
    | 'amountPaidCents'
    | 'giftCardCents'
    | 'extraTickets'
  >,
  _slot: SlotRow,
) {
  // The price categories keep the prices they were bought at (decision 070): a move changes no price of theirs.
  const tickets =
    pkg.adultPriceCents * order.adultCount +
    pkg.youthPriceCents * order.youthCount +
    extraTotalCents(order.extraTickets ?? []);
  const totalCents = Math.max(0, tickets - order.discountCents);
  const refund = order.totalCents - totalCents;
  const toProvider = Math.max(0, Math.min(refund, order.amountPaidCents ?? 0));
  return { totalCents, refund, toProvider, toGiftCard: Math.max(0, refund - toProvider) };
}

/** The order columns a move to a cheaper time changes: its prices, total and what was paid. */
export const cheaperColumns = (
  pkg: Pick<PackageRow, 'adultPriceCents' | 'youthPriceCents'>,
  order: Pick<OrderRow, 'amountPaidCents' | 'giftCardCents'>,
  price: ReturnType<typeof movePrice>,
): Partial<typeof orders.$inferInsert> =>
  price.refund > 0
    ? {
        adultPriceCents: pkg.adultPriceCents,
        youthPriceCents: pkg.youthPriceCents,
        totalCents: price.totalCents,
        amountPaidCents: (order.amountPaidCents ?? 0) - price.toProvider,
        // A gift card's balance is counted from its orders' parts: a smaller part is money back on it.
        giftCardCents: order.giftCardCents - price.toGiftCard,
      }
    : {};

/** Records the holder's move (and what it gives back); answers its id. */
export async function recordMove(
  tx: Db,
  move: {
    orderId: string;
    fromSlotId: string | null;
    toSlotId: string;
    channel: 'link' | 'octo';
    refundCents?: number;
    giftCardBackCents?: number;
  },
  now: Date,
): Promise<string> {
  const refundCents = move.refundCents ?? 0;
  const [row] = await tx
    .insert(ticketMoves)
    .values({
      ...move,
      refundCents,
      giftCardBackCents: move.giftCardBackCents ?? 0,
      refundStatus: refundCents > 0 ? 'pending' : null,
      movedAt: now,
    })
    .returning({ id: ticketMoves.id });
  return row.id;
}
