/**
 * The home page's hero (spec §2 Home): its words and the classes of its frame. The web app's Hero
 * renders it, and the server writes the same frame into the home page's HTML (`homeHeroFrameHtml`), so
 * the hero's title and text (the page's largest element) paint before the app's JavaScript has arrived
 * and the app's first render takes their place without a shift. One source for both, like banner.ts.
 */
import { escapeHtml } from './html-policy';

export const HOME_HERO = {
  kicker: /*i18n*/ 'Hop-on hop-off · Museums · Night tours',
  title: /*i18n*/ 'See Rome from the top deck',
  lead: /*i18n*/ "Bus tours and museum tickets from Rome's favourite operators. Pick a ticket type, pay by card and ride with a QR code on your phone.",
} as const;

/** The home page's stored page (metadata, content blocks, page images): spec §3 page tag. */
export const HOME_PAGE_TAG = 'home';

/**
 * The content blocks editors change the hero's words with (before, the home page had no edit
 * control); HOME_HERO is each one's default and the seed's first content.
 */
export const HOME_HERO_TAGS = {
  kicker: 'home-hero-kicker',
  title: 'home-hero-title',
  lead: 'home-hero-subtitle',
} as const;

/** The home page's bottom banner (spec §2 Home): its default words and their content blocks. */
export const HOME_BANNER = {
  title: /*i18n*/ 'Ready when Rome is',
  text: /*i18n*/ "Family passes, night runs and museum combos: see this season's deals before the buses fill up.",
} as const;
export const HOME_BANNER_TAGS = { title: 'home-banner-title', text: 'home-banner-text' } as const;

/**
 * The page image of the navigation bar's logo (spec §2 Navigation bar: 'The logo is editable'),
 * stored with the home page; the website settings carry its picture to every page (`site_logo`).
 */
export const SITE_LOGO_TAG = 'site-logo';

export type HomeHeroText = { kicker: string; title: string; lead: string };

export const HOME_HERO_CLASSES = {
  section: 'relative isolate overflow-hidden bg-brand',
  inner: 'relative mx-auto max-w-7xl px-4 pt-12 pb-10 sm:px-6 md:pt-20 md:pb-16',
  kicker:
    'inline-block rounded-full bg-black/25 px-3 py-1 text-xs font-bold tracking-widest text-accent uppercase',
  title:
    'mt-4 max-w-2xl text-4xl font-extrabold tracking-tight text-white drop-shadow-sm sm:text-5xl md:text-6xl',
  lead: 'mt-4 max-w-xl text-lg text-red-50',
} as const;

/**
 * The hero as HTML, for the home page's first paint: the words, without the drawn skyline and the
 * ticket-type search, which come with the app (both sit inside or behind the section, so nothing moves).
 * `text` is the editors' words from the home page's content blocks (the server reads them).
 */
export function homeHeroFrameHtml(text: Partial<HomeHeroText> = {}): string {
  const c = HOME_HERO_CLASSES;
  // An editor's words (the hero's content blocks, as plain text) where there are any, else the defaults.
  const t = {
    kicker: text.kicker || HOME_HERO.kicker,
    title: text.title || HOME_HERO.title,
    lead: text.lead || HOME_HERO.lead,
  };
  return `<main><section class="${c.section}"><div class="${c.inner}"><p class="${c.kicker}">${escapeHtml(t.kicker)}</p><h1 class="${c.title}">${escapeHtml(t.title)}</h1><p class="${c.lead}">${escapeHtml(t.lead)}</p></div></section></main>`;
}
