/**
 * The contract's client-side validation messages in the page's language (decision 024). The contract
 * marks its plain messages with /*i18n*\/ (the English text is the catalogue id); those built from the
 * shop's numbers (a template literal) have their catalogue message and values in the contract's
 * refusal.ts, whose English rendering is the contract's text character for character.
 */
import { i18n } from '@lingui/core';
import { numberedWords } from '@rome/contract';

/** A message the contract's validation returned, translated; null stays null. */
export function contractText(message: string | null): string | null {
  if (message === null) return null;
  const numbered = numberedWords(message);
  return numbered ? i18n._(numbered.message_id, numbered.values) : i18n._(message);
}
