/**
 * Spec §5 validation rules as pure functions. Each returns the spec's exact message, or null when the
 * input passes. Server and client use the same functions so the two never disagree.
 */
import { AUTH_MESSAGES, isPhoneNumber, isResetCode, PASSWORD_MIN_LENGTH } from './auth';

/** A simple address pattern (spec §5: "email must match a simple address pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

export const MESSAGES = {
  selectTicketType: /*i18n*/ 'Please select a ticket type.',
  selectDateFirst: /*i18n*/ 'Please select a date first',
  registrationEmail: AUTH_MESSAGES.emailInvalid,
  registrationPhone: AUTH_MESSAGES.phoneInvalid,
  registrationPasswords: /*i18n*/ "Passwords didn't match!",
  forgotEmail: /*i18n*/ 'Please enter a valid email address',
  resetCode: /*i18n*/ 'Please enter the complete verification code',
  resetPasswords: /*i18n*/ "Passwords don't match",
  resetLength: AUTH_MESSAGES.passwordTooShort,
  changePasswords: /*i18n*/ 'New passwords do not match',
  schemaJson: 'Schema JSON is invalid',
  contentTag: 'Content tag is required for saving',
} as const;

/** Registration, checked in the spec's order: email, phone, passwords match. */
export function validateRegistration(input: {
  email: string;
  phone_number: string;
  password: string;
  confirm_password: string;
}): string | null {
  if (!isEmail(input.email.trim())) return MESSAGES.registrationEmail;
  if (!isPhoneNumber(input.phone_number.trim())) return MESSAGES.registrationPhone;
  if (input.password !== input.confirm_password) return MESSAGES.registrationPasswords;
  return null;
}

/** Reset password, in the spec's order: the full code (6 digits), passwords match, at least 8 characters. */
export function validateReset(input: {
  code: string;
  password: string;
  confirm_password: string;
}): string | null {
  if (!isResetCode(input.code)) return MESSAGES.resetCode;
  if (input.password !== input.confirm_password) return MESSAGES.resetPasswords;
  if (input.password.length < PASSWORD_MIN_LENGTH) return MESSAGES.resetLength;
  return null;
}

/**
 * How deep JSON may nest (arrays and objects inside each other). Nothing the shop takes nests beyond a
 * handful of levels; a body nested thousands deep only exists to overflow a recursive reader.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `max`, found by counting brackets outside strings (without
 * parsing, so the check itself cannot overflow the stack). Malformed text is left to the parser.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Metadata: schema_json must be valid JSON or empty (empty is sent as null), and not nested too deep. */
export function parseSchemaJson(
  text: string | null | undefined,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text === null || text === undefined || text.trim() === '') return { ok: true, value: null };
  if (jsonTooDeep(text)) return { ok: false, error: MESSAGES.schemaJson };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: MESSAGES.schemaJson };
  }
}

/** Control characters (newlines, NUL, escapes) replaced by spaces: for one-line texts editors type. */
export const oneLine = (s: string): string =>
  Array.from(s, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c)).join('');
