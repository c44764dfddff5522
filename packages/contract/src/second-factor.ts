/**
 * The second factor's refusals (decision 051), apart from the other sign-in words so that they travel
 * with the sign-in and account pages (the pages catalogue, lingui.config.ts), not the first load.
 */
export const SECOND_FACTOR_MESSAGES = {
  secondFactorWrong: /*i18n*/ 'This code is not right, or it was already used.',
  secondFactorExpired: /*i18n*/ 'The sign-in took too long. Please sign in again.',
  secondFactorSetupRequired: /*i18n*/ 'Set up your authenticator app before you continue.',
  secondFactorAlreadyOn: /*i18n*/ 'Your authenticator app is already turned on.',
  secondFactorNotStarted: /*i18n*/ 'Start the set-up of the authenticator app again.',
  secondFactorCannotTurnOff: /*i18n*/ 'Your account needs its authenticator app: it cannot be turned off.',
  secondFactorNoAccount: 'No account has this email address.',
} as const;
