/**
 * Refusals built from the shop's numbers ('Password must be at least 8 characters long'): a template
 * literal cannot be a catalogue id, so each has its catalogue message (ICU, marked /*i18n*\/) and values
 * here, by the English the server sends. The server adds them to its error answer (`message_id`,
 * `values`: apps/server/src/lib/errors.ts); the web's forms use them for the same texts their own
 * checks find (apps/web/src/lib/contractText.ts). Their English rendering is the English text.
 */
import {
  AUTH_MESSAGES,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MIN_DIGITS,
} from './auth';
import { CHECKOUT_MESSAGES, MAX_TICKETS_PER_KIND } from './checkout';
import type { Refusal } from './endpoint';

type Words = Required<Omit<Refusal, 'error'>>;

export const NUMBERED_MESSAGES: Readonly<Record<string, Words>> = {
  [AUTH_MESSAGES.phoneInvalid]: {
    message_id: /*i18n*/ 'Phone number must be at least {digits} digits and numeric.',
    values: { digits: PHONE_MIN_DIGITS },
  },
  [AUTH_MESSAGES.passwordTooShort]: {
    message_id: /*i18n*/ 'Password must be at least {min} characters long',
    values: { min: PASSWORD_MIN_LENGTH },
  },
  [AUTH_MESSAGES.passwordTooLong]: {
    message_id: /*i18n*/ 'Password must be at most {max} characters long.',
    values: { max: PASSWORD_MAX_LENGTH },
  },
  [AUTH_MESSAGES.fullNameTooLong]: {
    message_id: /*i18n*/ 'Full name must be at most {max} characters long.',
    values: { max: FULL_NAME_MAX_LENGTH },
  },
  [CHECKOUT_MESSAGES.tooMany]: {
    message_id: /*i18n*/ 'At most {max} tickets of one kind per order.',
    values: { max: MAX_TICKETS_PER_KIND },
  },
};

/** The catalogue message and values of a refusal built from numbers; null for any other text. */
export const numberedWords = (error: string): Words | null =>
  Object.hasOwn(NUMBERED_MESSAGES, error) ? NUMBERED_MESSAGES[error] : null;

/** tooManyAttemptsRefusal's words as a catalogue message (`minutes` fills it). */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  /*i18n*/ '{minutes, plural, one {Too many attempts. Please wait # minute and try again.} other {Too many attempts. Please wait # minutes and try again.}}';

/** The accounts calls' 429: 'Too many attempts. Please wait 5 minutes and try again.' (at least 1 minute). */
export function tooManyAttemptsRefusal(retryAfterSeconds: number): Refusal {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    error: AUTH_MESSAGES.tooManyAttempts.replace('a while', `${minutes} minute${minutes === 1 ? '' : 's'}`),
    message_id: TOO_MANY_ATTEMPTS_MESSAGE,
    values: { minutes },
  };
}
