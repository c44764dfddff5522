/**
 * Every machine code an error answer carries (apiErrorSchema's `code`), one list: the general ones of
 * the error handler, then each refusal a call can give. Server and web name a code through this, never
 * as a bare string, so a client's check and the server's answer cannot drift apart.
 */
export const ERROR_CODES = {
  invalid: 'invalid_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'too_large',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  storageFull: 'storage_unavailable',
  internal: 'internal_error',
  // Accounts and sign-in.
  tokenNotValid: 'token_not_valid',
  noActiveAccount: 'no_active_account',
  emailTaken: 'email_taken',
  badCredentials: 'bad_credentials',
  pageKeyRequired: 'page_key_required',
  stepUpRequired: 'step_up_required',
  // The second factor (decision 051).
  secondFactorWrong: 'second_factor_wrong',
  secondFactorExpired: 'second_factor_expired',
  secondFactorSetupRequired: 'second_factor_setup_required',
  alreadySubscribed: 'already_subscribed',
  // Agents and their devices.
  agentAccountTaken: 'agent_account_taken',
  deviceNotValid: 'device_not_valid',
  agentLocked: 'agent_locked',
  agentCodeWrong: 'agent_code_wrong',
  // A ticket at the door.
  ticketRefunded: 'ticket_refunded',
  passExpired: 'pass_expired',
  wrongDate: 'wrong_date',
  alreadyClaimed: 'already_claimed',
  otherOperator: 'other_operator',
  claimLocked: 'claim_locked',
  // Orders, places and slots.
  orderState: 'order_state',
  soldOut: 'sold_out',
  holdLimit: 'hold_limit',
  slotPast: 'slot_past',
  slotClosed: 'slot_closed',
  slotHasOrders: 'slot_has_orders',
  ticketClaimed: 'ticket_claimed',
  cancelCutoff: 'cancel_cutoff',
  // Promo codes (decision 050).
  promoInvalid: 'promo_invalid',
  promoUsedUp: 'promo_used_up',
  // Gift cards (decision 053).
  giftCardInvalid: 'gift_card_invalid',
  giftCardSpent: 'gift_card_spent',
  // A wallet the shop is not set up for.
  notAvailable: 'not_available',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
