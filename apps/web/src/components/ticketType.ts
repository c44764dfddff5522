import { i18n } from '@lingui/core';
import { TICKET_TYPES } from '@rome/contract';

/**
 * A ticket type's name in the page's language ('24 Hours', '24 ore'), found by its value compared
 * case-insensitively; null for a duration that is none of the spec's types. Called while rendering
 * (the catalogue is active by then).
 */
export function ticketTypeLabel(duration: string): string | null {
  const type = TICKET_TYPES.find((t) => t.value === duration.toLowerCase());
  return type ? i18n._(type.label) : null;
}
