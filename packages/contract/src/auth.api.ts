/**
 * The accounts calls of spec §7: sign-in tokens, registration, password reset, profile, statistics and
 * role checks. Shapes: auth.schema.ts; rules and messages: auth.ts.
 */
import {
  AUTH_MESSAGES,
  EMAIL_UNDO_TTL_DAYS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MINUTES,
} from './auth';
import {
  authErrorSchema,
  authRateLimitedSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  checkEditorResponseSchema,
  checkSuperuserResponseSchema,
  emailUndoRequestSchema,
  emptyAnswerSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  recoveryCodesSchema,
  registrationErrorSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  secondFactorCodeRequestSchema,
  secondFactorOffRequestSchema,
  secondFactorResetRequestSchema,
  secondFactorSetupSchema,
  secondFactorSignInRequestSchema,
  secondFactorStateSchema,
  sessionAccessSchema,
  sessionEndRequestSchema,
  sessionRefreshRequestSchema,
  signInAnswerSchema,
  statisticsResponseSchema,
  stepUpAnswerSchema,
  stepUpRequestSchema,
  tokenBlacklistRequestSchema,
  tokenObtainRequestSchema,
  tokenPairSchema,
  tokenRefreshRequestSchema,
  tokenVerifyRequestSchema,
  verifyResetCodeRequestSchema,
} from './auth.schema';
import { endpoint, errors } from './endpoint';
import { MESSAGES } from './validation';

const tag = 'accounts';

export const authApi = {
  // ---- Tokens (paths as the spec's client calls them: api/token/ under the API base /api/) ----------
  'POST /api/api/token/': endpoint({
    summary: 'Sign in: e-mail and password for an access and a refresh token',
    description:
      'The username is the account e-mail in any casing. 401 is the same for a wrong password and an ' +
      'unknown account. Failed sign-ins are limited per account and per client address (429). An ' +
      'account with a second factor gets no token here: the answer is {second_factor, pending}, and ' +
      'POST /api/session/second-factor/ takes the pending proof with the code (decision 051).',
    tag,
    access: 'public',
    body: tokenObtainRequestSchema,
    invalid: AUTH_MESSAGES.credentialsRequired,
    responses: {
      200: signInAnswerSchema,
      400: errors[400],
      401: authErrorSchema,
      429: authRateLimitedSchema,
    },
  }),
  'POST /api/api/token/refresh/': endpoint({
    summary: 'The next token pair for a refresh token (which is spent)',
    description: 'Refresh tokens are single use: sending a spent one again ends that whole sign-in.',
    tag,
    access: 'public',
    body: tokenRefreshRequestSchema,
    invalid: AUTH_MESSAGES.refreshRequired,
    responses: { 200: tokenPairSchema, 400: errors[400], 401: authErrorSchema },
  }),
  'POST /api/api/token/verify/': endpoint({
    summary: 'Whether a token is still good (the client sends its refresh token)',
    tag,
    access: 'public',
    body: tokenVerifyRequestSchema,
    invalid: AUTH_MESSAGES.tokenRequired,
    responses: { 200: emptyAnswerSchema, 400: errors[400], 401: authErrorSchema },
  }),
  'POST /api/api/token/blacklist/': endpoint({
    summary: 'Log out: the refresh token and every token of its sign-in stop working',
    tag,
    access: 'public',
    body: tokenBlacklistRequestSchema,
    invalid: AUTH_MESSAGES.refreshRequired,
    responses: { 200: emptyAnswerSchema, 400: errors[400], 401: authErrorSchema },
  }),

  // ---- The web app's session (decision 018: no token where a page script can read it) --------------
  'POST /api/session/refresh/': endpoint({
    summary: "The web app's session: a new access token for the refresh token in the session cookie",
    description:
      'The refresh token lives in an HttpOnly, SameSite=Strict cookie (Secure over HTTPS) limited to ' +
      '/api/session/; each call spends it and sets the next one. A `refresh` in the body (from a ' +
      'sign-in with POST /api/api/token/) is spent instead and starts the cookie, and the answer carries ' +
      'the page key. A renewal from the cookie needs the X-Page-Key header the shop wrote into the page ' +
      '(403 page_key_required otherwise; decision 032). 401 clears the cookie.',
    tag,
    access: 'session',
    body: sessionRefreshRequestSchema,
    invalid: AUTH_MESSAGES.refreshRequired,
    responses: { 200: sessionAccessSchema, 400: errors[400], 401: authErrorSchema, 403: errors[403] },
  }),
  'POST /api/session/end/': endpoint({
    summary: "Sign the web app's session out: its sign-in stops working and the cookie is cleared",
    tag,
    access: 'public',
    body: sessionEndRequestSchema,
    responses: { 200: emptyAnswerSchema, 400: errors[400], 403: errors[403] },
  }),
  'POST /api/session/step-up/': endpoint({
    summary: 'Confirm the password again before a superuser write that wants it (decision 032)',
    description:
      'Answers a proof, good for 10 minutes, that the calls marked "needs a fresh password" take in the ' +
      'X-Step-Up header; without it they answer 403 step_up_required. A wrong password is 400 and ' +
      'counts against the account like a sign-in (429 after 10 in 15 minutes).',
    tag,
    access: 'user',
    body: stepUpRequestSchema,
    responses: {
      200: stepUpAnswerSchema,
      400: errors[400],
      401: errors[401],
      429: errors[429],
    },
  }),

  // ---- The second factor (decision 051) ------------------------------------------------------------
  'POST /api/session/second-factor/': endpoint({
    summary: "A sign-in's second step: the pending proof and an authenticator code or a recovery code",
    description:
      'Answers the token pair the password alone did not give. A code is taken once (a code already ' +
      'used in its 30-second step is refused), a recovery code once ever. Wrong codes are limited like ' +
      'passwords: per address, per address and account, and per account (429). 401 ' +
      'second_factor_expired when the proof is no longer good (5 minutes): sign in again.',
    tag,
    access: 'public',
    body: secondFactorSignInRequestSchema,
    responses: { 200: tokenPairSchema, 400: errors[400], 401: errors[401], 429: authRateLimitedSchema },
  }),
  'GET /api/account/second-factor/': endpoint({
    summary: "Whether the account's authenticator app is on, and whether its role needs one",
    tag,
    access: 'user',
    responses: { 200: secondFactorStateSchema, 401: errors[401] },
  }),
  'POST /api/account/second-factor/setup/': endpoint({
    summary: 'Start turning the authenticator app on: a new secret, for the QR code and by hand',
    description: 'Nothing changes at sign-in until the first code confirms it. 409 when already on.',
    tag,
    access: 'user',
    responses: { 200: secondFactorSetupSchema, 401: errors[401], 409: errors[409] },
  }),
  'POST /api/account/second-factor/confirm/': endpoint({
    summary: 'Turn the authenticator app on with its first code; answers the recovery codes, once',
    description:
      'Every other sign-in of the account ends. Wrong codes count like wrong passwords (429 after 10 ' +
      'in 15 minutes).',
    tag,
    access: 'user',
    body: secondFactorCodeRequestSchema,
    responses: {
      200: recoveryCodesSchema,
      400: errors[400],
      401: errors[401],
      409: errors[409],
      429: errors[429],
    },
  }),
  'POST /api/account/second-factor/disable/': endpoint({
    summary: 'Turn the authenticator app off, with the password and a code',
    description: "403 when the account's role needs a second factor (superusers).",
    tag,
    access: 'user',
    body: secondFactorOffRequestSchema,
    responses: {
      200: emptyAnswerSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      429: errors[429],
    },
  }),
  'POST /api/admin/second-factor/reset/': endpoint({
    summary: "Reset another account's lost second factor (it signs in with the password, then sets one up)",
    description:
      'Removes the secret and the recovery codes and ends every sign-in of that account; recorded in the ' +
      'activity log and the edit log (who, whose; no secret). 404 when no account has the address.',
    tag,
    access: 'superuser',
    stepUp: true,
    body: secondFactorResetRequestSchema,
    responses: {
      200: emptyAnswerSchema,
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  }),

  // ---- Registration and password reset ------------------------------------------------------------
  'POST /api/register/': endpoint({
    summary: 'Create an account',
    description:
      `Checked in the order of spec §5: all fields, e-mail, phone (digits only, ${PHONE_MIN_DIGITS} to ` +
      `${PHONE_MAX_DIGITS}), password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not ` +
      'a common one). 409 when the address already has an account.',
    tag,
    access: 'public',
    body: registrationRequestSchema,
    invalid: AUTH_MESSAGES.fieldsRequired,
    invalidExtras: { registered: false },
    responses: {
      201: registrationResponseSchema,
      400: registrationErrorSchema,
      409: registrationErrorSchema,
      429: authRateLimitedSchema,
    },
  }),
  'POST /api/request-password-reset/': endpoint({
    summary: 'E-mail a password reset code',
    description:
      'Always the same 200 for a well-formed address, whether it has an account or not; the code ' +
      `(${RESET_CODE_LENGTH} digits, valid ${RESET_CODE_TTL_MINUTES} minutes) is only sent when it has one.`,
    tag,
    access: 'public',
    body: passwordResetRequestSchema,
    invalid: MESSAGES.forgotEmail,
    responses: { 200: messageResponseSchema, 400: errors[400], 429: authRateLimitedSchema },
  }),
  'POST /api/verify-reset-code/': endpoint({
    summary: 'Set a new password with the e-mailed code',
    description:
      'A code works once; after a few wrong codes the reset of that account is locked for a while.',
    tag,
    access: 'public',
    body: verifyResetCodeRequestSchema,
    invalid: AUTH_MESSAGES.fieldsRequired,
    responses: { 200: messageResponseSchema, 400: errors[400], 429: authRateLimitedSchema },
  }),

  // ---- The signed-in account ----------------------------------------------------------------------
  'GET /api/profile/': endpoint({
    summary: "The signed-in account's profile and totals",
    tag,
    access: 'user',
    responses: { 200: profileResponseSchema, 401: authErrorSchema },
  }),
  'PUT /api/profile/update/': endpoint({
    summary: "Change the account's e-mail address and phone number",
    tag,
    access: 'user',
    description:
      "A new e-mail address needs `current_password`; the previous address gets a link that undoes the change, and the account's other sign-ins end (this one stays).",
    body: profileUpdateRequestSchema,
    invalid: AUTH_MESSAGES.profileFieldsRequired,
    responses: {
      200: profileUpdateResponseSchema,
      400: errors[400],
      401: authErrorSchema,
      429: authRateLimitedSchema,
    },
  }),
  'POST /api/profile/email-change/undo/': endpoint({
    summary: 'Undo an e-mail change with the link sent to the previous address (signs out everywhere)',
    description: `The link is single-use and expires after ${EMAIL_UNDO_TTL_DAYS} days. The account gets its previous e-mail address back, and every token issued before ends.`,
    tag,
    access: 'public',
    body: emailUndoRequestSchema,
    invalid: AUTH_MESSAGES.emailUndoInvalid,
    responses: { 200: messageResponseSchema, 400: errors[400], 409: errors[409], 429: errors[429] },
  }),
  'POST /api/profile/change-password/': endpoint({
    summary: 'Change the password (every other sign-in ends; the answer has a fresh pair)',
    tag,
    access: 'user',
    body: changePasswordRequestSchema,
    invalid: AUTH_MESSAGES.fieldsRequired,
    responses: {
      200: changePasswordResponseSchema,
      400: errors[400],
      401: authErrorSchema,
      429: authRateLimitedSchema,
    },
  }),
  'GET /api/profile/statistics/': endpoint({
    summary: "The account's purchase statistics",
    tag,
    access: 'user',
    responses: { 200: statisticsResponseSchema, 401: authErrorSchema },
  }),
  'GET /api/check-editor/': endpoint({
    summary: 'Whether the signed-in account may edit the site (superusers may)',
    tag,
    access: 'user',
    responses: { 200: checkEditorResponseSchema, 401: authErrorSchema },
  }),
  'GET /api/check-superuser/': endpoint({
    summary: 'Whether the signed-in account is a superuser',
    tag,
    access: 'user',
    responses: { 200: checkSuperuserResponseSchema, 401: authErrorSchema },
  }),
} as const;
