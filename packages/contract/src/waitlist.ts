/**
 * The waiting list of a sold-out time (decision 063): a visitor joins with an e-mail address and how
 * many places; when places come back (a refund, a hold run out, more capacity), the first in line
 * whose number fits is offered them, held for a while, with a link to pay. The pure rules and words.
 */
import { MAX_TICKETS_PER_KIND } from './checkout';

/** An entry's life: waiting in line, offered (places held until a time), bought, expired, left. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'bought', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** How many places one entry may ask for: what one checkout of the offer can buy (adults). */
export const WAITLIST_MAX_PLACES = MAX_TICKETS_PER_KIND;
/** How long an offer holds its places by default (minutes; WAITLIST_OFFER_MINUTES). */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 30;
/** Joins per client address and per e-mail address in an hour: a person joins a few times, a script many. */
export const WAITLIST_JOIN_LIMIT = { perAddress: 20, perEmail: 5, windowSeconds: 3600 } as const;

/** The query parameter of the ticket page that carries an offer's token (the e-mail's link). */
export const WAITLIST_OFFER_PARAM = 'offer';
/** The query parameter of the ticket page that carries an entry's leave token. */
export const WAITLIST_LEAVE_PARAM = 'leave_waitlist';

export const WAITLIST_MESSAGES = {
  joined: /*i18n*/ 'You are on the waiting list. We will e-mail you as soon as places come back.',
  notSoldOut: /*i18n*/ 'This time still has places: you can book it now.',
  notOpen: /*i18n*/ 'This time can no longer be booked.',
  places: /*i18n*/ 'Choose how many places you need, from 1 to 50.',
  alreadyOffered: /*i18n*/ 'Places are already held for you: see the e-mail we sent you.',
  left: /*i18n*/ 'You have left the waiting list.',
  linkInvalid: /*i18n*/ 'This waiting-list link is not valid.',
  offerGone:
    /*i18n*/ 'This offer has run out or was used. You are no longer on the waiting list for this time.',
} as const;

/**
 * Which entry gets freed places (decision 063): the first in line whose number fits what is free. Who
 * asked for more than is free waits for the next places (pretix does the same): the places do not
 * stay empty for a party of six while a party of two could have had them. Several entries may be
 * offered in one pass while places are left. `entries` in line order; answers the offered ones.
 */
export function entriesToOffer<E extends { places: number }>(entries: readonly E[], free: number): E[] {
  const out: E[] = [];
  let left = free;
  for (const e of entries) {
    if (left <= 0) break;
    if (e.places <= left) {
      out.push(e);
      left -= e.places;
    }
  }
  return out;
}
