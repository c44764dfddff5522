/**
 * The home page's section words beyond the hero and the bottom banner (spec §2 Home): each a content
 * block editors change in place, in the page's language (decision 024); these are the defaults, in
 * English, translated in the catalogues like any word of the shop.
 */
export const HOME_WORDS = {
  stepsTitle: /*i18n*/ 'How it works',
  stepsLead: /*i18n*/ 'Four steps from the sofa to the top deck.',
  step1Title: /*i18n*/ 'Choose your ticket',
  step1Text: /*i18n*/ 'Pick a ticket type, compare operators and choose your day.',
  step2Title: /*i18n*/ 'Pay securely',
  step2Text: /*i18n*/ 'Check out by card on a secure payment page. No fees added.',
  step3Title: /*i18n*/ 'Get your QR code',
  step3Text: /*i18n*/ 'Your QR ticket arrives at once, on screen and by e-mail.',
  step4Title: /*i18n*/ 'Hop on and ride',
  step4Text: /*i18n*/ 'Show the code to an agent at any stop and enjoy Rome.',
  toursTitle: /*i18n*/ 'Our tours and tickets',
  toursLead: /*i18n*/ 'Pick an operator to see its tours and tickets.',
  contactTitle: /*i18n*/ 'Get in touch',
  contactLead: /*i18n*/ 'Questions about a ticket? We answer every day of the week.',
} as const;
export type HomeWord = keyof typeof HOME_WORDS;

/** Each word's content block: 'home-steps-title', 'home-step1-text', ... */
export const HOME_WORD_TAGS = Object.fromEntries(
  Object.keys(HOME_WORDS).map((k) => [k, `home-${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`]),
) as Record<HomeWord, string>;

/** The pictures behind the hero and the bottom banner: page images of the home page. */
export const HOME_IMAGE_TAGS = { hero: 'home-hero-image', banner: 'home-banner-image' } as const;
