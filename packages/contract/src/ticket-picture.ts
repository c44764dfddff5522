/**
 * The frame of a ticket page's large picture (spec §2 Ticket Details; on a phone the page's largest
 * element): the web app's TicketDetailsPage and Gallery render it, and the server writes the same frame
 * with the package's picture into the HTML (`ticketPictureFrameHtml`), so the picture paints before the
 * app's JavaScript has arrived and the app's first render takes its place without a shift (before,
 * the picture waited 1.4-1.6 s for the app's code in Lighthouse's mobile runs). One set of classes for
 * both, like banner.ts.
 */
import { escapeHtml } from './html-policy';

export const TICKET_PAGE_CLASSES = {
  main: 'mx-auto max-w-6xl px-4 py-6 md:py-10',
  /** Mobile: pictures, heading, booking, description; desktop: the booking panel in its own column. */
  grid: 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-10',
  galleryCell: 'lg:col-start-1',
  pictureBox: 'overflow-hidden rounded-2xl bg-stone-200',
  picture: 'aspect-[16/10] w-full object-cover',
} as const;

/** Width and height attributes of the large picture (its box keeps 16:10, object-cover). */
export const TICKET_PICTURE_SIZE = { width: 1200, height: 750 } as const;

/** The ticket page's picture frame as HTML, for its first paint (decorative until the app names it). */
export function ticketPictureFrameHtml(src: string): string {
  const c = TICKET_PAGE_CLASSES;
  return `<main class="${c.main}"><div class="${c.grid}"><div class="${c.galleryCell}"><div><div class="${c.pictureBox}"><img src="${escapeHtml(src)}" alt="" width="${TICKET_PICTURE_SIZE.width}" height="${TICKET_PICTURE_SIZE.height}" fetchpriority="high" decoding="async" class="${c.picture}"></div></div></div></div></main>`;
}
