/** The sign-in, registration, password-reset and role calls of spec §7 (contract: auth.api.ts). */
import type { ApiBody } from '@rome/contract';
import { call } from './client';

/** POST api/token/: the username is the account's e-mail address. 401 on bad credentials. */
export const login = (username: string, password: string) =>
  call('POST /api/api/token/', { body: { username, password } }, { auth: false });

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
