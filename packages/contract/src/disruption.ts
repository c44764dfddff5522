/**
 * The disruption console (decisions 058, 059): a superuser closes a slot, a package's Rome day, a
 * package from a date on, or a whole Rome day across packages, for a reason; every affected paid
 * booking is told once, and its ticket link offers the remedies the superuser allowed.
 */

/** Why the shop closed: each has a prepared text for the buyer, in five languages (server catalogue). */
export const DISRUPTION_REASONS = ['strike', 'weather', 'authorities', 'technical', 'other'] as const;
export type DisruptionReason = (typeof DISRUPTION_REASONS)[number];

/**
 * What a buyer may choose: their money back, another open time of the same product, or keeping the
 * ticket as an open-dated pass (entry on any day the product is open, until used).
 */
export const DISRUPTION_REMEDIES = ['refund', 'move', 'keep'] as const;
export type DisruptionRemedy = (typeof DISRUPTION_REMEDIES)[number];

/** What to close. */
export const DISRUPTION_TARGETS = ['slot', 'package_day', 'package_from', 'day'] as const;
export type DisruptionTargetKind = (typeof DISRUPTION_TARGETS)[number];

/** The longest note a superuser may add to the prepared text. */
export const DISRUPTION_NOTE_MAX = 500;

/**
 * Whether a booking of a product may become an open-dated pass: a product sold in slots (timed
 * entries, a day's opening hours) whose ticket the door can take on any day; a pass is open already.
 */
export const canKeepOpenDated = (availabilityType: string | null): boolean =>
  availabilityType === 'START_TIME' || availabilityType === 'OPENING_HOURS';

/** The answers a buyer or a superuser reads (visitor texts are translated in the web catalogue). */
export const DISRUPTION_MESSAGES = {
  chooseRemedy: 'Choose at least one remedy to offer.',
  chooseReason: 'Choose a reason.',
  nothingToClose: 'Nothing to close: no open time matches.',
  nothingNew: 'Already closed, and every booking on it has been told.',
  slotUnknown: 'No such time.',
  packageUnknown: 'No such package.',
  notYours: 'This is not one of your products.',
  noDisruption: /*i18n*/ 'This ticket is not affected by a closure.',
  alreadyChosen: /*i18n*/ 'You have already made your choice for this ticket.',
  notOffered: /*i18n*/ 'This choice is not offered for this ticket.',
  chooseSlot: /*i18n*/ 'Please choose another time.',
  refunded: /*i18n*/ 'Your ticket is cancelled and your payment is being refunded.',
  moved: /*i18n*/ 'Your ticket is moved to the new time. Use the new QR code: the old one no longer works.',
  kept: /*i18n*/ 'Your ticket is now an open-dated pass. Use the new QR code: the old one no longer works.',
} as const;
