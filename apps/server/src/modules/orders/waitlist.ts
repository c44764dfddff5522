/**
 * The waiting list's core (decision 063): offering freed places to the line, and taking an offer at
 * checkout. Here, beside the holds, because both count places: an open offer holds its places as a
 * pending order does (`waitlist_offer_holds`, migration 0027), so the storefront's other buyers, the
 * resellers and the next walk all see them taken.
 *
 * A walk locks the slot's row first, the lock every hold takes (`hold_slot_places`): two instances
 * walking the same slot, or a walk and a purchase, are served one after the other, and each counts
 * what the one before it committed. No offer can be made of places another buyer holds, nor twice.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  bookingPath,
  DEFAULT_LOCALE,
  ERROR_CODES,
  entriesToOffer,
  formatRomeDateTime,
  isLocale,
  localizedPath,
  WAITLIST_LEAVE_PARAM,
  WAITLIST_MESSAGES,
  WAITLIST_OFFER_PARAM,
} from '@rome/contract';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { packages, slots, waitlistEntries } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { conflict } from '../../lib/errors';
import { repeatEvery } from '../../lib/timing';
import { outboxInsert } from '../../mail/outbox';
import { waitlistOfferMail } from '../../mail/waitlist-mail';
import { lockSlot, placesTaken } from './slots';
import { packageTitleIn } from './words';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/** An open offer holds its places at `now`: the database's rule, written once (migration 0027). */
export const offerHolds = (now: Date) =>
  sql`waitlist_offer_holds(${waitlistEntries.status}, ${waitlistEntries.offerExpiresAt}, ${now})`;

/**
 * A link's token: 256 random bits, url-safe; only its SHA-256 is stored. An offer's hash stays after
 * the offer is bought, runs out or is left, so its link says so instead of 'not valid'.
 */
export const newWaitlistToken = (): string => randomBytes(32).toString('base64url');
export const hashWaitlistToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The ticket page with the time and its places restored (the offer's link), or with the leave link. */
export function waitlistUrl(
  publicUrl: string,
  visit: { language: string; packageTag: string; duration: string | null },
  param: typeof WAITLIST_OFFER_PARAM | typeof WAITLIST_LEAVE_PARAM,
  token: string,
): string {
  const locale = isLocale(visit.language) ? visit.language : DEFAULT_LOCALE;
  const path = localizedPath(
    locale,
    bookingPath({ package_tag: visit.packageTag, duration: visit.duration }),
  );
  return `${publicUrl}${path}?${param}=${encodeURIComponent(token)}`;
}

export type OfferDeps = { db: Db; publicUrl: string; offerMinutes: number };

/**
 * Walks a slot's line (decision 063): marks its offers that ran out 'expired', then offers what is free
 * to the first in line whose number fits, while places are left, each with an e-mail in the entry's
 * language written in the same transaction (the mail outbox). Nothing is offered on a slot that no
 * longer sells (closed, past its booking cut-off). Answers how many entries were offered places.
 */
export async function offerFreedPlaces(deps: OfferDeps, slotId: string, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const slot = await lockSlot(t, slotId);
    if (!slot) return 0;
    await t
      .update(waitlistEntries)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(waitlistEntries.slotId, slotId),
          eq(waitlistEntries.status, 'offered'),
          lte(waitlistEntries.offerExpiresAt, now),
        ),
      );
    const [pkg] = await t
      .select({
        cutoffMinutes: packages.cutoffMinutes,
        packageTag: packages.packageTag,
        duration: packages.duration,
      })
      .from(packages)
      .where(eq(packages.id, slot.packageId));
    if (!pkg || slot.closed || slot.startsAt.getTime() - pkg.cutoffMinutes * 60_000 <= now.getTime())
      return 0;
    const free = slot.capacity - ((await placesTaken(t, [slot.id], now)).get(slot.id) ?? 0);
    if (free <= 0) return 0;
    const line = await t
      .select({
        id: waitlistEntries.id,
        email: waitlistEntries.email,
        places: waitlistEntries.places,
        language: waitlistEntries.language,
        leaveTokenHash: waitlistEntries.leaveTokenHash,
        title: packageTitleIn(waitlistEntries.language),
      })
      .from(waitlistEntries)
      .innerJoin(packages, eq(packages.id, waitlistEntries.packageId))
      .where(and(eq(waitlistEntries.slotId, slot.id), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
    const chosen = entriesToOffer(line, free);
    const until = new Date(now.getTime() + deps.offerMinutes * 60_000);
    for (const entry of chosen) {
      const offerToken = newWaitlistToken();
      // The leave link is sent again with a new token (only hashes are kept, so the old one cannot be).
      const leaveToken = newWaitlistToken();
      await t
        .update(waitlistEntries)
        .set({
          status: 'offered',
          offerTokenHash: hashWaitlistToken(offerToken),
          leaveTokenHash: hashWaitlistToken(leaveToken),
          offeredAt: now,
          offerExpiresAt: until,
          updatedAt: now,
        })
        .where(eq(waitlistEntries.id, entry.id));
      const locale = isLocale(entry.language) ? entry.language : DEFAULT_LOCALE;
      const visit = { language: locale, packageTag: pkg.packageTag, duration: pkg.duration };
      const mail = waitlistOfferMail(
        {
          title: entry.title,
          when: formatRomeDateTime(slot.startsAt, locale),
          places: entry.places,
          leaveUrl: waitlistUrl(deps.publicUrl, visit, WAITLIST_LEAVE_PARAM, leaveToken),
          offerUrl: waitlistUrl(deps.publicUrl, visit, WAITLIST_OFFER_PARAM, offerToken),
          until: formatRomeDateTime(until, locale),
        },
        { locale, i18n: serverI18n(locale) },
      );
      await outboxInsert(t, { to: entry.email, ...mail });
    }
    return chosen.length;
  });
}

/**
 * Slots whose line may move: someone waiting on a time still to come, or an offer that ran out. The
 * periodic pass walks them (a hold that runs out frees its places by time, with no write to react to).
 */
export async function slotsToWalk(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .where(
      and(
        gt(slots.startsAt, now),
        sql`(${waitlistEntries.status} = 'waiting' OR (${waitlistEntries.status} = 'offered' AND ${waitlistEntries.offerExpiresAt} <= ${now}))`,
      ),
    );
  return rows.map((r) => r.slotId);
}

/** One pass over every slot whose line may move; answers the offers made. */
export async function walkWaitlists(deps: OfferDeps, now = new Date()): Promise<number> {
  let offered = 0;
  for (const slotId of await slotsToWalk(deps.db, now)) offered += await offerFreedPlaces(deps, slotId, now);
  return offered;
}

/**
 * Every instance walks the lists every `everyMs` (decision 063): the places of a hold or an offer that
 * ran out come back by time alone. Walks on several instances queue on the slots' locks.
 */
export function startWaitlistWalker(
  deps: OfferDeps & { log?: { warn: (o: object, m: string) => void } },
  everyMs: number,
): { stop(): Promise<void> } {
  return repeatEvery(everyMs, () =>
    walkWaitlists(deps).catch((err) =>
      deps.log?.warn({ err: (err as Error).message }, 'walking the waiting lists failed'),
    ),
  );
}

/** Walks the lines of these slots now (after a refund, more capacity); a failure waits for the pass. */
export async function offerFreedPlacesSoon(
  deps: OfferDeps,
  slotIds: (string | null | undefined)[],
  log?: { warn: (o: object, m: string) => void },
): Promise<void> {
  for (const id of new Set(slotIds.filter((s): s is string => Boolean(s)))) {
    await offerFreedPlaces(deps, id).catch((err) =>
      log?.warn({ err: (err as Error).message }, 'waiting-list walk failed; the next pass retries'),
    );
  }
}

/**
 * The offer of `token` on `slotId`, taken by the checkout that holds its places (call inside the
 * transaction that then writes the order): marked 'bought' first, so `hold_slot_places` no longer
 * counts its places when the order takes them. A token unknown, run out, used, or of another time is
 * refused with the buyer's message. Answers the entry's id (the caller links the order to it).
 */
export async function takeWaitlistOffer(tx: Db, token: string, slotId: string, now: Date): Promise<string> {
  // The slot's lock first, as a walk takes it before it touches entries: the same order, no deadlock.
  await lockSlot(tx, slotId);
  const [row] = await tx
    .update(waitlistEntries)
    .set({ status: 'bought', updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.offerTokenHash, hashWaitlistToken(token.trim())),
        eq(waitlistEntries.slotId, slotId),
        offerHolds(now),
      ),
    )
    .returning({ id: waitlistEntries.id });
  if (!row) throw conflict(WAITLIST_MESSAGES.offerGone, ERROR_CODES.conflict);
  return row.id;
}

/** Links the entry whose offer a checkout took to the order it wrote. */
export async function linkWaitlistOrder(tx: Db, entryId: string, orderId: string): Promise<void> {
  await tx.update(waitlistEntries).set({ orderId }).where(eq(waitlistEntries.id, entryId));
}
