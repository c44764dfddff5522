/**
 * The one clock of the agents' app: every time it shows is Rome's wall clock, the tickets' and the
 * server's, never the phone's own zone (a phone set to another zone would show '15:07' beside 'list
 * from 16:07'). Built on the contract's Rome helpers, so times read as everywhere else in the shop.
 */
import { formatRomeDate, romeParts } from '@rome/contract';

/** '16:07' when `instant` is on `now`'s Rome day, 'Sat, 28 Nov 2026, 16:07' on another day. */
export function romeTimeLabel(instant: Date | string, now: Date): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  // A stored time the app cannot read must not take the whole screen down with it.
  if (Number.isNaN(at.getTime())) return 'an unknown time';
  const { date, time } = romeParts(at);
  return date === romeParts(now).date ? time : `${formatRomeDate(date)}, ${time}`;
}
