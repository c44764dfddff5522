/**
 * The waiting list's calls (decision 063): joining a sold-out time, leaving by the e-mail's link, what
 * an offer's link holds, and the superusers' lists. Offering freed places and taking an offer at
 * checkout are modules/orders/waitlist.ts (they count places beside the holds).
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  formatRomeDateTime,
  type Locale,
  romeParts,
  slotStatus,
  usesSlots,
  WAITLIST_JOIN_LIMIT,
  WAITLIST_LEAVE_PARAM,
  WAITLIST_MESSAGES,
  type WaitlistAdmin,
  type WaitlistJoin,
  type WaitlistOffer,
} from '@rome/contract';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages, slots, waitlistEntries } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { badRequest, conflict } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import type { MailMessage } from '../../mail/outbox';
import { waitlistJoinedMail } from '../../mail/waitlist-mail';
import { placesTaken } from '../orders/slots';
import { refuseLinkMiss } from '../orders/ticket-link';
import {
  hashWaitlistToken,
  newWaitlistToken,
  type OfferDeps,
  offerFreedPlacesSoon,
  offerHolds,
  waitlistUrl,
} from '../orders/waitlist';
import { packageTitleIn } from '../orders/words';

/** The rate limit's key of an e-mail address: its hash, so the counters hold no address. */
const emailKey = (email: string) =>
  `waitlist:email:${createHash('sha256').update(email).digest('base64url').slice(0, 22)}`;

/**
 * Joins (or, for an address already in line, changes the places of) the list of a time that has fewer
 * places left than asked (more than its whole capacity too: an editor may raise it, or open a time
 * kept at 0). The place in line is kept by a change, and given anew to an address that
 * left, bought or let an offer run out. An e-mail confirms it with the link to leave.
 */
export async function joinWaitlist(
  deps: { db: Db; publicUrl: string; enqueue: (msg: MailMessage) => Promise<unknown> },
  input: WaitlistJoin & { places: number },
  who: { userId: string | null; address: string },
  now = new Date(),
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  await enforce(
    deps.db,
    `waitlist:${who.address}`,
    WAITLIST_JOIN_LIMIT.perAddress,
    WAITLIST_JOIN_LIMIT.windowSeconds,
  );
  await enforce(deps.db, emailKey(email), WAITLIST_JOIN_LIMIT.perEmail, WAITLIST_JOIN_LIMIT.windowSeconds);
  const language: Locale = input.language ?? DEFAULT_LOCALE;
  const [found] = await deps.db
    .select({ slot: slots, pkg: packages, title: packageTitleIn(sql`${language}`) })
    .from(slots)
    .innerJoin(packages, eq(packages.id, slots.packageId))
    .where(and(eq(slots.id, input.slot_id), eq(packages.status, 'active')));
  if (!found || !usesSlots(found.pkg.availabilityType)) throw badRequest(WAITLIST_MESSAGES.notOpen);
  const { slot, pkg } = found;
  const taken = (await placesTaken(deps.db, [slot.id], now)).get(slot.id) ?? 0;
  const { status, remaining } = slotStatus({ ...slot, taken }, pkg.cutoffMinutes, now);
  if (status === 'PAST' || status === 'CLOSED') throw conflict(WAITLIST_MESSAGES.notOpen);
  if (remaining >= input.places) throw conflict(WAITLIST_MESSAGES.notSoldOut);

  const leaveToken = newWaitlistToken();
  const t = waitlistEntries;
  const [row] = await deps.db
    .insert(t)
    .values({
      slotId: slot.id,
      packageId: pkg.id,
      email,
      places: input.places,
      language,
      userId: who.userId,
      leaveTokenHash: hashWaitlistToken(leaveToken),
      joinedAt: now,
    })
    .onConflictDoUpdate({
      target: [t.slotId, t.email],
      set: {
        places: input.places,
        language,
        userId: sql`coalesce(excluded.user_id, ${t.userId})`,
        leaveTokenHash: sql`excluded.leave_token_hash`,
        // Waiting: the place in line stays. Back after leaving, buying or an offer run out: the end.
        joinedAt: sql`CASE WHEN ${t.status} = 'waiting' THEN ${t.joinedAt} ELSE excluded.joined_at END`,
        status: 'waiting',
        offerTokenHash: null,
        offeredAt: null,
        offerExpiresAt: null,
        orderId: null,
        updatedAt: now,
      },
      // An open offer stays as it is: its places are held for this address already.
      setWhere: sql`NOT ${offerHolds(now)}`,
    })
    .returning({ id: t.id });
  if (!row) throw conflict(WAITLIST_MESSAGES.alreadyOffered);

  const locale = language;
  const i18n = serverI18n(locale);
  const mail = waitlistJoinedMail(
    {
      title: found.title,
      when: formatRomeDateTime(slot.startsAt, locale),
      places: input.places,
      leaveUrl: waitlistUrl(
        deps.publicUrl,
        { language: locale, packageTag: pkg.packageTag, duration: pkg.duration },
        WAITLIST_LEAVE_PARAM,
        leaveToken,
      ),
    },
    { locale, i18n },
  );
  await deps.enqueue({ to: email, ...mail });
  return { message: WAITLIST_MESSAGES.joined };
}

/**
 * Leaves the list by the e-mail's link. An offer open at that moment lets its places go, and the next
 * in line is offered them at once. A link already used answers the same (leaving twice is still left).
 */
export async function leaveWaitlist(
  deps: OfferDeps & { log?: { warn: (o: object, m: string) => void } },
  token: string,
  address: string,
  now = new Date(),
): Promise<{ message: string }> {
  const hash = hashWaitlistToken(token.trim());
  const [left] = await deps.db
    .update(waitlistEntries)
    .set({ status: 'left', updatedAt: now })
    .where(
      and(eq(waitlistEntries.leaveTokenHash, hash), inArray(waitlistEntries.status, ['waiting', 'offered'])),
    )
    .returning({ slotId: waitlistEntries.slotId, offered: waitlistEntries.offeredAt });
  if (left) {
    await offerFreedPlacesSoon(deps, [left.slotId], deps.log);
    return { message: WAITLIST_MESSAGES.left };
  }
  const [known] = await deps.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.leaveTokenHash, hash));
  if (known) return { message: WAITLIST_MESSAGES.left };
  return refuseLinkMiss(deps.db, address, WAITLIST_MESSAGES.linkInvalid);
}

/** What an offer's link holds, for the ticket page to restore; 404 unknown, 409 run out or used. */
export async function offerOf(
  db: Db,
  token: string,
  address: string,
  now = new Date(),
): Promise<WaitlistOffer> {
  const [row] = await db
    .select({
      entry: waitlistEntries,
      startsAt: slots.startsAt,
      packageTag: packages.packageTag,
      holds: sql<boolean>`${offerHolds(now)}`,
    })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(packages, eq(packages.id, waitlistEntries.packageId))
    .where(eq(waitlistEntries.offerTokenHash, hashWaitlistToken(token.trim())));
  if (!row) return refuseLinkMiss(db, address, WAITLIST_MESSAGES.linkInvalid);
  if (!row.holds) throw conflict(WAITLIST_MESSAGES.offerGone);
  return {
    package_tag: row.packageTag,
    slot_id: row.entry.slotId,
    starts_at: row.startsAt.toISOString(),
    date: romeParts(row.startsAt).date,
    places: row.entry.places,
    expires_at: row.entry.offerExpiresAt!.toISOString(),
  };
}

/** How long a time stays in the superusers' lists after it started. */
const SHOWN_AFTER_START_MS = 24 * 3_600_000;

/**
 * The superusers' view: every time still to come (or started within a day) with a waiting list, its
 * places and its line in order, and the counts of all entries ever (joins, offers made, bought).
 */
export async function waitlistReport(db: Db, now = new Date()): Promise<WaitlistAdmin> {
  const rows = await db
    .select({
      entry: waitlistEntries,
      slot: slots,
      packageTag: packages.packageTag,
      packageTitle: packages.title,
    })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(packages, eq(packages.id, waitlistEntries.packageId))
    .where(gte(slots.startsAt, new Date(now.getTime() - SHOWN_AFTER_START_MS)))
    .orderBy(asc(slots.startsAt), asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
  const taken = await placesTaken(db, [...new Set(rows.map((r) => r.slot.id))], now);
  const bySlot = new Map<string, WaitlistAdmin['slots'][number]>();
  for (const r of rows) {
    let s = bySlot.get(r.slot.id);
    if (!s) {
      s = {
        slot_id: r.slot.id,
        package_tag: r.packageTag,
        package_title: r.packageTitle,
        starts_at: r.slot.startsAt.toISOString(),
        capacity: r.slot.capacity,
        remaining: Math.max(0, r.slot.capacity - (taken.get(r.slot.id) ?? 0)),
        entries: [],
      };
      bySlot.set(r.slot.id, s);
    }
    const open = r.entry.status === 'offered' && r.entry.offerExpiresAt! > now;
    s.entries.push({
      email: r.entry.email,
      places: r.entry.places,
      language: r.entry.language,
      // An offer run out and not yet walked past is shown as what it is: expired.
      status: r.entry.status === 'offered' && !open ? 'expired' : r.entry.status,
      joined_at: r.entry.joinedAt.toISOString(),
      offer_expires_at: r.entry.offerExpiresAt?.toISOString() ?? null,
    });
  }
  const [totals] = await db
    .select({
      joined: sql<number>`count(*)::int`,
      waiting: sql<number>`(count(*) FILTER (WHERE ${waitlistEntries.status} = 'waiting'))::int`,
      offered: sql<number>`(count(*) FILTER (WHERE ${waitlistEntries.offeredAt} IS NOT NULL))::int`,
      bought: sql<number>`(count(*) FILTER (WHERE ${waitlistEntries.status} = 'bought'))::int`,
      expired: sql<number>`(count(*) FILTER (WHERE ${waitlistEntries.status} = 'expired' OR (${waitlistEntries.status} = 'offered' AND ${waitlistEntries.offerExpiresAt} <= ${now})))::int`,
      left: sql<number>`(count(*) FILTER (WHERE ${waitlistEntries.status} = 'left'))::int`,
    })
    .from(waitlistEntries);
  return {
    slots: [...bySlot.values()],
    totals: {
      joined: Number(totals.joined),
      waiting: Number(totals.waiting),
      offered: Number(totals.offered),
      bought: Number(totals.bought),
      expired: Number(totals.expired),
      left: Number(totals.left),
    },
  };
}
