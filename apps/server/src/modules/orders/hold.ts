/**
 * Holds: a checkout takes its places when its order is written, in the same transaction, after locking
 * what it counts against (the slot's row; for a pass with a daily cap, the package's row). An order
 * that is never paid lets its places go when `hold_expires_at` passes.
 */
import {
  type CategoryPrice,
  CHECKOUT_MESSAGES,
  ERROR_CODES,
  type ExtraTicket,
  extraPlaces,
  INVENTORY_MESSAGES,
  placesFor,
  placesLeftRefusal,
  romeInstant,
  romeParts,
  romeToday,
  slotStatus,
  usesSlots,
} from '@rome/contract';
import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orders, packages, slots } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { holdsPlaces, lockSlot, placesTaken, type SlotRow } from './slots';

type PackageRow = typeof packages.$inferSelect;
type NewOrder = typeof orders.$inferInsert;

export const SOLD_OUT_CODE = ERROR_CODES.soldOut;

/**
 * The slot a checkout asks for: `slot_id`, or the date's only open slot (a night tour's one departure,
 * a museum's day entry), so the spec's date-only payload keeps working. Throws the buyer's message.
 */
/** Whether a checkout's `slot_id` can be a slot's id at all (a uuid); anything else names no slot. */
export const isSlotId = (slotId: string | undefined): slotId is string =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test((slotId ?? '').trim());

export async function chooseSlot(
  db: Db,
  pkg: PackageRow,
  input: { slot_id?: string; date?: string },
  now: Date,
  /** The slot of `input.slot_id` as the caller already read it with the package (null: none of its). */
  read?: SlotRow | null,
): Promise<SlotRow> {
  const slotId = (input.slot_id ?? '').trim();
  const date = (input.date ?? '').trim();
  if (slotId) {
    const readNow = async () =>
      (
        await db
          .select()
          .from(slots)
          .where(and(eq(slots.id, slotId), eq(slots.packageId, pkg.id)))
      )[0];
    const row = !isSlotId(slotId) ? undefined : read !== undefined ? (read ?? undefined) : await readNow();
    if (!row) throw badRequest(INVENTORY_MESSAGES.slotUnknown);
    if (date && romeParts(row.startsAt).date !== date) throw badRequest(INVENTORY_MESSAGES.slotUnknown);
    return row;
  }
  if (!date) throw badRequest(CHECKOUT_MESSAGES.dateRequired);
  const start = romeInstant(date, '00:00');
  if (!start) throw badRequest(CHECKOUT_MESSAGES.dateNotOffered);
  const end = new Date(start.getTime() + 26 * 3_600_000);
  const day = (
    await db
      .select()
      .from(slots)
      .where(and(eq(slots.packageId, pkg.id), gte(slots.startsAt, start), lt(slots.startsAt, end)))
      .orderBy(asc(slots.startsAt))
  ).filter((s) => romeParts(s.startsAt).date === date);
  const open = day.filter(
    (s) => !s.closed && s.startsAt.getTime() - pkg.cutoffMinutes * 60_000 > now.getTime(),
  );
  if (open.length === 1) return open[0];
  if (open.length === 0) throw badRequest(CHECKOUT_MESSAGES.dateNotOffered);
  throw badRequest(INVENTORY_MESSAGES.chooseTime);
}

/** What `hold_slot_places` found when it refused a hold (its error's detail). */
type SlotRefusal =
  | { unknown: true }
  | { capacity: number; closed: boolean; starts_at: string; taken: number; unknown?: undefined };

/** The refusal `hold_slot_places` raised, or null for any other error. */
function slotRefusal(err: unknown): SlotRefusal | null {
  const e = err as { cause?: { message?: string; detail?: string }; message?: string; detail?: string };
  const cause = e?.cause ?? e;
  if (cause?.message !== 'slot_refused' || !cause.detail) return null;
  return JSON.parse(cause.detail) as SlotRefusal;
}

/**
 * Writes a pending order holding `order.places` in `slot`, or throws: closed, past or within the
 * booking cut-off, or fewer places left than asked ('Sold out' / 'Only 3 places left for this time.').
 *
 * One statement (decision 030): the order's INSERT takes its places from
 * `hold_slot_places` (migration 0012), which locks the slot's row, counts what is held in it with a
 * snapshot taken after the lock, and refuses with what it found; the refusal is worded here with the
 * contract's `slotStatus`, as before. Outside a transaction the lock lasts the statement; inside one
 * (a caller's), until it ends, as before.
 */
export async function insertHeldOrder(
  db: Db,
  pkg: PackageRow,
  slot: SlotRow,
  order: NewOrder,
  now: Date,
  holdMinutes: number,
): Promise<typeof orders.$inferSelect> {
  const places = order.places ?? 0;
  try {
    const [row] = await db
      .insert(orders)
      .values({
        ...order,
        slotId: slot.id,
        selectedDate: romeParts(slot.startsAt).date,
        holdExpiresAt: holdUntil(now, holdMinutes),
        places: sql`hold_slot_places(${slot.id}, ${pkg.id}, ${places}, ${now.toISOString()}::timestamptz, ${pkg.cutoffMinutes})`,
      })
      .returning();
    return row;
  } catch (err) {
    const found = slotRefusal(err);
    if (!found) throw err;
    if (found.unknown) throw badRequest(INVENTORY_MESSAGES.slotUnknown);
    const { status, remaining } = slotStatus(
      {
        startsAt: new Date(found.starts_at),
        capacity: found.capacity,
        closed: found.closed,
        taken: found.taken,
      },
      pkg.cutoffMinutes,
      now,
    );
    if (status === 'PAST') throw conflict(INVENTORY_MESSAGES.slotPast, ERROR_CODES.slotPast);
    if (status === 'CLOSED') throw conflict(INVENTORY_MESSAGES.slotClosed, ERROR_CODES.slotClosed);
    throw conflict(placesLeftRefusal(remaining), SOLD_OUT_CODE);
  }
}

/**
 * Locks a capped pass's row and refuses `places` more than its daily cap leaves today (the buyer's
 * message), not counting order `except` (one that moves onto the pass).
 */
async function refuseOverDailyCap(
  t: Db,
  pkg: PackageRow & { dailyCap: number },
  places: number,
  now: Date,
  except?: string,
): Promise<void> {
  await t.select({ id: packages.id }).from(packages).where(eq(packages.id, pkg.id)).for('update');
  const dayStart = romeInstant(romeToday(now), '00:00')!;
  const [{ taken }] = await t
    .select({ taken: sql<string>`coalesce(sum(${orders.places}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.packageId, pkg.id),
        gte(orders.createdAt, dayStart),
        holdsPlaces(now),
        except ? ne(orders.id, except) : undefined,
      ),
    );
  const left = pkg.dailyCap - Number(taken);
  if (places > left)
    throw conflict(left <= 0 ? INVENTORY_MESSAGES.dailyCapReached : placesLeftRefusal(left), SOLD_OUT_CODE);
}

/**
 * Checks that an existing order may take `places` of a package sold without slots (a reseller moves its
 * booking onto another product): a capped pass counts its day, anything else has no limit. Call inside
 * the transaction that then writes the order. Throws the buyer's message.
 */
export async function checkPassMove(
  tx: Db,
  pkg: PackageRow,
  orderId: string,
  places: number,
  now: Date,
): Promise<void> {
  if (pkg.availabilityType === 'PASS' && pkg.dailyCap !== null)
    await refuseOverDailyCap(tx, { ...pkg, dailyCap: pkg.dailyCap }, places, now, orderId);
}

/**
 * A pass with a daily cap: at most `dailyCap` places sold (or held) per Rome day, counted under a lock
 * of the package's row.
 */
export async function insertCappedPassOrder(
  db: Db,
  pkg: PackageRow & { dailyCap: number },
  order: NewOrder,
  now: Date,
  holdMinutes: number,
): Promise<typeof orders.$inferSelect> {
  return db.transaction(async (tx) => {
    const t = txDb(tx);
    await refuseOverDailyCap(t, pkg, order.places ?? 0, now);
    const [row] = await t
      .insert(orders)
      .values({ ...order, holdExpiresAt: holdUntil(now, holdMinutes) })
      .returning();
    return row;
  });
}

/**
 * What a new order holds: the priced counts of a checkout or a reseller's booking, and its price
 * categories' lines (decision 070).
 */
export type Counts = {
  adults: number;
  youths: number;
  infants: number;
  totalCents: number;
  extras?: ExtraTicket[];
};

/**
 * The order columns that come from the package and the checked counts (the same for a web checkout
 * and a reseller's booking): prices from the database, places by the package's infant rule and each
 * category's places (a family ticket takes 4).
 */
export const pricedOrder = (pkg: PackageRow, c: Counts) => ({
  packageId: pkg.id,
  adultCount: c.adults,
  youthCount: c.youths,
  infantCount: c.infants,
  places: placesFor(c, pkg.infantsTakePlace) + extraPlaces(c.extras ?? []),
  adultPriceCents: pkg.adultPriceCents,
  youthPriceCents: pkg.youthPriceCents,
  extraTickets: c.extras ?? [],
  totalCents: c.totalCents,
});

/** A package's category prices as one JSON list (decision 070), for a select beside the package row. */
export const categoryPricesOf = (packageId: typeof packages.id) =>
  sql<
    CategoryPrice[] | null
  >`(select coalesce(jsonb_agg(jsonb_build_object('key', c.category, 'priceCents', c.price_cents) order by c.category), '[]'::jsonb) from package_price_categories c where c.package_id = ${packageId})`;

/** When a hold taken at `now` runs out. */
export const holdUntil = (now: Date, holdMinutes: number): Date =>
  new Date(now.getTime() + holdMinutes * 60_000);

/**
 * Whether a new order of `pkg` must count places before it is written (`holdOrder` does: a slot, a
 * capped pass). Without, the order is written as it is (and may be written with other rows at once).
 */
export const countsPlaces = (pkg: PackageRow, slot: SlotRow | null): boolean =>
  slot !== null || (pkg.availabilityType === 'PASS' && pkg.dailyCap !== null);

/**
 * Writes a new pending order, holding its places for `holdMinutes`: in `slot` when the package sells
 * from slots, against the daily cap of a capped pass, else without a limit. Throws the buyer's message.
 */
export async function holdOrder(
  db: Db,
  pkg: PackageRow,
  slot: SlotRow | null,
  order: NewOrder,
  now: Date,
  holdMinutes: number,
): Promise<typeof orders.$inferSelect> {
  if (slot) return insertHeldOrder(db, pkg, slot, order, now, holdMinutes);
  if (pkg.availabilityType === 'PASS' && pkg.dailyCap !== null)
    return insertCappedPassOrder(db, { ...pkg, dailyCap: pkg.dailyCap }, order, now, holdMinutes);
  const [row] = await db
    .insert(orders)
    .values({ ...order, holdExpiresAt: holdUntil(now, holdMinutes) })
    .returning();
  return row;
}

/**
 * Checks, under the slot's lock, that an existing order may take `places` in `slot` (a reseller moves
 * its booking to another time or changes its people): the order's own places do not count against it.
 * Call inside the transaction that then writes the order. Throws the buyer's message.
 */
export async function checkMove(
  tx: Db,
  pkg: PackageRow,
  orderId: string,
  slot: SlotRow,
  places: number,
  now: Date,
): Promise<void> {
  const locked = await lockSlot(tx, slot.id);
  if (!locked) throw badRequest(INVENTORY_MESSAGES.slotUnknown);
  const taken = (await placesTaken(tx, [locked.id], now, orderId)).get(locked.id) ?? 0;
  const { status, remaining } = slotStatus({ ...locked, taken }, pkg.cutoffMinutes, now);
  if (status === 'PAST') throw conflict(INVENTORY_MESSAGES.slotPast, ERROR_CODES.slotPast);
  if (status === 'CLOSED') throw conflict(INVENTORY_MESSAGES.slotClosed, ERROR_CODES.slotClosed);
  if (places > remaining) throw conflict(placesLeftRefusal(remaining), SOLD_OUT_CODE);
}

/**
 * Whether a paid order keeps its places without asking the database: it has no slot, or its hold has
 * not run out, or its package is not sold in slots. Otherwise `stillFits` counts.
 */
export function holdStands(
  order: Pick<typeof orders.$inferSelect, 'slotId' | 'holdExpiresAt'>,
  pkg: Pick<PackageRow, 'availabilityType'> | undefined,
  now: Date,
): boolean {
  if (!order.slotId || !order.holdExpiresAt || order.holdExpiresAt > now) return true;
  return !pkg || !usesSlots(pkg.availabilityType);
}

/**
 * A payment that arrived after its hold ran out: is there still room for it? Called inside the
 * fulfilment transaction; locks the slot. True when the order has no slot or the hold still stands.
 */
export async function stillFits(
  tx: Db,
  order: typeof orders.$inferSelect,
  pkg: PackageRow | undefined,
  now: Date,
): Promise<boolean> {
  if (holdStands(order, pkg, now) || !order.slotId) return true;
  const slot = await lockSlot(tx, order.slotId);
  if (!slot || slot.closed) return false;
  const taken = (await placesTaken(tx, [slot.id], now, order.id)).get(slot.id) ?? 0;
  return taken + order.places <= slot.capacity;
}
