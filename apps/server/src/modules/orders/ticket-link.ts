/**
 * The ticket link (decision 019): /t/{token} opens one paid order's ticket without a
 * sign-in. The token is 256 random bits in base64url; only its SHA-256 is stored, so a copy of the
 * database opens no ticket. The purchase e-mail's link is on the order (`orders.link_token_hash`,
 * written with the payment); each link sent later is a `ticket_links` row that works beside the ones
 * before, a forwarded one included, until the buyer ends them all (decision 042).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  centsToDecimal,
  extraTicketsView,
  type Locale,
  orderReference,
  romeParts,
  type TicketLink,
  type TicketLinkStatus,
  ticketLinkStatus,
} from '@rome/contract';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folders, orders, packages, slots, ticketLinks } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { HttpError, notFound } from '../../lib/errors';
import { hit, peek } from '../../lib/rate-limit';
import { proofRows, type TicketCounts, ticketCounts, usageLine } from '../../mail/ticket-mail';
import { comboCancellable, comboDeadline } from './combo';
import { canCancel, cancelDeadline, visitText } from './refunds';
import { orderLocale } from './state';
import { type QrStore, ticketQrPng } from './ticket-qr';
import { orderPackageTitle } from './words';

/** A token as the link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newLinkToken = (): string => randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const looksLikeLinkToken = (token: string): boolean => TOKEN_SHAPE.test(token);

/** Gives the order one more link and answers its token; the links sent before keep working. */
export async function issueLink(db: Db, orderId: string, now = new Date()): Promise<string> {
  const token = newLinkToken();
  await db.insert(ticketLinks).values({ tokenHash: hashLinkToken(token), orderId, issuedAt: now });
  return token;
}

/** Ends every link of the order, the purchase e-mail's and every one sent since (the buyer's choice). */
export async function endLinks(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ linkTokenHash: null, linkIssuedAt: null }).where(eq(orders.id, orderId));
  await db.delete(ticketLinks).where(eq(ticketLinks.orderId, orderId));
}

/** The order a link token opens: the purchase e-mail's link, or one sent later. */
const opensOrder = (db: Db, token: string): SQL => {
  const hash = hashLinkToken(token);
  return or(
    eq(orders.linkTokenHash, hash),
    inArray(
      orders.id,
      db.select({ id: ticketLinks.orderId }).from(ticketLinks).where(eq(ticketLinks.tokenHash, hash)),
    ),
  ) as SQL;
};

/** Everything a ticket shows (the link page, the PDF, the e-mails), read in one query. */
export type TicketFacts = {
  orderId: string;
  uniqueId: string;
  userId: string | null;
  reference: string;
  /** The order's language (decision 024): `when`, `usage`, `tickets`, the PDF and wallet passes speak it. */
  locale: Locale;
  title: string;
  packageTag: string;
  company: string;
  ticketType: string;
  date: string | null;
  time: string | null;
  /** The slot's start, when the ticket has a slot. */
  startsAt: Date | null;
  /** The Rome date chosen at checkout (a dated ticket without a slot). */
  selectedDate: string | null;
  /** Scanned by an agent. */
  claimed: boolean;
  /** The visit in words, Rome time; '' for an open-dated ticket. */
  when: string;
  timed: boolean;
  usage: string;
  counts: TicketCounts;
  tickets: string;
  /** What the door checks of its price categories (decision 070): [category, 'Bring: ...'] rows. */
  proofs: [string, string][];
  totalCents: number;
  orderStatus: string;
  status: TicketLinkStatus;
  qrFileKey: string | null;
  cancellable: boolean;
  cancelUntil: Date | null;
};

const factColumns = {
  order: orders,
  // The title in the order's language (decision 024).
  title: orderPackageTitle,
  packageTag: packages.packageTag,
  ticketType: packages.ticketType,
  availabilityType: packages.availabilityType,
  passHours: packages.passHours,
  validityDays: packages.validityDays,
  cancelCutoffHours: packages.cancelCutoffHours,
  company: folders.name,
  startsAt: slots.startsAt,
};

/** The tickets matching `where` (a condition on orders), newest first. */
export async function ticketFacts(db: Db, where: SQL | undefined, now = new Date()): Promise<TicketFacts[]> {
  const rows = await db
    .select(factColumns)
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId))
    .innerJoin(folders, eq(folders.id, packages.folderId))
    .leftJoin(slots, eq(slots.id, orders.slotId))
    .where(where)
    .orderBy(desc(orders.paidAt))
    .limit(50);
  // A combo's part is cancellable as its whole combo is (decision 071).
  const combos = new Map<string, { cancellable: boolean; until: Date | null }>();
  for (const id of new Set(rows.map((r) => r.order.comboOrderId).filter((x): x is string => x !== null)))
    combos.set(id, { cancellable: await comboCancellable(db, id, now), until: await comboDeadline(db, id) });
  return rows.map((r) => {
    const combo = r.order.comboOrderId ? combos.get(r.order.comboOrderId) : undefined;
    const o = r.order;
    const timed = r.startsAt !== null && r.availabilityType === 'START_TIME';
    const pass = r.availabilityType === 'PASS' ? { hours: r.passHours, validityDays: r.validityDays } : null;
    const locale = orderLocale(o);
    const i18n = serverI18n(locale);
    const when = visitText(r.startsAt, o.selectedDate, locale);
    const counts = {
      adults: o.adultCount,
      youths: o.youthCount,
      infants: o.infantCount,
      extras: o.extraTickets,
    };
    const slot = r.startsAt ? romeParts(r.startsAt) : null;
    return {
      orderId: o.id,
      uniqueId: o.uniqueId,
      userId: o.userId,
      reference: orderReference(o.uniqueId),
      locale,
      title: r.title,
      packageTag: r.packageTag,
      company: r.company,
      ticketType: r.ticketType,
      date: o.selectedDate ?? slot?.date ?? null,
      time: timed ? (slot?.time ?? null) : null,
      startsAt: r.startsAt,
      selectedDate: o.selectedDate,
      claimed: o.qrCodeScanned,
      when,
      timed,
      // In the order's language (decision 024), as its e-mail said it.
      usage: usageLine(i18n, { visit: when, timed, pass }),
      counts,
      tickets: ticketCounts(i18n, counts),
      proofs: proofRows(i18n, o.extraTickets),
      totalCents: o.totalCents,
      orderStatus: o.status,
      status: ticketLinkStatus(o),
      qrFileKey: o.qrFileKey,
      cancellable: combo ? combo.cancellable : canCancel(o, r.startsAt, r.cancelCutoffHours, now),
      cancelUntil: combo ? combo.until : cancelDeadline(o, r.startsAt, r.cancelCutoffHours),
    };
  });
}

/** The paid or refunded ticket a link token opens, or null (unknown, replaced, malformed). */
export async function ticketByLink(db: Db, token: string, now = new Date()): Promise<TicketFacts | null> {
  if (!looksLikeLinkToken(token)) return null;
  const [found] = await ticketFacts(db, opensOrder(db, token), now);
  return found && (found.orderStatus === 'paid' || found.orderStatus === 'refunded') ? found : null;
}

/** One order of this buyer by its id (someone else's is the same as none). */
export async function ownTicket(db: Db, userId: string, uniqueId: string): Promise<TicketFacts | null> {
  const [found] = await ticketFacts(db, and(eq(orders.uniqueId, uniqueId), eq(orders.userId, userId)));
  return found ?? null;
}

/**
 * Unknown link tokens from one client address before it is refused for a while (decision 014: only
 * failures count). The API and the page's HTML count alike, so neither is a free oracle.
 */
export const LINK_MISSES = { max: 60, windowSeconds: 15 * 60 } as const;
const missKey = (ip: string) => `ticketLink:miss:${ip}`;
export const tooManyLinkMisses = async (db: Db, ip: string): Promise<boolean> =>
  (await peek(db, missKey(ip))) >= LINK_MISSES.max;
export const countLinkMiss = (db: Db, ip: string) =>
  hit(db, missKey(ip), LINK_MISSES.max, LINK_MISSES.windowSeconds);

/**
 * A bearer link (a ticket's, a gift card's) that opened nothing: 429 for an address past LINK_MISSES,
 * else the miss is counted and `message` answered with 404.
 */
export async function refuseLinkMiss(db: Db, ip: string, message: string): Promise<never> {
  if (await tooManyLinkMisses(db, ip))
    throw new HttpError(429, {
      error: AUTH_MESSAGES.tooManyAttempts,
      retry_after: LINK_MISSES.windowSeconds,
    });
  await countLinkMiss(db, ip);
  throw notFound(message);
}

/**
 * Whether a link token opens a ticket (the page's HTML answers 404 when it does not). A good token
 * always does, whatever the address tried before; a miss is counted.
 */
export async function linkExists(db: Db, token: string, ip: string): Promise<boolean> {
  const [row] = looksLikeLinkToken(token)
    ? await db.select({ id: orders.id }).from(orders).where(opensOrder(db, token))
    : [];
  if (!row) await countLinkMiss(db, ip);
  return row !== undefined;
}

/**
 * The link page's answer. The QR comes inline (a data: URL) so the page can keep the whole answer
 * and show the ticket with no network; a refunded ticket shows no QR. Nothing of the account.
 */
export async function linkView(
  store: QrStore,
  t: TicketFacts,
  walletLinks: TicketLink['wallet_links'] = null,
  combo: string | null = null,
): Promise<TicketLink> {
  const png = t.status === 'refunded' ? null : await ticketQrPng(store, t.qrFileKey);
  return {
    reference: t.reference,
    package: t.title,
    company: t.company,
    ticket_type: t.ticketType,
    date: t.date,
    time: t.time,
    when: t.when,
    usage: t.usage,
    adults: t.counts.adults,
    youths: t.counts.youths,
    infants: t.counts.infants,
    tickets: t.tickets,
    extra_tickets: extraTicketsView(t.counts.extras),
    total_price: centsToDecimal(t.totalCents),
    status: t.status,
    qr_image: png ? `data:image/png;base64,${png.toString('base64')}` : null,
    cancellable: t.cancellable,
    cancel_until: t.cancelUntil?.toISOString() ?? null,
    // The wallet buttons' addresses (modules/wallet): null when the shop has no wallet configured.
    wallet_links: walletLinks,
    combo,
  };
}
