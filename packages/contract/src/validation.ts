/**
 * Spec §5 validation rules as pure functions. Each returns the spec's exact message, or null when the
 * input passes. Server and client use the same functions so the two never disagree.
 */

/** A simple address pattern (spec §5: "email must match a simple address pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

export const MESSAGES = {
  selectTicketType: 'Please select a ticket type.',
  selectDateFirst: 'Please select a date first',
  registrationEmail: 'Please enter a valid email address.',
  registrationPhone: 'Phone number must be at least 10 digits and numeric.',
  registrationPasswords: "Passwords didn't match!",
  forgotEmail: 'Please enter a valid email address',
  resetCode: 'Please enter the complete verification code',
  resetPasswords: "Passwords don't match",
  resetLength: 'Password must be at least 8 characters long',
  changePasswords: 'New passwords do not match',
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
  if (!/^\d{10,}$/.test(input.phone_number.trim())) return MESSAGES.registrationPhone;
  if (input.password !== input.confirm_password) return MESSAGES.registrationPasswords;
  return null;
}

/** Reset password, in the spec's order: full 6-digit code, passwords match, at least 8 characters. */
export function validateReset(input: {
  code: string;
  password: string;
  confirm_password: string;
}): string | null {
  if (!/^\d{6}$/.test(input.code)) return MESSAGES.resetCode;
  if (input.password !== input.confirm_password) return MESSAGES.resetPasswords;
  if (input.password.length < 8) return MESSAGES.resetLength;
  return null;
}

/** Metadata: schema_json must be valid JSON or empty (empty is sent as null). */
export function parseSchemaJson(
  text: string | null | undefined,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text === null || text === undefined || text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: MESSAGES.schemaJson };
  }
}
