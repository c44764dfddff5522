/** The ticket link's rules and words (decision 019); the schemas are in tickets.schema.ts. */

/** What the holder of a ticket link sees: usable, already used at the stop or door, or given back. */
export const TICKET_LINK_STATUSES = ['valid', 'claimed', 'refunded'] as const;
export type TicketLinkStatus = (typeof TICKET_LINK_STATUSES)[number];

export function ticketLinkStatus(order: { status: string; qrCodeScanned: boolean }): TicketLinkStatus {
  if (order.status === 'refunded') return 'refunded';
  return order.qrCodeScanned ? 'claimed' : 'valid';
}

/**
 * The ticket link's service worker (built by apps/web/vite.config.ts, registered by the link's page for
 * its own /t/ scope): the page reloads with no network (decision 019).
 */
export const TICKET_WORKER_FILE = 'ticket-sw.js';
/** The worker's cache of ticket link pages; the page puts itself in it once the worker is there. */
export const TICKET_PAGES_CACHE = 'ticket-pages';

/** The scope a ticket link's page registers the worker for: its path up to /t/ ('/it/t/' in Italian). */
export const ticketWorkerScope = (pathname: string): string | null =>
  /^(\/[a-z]{2})?\/t\//.exec(pathname)?.[0] ?? null;

/** The link's path: /t/{token}. The token is 32 random bytes in base64url (43 characters). */
export const ticketLinkPath = (token: string): string => `/t/${token}`;

export const TICKET_LINK_MESSAGES = {
  notFound: /*i18n*/ 'This ticket link is not valid. It may have been replaced by a newer one.',
  /** The same words whether or not the address has tickets (nobody learns who bought here). */
  findSent:
    /*i18n*/ 'If this address has tickets with us, an e-mail is on its way to it: open the link in it to get your ticket links. Please check your e-mail (and the spam folder).',
  /** After the owner opened the e-mail's link and asked: the new links go out, the old ones keep working. */
  findConfirmed:
    /*i18n*/ 'Your ticket links are on their way to your e-mail. Links you sent or forwarded before keep working.',
  /** The same, when the owner chose to end the links sent before. */
  findConfirmedEnded:
    /*i18n*/ 'Your new ticket links are on their way to your e-mail. The links sent before no longer work.',
  findConfirmInvalid: /*i18n*/ 'This link is invalid or has expired. Please ask for your tickets again.',
  resent:
    /*i18n*/ 'A new ticket link is on its way to your e-mail address. Links you sent or forwarded before keep working.',
  linksEnded:
    /*i18n*/ 'The old links no longer open this ticket. A new link is on its way to your e-mail address.',
} as const;

/** The refusals of a buyer's own ticket (success page, purchase history, wallet), in every language. */
export const TICKET_MESSAGES = {
  notFound: /*i18n*/ 'Ticket not found.',
  notPaid: /*i18n*/ 'This order was not paid.',
  resendRefunded: /*i18n*/ 'Only a paid ticket can be sent again. This one was refunded.',
  walletNotPaid: /*i18n*/ 'Only a paid ticket goes into a wallet.',
  appleWalletNotAvailable: /*i18n*/ 'Apple Wallet passes are not available.',
  googleWalletNotAvailable: /*i18n*/ 'Google Wallet passes are not available.',
} as const;
