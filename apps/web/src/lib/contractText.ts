/**
 * The contract's client-side validation messages in the page's language (issue #20). The contract
 * marks its plain messages with /*i18n*\/ (the English text is the catalogue id). Two are built from
 * the shop's numbers (a template literal), which Lingui cannot collect there: they are written here
 * with the same numbers, so the English output is the contract's text character for character.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, PHONE_MIN_DIGITS } from '@rome/contract';

const withNumbers = new Map<string, MessageDescriptor>([
  [AUTH_MESSAGES.phoneInvalid, msg`Phone number must be at least ${PHONE_MIN_DIGITS} digits and numeric.`],
  [AUTH_MESSAGES.passwordTooShort, msg`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`],
]);

/** A message the contract's validation returned, translated; null stays null. */
export function contractText(message: string | null): string | null {
  if (message === null) return null;
  const numbered = withNumbers.get(message);
  return numbered ? i18n._(numbered) : i18n._(message);
}
