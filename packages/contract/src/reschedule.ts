/**
 * Moving a paid ticket to another time of the same product from its ticket link, or by a reseller's
 * booking update (decision 067): the rule's numbers and the refusals the buyer reads.
 */

/**
 * How many times the holder of a booking may move it (the ticket link and a reseller's update count
 * alike). A move after a closure (decision 059) is the shop's doing and does not count.
 */
export const MAX_TICKET_MOVES = 2;

/** How far ahead the ticket link offers other times, in days (the storefront's calendar shows as far). */
export const RESCHEDULE_DAYS = 60;

/** The answers a buyer reads (translated in the web catalogue; a reseller reads them in English). */
export const RESCHEDULE_MESSAGES = {
  notPaid: /*i18n*/ 'Only a paid ticket can be moved to another time.',
  used: /*i18n*/ 'This ticket has been used and can no longer be moved.',
  openDated: /*i18n*/ 'This ticket is valid on any day: there is no time to change.',
  afterCutoff: /*i18n*/ 'It is too late to change the time of this ticket.',
  limit: /*i18n*/ 'This ticket has already been moved as many times as it can be.',
  reseller: /*i18n*/ 'This ticket was booked through a partner: ask them to change its time.',
  disruption: /*i18n*/ 'This visit was cancelled by us: choose what happens to your ticket above.',
  chooseTime: /*i18n*/ 'Please choose another time of this ticket.',
  sameTime: /*i18n*/ 'Your ticket is already for this time.',
  costsMore: /*i18n*/ 'This time costs more than you paid. To take it, cancel your ticket and buy a new one.',
  invoiced: /*i18n*/ 'This ticket has an invoice, so it can only move to a time at the price you paid.',
  moved:
    /*i18n*/ 'Your ticket is moved to the new time. Use the new QR code: the old one no longer works. A new ticket e-mail is on its way.',
} as const;
