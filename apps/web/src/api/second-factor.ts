/**
 * The authenticator's calls (decision 051): the sign-in's second step and the account's own factor.
 * Apart from api/auth.ts so they travel with the sign-in and account pages, not the first load.
 */
import { call } from './client';

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
