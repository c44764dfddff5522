/**
 * Combos (decision 071) as OCTO packages: the octo/packages capability (decision 072). Its shapes are
 * the standard's (octo-types' `Package`, `Include` and `PackageBooking`, as Ventrata serves them):
 *
 * - a combo's product says `isPackage: true`; its option lists `packageIncludes`, one group holding
 *   every part as a required include (`count` = the number of parts, `limit` 1), each with the part's
 *   own product and option;
 * - the combo's availability is a Rome day (OPENING_HOURS, all day): open when every part has room that
 *   day, its vacancies the fewest of the parts' best times; `packageAvailabilities` lists each part's
 *   own availabilities of the day (a timed part's own times);
 * - a booking names the day as its `availabilityId` and each timed part's time in `packageBookings`
 *   (`packageIncludeId` + the part's own `availabilityId`); the booking answers with `packageBookings`,
 *   one booking per part, each its own ticket.
 *
 * The include's id is the part's package tag: a combo holds a package once (combo_parts' key).
 */
import { type Availability, AvailabilityStatus } from '@octocloud/types';
import { FEW_LEFT, placesFor, romeInstant, romeLocalIso, romeParts, romeToday } from '@rome/contract';
import type { Db } from '../../db/client';
import { comboCancellable } from '../orders/combo';
import { type SlotRow, slotsBetween } from '../orders/slots';
import type { OrderRow } from '../orders/state';
import {
  availabilities,
  datesOf,
  dayAvailability,
  type Query,
  queryRange,
  resolveAvailability,
} from './availability';
import { badRequest, invalidAvailability } from './errors';
import {
  type Capabilities,
  OPTION_ID,
  type PackageRow,
  type Product,
  sellsSlots,
  startTimesOf,
  toProduct,
} from './products';

export type Combo = PackageRow & { combo: NonNullable<PackageRow['combo']> };

/** Whether `pkg` is a combo read with its parts (octo/packages). */
export const isPackage = (pkg: PackageRow): pkg is Combo => !!pkg.combo && pkg.combo.parts.length > 0;

/** The include's id of a part, in packageIncludes and packageBookings. */
export const includeId = (part: PackageRow): string => part.packageTag;

/** A combo is booked for a day when a part sells in times or day entries; else it is open-dated. */
const isDated = (pkg: Combo): boolean => pkg.combo.parts.some(sellsSlots);

/** A combo's cancellation cut-off: its own, or the strictest of its parts' (decision 071). */
const cutoffHours = (pkg: Combo): number =>
  pkg.combo.cancelCutoffHours ?? Math.max(...pkg.combo.parts.map((p) => p.cancelCutoffHours));

/**
 * OCTO's include of a part. `validityDays`: the part's own validity where it has one (a pass), else 1
 * (the package's day).
 */
const include = (part: PackageRow, product: Product) => ({
  id: includeId(part),
  required: true,
  limit: 1,
  productId: product.id,
  product,
  optionId: OPTION_ID,
  option: product.options[0],
  validityDays: part.validityDays ?? 1,
});

/** With octo/packages every product says whether it is a package (a plain package is not). */
export const packageFlag = <P extends object>(caps: Capabilities, product: P) =>
  caps.packages ? { ...product, isPackage: false } : product;

/**
 * A combo's product: `base` is the combo's package as a product (adults, youths and infants at the
 * combo's prices), `parts` its parts' products in order. A day product (OPENING_HOURS) when a part is
 * dated, else open-dated (freesale); the cancellation cut-off is the combo's rule.
 */
export function toPackageProduct(base: Product, pkg: Combo, parts: Product[]) {
  const dated = isDated(pkg);
  const hours = cutoffHours(pkg);
  const [option] = base.options;
  return {
    ...base,
    allowFreesale: !dated,
    availabilityRequired: dated,
    availabilityType: 'OPENING_HOURS' as const,
    isPackage: true,
    options: [
      {
        ...option,
        availabilityLocalStartTimes: ['00:00'],
        cancellationCutoff: `${hours} ${hours === 1 ? 'hour' : 'hours'}`,
        cancellationCutoffAmount: hours,
        packageIncludes: [
          {
            title: pkg.title,
            count: parts.length,
            includes: pkg.combo.parts.map((part, i) => include(part, parts[i])),
          },
        ],
      },
    ],
  };
}

/** Places a part takes for the people asked (infants by the part's own rule). */
const placesOf = (part: PackageRow, q: Query): number =>
  q.counts ? placesFor(q.counts, part.infantsTakePlace) : (q.places ?? 0);

/**
 * A combo's availabilities, one per Rome day of the query. A dated part is open that day when one of
 * its times (or its day entry) is; it fits when one has room for the people asked. The combo is
 * available when every part fits, CLOSED when a part has nothing open, SOLD_OUT when a part's times
 * are all sold out; its vacancies are the fewest of the parts' best times (an open-dated pass counts
 * none). `packageAvailabilities` holds each part's own availabilities of the day, with the include's id.
 */
export async function comboAvailabilities(
  db: Db,
  pkg: PackageRow,
  q: Query,
  caps: Capabilities,
  now: Date,
): Promise<PackageAvailability[]> {
  if (!isPackage(pkg)) return availabilities(db, pkg, q, caps, now);
  const range = queryRange(q, now);
  if (range.to < range.from) return [];
  const perPart: Availability[][] = [];
  for (const part of pkg.combo.parts)
    perPart.push(
      await availabilities(
        db,
        part,
        { localDateStart: range.from, localDateEnd: range.to, places: placesOf(part, q) },
        caps,
        now,
      ),
    );
  let out: PackageAvailability[] = [];
  for (const date of datesOf(range)) {
    const day = perPart.map((list) => list.filter((a) => a.localDateTimeStart.slice(0, 10) === date));
    out.push({ ...comboDay(pkg, date, day, caps), packageAvailabilities: packageAvailabilities(pkg, day) });
  }
  if (q.availabilityIds?.length) {
    const wanted = new Set(q.availabilityIds.map((id) => new Date(id).getTime()));
    out = out.filter((a) => wanted.has(new Date(a.id).getTime()));
  }
  return out;
}

const packageAvailabilities = (pkg: Combo, day: Availability[][]) =>
  pkg.combo.parts.flatMap((part, i) => day[i].map((a) => ({ ...a, packageIncludeId: includeId(part) })));

const OPEN = new Set<string>([AvailabilityStatus.AVAILABLE, AvailabilityStatus.LIMITED]);

/** The combo's day from its parts' availabilities that day (`day[i]`: part i's). */
function comboDay(pkg: Combo, date: string, day: Availability[][], caps: Capabilities): Availability {
  const base = dayAvailability(pkg, date, caps);
  if (!isDated(pkg)) return base;
  let status: 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED' = 'AVAILABLE';
  let fits = true;
  let vacancies = Number.POSITIVE_INFINITY;
  let capacity = Number.POSITIVE_INFINITY;
  for (const [i, part] of pkg.combo.parts.entries()) {
    if (!sellsSlots(part)) continue;
    const open = day[i].filter((a) => OPEN.has(a.status));
    fits &&= day[i].some((a) => a.available);
    if (open.length === 0) {
      const soldOut = day[i].some((a) => a.status === AvailabilityStatus.SOLD_OUT);
      status = status === 'CLOSED' || !soldOut ? 'CLOSED' : 'SOLD_OUT';
      vacancies = 0;
      continue;
    }
    vacancies = Math.min(vacancies, Math.max(...open.map((a) => a.vacancies ?? 0)));
    capacity = Math.min(capacity, Math.max(...open.map((a) => a.capacity ?? 0)));
  }
  if (status === 'AVAILABLE' && vacancies <= FEW_LEFT) status = 'LIMITED';
  const closed = status === 'CLOSED' || status === 'SOLD_OUT';
  return {
    ...base,
    available: !closed && fits,
    status: AvailabilityStatus[status],
    vacancies: Number.isFinite(vacancies) ? vacancies : 0,
    capacity: Number.isFinite(capacity) ? capacity : null,
    // The package's day is open as its parts are (the day's own hours; none when it is closed).
    openingHours: closed ? [] : base.openingHours,
  };
}

/**
 * The Rome day a combo is booked for (its availabilityId, a day's start), or null for an open-dated
 * combo. Throws INVALID_AVAILABILITY_ID for anything else.
 */
export function comboDate(pkg: Combo, availabilityId: string | undefined, now: Date): string | null {
  if (!availabilityId) {
    if (isDated(pkg)) throw invalidAvailability('', 'This product needs an availabilityId');
    return null;
  }
  const at = new Date(availabilityId);
  if (availabilityId.length > 40 || Number.isNaN(at.getTime())) throw invalidAvailability(availabilityId);
  const date = romeParts(at).date;
  if (romeLocalIso(romeInstant(date, '00:00')!) !== romeLocalIso(at) || date < romeToday(now))
    throw invalidAvailability(availabilityId);
  return isDated(pkg) ? date : null;
}

export type PackageAvailability = Availability & {
  packageAvailabilities?: (Availability & { packageIncludeId: string })[];
};

export type PackageBookingInput = { packageIncludeId: string; availabilityId: string };

/**
 * Each part's slot for a combo booked for `date`: a timed part's from `packageBookings` (its own
 * availabilityId, on the package's day); a day entry's from there or, when not named, its entry of the
 * day; an open-dated part none. Every id is checked before anything is held; an unknown include or one
 * named twice is BAD_REQUEST, a time missing, unknown or on another day INVALID_AVAILABILITY_ID.
 */
export async function partSlots(
  db: Db,
  pkg: Combo,
  date: string | null,
  asked: PackageBookingInput[] | undefined,
  now: Date,
): Promise<(SlotRow | null)[]> {
  const ids = pkg.combo.parts.map(includeId);
  const named = new Map<string, string>();
  for (const b of asked ?? []) {
    if (!ids.includes(b.packageIncludeId))
      throw badRequest(
        `packageBookings: "${b.packageIncludeId}" is not an include of ${pkg.packageTag} (${ids.join(', ')})`,
      );
    if (named.has(b.packageIncludeId))
      throw badRequest(`packageBookings: "${b.packageIncludeId}" is named more than once`);
    named.set(b.packageIncludeId, b.availabilityId);
  }
  const out: (SlotRow | null)[] = [];
  for (const part of pkg.combo.parts) {
    const id = named.get(includeId(part));
    if (!sellsSlots(part)) {
      // An open-dated part: nothing to choose, but a time named for it must still be one of its own.
      if (id !== undefined) await resolveAvailability(db, part, id, now);
      out.push(null);
      continue;
    }
    if (id === undefined) {
      const entry =
        part.availabilityType === 'OPENING_HOURS' && date ? await dayEntry(db, part, date, now) : null;
      if (!entry)
        throw invalidAvailability(
          '',
          `${part.packageTag} is sold in times: name its availabilityId in packageBookings (packageIncludeId "${includeId(part)}")`,
        );
      out.push(entry);
      continue;
    }
    const { slot } = await resolveAvailability(db, part, id, now);
    if (!slot || (date !== null && romeParts(slot.startsAt).date !== date))
      throw invalidAvailability(id, `The time of ${part.packageTag} must be on the package's day, ${date}`);
    out.push(slot);
  }
  return out;
}

/** A day entry's slot on `date`, if it has one. */
async function dayEntry(db: Db, part: PackageRow, date: string, now: Date): Promise<SlotRow | null> {
  const [slot] = await slotsBetween(db, part.id, { from: date, to: date }, now);
  if (!slot) return null;
  const { taken: _, ...row } = slot;
  return row;
}

type Booking = {
  status: string;
  utcRedeemedAt: string | null;
  availability: { id: string } | null;
  voucher: { utcRedeemedAt: string | null; deliveryOptions: unknown[] };
  unitItems: object[];
};

/**
 * A combo's booking from its own (`booking`, the combo's order as a booking) and its parts' (`parts`,
 * each part's order as a booking, in order). The combo's order holds no ticket of its own: its voucher
 * carries every part's QR, it is redeemed once every part is, cancellable while the combo may be
 * cancelled (decision 071), and its availability is the package's day. With octo/packages it says
 * `isPackage` and lists the parts as `packageBookings`, each naming its include.
 */
export async function comboBooking<B extends Booking>(
  ctx: { db: Db; caps: Capabilities; publicUrl: string },
  order: OrderRow,
  pkg: PackageRow,
  booking: B,
  parts: { order: OrderRow; pkg: PackageRow; booking: Booking }[],
  now: Date,
) {
  const redeemed = parts.length > 0 && parts.every((p) => p.booking.status === 'REDEEMED');
  const redeemedAt = redeemed
    ? (parts.map((p) => p.booking.utcRedeemedAt ?? '').sort()[parts.length - 1] ?? null)
    : null;
  const status = redeemed ? 'REDEEMED' : booking.status;
  const day = parts.map((p) => p.booking.availability?.id).find((id) => id !== undefined);
  const date = day ? romeParts(new Date(day)).date : null;
  const availability = date ? dayAvailability(pkg, date, ctx.caps) : null;
  const packageBookings = [];
  if (ctx.caps.packages)
    for (const p of parts) {
      const product = toProduct(p.pkg, {
        caps: ctx.caps,
        publicUrl: ctx.publicUrl,
        startTimes: await startTimesOf(ctx.db, p.pkg, now),
      });
      packageBookings.push({
        ...p.booking,
        packageIncludeId: includeId(p.pkg),
        packageInclude: include(p.pkg, product),
      });
    }
  return {
    ...booking,
    status,
    utcRedeemedAt: redeemedAt,
    cancellable:
      status === 'ON_HOLD' || (status === 'CONFIRMED' && (await comboCancellable(ctx.db, order.id, now))),
    freesale: date === null,
    availabilityId: availability?.id ?? null,
    availability,
    voucher: {
      ...booking.voucher,
      utcRedeemedAt: redeemedAt,
      deliveryOptions: parts.flatMap((p) => p.booking.voucher.deliveryOptions),
    },
    unitItems: booking.unitItems.map((u) => ({ ...u, status, utcRedeemedAt: redeemedAt })),
    ...(ctx.caps.packages ? { isPackage: true, packageBookings } : {}),
  };
}
