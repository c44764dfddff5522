import { orderTotalCents } from './money';
import { type CategoryPrice, checkExtraCounts, type ExtraTicket, extraTotalCents } from './price-categories';

/** At most this many tickets of one kind in one order. */
export const MAX_TICKETS_PER_KIND = 50;
export const CHECKOUT_MESSAGES = {
  unknownPackage: /*i18n*/ 'This ticket is not available.',
  dateRequired: /*i18n*/ 'Please select a date first',
  dateNotOffered: /*i18n*/ 'The selected date is not available for this ticket.',
  datePast: /*i18n*/ 'The selected date is in the past.',
  noDateChoice: /*i18n*/ 'This ticket has no date choice.',
  badCount: /*i18n*/ 'Ticket counts must be whole numbers of 0 or more.',
  tooMany: `At most ${MAX_TICKETS_PER_KIND} tickets of one kind per order.`,
  zeroTotal: /*i18n*/ 'Please choose at least one adult or youth ticket.',
  sessionNotFound: /*i18n*/ 'Checkout session not found.',
  guestEmail: /*i18n*/ 'Please enter the e-mail address your tickets should go to.',
  guestAccountTaken:
    /*i18n*/ 'An account already uses this address. Sign in to it, then keep the ticket there.',
  paymentUnavailable: /*i18n*/ 'Payment is not available right now. Please try again in a moment.',
  tooManyHeld:
    /*i18n*/ 'Too many unpaid tickets are on hold from your network right now. Please pay for them or try again in a few minutes.',
} as const;

/**
 * What may be held unpaid at once (orders/hold-limits.ts on the server): a buyer's new checkout
 * replaces their earlier hold; one address holds at most `placesPerAddress` places across accounts; a
 * reseller key at most `placesPerReseller` on unconfirmed bookings; a booking is held at most
 * `bookingHoldMinutes` from when it was made, extensions included.
 */
export const HOLD_LIMITS = {
  placesPerAddress: 60,
  placesPerReseller: 500,
  bookingHoldMinutes: 120,
} as const;
const parseCount = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return 0;
  const s = String(v).trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  return Number(s);
};
/**
 * Checks an order against the package, the spec's rules and the limits. `today` is the shop's
 * local date (YYYY-MM-DD). Returns the counts and total, or the first problem found. `extras`: the
 * package's category prices and the counts sent beside the spec's (decision 070), priced into the total.
 */
export function validateCheckout(
  pkg: { dates: string[]; adultPriceCents: number; youthPriceCents: number },
  input: { date?: string; adult_count: unknown; youth_count: unknown; infant_count?: unknown },
  today: string,
  extras: { prices: readonly CategoryPrice[]; counts: unknown } = { prices: [], counts: undefined },
):
  | {
      ok: true;
      adults: number;
      youths: number;
      infants: number;
      date: string | null;
      totalCents: number;
      extras: ExtraTicket[];
    }
  | { ok: false; error: string } {
  const adults = parseCount(input.adult_count);
  const youths = parseCount(input.youth_count);
  const infants = parseCount(input.infant_count);
  if (adults === null || youths === null || infants === null)
    return { ok: false, error: CHECKOUT_MESSAGES.badCount };
  if (adults > MAX_TICKETS_PER_KIND || youths > MAX_TICKETS_PER_KIND || infants > MAX_TICKETS_PER_KIND) {
    return { ok: false, error: CHECKOUT_MESSAGES.tooMany };
  }
  const date = (input.date ?? '').trim();
  if (pkg.dates.length > 0) {
    if (!date) return { ok: false, error: CHECKOUT_MESSAGES.dateRequired };
    if (!pkg.dates.includes(date)) return { ok: false, error: CHECKOUT_MESSAGES.dateNotOffered };
    if (date < today) return { ok: false, error: CHECKOUT_MESSAGES.datePast };
  } else if (date) {
    return { ok: false, error: CHECKOUT_MESSAGES.noDateChoice };
  }
  const lines = checkExtraCounts(extras.prices, extras.counts);
  if (!lines.ok) return lines;
  const totalCents =
    orderTotalCents(
      { adults, youths },
      { adultCents: pkg.adultPriceCents, youthCents: pkg.youthPriceCents },
    ) + extraTotalCents(lines.lines);
  if (totalCents <= 0) return { ok: false, error: CHECKOUT_MESSAGES.zeroTotal };
  return { ok: true, adults, youths, infants, date: date || null, totalCents, extras: lines.lines };
}
// Made once: building an Intl.DateTimeFormat costs far more than formatting with it.
const romeDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Today's date in Rome, where the tickets are used. */
export const romeToday = (now = new Date()): string => romeDayFormat.format(now);

/**
 * Agents' security codes are exactly this many digits. Spec §5 moves focus away from the claim page's
 * code field once it holds 4 characters, so a longer code could never be typed there (only pasted):
 * the codes are as long as the point where the field hands over to the Claim button.
 */
export const AGENT_CODE_LENGTH = 4;
export const isAgentCode = (code: string): boolean => new RegExp(`^\\d{${AGENT_CODE_LENGTH}}$`).test(code);

/**
 * How a ticket's day stands against today's date in Rome, for the agent who claims it: 'open' when it
 * has no date, otherwise whether the day is today, still to come or already past.
 */
export function ticketDayStatus(
  selectedDate: string | null,
  today: string,
): 'open' | 'today' | 'future' | 'past' {
  if (!selectedDate) return 'open';
  if (selectedDate === today) return 'today';
  return selectedDate > today ? 'future' : 'past';
}

/**
 * The claim page's day warning: a ticket not claimed yet, for another Rome day than today. A claimed
 * ticket is judged by its claim alone: its EXPIRED badge (spec §4) says it, and a 'Not valid yet' beside
 * it told the agent two contrary things.
 */
export function claimDayWarning(
  claimed: boolean,
  selectedDate: string | null,
  today: string,
): 'future' | 'past' | null {
  if (claimed) return null;
  const status = ticketDayStatus(selectedDate, today);
  return status === 'future' || status === 'past' ? status : null;
}

/**
 * The order reference a buyer sees (success page) and quotes to support: the first 8 letters and
 * digits of the order's unique id, upper case, in two groups ('K3JD-9SQ2'). The unique id itself
 * (22 characters of base64url) is too long to read out; 8 case-folded characters still leave about
 * 36^8 references, so a reference plus the buyer's e-mail finds one order.
 */
export function orderReference(uniqueId: string): string {
  const chars = uniqueId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return chars.length > 4 ? `${chars.slice(0, 4)}-${chars.slice(4)}` : chars;
}

/** The tickets of an order in words: '2 adults, 1 youth' (children 0-5 travel free, named if any). */
export function ticketCountsText(c: { adults: number; youths: number; infants?: number }): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [];
  if (c.adults > 0) parts.push(part(c.adults, 'adult', 'adults'));
  if (c.youths > 0) parts.push(part(c.youths, 'youth', 'youths'));
  if ((c.infants ?? 0) > 0) parts.push(part(c.infants!, 'child (free)', 'children (free)'));
  return parts.join(', ');
}
