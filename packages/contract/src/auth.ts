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
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 10;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** A refresh token family (one sign-in and its rotations) never outlives this. */
export const REFRESH_FAMILY_MAX_SECONDS = 30 * 24 * 3600;
/** The server's texts for the accounts calls (shown by the client as they are). */
export const AUTH_MESSAGES = {
  badCredentials: 'No active account found with the given credentials',
  tokenNotValid: 'Token is invalid or expired',
  notAuthenticated: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
  fieldsRequired: 'All fields are required.',
  emailInvalid: 'Please enter a valid email address.',
  emailTaken: 'An account with this email address already exists.',
  emailInUse: 'This email address is already used by another account.',
  phoneInvalid: 'Phone number must be at least 10 digits and numeric.',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long.',
  passwordTooCommon: 'This password is too common.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordUnchanged: 'The new password must be different from the current password.',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile updated successfully',
  resetRequested: 'If an account exists for this email address, a reset code has been sent to it.',
  resetInvalid: 'Invalid or expired code.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
} as const;
/** Length and common-list rules apply on the server; this is the length part the form can check too. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}
