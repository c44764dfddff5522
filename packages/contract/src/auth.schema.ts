/**
 * zod schemas of auth.ts (requests and responses of spec §7). Kept apart from the pure rules so a
 * bundle that uses only the rules (the visitor's web app) carries no zod.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';

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
/** GET /api/profile/statistics/ (Bearer). */
export const statisticsResponseSchema = z.object({ data: statisticsSchema });
// ---- Roles -----------------------------------------------------------------------------------------

/** GET /api/check-editor/ (Bearer). */
export const checkEditorResponseSchema = z.object({ is_editor: z.boolean() });
/** GET /api/check-superuser/ (Bearer). */
export const checkSuperuserResponseSchema = z.object({ is_superuser: z.boolean(), message: z.string() });

// Types inferred from the schemas above (the web imports them as types only, so it carries no zod).
export type Profile = z.infer<typeof profileSchema>;
export type Statistics = z.infer<typeof statisticsSchema>;
