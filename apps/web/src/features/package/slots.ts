/**
 * The ticket page's view of a package's slots (inventory): which Rome days offer a time, which times
 * can still be booked, and what a slot's button says. Pure, so it is unit-tested.
 */
import { addDays, romeParts, type Slot, slotLabel } from '@rome/contract';

/** A slot as the page shows it: its Rome date and time, and whether it can be chosen now. */
export type ShownSlot = Slot & { romeDate: string; romeTime: string; bookable: boolean; label: string };

/**
 * The slots as shown at `now`: the server's status, except that a slot whose booking cut-off has
 * passed since the answer came is past as well (the page may stay open for a while).
 */
export function showSlots(slots: readonly Slot[], cutoffMinutes: number, now: Date): ShownSlot[] {
  return slots
    .map((slot) => {
      const startsAt = new Date(slot.starts_at);
      const { date, time } = romeParts(startsAt);
      const past = slot.status === 'PAST' || startsAt.getTime() - cutoffMinutes * 60_000 <= now.getTime();
      const status = past ? 'PAST' : slot.status;
      return {
        ...slot,
        status,
        romeDate: date,
        romeTime: time,
        bookable: status === 'AVAILABLE' || status === 'LIMITED',
        label: slotLabel(status, slot.remaining),
      };
    })
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/**
 * The Rome days a buyer can pick, in order: every day with a time that has not passed (a day whose
 * times are all sold out or closed still shows, so the buyer sees why). `full` marks such a day.
 */
export function slotDays(slots: readonly ShownSlot[]): { date: string; full: boolean }[] {
  const days = new Map<string, boolean>();
  for (const slot of slots) {
    if (slot.status === 'PAST') continue;
    days.set(slot.romeDate, (days.get(slot.romeDate) ?? false) || slot.bookable);
  }
  return [...days]
    .map(([date, open]) => ({ date, full: !open }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The time chosen on `date`: the buyer's choice while it is still bookable, else the day's only time. */
export function chosenSlot(daySlots: readonly ShownSlot[], pickedId: string | null): ShownSlot | null {
  const picked = daySlots.find((s) => s.id === pickedId);
  if (picked?.bookable) return picked;
  if (daySlots.length === 1 && daySlots[0].bookable) return daySlots[0];
  return null;
}

/** The range of Rome dates to ask times for: the package's listed days (at most the server's 370). */
export function slotRange(dates: readonly string[]): { from?: string; to?: string } {
  if (dates.length === 0) return {};
  const sorted = [...dates].sort();
  const from = sorted[0];
  const last = sorted[sorted.length - 1];
  const limit = addDays(from, 370);
  return { from, to: [last, limit].sort()[0] };
}

/** How a day of the ticket calendar is marked: every time sold out, or every time closed. */
export type DayMark = 'sold-out' | 'closed';

/**
 * The calendar's marks from the slots (past times left out): a day whose times are all closed is
 * 'closed', a day with no time left to buy (sold out, or sold out and closed) is 'sold-out'. A day with
 * a bookable time has no mark.
 */
export function dayMarks(slots: readonly ShownSlot[]): Map<string, DayMark> {
  const days = new Map<string, { open: boolean; allClosed: boolean }>();
  for (const slot of slots) {
    if (slot.status === 'PAST') continue;
    const day = days.get(slot.romeDate) ?? { open: false, allClosed: true };
    day.open ||= slot.bookable;
    day.allClosed &&= slot.status === 'CLOSED';
    days.set(slot.romeDate, day);
  }
  const marks = new Map<string, DayMark>();
  for (const [date, day] of days) {
    if (!day.open) marks.set(date, day.allClosed ? 'closed' : 'sold-out');
  }
  return marks;
}

/**
 * How many adults and youths fit the places left (`left`; null: no limit): youths give way first,
 * then adults. Answers the counts unchanged when they fit.
 */
export function fitCounts(
  counts: { adults: number; youths: number },
  left: number | null,
): { adults: number; youths: number } {
  if (left === null || counts.adults + counts.youths <= left) return counts;
  const max = Math.max(0, left);
  const adults = Math.min(counts.adults, max);
  return { adults, youths: Math.min(counts.youths, max - adults) };
}

/**
 * The slots with a waiting-list offer's places (decision 063): the server counts them taken for
 * everyone, so the offered time shows sold out; for the offer's holder its places are there to book.
 */
export function withOffer(
  slots: readonly ShownSlot[],
  offer: { slot_id: string; places: number } | null,
): ShownSlot[] {
  if (!offer) return [...slots];
  return slots.map((s) => {
    if (s.id !== offer.slot_id || s.status === 'PAST' || s.status === 'CLOSED') return s;
    const remaining = s.remaining + offer.places;
    return { ...s, remaining, status: 'LIMITED', bookable: true, label: slotLabel('LIMITED', remaining) };
  });
}
