/**
 * Operators as users (decision 066): a superuser invites a person to an operator (a company folder)
 * with a role; they then see and change only that operator's things, as far as the role allows.
 */

/**
 * manager: everything of the operator (products, prices, times, closures, bookings, redemptions,
 * agents, statements); sales: reads products, times and bookings; door: reads times and redemptions.
 */
export const OPERATOR_ROLES = ['manager', 'sales', 'door'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who may do what: each operator call names the roles it lets in (a superuser is every operator's manager). */
export const OPERATOR_RIGHTS = {
  readProducts: ['manager', 'sales', 'door'],
  changeProducts: ['manager'],
  readBookings: ['manager', 'sales'],
  readRedemptions: ['manager', 'door'],
  manageAgents: ['manager'],
  readStatements: ['manager'],
  closeForDisruption: ['manager'],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** Each role in a sentence, for the superusers' invitation form and the console. */
export const OPERATOR_ROLE_WORDS: Record<OperatorRole, string> = {
  manager: 'Manager: products, prices, times, closures, bookings, redemptions, agents',
  sales: 'Sales: reads products, times and bookings',
  door: 'Door: reads times and redemptions',
};

/** An invitation's link is good for this long; then a superuser invites again. */
export const OPERATOR_INVITATION_DAYS = 14;

/** The console's path; an invitation's link opens it with `?invitation=`. */
export const OPERATOR_CONSOLE_PATH = '/operator';

export const OPERATOR_MESSAGES = {
  notMember: 'You have no role at this operator.',
  roleRefused: 'Your role at this operator does not allow this.',
  invitationUnknown: 'This invitation is unknown, used or expired. Ask the shop for a new one.',
  invitationOtherAddress:
    'This invitation is for another e-mail address. Sign in with the address it was sent to.',
  invitationTaken: 'Welcome: you are now part of this operator.',
  invited: 'Invitation sent.',
  alreadyInvited: 'This address is already invited to this operator.',
  operatorUnknown: 'No such operator.',
  staffUnknown: 'No such person at an operator.',
  removed: 'Removed.',
  packageUnknown: 'This is not one of your products.',
  slotUnknown: 'This is not one of your times.',
  agentUnknown: 'This is not one of your agents.',
  otherOperatorsTicket:
    "This ticket is another operator's: your agents redeem only their operator's tickets.",
} as const;
