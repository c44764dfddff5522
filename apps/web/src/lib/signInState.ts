/**
 * What travels with a visitor to the sign-in page in the router's location state, and on through
 * 'Create Account' and back: the page to return to, why they were sent (a guest's Checkout), the
 * ticket choice to restore there, and the e-mail of an account just created.
 */
export type TicketSelection = {
  date: string;
  adults: number;
  youths: number;
  /** The chosen time of a package sold in slots: checked against the day's times when restored. */
  slotId?: string;
};

export type SignInState = {
  /** The page to return to after signing in: a path inside this site. */
  from?: string;
  /** A guest pressed Checkout: the sign-in page says so. */
  reason?: 'checkout';
  /** The guest's choice on the ticket page, restored there after signing in. */
  selection?: TicketSelection;
  /** Set by the registration page: the account was created with this e-mail. */
  registered?: string;
};

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/** The location state as a SignInState, keeping only well-formed parts (it can come from history). */
export function readSignInState(state: unknown): SignInState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const out: SignInState = {};
  if (typeof s.from === 'string' && s.from.startsWith('/') && !s.from.startsWith('//')) out.from = s.from;
  if (s.reason === 'checkout') out.reason = 'checkout';
  if (typeof s.registered === 'string' && s.registered.length <= 300) out.registered = s.registered;
  const sel = s.selection as Record<string, unknown> | undefined;
  if (sel && typeof sel.date === 'string' && isCount(sel.adults) && isCount(sel.youths))
    out.selection = {
      date: sel.date,
      adults: sel.adults,
      youths: sel.youths,
      ...(typeof sel.slotId === 'string' && sel.slotId.length <= 100 ? { slotId: sel.slotId } : {}),
    };
  return out;
}
