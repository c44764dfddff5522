/**
 * Accounts API (spec §3, §7): sign-in tokens, registration, password reset, profile, statistics and
 * role checks. Request schemas describe what the client sends; the server checks the same rules and
 * answers the spec's fields (`error`, `detail`, `message`, `data`).
 *
 * Money in these answers (total_spent, recent_spent, total_price) is a JSON number of euros rounded
 * to 2 decimals (58.5 means €58.50): format it with `value.toFixed(2)`.
 * Times (member_since, recent_tickets[].date) are ISO 8601 strings in UTC.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 150;
/** Phone numbers are digits only, 10 to 20 of them (spec §5: at least 10 digits and numeric). */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 20;
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 10;
/** How long the previous address's link can undo an e-mail change. */
export const EMAIL_UNDO_TTL_DAYS = 7;
/** The web page the undo link opens; the token follows in the fragment (`#token=...`), never sent to a server log. */
export const EMAIL_UNDO_PATH = '/undo-email-change';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** A refresh token family (one sign-in and its rotations) never outlives this. */
export const REFRESH_FAMILY_MAX_SECONDS = 30 * 24 * 3600;
/**
 * The server's texts for the accounts calls. Those a customer can meet are marked /*i18n*\/ (the web
 * shows them in the page's language); the ones built from numbers have their catalogue message in
 * refusal.ts; the superuser checks stay English.
 */
export const AUTH_MESSAGES = {
  badCredentials: /*i18n*/ 'No active account found with the given credentials',
  tokenNotValid: /*i18n*/ 'Token is invalid or expired',
  notAuthenticated: /*i18n*/ 'Authentication credentials were not provided.',
  forbidden: /*i18n*/ 'You do not have permission to perform this action.',
  /** A signed-in call from a page without this browser's page key (decision 032). */
  pageKeyRefused: /*i18n*/ 'This page cannot use your sign-in. Reload the page.',
  /** A signed-in call that says it comes from another site. */
  foreignOrigin: /*i18n*/ 'This request must come from the shop itself.',
  credentialsRequired: /*i18n*/ 'Username and password are required.',
  tokenRequired: 'The token field is required.',
  refreshRequired: 'The refresh field is required.',
  fieldsRequired: /*i18n*/ 'All fields are required.',
  profileFieldsRequired: /*i18n*/ 'Email and phone number are required.',
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters long.`,
  emailInvalid: /*i18n*/ 'Please enter a valid email address.',
  emailTaken: /*i18n*/ 'An account with this email address already exists.',
  emailInUse: /*i18n*/ 'This email address is already used by another account.',
  phoneInvalid: `Phone number must be at least ${PHONE_MIN_DIGITS} digits and numeric.`,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordTooCommon: /*i18n*/ 'This password is too common.',
  currentPasswordWrong: /*i18n*/ 'Current password is incorrect.',
  passwordUnchanged: /*i18n*/ 'The new password must be different from the current password.',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile updated successfully',
  resetRequested: 'If an account exists for this email address, a reset code has been sent to it.',
  resetInvalid: /*i18n*/ 'Invalid or expired code.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  tooManyAttempts: /*i18n*/ 'Too many attempts. Please wait a while and try again.',
  emailChangeNeedsPassword: /*i18n*/ 'Enter your current password to change your email address.',
  emailChangeUndone:
    /*i18n*/ 'Your previous email address is back and every device has been signed out. If the change was not yours, reset your password now.',
  emailUndoInvalid: /*i18n*/ 'This link is invalid, expired or already used.',
  emailUndoTaken: /*i18n*/ 'Your previous email address now belongs to another account. Please contact us.',
  stepUpRequired: /*i18n*/ 'Confirm your password to do this.',
  isSuperuser: 'User is a superuser.',

  notSuperuser: 'User is not a superuser.',
} as const;

/**
 * A superuser's writes that could hand the shop to someone else (reseller keys, agent accounts and
 * devices, refunds) need the password again, at most this long before (decision 032). The proof is
 * sent in STEP_UP_HEADER.
 */
export const STEP_UP_SECONDS = 10 * 60;
export const STEP_UP_HEADER = 'x-step-up';

/**
 * The second factor (decision 051): an authenticator app's TOTP (RFC 6238: 6 digits, 30-second steps,
 * SHA-1, one step of clock drift either way), or one of RECOVERY_CODE_COUNT one-time recovery codes.
 * After the password, a sign-in of an account with a factor gets a pending proof, good for
 * SECOND_FACTOR_PENDING_SECONDS, and no token.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const SECOND_FACTOR_PENDING_SECONDS = 5 * 60;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Rome Tickets';

/**
 * Whether an account must have a second factor, by its role: superusers and operators' managers
 * (decision 066). Editors, customers and the other operator roles may turn one on.
 */
export function secondFactorRequired(user: { isSuperuser: boolean; isOperatorManager?: boolean }): boolean {
  return user.isSuperuser || user.isOperatorManager === true;
}

/** The one phone rule of registration and profile, on the client and the server: digits only, 10 to 20. */
export const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);
export const isPhoneNumber = (phone: string): boolean => PHONE_PATTERN.test(phone);

/** A reset code as e-mailed: exactly RESET_CODE_LENGTH digits. */
export const RESET_CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);
export const isResetCode = (code: string): boolean => RESET_CODE_PATTERN.test(code);

/** Length and common-list rules apply on the server; this is the length part the form can check too. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}
