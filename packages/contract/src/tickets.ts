/** The ticket link's rules and words (issue #18); the schemas are in tickets.schema.ts. */

/** What the holder of a ticket link sees: usable, already used at the stop or door, or given back. */
export const TICKET_LINK_STATUSES = ['valid', 'claimed', 'refunded'] as const;
export type TicketLinkStatus = (typeof TICKET_LINK_STATUSES)[number];

export function ticketLinkStatus(order: { status: string; qrCodeScanned: boolean }): TicketLinkStatus {
  if (order.status === 'refunded') return 'refunded';
  return order.qrCodeScanned ? 'claimed' : 'valid';
}

/** The link's path: /t/{token}. The token is 32 random bytes in base64url (43 characters). */
export const ticketLinkPath = (token: string): string => `/t/${token}`;

export const TICKET_LINK_MESSAGES = {
  notFound: 'This ticket link is not valid. It may have been replaced by a newer one.',
  /** The same words whether or not the address has tickets (nobody learns who bought here). */
  findSent:
    'If this address has tickets with us, their links are on their way to it. Please check your e-mail (and the spam folder).',
  resent: 'A new ticket link is on its way to your e-mail address. The old link no longer works.',
} as const;
