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
  partnersTitle: /*i18n*/ 'Our partners',
  bannerLink: /*i18n*/ 'See special offers',
} as const;
export type HomeWord = keyof typeof HOME_WORDS;

/** Each word's content block, named from its key: ('home', 'stepsTitle') is 'home-steps-title'. */
export const wordTags = <K extends string>(prefix: string, words: Record<K, string>) =>
  Object.fromEntries(
    Object.keys(words).map((k) => [k, `${prefix}-${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`]),
  ) as Record<K, string>;

/** Each word's content block: 'home-steps-title', 'home-step1-text', ... */
export const HOME_WORD_TAGS = wordTags('home', HOME_WORDS);

/**
 * The words every storefront page may show outside its own content (the footer here; the offers and
 * operator pages' headings in page-heading-words.ts): the blocks of one page tag, sent with each page's
 * HTML (no request of their own), edited in place like the home page's.
 */
export const SITE_PAGE_TAG = 'site-words';
export const SITE_WORDS = {
  footerBlurb:
    /*i18n*/ 'Hop on, hop off and see the best of Rome: sightseeing bus tours and museum tickets from trusted operators, booked in minutes with a QR ticket on your phone.',
  footerOperatorsTitle: /*i18n*/ 'Operators',
  footerAboutTitle: /*i18n*/ 'About',
  footerNewsletterTitle: /*i18n*/ 'Newsletter',
  footerNewsletterLead: /*i18n*/ 'Deals and travel tips for Rome, straight to your inbox.',
  footerAcceptTitle: /*i18n*/ 'We accept',
} as const;
export type SiteWord = keyof typeof SITE_WORDS;
export const SITE_WORD_TAGS = wordTags('site', SITE_WORDS);

/** The pictures behind the hero and the bottom banner: page images of the home page. */
export const HOME_IMAGE_TAGS = { hero: 'home-hero-image', banner: 'home-banner-image' } as const;
