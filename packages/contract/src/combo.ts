/**
 * Combos across operators (decision 071): one product with one price whose parts are other packages,
 * often of other operators. The buyer pays one order; each part holds its own places (all or none) and
 * is its own ticket; each operator's share of what was paid is recorded on its part.
 * Pure rules, no zod: the booking panel and the server both use them.
 */

/** The buyer's and the superusers' messages about combos. */
export const COMBO_MESSAGES = {
  chooseTimes: /*i18n*/ 'Choose a time for each part of the combo.',
  adultsAndYouthsOnly: /*i18n*/ 'A combo is sold to adults and youths only.',
  noInvoice: /*i18n*/ 'Invoices for combos are not issued through the shop yet.',
  noWaitlist: /*i18n*/ 'A combo has no waiting list.',
  partCannotMove: /*i18n*/ 'A ticket of a combo cannot change its time. Cancel the combo instead.',
  badSlots: /*i18n*/ 'The chosen times of the combo could not be read.',
  notACombo: 'This package is not a combo.',
  unknownPart: 'A part of the combo is not a package of the shop.',
  partIsCombo: 'A part of a combo cannot be a combo itself, nor the combo.',
  partDated:
    'A part must sell in times, be a pass, or be open-dated (a part sold on listed dates cannot be).',
  twoParts: 'A combo has at least two parts, each package once.',
  adultSharesAddUp: "The parts' adult shares must add up to the combo's adult price.",
  youthSharesAddUp: "The parts' youth shares must add up to the combo's youth price.",
  alreadySold: 'This combo has been sold: its parts can no longer change (its cancellation rule can).',
} as const;

/**
 * Splits `totalCents` (what the buyer's combo order is worth: payment plus gift card, after a promo
 * code's discount) between the parts in proportion to their list shares `weights` (cents), so that
 * the parts add up to the total to the cent. Rounding rule: each part gets the floor of its exact
 * share; the cents left over go one each to the parts with the largest remainders, the earlier part
 * first on a tie. All weights 0: equal parts by the same rule.
 */
export function splitShares(totalCents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.some((x) => x > 0) ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (totalCents * x) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i]++;
  return parts;
}

/**
 * When a combo stops being cancellable: the earliest of its parts' deadlines (the strictest part
 * wins); null only when no part has one (every part open-dated).
 */
export function comboCancelUntil(deadlines: readonly (Date | null)[]): Date | null {
  const set = deadlines.filter((d): d is Date => d !== null);
  return set.length === 0 ? null : new Date(Math.min(...set.map((d) => d.getTime())));
}

/**
 * The chosen time of each part, as a checkout sends it (`combo_slots`: an object of part package tag to
 * slot id, or its JSON text in a form). Null when it cannot be read.
 */
export function readComboSlots(raw: unknown): Record<string, string> | null {
  let value: unknown = raw;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [tag, slot] of Object.entries(value)) {
    if (typeof slot !== 'string' || slot.length > 100) return null;
    out[tag] = slot;
  }
  return out;
}

/** A combo's part as the ticket page shows it (GET packages/{package_tag}/combo/). */
export type ComboPartView = {
  package_tag: string;
  title: string;
  operator: string;
  availability_type: 'START_TIME' | 'OPENING_HOURS' | 'PASS' | null;
  pass_hours: number | null;
};
