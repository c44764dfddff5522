/**
 * The disruption console (decisions 058, 059): what a closure touches, the close itself (slots closed,
 * the disruption recorded with its paid bookings, one notice per booking queued in the same
 * transaction), and the report. Every call takes the actor: today only superusers reach it; an
 * operator limited to its own folder passes `folderId` and sees and closes only its own packages.
 */
import {
  addDays,
  canKeepOpenDated,
  centsToDecimal,
  DISRUPTION_MESSAGES,
  type DisruptionBody,
  type DisruptionPreview,
  type DisruptionReason,
  type DisruptionRemedy,
  type DisruptionReport,
  type DisruptionTarget,
  ERROR_CODES,
  formatRomeDate,
  formatRomeDateTime,
  isLocale,
  type Locale,
  romeInstant,
} from '@rome/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import {
  disruptionOrders,
  disruptionSlots,
  disruptions,
  orders,
  packages,
  resellers,
  slots,
  users,
} from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { issueLink } from '../orders/ticket-link';
import { orderPackageTitle } from '../orders/words';
import { disruptionNotice } from './notice';

/**
 * Who closes. A superuser reaches every package; an operator (a later role) only its own folder's:
 * the service checks the scope, so the routes need not (decision 058).
 */
export type DisruptionActor = { userId: string; folderId: number | null };

export type DisruptionDeps = { db: Db; publicUrl: string };

type MatchedSlot = { id: string; packageId: number; startsAt: Date; closed: boolean };

/** The package a tag names, within the actor's reach; 400 otherwise. */
async function packageOf(db: Db, actor: DisruptionActor, tag: string) {
  const [pkg] = await db
    .select({ id: packages.id, folderId: packages.folderId, title: packages.title })
    .from(packages)
    .where(eq(packages.packageTag, tag));
  if (!pkg) throw badRequest(DISRUPTION_MESSAGES.packageUnknown);
  if (actor.folderId !== null && pkg.folderId !== actor.folderId)
    throw new HttpError(403, { error: DISRUPTION_MESSAGES.notYours, code: ERROR_CODES.forbidden });
  return pkg;
}

/** The slots still to come that a target names (closed ones included: their bookings may be untold). */
async function slotsOf(
  db: Db,
  actor: DisruptionActor,
  target: DisruptionTarget,
  now: Date,
): Promise<MatchedSlot[]> {
  const columns = {
    id: slots.id,
    packageId: slots.packageId,
    startsAt: slots.startsAt,
    closed: slots.closed,
  };
  const future = gte(slots.startsAt, now);
  const ownFolder =
    actor.folderId === null
      ? undefined
      : inArray(
          slots.packageId,
          db.select({ id: packages.id }).from(packages).where(eq(packages.folderId, actor.folderId)),
        );
  if (target.kind === 'slot') {
    const [slot] = await db
      .select({ ...columns, folderId: packages.folderId })
      .from(slots)
      .innerJoin(packages, eq(packages.id, slots.packageId))
      .where(and(eq(slots.id, target.slot_id), future));
    if (!slot) throw badRequest(DISRUPTION_MESSAGES.slotUnknown);
    if (actor.folderId !== null && slot.folderId !== actor.folderId)
      throw new HttpError(403, { error: DISRUPTION_MESSAGES.notYours, code: ERROR_CODES.forbidden });
    return [slot];
  }
  const dayStart = romeInstant(target.date, '00:00')!;
  const dayEnd = romeInstant(addDays(target.date, 1), '00:00')!;
  if (target.kind === 'day')
    return db
      .select(columns)
      .from(slots)
      .where(and(future, gte(slots.startsAt, dayStart), lt(slots.startsAt, dayEnd), ownFolder))
      .orderBy(asc(slots.startsAt));
  const pkg = await packageOf(db, actor, target.package_tag);
  return db
    .select(columns)
    .from(slots)
    .where(
      and(
        eq(slots.packageId, pkg.id),
        future,
        gte(slots.startsAt, dayStart),
        target.kind === 'package_day' ? lt(slots.startsAt, dayEnd) : undefined,
      ),
    )
    .orderBy(asc(slots.startsAt));
}

/** Paid bookings on these slots not already waiting for an answer to another closure. */
const untoldPaid = (slotIds: string[]) =>
  and(
    inArray(orders.slotId, slotIds),
    eq(orders.status, 'paid'),
    sql`NOT EXISTS (SELECT 1 FROM ${disruptionOrders} WHERE ${disruptionOrders.orderId} = ${orders.id} AND ${disruptionOrders.choice} IS NULL)`,
  );

/** The remedies a booking of a package is offered: 'keep' only where the product can be open-dated. */
export const offeredRemedies = (
  remedies: readonly string[],
  availabilityType: string | null,
): DisruptionRemedy[] =>
  (remedies as DisruptionRemedy[]).filter((r) => r !== 'keep' || canKeepOpenDated(availabilityType));

/** What a closure would touch; nothing is stored. */
export async function previewDisruption(
  db: Db,
  actor: DisruptionActor,
  body: DisruptionBody,
  now = new Date(),
): Promise<DisruptionPreview> {
  const matched = await slotsOf(db, actor, body.target, now);
  if (matched.length === 0) throw badRequest(DISRUPTION_MESSAGES.nothingToClose);
  const rows = matched.length
    ? await db
        .select({
          places: orders.places,
          language: orders.language,
          resellerId: orders.resellerId,
          contact: orders.contact,
          channel: sql<string>`coalesce(${resellers.name}, 'web')`,
          availabilityType: packages.availabilityType,
        })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.packageId))
        .leftJoin(resellers, eq(resellers.id, orders.resellerId))
        .where(untoldPaid(matched.map((s) => s.id)))
    : [];
  const tallyBy = (key: (r: (typeof rows)[number]) => string) => {
    const out = new Map<string, { bookings: number; places: number }>();
    for (const r of rows) {
      const t = out.get(key(r)) ?? { bookings: 0, places: 0 };
      t.bookings++;
      t.places += r.places;
      out.set(key(r), t);
    }
    return [...out].sort((a, b) => b[1].bookings - a[1].bookings);
  };
  return {
    slots: matched.filter((s) => !s.closed).length,
    closed_slots: matched.filter((s) => s.closed).length,
    bookings: rows.length,
    places: rows.reduce((n, r) => n + r.places, 0),
    channels: tallyBy((r) => r.channel).map(([channel, t]) => ({ channel, ...t })),
    languages: tallyBy((r) => toldIn(r)).map(([language, t]) => ({ language, ...t })),
    cannot_keep: body.remedies.includes('keep')
      ? rows.filter((r) => !canKeepOpenDated(r.availabilityType)).length
      : 0,
  };
}

/**
 * Closes the target's slots and tells every untold paid booking on them, in one transaction: the
 * disruption's rows and the e-mails commit together or not at all. A booking already waiting for an
 * answer is skipped by the unique index on unanswered rows, which also makes a second instance's
 * concurrent close wait and then skip it. A close that closes nothing new and finds nobody to tell is
 * refused (409) and leaves nothing behind: a double click sends nothing twice.
 */
export async function closeForDisruption(
  deps: DisruptionDeps,
  actor: DisruptionActor,
  body: DisruptionBody,
  now = new Date(),
): Promise<{ id: string; slots_closed: number; bookings: number; notified: number }> {
  const matched = await slotsOf(deps.db, actor, body.target, now);
  if (matched.length === 0) throw badRequest(DISRUPTION_MESSAGES.nothingToClose);
  const slotIds = matched.map((s) => s.id);
  const remedies = [...new Set(body.remedies)];
  return deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const [d] = await t
      .insert(disruptions)
      .values({
        reason: body.reason,
        note: body.note ?? '',
        remedies,
        target: body.target,
        folderId: actor.folderId,
        closedBy: actor.userId,
        createdAt: now,
      })
      .returning({ id: disruptions.id });
    // Closing fires the slots' webhook trigger: every reseller hears the availability (decision 057).
    const closed = await t
      .update(slots)
      .set({ closed: true })
      .where(and(inArray(slots.id, slotIds), eq(slots.closed, false)))
      .returning({ id: slots.id });
    await t.insert(disruptionSlots).values(slotIds.map((slotId) => ({ disruptionId: d.id, slotId })));
    const affected = await t
      .insert(disruptionOrders)
      .select(
        t
          .select({
            disruptionId: sql`${d.id}::uuid`.as('disruption_id'),
            orderId: orders.id,
            slotId: orders.slotId,
            places: orders.places,
            totalCents: orders.totalCents,
            notified: sql`false`.as('notified'),
            choice: sql`null`.as('choice'),
            chosenAt: sql`null::timestamptz`.as('chosen_at'),
          })
          .from(orders)
          .where(untoldPaid(slotIds)),
      )
      .onConflictDoNothing()
      .returning({ orderId: disruptionOrders.orderId });
    if (closed.length === 0 && affected.length === 0) throw conflict(DISRUPTION_MESSAGES.nothingNew);
    const told = await tellBuyers(
      t,
      deps.publicUrl,
      d.id,
      body,
      affected.map((a) => a.orderId),
    );
    return { id: d.id, slots_closed: closed.length, bookings: affected.length, notified: told };
  });
}

/** Queues each booking's notice (where it has an address) and marks it told; answers how many. */
async function tellBuyers(
  tx: Db,
  publicUrl: string,
  disruptionId: string,
  body: DisruptionBody,
  orderIds: string[],
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx
    .select({
      order: orders,
      title: orderPackageTitle,
      availabilityType: packages.availabilityType,
      startsAt: slots.startsAt,
      email: users.email,
    })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, orderIds));
  const told: string[] = [];
  for (const r of rows) {
    // The buyer's address: the account's, the guest's, or the reseller's contact (decision 059).
    const to = r.email ?? r.order.guestEmail ?? r.order.contact?.emailAddress ?? null;
    if (!to) continue;
    // A reseller's customer is told in the first of the contact's languages the shop speaks; the
    // order keeps it, so the ticket link speaks it too (OCTO's booking does not show it: no webhook).
    const spoken = toldIn(r.order);
    if (spoken !== r.order.language) {
      await tx.update(orders).set({ language: spoken }).where(eq(orders.id, r.order.id));
      r.order.language = spoken;
    }
    const token = await issueLink(tx, r.order.id);
    await enqueueMail(
      tx,
      disruptionNotice({
        to,
        order: r.order,
        title: r.title,
        startsAt: r.startsAt,
        reason: body.reason,
        note: body.note ?? '',
        remedies: offeredRemedies(body.remedies, r.availabilityType),
        publicUrl,
        token,
      }),
    );
    told.push(r.order.id);
  }
  if (told.length)
    await tx
      .update(disruptionOrders)
      .set({ notified: true })
      .where(and(eq(disruptionOrders.disruptionId, disruptionId), inArray(disruptionOrders.orderId, told)));
  return told.length;
}

/** The first of an OCTO contact's locales ('de-DE', 'it') that the shop speaks, or null. */
const contactLocale = (locales: readonly string[]): Locale | null =>
  locales.map((l) => l.slice(0, 2).toLowerCase()).find((l): l is Locale => isLocale(l)) ?? null;

/** The language a booking is told in: a reseller's customer's first spoken contact locale, else the order's. */
const toldIn = (o: { resellerId: string | null; contact: { locales: string[] } | null; language: string }) =>
  (o.resellerId ? contactLocale(o.contact?.locales ?? []) : null) ?? o.language;

/** What a target closed, in words (for the superusers' report). */
async function targetWords(db: Db, target: DisruptionTarget): Promise<string> {
  if (target.kind === 'day') return `Every package, ${formatRomeDate(target.date)}`;
  if (target.kind === 'slot') {
    const [s] = await db
      .select({ title: packages.title, startsAt: slots.startsAt })
      .from(slots)
      .innerJoin(packages, eq(packages.id, slots.packageId))
      .where(eq(slots.id, target.slot_id));
    return s ? `${s.title}, ${formatRomeDateTime(s.startsAt)}` : 'A deleted time';
  }
  const [p] = await db
    .select({ title: packages.title })
    .from(packages)
    .where(eq(packages.packageTag, target.package_tag));
  const title = p?.title ?? target.package_tag;
  return target.kind === 'package_day'
    ? `${title}, ${formatRomeDate(target.date)}`
    : `${title}, from ${formatRomeDate(target.date)}`;
}

/**
 * Each disruption with the buyers' answers and the money: refunded (the bookings refunded since,
 * by their choice or otherwise) against revenue kept (moved, kept, not answered yet), newest first.
 */
export async function disruptionReports(db: Db, actor: DisruptionActor): Promise<DisruptionReport[]> {
  // Never null (a NOT of it would drop the unanswered bookings from the revenue kept).
  const refundedOrder = sql`(coalesce(${disruptionOrders.choice}, '') = 'refund' OR ${orders.status} = 'refunded')`;
  const rows = await db
    .select({
      d: disruptions,
      slots:
        sql<number>`(SELECT count(*) FROM ${disruptionSlots} WHERE ${disruptionSlots.disruptionId} = ${disruptions.id})::int`.mapWith(
          Number,
        ),
      bookings: sql<number>`count(${disruptionOrders.orderId})::int`.mapWith(Number),
      notified: sql<number>`count(*) FILTER (WHERE ${disruptionOrders.notified})::int`.mapWith(Number),
      refund: sql<number>`count(*) FILTER (WHERE ${refundedOrder})::int`.mapWith(Number),
      move: sql<number>`count(*) FILTER (WHERE ${disruptionOrders.choice} = 'move')::int`.mapWith(Number),
      keep: sql<number>`count(*) FILTER (WHERE ${disruptionOrders.choice} = 'keep')::int`.mapWith(Number),
      noAnswer:
        sql<number>`count(*) FILTER (WHERE ${disruptionOrders.choice} IS NULL AND ${orders.status} = 'paid')::int`.mapWith(
          Number,
        ),
      refunded:
        sql<number>`coalesce(sum(${disruptionOrders.totalCents}) FILTER (WHERE ${refundedOrder}), 0)::int`.mapWith(
          Number,
        ),
      kept: sql<number>`coalesce(sum(${disruptionOrders.totalCents}) FILTER (WHERE NOT ${refundedOrder}), 0)::int`.mapWith(
        Number,
      ),
    })
    .from(disruptions)
    .leftJoin(disruptionOrders, eq(disruptionOrders.disruptionId, disruptions.id))
    .leftJoin(orders, eq(orders.id, disruptionOrders.orderId))
    .where(actor.folderId === null ? undefined : eq(disruptions.folderId, actor.folderId))
    .groupBy(disruptions.id)
    .orderBy(desc(disruptions.createdAt))
    .limit(100);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.d.id,
      created_at: r.d.createdAt.toISOString(),
      reason: r.d.reason as DisruptionReason,
      note: r.d.note,
      remedies: r.d.remedies as DisruptionRemedy[],
      target: r.d.target as DisruptionTarget,
      what: await targetWords(db, r.d.target as DisruptionTarget),
      slots: r.slots,
      bookings: r.bookings,
      notified: r.notified,
      refund: r.refund,
      move: r.move,
      keep: r.keep,
      no_answer: r.noAnswer,
      refunded: centsToDecimal(r.refunded),
      kept: centsToDecimal(r.kept),
    })),
  );
}
