/** The sign-in, registration and password-reset calls of spec §7. */
import { api } from './client';

// Shapes of packages/contract/src/auth.ts (tokenPairSchema, registrationRequestSchema, ...).
export type TokenPair = { access: string; refresh: string };
export type RegistrationRequest = {
  full_name: string;
  email: string;
  phone_number: string;
  password: string;
};
export type RegistrationResponse = { registered: boolean; error?: string; detail?: string };

/** POST api/token/: the username is the account's e-mail address. 401 on bad credentials. */
export const login = (username: string, password: string) =>
  api<TokenPair>('api/token/', { method: 'POST', body: { username, password }, auth: false });

/** POST api/token/verify/ with the refresh token: true when it is still good, false on 401/400. */
export async function verifyRefreshToken(token: string): Promise<boolean> {
  try {
    await api('api/token/verify/', { method: 'POST', body: { token }, auth: false });
    return true;
  } catch (err: any) {
    if (typeof err?.status === 'number' && err.status < 500) return false;
    throw err;
  }
}

/** POST api/token/blacklist/: the refresh token can no longer be used (logout). */
export const blacklistRefreshToken = (refresh: string) =>
  api('api/token/blacklist/', { method: 'POST', body: { refresh }, auth: false });

export const register = (body: RegistrationRequest) =>
  api<RegistrationResponse>('register/', { method: 'POST', body, auth: false });

export const requestPasswordReset = (email: string) =>
  api<{ message: string }>('request-password-reset/', { method: 'POST', body: { email }, auth: false });

export const verifyResetCode = (body: { email: string; code: string; new_password: string }) =>
  api<{ message: string }>('verify-reset-code/', { method: 'POST', body, auth: false });

/** GET check-editor/ (Bearer). */
export const checkEditor = () => api<{ is_editor: boolean }>('check-editor/', { loginOnExpiry: false });

/** GET check-superuser/ (Bearer). */
export const checkSuperuser = () => api<{ is_superuser: boolean; message?: string }>('check-superuser/');
