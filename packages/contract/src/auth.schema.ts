/**
 * zod schemas of the accounts calls (auth.api.ts; spec §7). Kept apart from the pure rules (auth.ts) so
 * a bundle that uses only the rules (the visitor's web app) carries no zod.
 *
 * Request bodies state the shape (which fields, all strings). The rules a field must follow, each
 * with the spec's own message and in the spec's order (e-mail, phone, password; §5), are checked by
 * the server with the pure functions of auth.ts and validation.ts, which the web forms use too; a body
 * that does not have the shape gets the entry's `invalid` message.
 */
import { z } from 'zod';
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  RESET_CODE_LENGTH,
} from './auth';
import { apiErrorSchema } from './endpoint';
import { ERROR_CODES } from './error-codes';

const PASSWORD_RULE = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common password.`;
const PHONE_RULE = `Digits only, ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} of them.`;

// ---- Errors ----------------------------------------------------------------------------------------

/**
 * 401 of the token calls and of every Bearer call, DRF-style: `detail` is the message (also in
 * `error`), `code` is 'token_not_valid' for a bad, expired or revoked token.
 */
export const authErrorSchema = apiErrorSchema.extend({ detail: z.string() }).meta({
  examples: [
    {
      error: 'Token is invalid or expired',
      detail: 'Token is invalid or expired',
      code: ERROR_CODES.tokenNotValid,
    },
  ],
});
/** 429 of the accounts calls: the message says how many minutes to wait; retry_after in seconds. */
export const authRateLimitedSchema = apiErrorSchema
  .extend({ detail: z.string(), retry_after: z.number().int() })
  .meta({
    examples: [
      {
        error: 'Too many attempts. Please wait 15 minutes and try again.',
        detail: 'Too many attempts. Please wait 15 minutes and try again.',
        code: ERROR_CODES.rateLimited,
        retry_after: 900,
      },
    ],
  });

// ---- Tokens ----------------------------------------------------------------------------------------

/** POST /api/api/token/ : username is the account's e-mail (any casing, spaces around ignored). */
export const tokenObtainRequestSchema = z
  .object({
    username: z.string().trim().min(1).meta({ description: "The account's e-mail address." }),
    password: z.string().min(1),
  })
  .meta({ examples: [{ username: 'ada@example.com', password: 'colosseum at dawn' }] });
/** 200 from token/ and token/refresh/. */
export const tokenPairSchema = z
  .object({
    access: z.string().meta({ description: 'Bearer token for the calls that need one; 15 minutes.' }),
    refresh: z.string().meta({ description: 'Single use: token/refresh/ answers the next pair; 7 days.' }),
  })
  .meta({ examples: [{ access: 'eyJhbGciOiJIUzI1NiJ9.a.b', refresh: 'eyJhbGciOiJIUzI1NiJ9.c.d' }] });
/**
 * A sign-in of an account with a second factor (decision 051): no token, the proof that the password
 * was right, which POST /api/session/second-factor/ takes with the code.
 */
export const secondFactorChallengeSchema = z
  .object({
    second_factor: z
      .literal('totp')
      .meta({ description: 'An authenticator code or a recovery code is wanted.' }),
    pending: z.string().meta({ description: 'Good for 5 minutes, for this account only; not a token.' }),
    expires_in: z.number().int(),
  })
  .meta({ examples: [{ second_factor: 'totp', pending: 'p1.Ab3.1764300000.q1w2e3', expires_in: 300 }] });
export const signInAnswerSchema = z.union([
  tokenPairSchema.extend({
    second_factor_setup: z
      .literal(true)
      .optional()
      .meta({ description: "Present when the account's role needs a second factor it does not have yet." }),
  }),
  secondFactorChallengeSchema,
]);
/** POST /api/session/second-factor/ : the pending proof and a code (6 digits, or a recovery code). */
export const secondFactorSignInRequestSchema = z
  .object({
    pending: z.string().min(1).max(300),
    code: z.string().min(1, 'Please enter the code.').max(40),
  })
  .meta({ examples: [{ pending: 'p1.Ab3.1764300000.q1w2e3', code: '123456' }] });
/** GET /api/account/second-factor/ */
export const secondFactorStateSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean().meta({ description: "The account's role needs a second factor." }),
    recovery_codes_left: z.number().int(),
  })
  .meta({ examples: [{ enabled: true, required: false, recovery_codes_left: 9 }] });
/** POST /api/account/second-factor/setup/ */
export const secondFactorSetupSchema = z
  .object({
    secret: z.string().meta({ description: 'Base32, for typing into the app by hand.' }),
    uri: z.string().meta({ description: 'The otpauth:// URI the QR code carries.' }),
    qr_svg: z.string().meta({ description: 'The QR code of the URI, as an SVG picture.' }),
  })
  .meta({
    examples: [
      {
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Rome%20Tickets:a%40b.it?secret=JBSWY3DPEHPK3PXP',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      },
    ],
  });
export const secondFactorCodeRequestSchema = z
  .object({ code: z.string().min(1, 'Please enter the code.').max(40) })
  .meta({ examples: [{ code: '123456' }] });
export const recoveryCodesSchema = z
  .object({ recovery_codes: z.array(z.string()).meta({ description: 'Shown once; each works once.' }) })
  .meta({ examples: [{ recovery_codes: ['k7qm-2xwp-d9fa'] }] });
export const secondFactorOffRequestSchema = z
  .object({
    password: z.string().min(1, 'Please enter your password.').max(1000),
    code: z.string().min(1, 'Please enter the code.').max(40),
  })
  .meta({ examples: [{ password: 'correct horse battery staple', code: '123456' }] });
export const secondFactorResetRequestSchema = z
  .object({ email: z.string().min(1).max(320) })
  .meta({ examples: [{ email: 'lost.phone@example.com' }] });
/** POST /api/api/token/refresh/ : the refresh token is single use; the answer is a new pair. */
export const tokenRefreshRequestSchema = z
  .object({ refresh: z.string().min(1) })
  .meta({ examples: [{ refresh: 'eyJhbGciOiJIUzI1NiJ9.c.d' }] });
/** POST /api/api/token/verify/ : 200 {} when the token (refresh or access) is good. */
export const tokenVerifyRequestSchema = z
  .object({ token: z.string().min(1) })
  .meta({ examples: [{ token: 'eyJhbGciOiJIUzI1NiJ9.c.d' }] });
/** POST /api/api/token/blacklist/ : 200 {} and the token's whole sign-in is over (logout). */
export const tokenBlacklistRequestSchema = tokenRefreshRequestSchema;
/**
 * POST /api/session/refresh/ (the web app's session, beside the spec's token calls): the refresh token
 * travels in an HttpOnly cookie; a body `refresh` (fresh from a sign-in, or left in localStorage by an
 * older version of the app) is spent once to start that cookie.
 */
export const sessionRefreshRequestSchema = z
  .object({ refresh: z.string().min(1).optional() })
  .meta({ examples: [{}, { refresh: 'eyJhbGciOiJIUzI1NiJ9.c.d' }] });
/** The access token only: the next refresh token is in the cookie, out of reach of page scripts. */
export const sessionAccessSchema = z
  .object({
    access: z.string().meta({ description: 'Bearer token for the calls that need one; 15 minutes.' }),
    page_key: z
      .string()
      .optional()
      .meta({
        description:
          'After a sign-in handed over in the body: the key this page sends in X-Page-Key on its next ' +
          'renewals (decision 032). A page loaded later finds its key in the page itself.',
      }),
  })
  .meta({ examples: [{ access: 'eyJhbGciOiJIUzI1NiJ9.a.b' }] });
/** POST /api/session/step-up/: the signed-in person's password, again. */
export const stepUpRequestSchema = z
  .object({ password: z.string().min(1, 'Please enter your password.').max(1000) })
  .meta({ examples: [{ password: 'correct horse battery staple' }] });
export const stepUpAnswerSchema = z
  .object({
    step_up: z.string().meta({ description: 'Sent in X-Step-Up with the superuser writes that want it.' }),
    expires_in: z.number().int().meta({ description: 'Seconds it stays good.' }),
  })
  .meta({ examples: [{ step_up: '1764300000.q1w2e3', expires_in: 600 }] });
/** POST /api/session/end/ takes an empty object. */
export const sessionEndRequestSchema = z.object({}).meta({ examples: [{}] });
/** 200 {} of token/verify/ and token/blacklist/. */
export const emptyAnswerSchema = z.object({}).meta({ examples: [{}] });

// ---- Registration ----------------------------------------------------------------------------------

/** POST /api/register/ : every field required. */
export const registrationRequestSchema = z
  .object({
    full_name: z.string().meta({ description: `At most ${FULL_NAME_MAX_LENGTH} characters.` }),
    email: z.string(),
    phone_number: z.string().meta({ description: PHONE_RULE }),
    password: z.string().meta({ description: PASSWORD_RULE }),
  })
  .meta({
    examples: [
      {
        full_name: 'Ada Rossi',
        email: 'ada@example.com',
        phone_number: '3901234567',
        password: 'colosseum at dawn',
      },
    ],
  });
/** 201 {registered: true}. */
export const registrationResponseSchema = z
  .object({ registered: z.literal(true) })
  .meta({ examples: [{ registered: true }] });
/** 400 (or 409 for a taken e-mail) {registered: false, error, code}. */
export const registrationErrorSchema = apiErrorSchema
  .extend({ registered: z.literal(false).optional() })
  .meta({
    examples: [
      {
        registered: false,
        error: 'An account with this email address already exists.',
        code: ERROR_CODES.emailTaken,
      },
    ],
  });

// ---- Password reset --------------------------------------------------------------------------------

/** POST /api/request-password-reset/ : always 200 {message} for a well-formed address. */
export const passwordResetRequestSchema = z
  .object({ email: z.string() })
  .meta({ examples: [{ email: 'ada@example.com' }] });
/** POST /api/verify-reset-code/ : 200 {message}, or 400 {error}. */
export const verifyResetCodeRequestSchema = z
  .object({
    email: z.string(),
    code: z.string().meta({ description: `The ${RESET_CODE_LENGTH} digits e-mailed to the address.` }),
    new_password: z.string().meta({ description: PASSWORD_RULE }),
  })
  .meta({ examples: [{ email: 'ada@example.com', code: '042517', new_password: 'trastevere by night' }] });
export const messageResponseSchema = z.object({ message: z.string() }).meta({
  examples: [{ message: 'Your password has been reset. You can now log in with your new password.' }],
});

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
const profileExample: Profile = {
  username: 'Ada Rossi',
  email: 'ada@example.com',
  phone_number: '3901234567',
  total_bookings: 3,
  member_since: '2026-05-01T09:30:00.000Z',
  total_spent: 58.5,
};
/** GET /api/profile/ (Bearer). */
export const profileResponseSchema = z
  .object({ data: profileSchema })
  .meta({ examples: [{ data: profileExample }] });
/** PUT /api/profile/update/ (Bearer): both fields required. */
export const profileUpdateRequestSchema = z
  .object({
    email: z.string(),
    phone_number: z.string().meta({ description: PHONE_RULE }),
    current_password: z.string().optional().meta({
      description:
        'Needed only when the e-mail address changes: the previous address is told, with a link that undoes the change, and every other sign-in ends.',
    }),
  })
  .meta({
    examples: [
      { email: 'ada@example.com', phone_number: '3907654321' },
      { email: 'ada.new@example.com', phone_number: '3907654321', current_password: 'my current password' },
    ],
  });
/** POST /api/profile/email-change/undo/: the token from the link e-mailed to the previous address. */
export const emailUndoRequestSchema = z
  .object({ token: z.string().min(1).max(200) })
  .meta({ examples: [{ token: 'k3J9...' }] });
/** 200 {message: 'Profile updated successfully', data}; 400 {error}. */
export const profileUpdateResponseSchema = z
  .object({ message: z.string(), data: profileSchema })
  .meta({ examples: [{ message: 'Profile updated successfully', data: profileExample }] });
/** POST /api/profile/change-password/ (Bearer). */
export const changePasswordRequestSchema = z
  .object({
    current_password: z.string(),
    new_password: z.string().meta({ description: PASSWORD_RULE }),
  })
  .meta({ examples: [{ current_password: 'colosseum at dawn', new_password: 'via appia antica 42' }] });
/**
 * 200: every earlier token of the account is void, so the answer carries a fresh pair for this
 * browser (store both). 400 {error}.
 */
export const changePasswordResponseSchema = z
  .object({
    message: z.string(),
    access: z.string(),
    refresh: z.string(),
  })
  .meta({
    examples: [
      {
        message: 'Password changed successfully',
        access: 'eyJhbGciOiJIUzI1NiJ9.a.b',
        refresh: 'eyJhbGciOiJIUzI1NiJ9.c.d',
      },
    ],
  });

// ---- Statistics ------------------------------------------------------------------------------------

export const recentTicketSchema = z.object({
  /** Package title. */
  package: z.string(),
  /** ISO time of the purchase (payment). */
  date: z.string(),
  /** The booked day (YYYY-MM-DD), null for an open-dated ticket. */
  selected_date: z.string().nullable(),
  /** Beside the spec: the booked time's start (ISO, UTC) for a timed entry or departure, else null. */
  visit_at: z.string().nullable().optional(),
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
export const statisticsResponseSchema = z.object({ data: statisticsSchema }).meta({
  examples: [
    {
      data: {
        total_purchases: 3,
        total_spent: 58.5,
        recent_purchases: 2,
        recent_spent: 33.5,
        purchase_breakdown: { bus_tours: 2, museum_tickets: 1 },
        recent_tickets: [
          {
            package: 'Vatican Museums and Sistine Chapel',
            date: '2026-05-01T09:30:00.000Z',
            selected_date: '2026-05-03',
            ticket_count: 3,
            total_price: 18.5,
          },
        ],
      },
    },
  ],
});

// ---- Roles -----------------------------------------------------------------------------------------

/** GET /api/check-editor/ (Bearer). */
export const checkEditorResponseSchema = z
  .object({ is_editor: z.boolean() })
  .meta({ examples: [{ is_editor: false }] });
/** GET /api/check-superuser/ (Bearer). */
export const checkSuperuserResponseSchema = z
  .object({ is_superuser: z.boolean(), message: z.string() })
  .meta({ examples: [{ is_superuser: false, message: 'User is not a superuser.' }] });
