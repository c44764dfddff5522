/**
 * The home page's hero (spec §2 Home): its words and the classes of its frame. The web app's Hero
 * renders it, and the server writes the same frame into the home page's HTML (`homeHeroFrameHtml`), so
 * the hero's title and text (the page's largest element) paint before the app's JavaScript has arrived
 * and the app's first render takes their place without a shift. One source for both, like banner.ts.
 */
import { escapeHtml } from './html-policy';

export const HOME_HERO = {
  kicker: 'Hop-on hop-off · Museums · Night tours',
  title: 'See Rome from the top deck',
  lead: "Bus tours and museum tickets from Rome's favourite operators. Pick a ticket type, pay by card and ride with a QR code on your phone.",
} as const;

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
 */
export function homeHeroFrameHtml(): string {
  const c = HOME_HERO_CLASSES;
  return `<main><section class="${c.section}"><div class="${c.inner}"><p class="${c.kicker}">${escapeHtml(HOME_HERO.kicker)}</p><h1 class="${c.title}">${escapeHtml(HOME_HERO.title)}</h1><p class="${c.lead}">${escapeHtml(HOME_HERO.lead)}</p></div></section></main>`;
}
