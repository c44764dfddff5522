/**
 * The frame of a page banner (spec §2 Company page, §9 banner heights 350 px small, 400 px from md):
 * the web app's ContentBanner renders it, and the server writes the same frame with the page's picture
 * into the HTML, so the banner (most pages' largest element) paints before the app's JavaScript has
 * arrived and the app's first render takes its place without a shift. One set of classes for both.
 */
import { escapeHtml } from './html-policy';

export const BANNER_CLASSES = {
  section: 'relative h-[350px] overflow-hidden bg-brand-dark md:h-[400px]',
  image: 'absolute inset-0 h-full w-full object-cover',
  shade: 'pointer-events-none absolute inset-0 bg-gradient-to-t from-black/75 via-black/40 to-black/10',
  text: 'relative mx-auto flex h-full max-w-6xl flex-col justify-end px-4 pb-10 md:pb-14',
} as const;

/** Width and height attributes of a banner picture (its box is the section's, object-cover). */
export const BANNER_SIZE = { width: 1600, height: 500 } as const;

/** The banner frame as HTML, for the page's first paint (decorative until the app names it). */
export function bannerFrameHtml(src: string): string {
  return `<main><section class="${BANNER_CLASSES.section}"><img src="${escapeHtml(src)}" alt="" width="${BANNER_SIZE.width}" height="${BANNER_SIZE.height}" fetchpriority="high" decoding="async" class="${BANNER_CLASSES.image}"><div class="${BANNER_CLASSES.shade}"></div></section></main>`;
}
