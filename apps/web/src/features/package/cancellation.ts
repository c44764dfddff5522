/**
 * What the ticket page promises about free cancellation, by the server's own rule (orders/refunds.ts
 * `cancelDeadline`, contract `cancellableUntil`): `cancel_cutoff_hours` before the chosen time, or
 * before the start of the chosen Rome day for a dated ticket without times; an open-dated ticket may be
 * cancelled until it is first used. Pure, so it is unit-tested.
 */
import { cancellableUntil, type Package, romeInstant, usesSlots } from '@rome/contract';

/** The buyer's choice so far: the chosen time's start (ISO) and the chosen Rome date. */
export type VisitChoice = { startsAt?: string | null; date?: string | null };

export type CancellationTerms =
  /** No date to choose: until the ticket is first used. */
  | { kind: 'until-used' }
  /** A date or time still to choose: the rule in hours. */
  | { kind: 'before-visit'; hours: number }
  /** A date or time chosen: the last moment, and whether it has already passed. */
  | { kind: 'until'; at: Date; passed: boolean };

/** The cut-off the shop applies when a package read carries none (the column's default). */
export const DEFAULT_CANCEL_CUTOFF_HOURS = 24;

export function cancellationTerms(
  pkg: Pick<Package, 'availability_type' | 'dates' | 'cancel_cutoff_hours'>,
  visit: VisitChoice,
  now: Date,
): CancellationTerms {
  const hours = pkg.cancel_cutoff_hours ?? DEFAULT_CANCEL_CUTOFF_HOURS;
  const dated = usesSlots(pkg.availability_type) || pkg.dates.length > 0;
  if (!dated) return { kind: 'until-used' };
  const startsAt = visit.startsAt ? new Date(visit.startsAt) : null;
  // A package sold in times counts from the chosen time only; a dated one from its Rome day.
  const dayStartsAt =
    visit.date && !usesSlots(pkg.availability_type) ? romeInstant(visit.date, '00:00') : null;
  const at = cancellableUntil(
    { startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt : null, dayStartsAt },
    hours,
  );
  if (!at) return { kind: 'before-visit', hours };
  return { kind: 'until', at, passed: at.getTime() <= now.getTime() };
}
