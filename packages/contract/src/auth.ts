/**
 * Accounts API (spec §3, §7): sign-in tokens, registration, password reset, profile, statistics and
 * role checks. Request schemas describe what the client sends; the server checks the same rules and
 * answers the spec's fields (`error`, `detail`, `message`, `data`).
 *
 * Money in these answers (total_spent, recent_spent, total_price) is a JSON number of euros rounded
 * to 2 decimals (58.5 means €58.50): format it with `value.toFixed(2)`.
 * Times (member_since, recent_tickets[].date) are ISO 8601 strings in UTC.
 */
import { z } from 'zod';

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

// ---- Tokens ----------------------------------------------------------------------------------------

/** POST /api/api/token/ : username is the account's e-mail (any casing). */
export const tokenObtainRequestSchema = z.object({ username: z.string(), password: z.string() });
/** 200 from token/ and token/refresh/. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
/** POST /api/api/token/refresh/ : the refresh token is single use; the answer is a new pair. */
export const tokenRefreshRequestSchema = z.object({ refresh: z.string() });
/** POST /api/api/token/verify/ : 200 {} when the token (refresh or access) is good. */
export const tokenVerifyRequestSchema = z.object({ token: z.string() });
/** POST /api/api/token/blacklist/ : 200 {} and the token's whole sign-in is over (logout). */
export const tokenBlacklistRequestSchema = z.object({ refresh: z.string() });
/** 401 from the token calls (code 'token_not_valid' for a bad token) and from Bearer calls. */
export const detailErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });

// ---- Registration ----------------------------------------------------------------------------------

/** POST /api/register/ ; every field required, phone digits only (10 or more). */
export const registrationRequestSchema = z.object({
  full_name: z.string().min(1),
  email: z.string(),
  phone_number: z.string().regex(/^\d{10,}$/),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
/** 201 {registered: true}; 400 (or 409 for a taken e-mail) {registered: false, error}. */
export const registrationResponseSchema = z.object({
  registered: z.boolean(),
  error: z.string().optional(),
  detail: z.string().optional(),
});

// ---- Password reset --------------------------------------------------------------------------------

/** POST /api/request-password-reset/ : always 200 {message} for a well-formed address. */
export const passwordResetRequestSchema = z.object({ email: z.string() });
/** POST /api/verify-reset-code/ : 200 {message}, or 400 {error}. */
export const verifyResetCodeRequestSchema = z.object({
  email: z.string(),
  code: z.string().regex(/^\d{6}$/),
  new_password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export const messageResponseSchema = z.object({ message: z.string() });
/** 400/409/429 answers of the accounts calls (429 also has retry_after seconds). */
export const errorResponseSchema = z.object({ error: z.string(), retry_after: z.number().optional() });

// ---- Profile ---------------------------------------------------------------------------------------

export const profileSchema = z.object({
  /** The account's full name. */
  username: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** Number of paid orders. */
  total_bookings: z.number().int(),
  /** ISO time the account was created. */
  member_since: z.string(),
  /** Euros, 2 decimals, as a number (58.5 = €58.50). */
  total_spent: z.number(),
});
export type Profile = z.infer<typeof profileSchema>;
/** GET /api/profile/ (Bearer). */
export const profileResponseSchema = z.object({ data: profileSchema });

/** PUT /api/profile/update/ (Bearer): both fields required. */
export const profileUpdateRequestSchema = z.object({ email: z.string(), phone_number: z.string() });
/** 200 {message: 'Profile updated successfully', data}; 400 {error}. */
export const profileUpdateResponseSchema = z.object({ message: z.string(), data: profileSchema });

/** POST /api/profile/change-password/ (Bearer). */
export const changePasswordRequestSchema = z.object({
  current_password: z.string(),
  new_password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
/**
 * 200: every earlier token of the account is void, so the answer carries a fresh pair for this
 * browser (store both). 400 {error}.
 */
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  access: z.string(),
  refresh: z.string(),
});

// ---- Statistics ------------------------------------------------------------------------------------

export const recentTicketSchema = z.object({
  /** Package title. */
  package: z.string(),
  /** ISO time of the purchase (payment). */
  date: z.string(),
  /** The booked day (YYYY-MM-DD), null for an open-dated ticket. */
  selected_date: z.string().nullable(),
  /** Adults plus youths (infants travel free and need no ticket). */
  ticket_count: z.number().int(),
  /** Euros, 2 decimals, as a number. */
  total_price: z.number(),
});
export const statisticsSchema = z.object({
  /** Paid orders, ever. */
  total_purchases: z.number().int(),
  total_spent: z.number(),
  /** Paid orders of the last 30 days. */
  recent_purchases: z.number().int(),
  recent_spent: z.number(),
  /** Paid orders by the package's ticket_type; shares are of total_purchases. */
  purchase_breakdown: z.object({ bus_tours: z.number().int(), museum_tickets: z.number().int() }),
  /** The 5 latest paid orders, newest first. */
  recent_tickets: z.array(recentTicketSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;
/** GET /api/profile/statistics/ (Bearer). */
export const statisticsResponseSchema = z.object({ data: statisticsSchema });

// ---- Roles -----------------------------------------------------------------------------------------

/** GET /api/check-editor/ (Bearer). */
export const checkEditorResponseSchema = z.object({ is_editor: z.boolean() });
/** GET /api/check-superuser/ (Bearer). */
export const checkSuperuserResponseSchema = z.object({ is_superuser: z.boolean(), message: z.string() });
