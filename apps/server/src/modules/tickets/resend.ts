/**
 * Re-sending ticket links. Each send makes one more link for every ticket it carries, in the same
 * transaction as the e-mail; the links sent before keep working (a link the family was forwarded too),
 * until the buyer ends them all, which sends one new link in the same step (decision 042).
 * - From the purchase history: the buyer's own paid ticket, to the account's address, with its PDF;
 *   'End old links' there ends every earlier link of the ticket.
 * - 'Find my tickets': the paid tickets bought with an address, to that address only, once its owner
 *   opened the link of a first e-mail (a stranger who knows the address can neither get nor end its
 *   links); the owner may end the earlier links there. The caller answers the same whether or not
 *   there were any.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  type Locale,
  localizedPath,
  pagePath,
  TICKET_LINK_MESSAGES,
  TICKET_MESSAGES,
  ticketLinkPath,
} from '@rome/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Db, txDb } from '../../db/client';
import { orders, users } from '../../db/schema';
import { serverI18n } from '../../i18n/catalog';
import { conflict, notFound } from '../../lib/errors';
import { findUserByEmail } from '../../lib/users';
import { enqueueMail, type MailAttachment } from '../../mail/outbox';
import {
  findTicketsConfirmMail,
  type TicketLinkLine,
  ticketCounts,
  ticketLinksMail,
} from '../../mail/ticket-mail';
import type { Storage } from '../../storage/storage';
import { visitText } from '../orders/refunds';
import { endLinks, issueLink, ownTicket, type TicketFacts, ticketFacts } from '../orders/ticket-link';
import { pdfFileName } from '../orders/ticket-pdf';

export type ResendDeps = { db: Db; storage: Storage; publicUrl: string };

/** At most this many tickets in one 'Find my tickets' e-mail (the newest). */
const FIND_MAX = 20;

/**
 * New links for `tickets` and one e-mail to `to` carrying them, in one transaction; `endOld` first ends
 * every link the tickets had.
 */
async function sendNewLinks(
  deps: ResendDeps,
  to: string,
  tickets: TicketFacts[],
  why: 'resend' | 'find',
  { attachments = [], endOld = false }: { attachments?: MailAttachment[]; endOld?: boolean } = {},
): Promise<void> {
  // One language per e-mail (decision 024): the order's; for 'Find my tickets' with several orders, the
  // newest order's (ticketFacts answers newest first), the language the buyer chose last.
  const locale = tickets[0].locale;
  const i18n = serverI18n(locale);
  await deps.db.transaction(async (tx) => {
    const t = txDb(tx);
    const lines: TicketLinkLine[] = [];
    for (const ticket of tickets) {
      if (endOld) await endLinks(t, ticket.orderId);
      const token = await issueLink(t, ticket.orderId);
      lines.push({
        title: ticket.title,
        reference: ticket.reference,
        // In the e-mail's language, whatever the language of this ticket's own order.
        when: visitText(ticket.startsAt, ticket.selectedDate, locale),
        tickets: ticketCounts(i18n, ticket.counts),
        url: `${deps.publicUrl}${localizedPath(locale, ticketLinkPath(token))}`,
      });
    }
    await enqueueMail(t, {
      to,
      ...ticketLinksMail(lines, why, { locale, i18n }, endOld),
      attachments,
    });
  });
}

/**
 * The buyer's own paid ticket again, with one more link and its PDF; 404 for anybody else's.
 * `endOld`: every earlier link of the ticket stops working (the buyer's 'End old links').
 */
export async function resendOwnTicket(deps: ResendDeps, userId: string, uniqueId: string, endOld = false) {
  const ticket = await ownTicket(deps.db, userId, uniqueId);
  if (!ticket) throw notFound(TICKET_MESSAGES.notFound);
  if (ticket.orderStatus !== 'paid') throw conflict(TICKET_MESSAGES.resendRefunded, ERROR_CODES.orderState);
  const [buyer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!buyer) throw notFound(TICKET_MESSAGES.notFound);
  // The PDF is made by the mail sender (order-pdf.ts), not while the buyer waits.
  await sendNewLinks(deps, buyer.email, [ticket], 'resend', {
    endOld,
    attachments: [
      {
        filename: pdfFileName(ticket),
        contentType: 'application/pdf',
        render: {
          kind: 'ticket-pdf',
          orderId: ticket.orderId,
          termsUrl: `${deps.publicUrl}${localizedPath(ticket.locale, pagePath('/terms'))}`,
        },
      },
    ],
  });
  return { message: endOld ? TICKET_LINK_MESSAGES.linksEnded : TICKET_LINK_MESSAGES.resent };
}

/** How long the link of 'Find my tickets' works. */
export const FIND_CONFIRM_SECONDS = 3600;

const findMac = (secret: string, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`find-tickets:${userId}:${expires}`).digest('base64url');

/** The token in the link of the first e-mail: the account, an expiry, and the shop's HMAC of both. */
export function findConfirmToken(secret: string, userId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + FIND_CONFIRM_SECONDS;
  return `${expires}.${userId}.${findMac(secret, userId, expires)}`;
}

/** The account a token names while it is good, else null. */
function findTokenAccount(secret: string, token: string): string | null {
  const [expiresText, userId, mac] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires <= Date.now() / 1000 || !userId || !mac) return null;
  const want = Buffer.from(findMac(secret, userId, expires));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

export type FindDeps = ResendDeps & { secret: string };

/**
 * 'Find my tickets', first step: to an address with paid tickets, an e-mail with a link (good for an
 * hour) that asks for new links. Nothing is sent for an address without an account or tickets, and
 * no link changes here: only the address's owner, by opening the e-mail, gets new links or ends the
 * links sent before.
 * The caller's answer is the same either way.
 */
export async function findMyTickets(deps: FindDeps, email: string, locale: Locale): Promise<void> {
  const found = await findUserByEmail(deps.db, email);
  const user = found && !found.deletedAt ? found : null;
  const tickets = await ticketFacts(deps.db, paidTicketsOf(user?.id ?? null, email));
  if (tickets.length === 0) return;
  // The link names the account, or for a guest's orders alone the address (decision 035).
  const subject = user ? user.id : guestSubject(email);
  const url = `${deps.publicUrl}${localizedPath(locale, pagePath('/find-tickets'))}#confirm=${findConfirmToken(deps.secret, subject)}`;
  await enqueueMail(deps.db, {
    to: user?.email ?? email,
    ...findTicketsConfirmMail(url, { locale, i18n: serverI18n(locale) }),
  });
}

/**
 * The paid tickets bought with an address: its account's, and the guests' orders sent to it (whoever
 * opens that address's mail owns both, decision 035). `email` is normalised (lower case).
 */
function paidTicketsOf(userId: string | null, email: string) {
  const asGuest = and(isNull(orders.userId), sql`lower(${orders.guestEmail}) = ${email}`);
  return and(eq(orders.status, 'paid'), userId ? or(eq(orders.userId, userId), asGuest) : asGuest);
}

/** A 'Find my tickets' link's subject for an address without an account: `g-` and the address. */
const guestSubject = (email: string) => `g-${Buffer.from(email).toString('base64url')}`;
const guestOfSubject = (subject: string) =>
  subject.startsWith('g-') ? Buffer.from(subject.slice(2), 'base64url').toString() : null;

/**
 * 'Find my tickets', second step, from the e-mail's link: the paid tickets get new links, e-mailed to
 * the address; `endOld` ends the links they had first. False for a token that is not good (made up,
 * altered, expired, a deleted account).
 */
export async function confirmFindTickets(deps: FindDeps, token: string, endOld = false): Promise<boolean> {
  const subject = findTokenAccount(deps.secret, token);
  if (!subject) return false;
  const guest = guestOfSubject(subject);
  if (guest !== null) {
    const tickets = (await ticketFacts(deps.db, paidTicketsOf(null, guest))).slice(0, FIND_MAX);
    if (tickets.length > 0) await sendNewLinks(deps, guest, tickets, 'find', { endOld });
    return true;
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, subject));
  if (!user || user.deletedAt) return false;
  const tickets = (await ticketFacts(deps.db, paidTicketsOf(user.id, user.email.toLowerCase()))).slice(
    0,
    FIND_MAX,
  );
  if (tickets.length > 0) await sendNewLinks(deps, user.email, tickets, 'find', { endOld });
  return true;
}
