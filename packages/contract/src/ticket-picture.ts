/**
 * The frame of a ticket page's large picture (spec §2 Ticket Details; on a phone the page's largest
 * element): the web app's TicketDetailsPage and Gallery render it, and the server writes the same frame
 * with the package's picture into the HTML (`ticketFrameHtml`, ticket-frame.ts), so the picture paints before the
 * app's JavaScript has arrived and the app's first render takes its place without a shift (before,
 * the picture waited 1.4-1.6 s for the app's code in Lighthouse's mobile runs). One set of classes for
 * both, like banner.ts.
 */
export const TICKET_PAGE_CLASSES = {
  main: 'mx-auto max-w-6xl px-4 py-6 md:py-10',
  /** Mobile: pictures, heading, booking, description; desktop: the booking panel in its own column. */
  grid: 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-10',
  galleryCell: 'lg:col-start-1',
  pictureBox: 'overflow-hidden rounded-2xl bg-stone-200',
  picture: 'aspect-[16/10] w-full object-cover',
  /** The row of thumbnails under the large picture, when there are several (its height is kept in the frame). */
  thumbs: 'mt-3 grid grid-cols-4 gap-2',
  thumb: 'aspect-[16/10] w-full object-cover',
} as const;

/** Width and height attributes of the large picture (its box keeps 16:10, object-cover). */
export const TICKET_PICTURE_SIZE = { width: 1200, height: 750 } as const;
