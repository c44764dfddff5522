/**
 * Password rules for new passwords (registration, change, reset, admin CLI): 8 to 128 characters and
 * not one of the most common passwords (common-passwords.txt, compared lower-cased and trimmed).
 */
import { readFileSync } from 'node:fs';
import { AUTH_MESSAGES, passwordLengthProblem } from '@rome/contract';

const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export const isCommonPassword = (password: string): boolean => COMMON.has(password.trim().toLowerCase());

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  return (
    passwordLengthProblem(password) ?? (isCommonPassword(password) ? AUTH_MESSAGES.passwordTooCommon : null)
  );
}
