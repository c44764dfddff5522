/**
 * Words the server sends that a visitor or an agent reads on a storefront page, beside the contract's
 * refusals (decision 024): the agent claim page's answers (spec §2, §4) and a buyer's cancellation. The
 * server always sends this English; each text is marked for the `pages` catalogue (lingui.config.ts
 * REFUSALS), so the page shows it in its own language by looking its English up (the web's
 * `errorMessage` and `serverWords`).
 */

export const CLAIM_MESSAGES = {
  notFound: /*i18n*/ 'Ticket not found.',
  ready: /*i18n*/ 'Ticket is valid and ready to be claimed.',
  wrongCode: /*i18n*/ 'Invalid agent name or security code.',
  locked: /*i18n*/ 'Too many wrong security codes for this ticket. Try again in 15 minutes.',
  agentLocked:
    /*i18n*/ "This agent's security code is locked after too many wrong tries. Try again in an hour, or from the desk where it was last used.",
  tooManyFailures: /*i18n*/ 'Too many failed claims from this address. Please wait a while and try again.',
  claimed: /*i18n*/ 'Ticket claimed successfully.',
  /**
   * The claim's body broke the contract: checkout.api.ts's `invalid`, written there again so that the
   * API table (in every first load) does not take these words along.
   */
  invalid: /*i18n*/ 'Agent name and security code are required.',
} as const;

/**
 * The claim info's message for a ticket claimed before the page opened: when (Rome time, the page's
 * date words) and by whom. A catalogue message, so the claim page writes it in its language from the
 * claim info's `claimed_at` and `claimed_by`.
 */
export const ALREADY_CLAIMED_MESSAGES = {
  by: /*i18n*/ 'This ticket was already claimed on {when} by {by}.',
  nobody: /*i18n*/ 'This ticket was already claimed on {when}.',
} as const;

/** The English the server sends in `msg` for a claimed ticket (`when` already in words). */
export const alreadyClaimedText = (when: string, by: string | null): string =>
  by
    ? ALREADY_CLAIMED_MESSAGES.by.replace('{when}', when).replace('{by}', by)
    : ALREADY_CLAIMED_MESSAGES.nobody.replace('{when}', when);

/** A dated ticket shown at the door on another day (code wrong_date); `day` in the page's date words. */
export const WRONG_DAY_MESSAGE = /*i18n*/ 'This ticket is for {day}, not today.';

/** What a buyer reads after cancelling their ticket (purchase history, ticket link). */
export const CANCEL_MESSAGES = {
  refunded: /*i18n*/ 'Your ticket is cancelled and refunded. A confirmation e-mail is on its way.',
} as const;
