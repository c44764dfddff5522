/** The sign-in, registration, password-reset and role calls of spec §7 (contract: auth.api.ts). */
import type { ApiBody } from '@rome/contract';
import { call } from './client';

/** POST api/token/: the username is the account's e-mail address. 401 on bad credentials. */
export const login = (username: string, password: string) =>
  call('POST /api/api/token/', { body: { username, password } }, { auth: false });

/**
 * POST session/second-factor/: the second step of an account with an authenticator (decision 051),
 * the pending proof of the password step and a code; answers the token pair.
 */
export const signInWithCode = (pending: string, code: string) =>
  call('POST /api/session/second-factor/', { body: { pending, code } }, { auth: false });

/** The account's authenticator (decision 051). */
export const secondFactorState = () => call('GET /api/account/second-factor/');
export const startSecondFactor = () => call('POST /api/account/second-factor/setup/');
export const confirmSecondFactor = (code: string) =>
  call('POST /api/account/second-factor/confirm/', { body: { code } });
export const turnOffSecondFactor = (password: string, code: string) =>
  call('POST /api/account/second-factor/disable/', { body: { password, code } });

export const register = (body: ApiBody<'POST /api/register/'>) =>
  call('POST /api/register/', { body }, { auth: false });

export const requestPasswordReset = (email: string) =>
  call('POST /api/request-password-reset/', { body: { email } }, { auth: false });

export const verifyResetCode = (body: ApiBody<'POST /api/verify-reset-code/'>) =>
  call('POST /api/verify-reset-code/', { body }, { auth: false });

/**
 * The link e-mailed to the previous address after an e-mail change, the owner's way back if someone
 * else changed it: that address comes back and every sign-in ends.
 */
export const undoEmailChange = (token: string) =>
  call('POST /api/profile/email-change/undo/', { body: { token } }, { auth: false });

/** GET check-editor/ (Bearer); a dead session just fails here (no trip to /login). */
export const checkEditor = () => call('GET /api/check-editor/', {}, { loginOnExpiry: false });

/** GET check-superuser/ (Bearer). */
export const checkSuperuser = () => call('GET /api/check-superuser/');
