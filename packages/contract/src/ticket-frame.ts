/**
 * The ticket page before its JavaScript (decision 043). On a slow phone link the app's code takes
 * seconds to arrive; the server writes the page's title, its price and a booking form that works
 * without any script into the HTML, so a buyer can read the price and choose a day and the number of
 * tickets at once. The form is an ordinary GET form to the page itself (`?date=&adults=&youths=`): sent
 * before the app has come, the page comes back with the choice made; once the app is there, its booking
 * panel takes the form's values (`frameSelection` in the web app), so nothing chosen is lost.
 *
 * The words are the booking panel's own (the web app shows these ids), so the frame and the app say the
 * same thing in every language, and the classes are the app's (TicketDetailsPage, BookingPanel).
 */

import { TICKET_FRAME_FORM_ID } from './first-screen';
import { escapeHtml } from './html-policy';
import { TICKET_PAGE_CLASSES, TICKET_PICTURE_SIZE } from './ticket-picture';

/** The booking panel's words (message ids of the web app's catalogues, read by the server as well). */
export const TICKET_PANEL_WORDS = {
  book: /*i18n*/ 'Book your tickets',
  selectDate: /*i18n*/ 'Select a date',
  adults: /*i18n*/ 'Adults',
  adultAges: /*i18n*/ '19-99 years',
  youths: /*i18n*/ 'Youths',
  youthAges: /*i18n*/ '6-18 years',
  /** A counter's unit price: '{price}' is the formatted amount. */
  perPerson: /*i18n*/ '{price} per person',
  /** The heading's price line: `<0>` wraps the formatted price, '{priceText}'. */
  fromPrice: /*i18n*/ 'From <0>{priceText}</0> per person',
  checkout: /*i18n*/ 'Checkout',
  childrenFree: /*i18n*/ 'Children 0-5 years travel free and need no ticket.',
} as const;

export type TicketPanelWord = keyof typeof TICKET_PANEL_WORDS;

/** The form's field names: the page's query when it was sent before the app came. */
export const TICKET_FRAME_FIELDS = { date: 'date', adults: 'adults', youths: 'youths' } as const;
/**
 * The frame's title, price and booking heading carry these Element Timing names, so a browser test reads
 * when each was painted from the browser's own clock (e2e/slow-link.spec.ts).
 */
export const TICKET_FRAME_TIMINGS = [
  'ticket-frame-title',
  'ticket-frame-price',
  'ticket-frame-panel',
] as const;
/** The most tickets of one kind the form offers (the app's counters then go on one at a time). */
export const TICKET_FRAME_MAX_COUNT = 10;

export type TicketFrameChoice = { date: string; adults: number; youths: number };

/** A count from the page's query or the form: a whole number from 0 to the form's maximum, else 0. */
export function frameCount(value: string | null | undefined): number {
  if (!value || !/^\d{1,2}$/.test(value)) return 0;
  return Math.min(Number(value), TICKET_FRAME_MAX_COUNT);
}

/** The choice carried by a page's query (a form sent before the app came); a date not on sale is dropped. */
export function frameChoiceFromQuery(
  query: { get(name: string): string | null },
  dates: readonly string[],
): TicketFrameChoice {
  const date = query.get(TICKET_FRAME_FIELDS.date) ?? '';
  return {
    date: dates.includes(date) ? date : '',
    adults: frameCount(query.get(TICKET_FRAME_FIELDS.adults)),
    youths: frameCount(query.get(TICKET_FRAME_FIELDS.youths)),
  };
}

/** The package's pictures for the gallery, in order, without empty slots or repeats. */
export function galleryImages(pkg: {
  image_big?: unknown;
  second_image?: unknown;
  third_image?: unknown;
  fourth_image?: unknown;
}): string[] {
  const urls = [pkg.image_big, pkg.second_image, pkg.third_image, pkg.fourth_image].filter(
    (u): u is string => typeof u === 'string' && u.trim() !== '',
  );
  return [...new Set(urls)];
}

export type TicketFrameInput = {
  /** The gallery's pictures (`galleryImages`): the first is painted, the others' row is kept free. */
  pictures: readonly string[];
  company: string;
  title: string;
  type: string;
  /** The adult price and each kind's price, formatted in the page's language. */
  priceText: string;
  adultPriceText: string;
  youthPriceText: string;
  /** The days on sale ('YYYY-MM-DD') with their names in the page's language; none: an open-dated ticket. */
  dates: readonly { value: string; label: string }[];
  /** Bus tours carry the operators' rule for small children (spec §1). */
  childrenFree: boolean;
  chosen: TicketFrameChoice;
  /** A word in the page's language; `values` fill its placeholders. */
  word: (key: TicketPanelWord, values?: Record<string, string>) => string;
};

export const TICKET_FRAME_CLASSES = {
  header: 'lg:col-start-1',
  company: 'text-sm font-semibold uppercase tracking-wide text-brand',
  title: 'mt-1 text-2xl font-bold text-stone-900 md:text-3xl',
  type: 'mt-1 text-stone-700',
  priceRow: 'mt-3 flex flex-wrap items-center gap-3',
  priceLine: 'flex flex-wrap items-baseline gap-x-2 text-stone-700',
  price: 'text-3xl font-bold text-brand',
  panelCell: 'lg:col-start-2 lg:row-span-3 lg:row-start-1',
  panel: 'scroll-mb-28 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-4',
  panelTitle: 'text-lg font-bold text-stone-900',
  label: 'mt-4 block text-sm font-semibold text-stone-900',
  select: 'mt-1 w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-stone-900',
  counter: 'flex min-w-0 items-center justify-between gap-3 py-3',
  counterName: 'font-semibold text-stone-900',
  counterAges: 'font-normal text-stone-600',
  counterPrice: 'text-sm text-stone-700',
  count: 'w-20 rounded-lg border border-stone-400 bg-white px-3 py-2 text-lg font-semibold text-stone-900',
  note: 'mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-800',
  button:
    'mt-4 w-full rounded-xl bg-brand px-4 py-3 text-lg font-bold text-white transition hover:bg-brand-dark',
} as const;

/** A word with `<0>…</0>` around its placeholder, as HTML: the rest escaped, the placeholder's part wrapped. */
function withTag(word: string, open: string, close: string): string {
  const m = /^([\s\S]*)<0>([\s\S]*)<\/0>([\s\S]*)$/.exec(word);
  if (!m) return escapeHtml(word);
  return `${escapeHtml(m[1]!)}${open}${escapeHtml(m[2]!)}${close}${escapeHtml(m[3]!)}`;
}

/** The ticket page's first paint as HTML: picture, heading with the price, and the booking form. */
export function ticketFrameHtml(f: TicketFrameInput): string {
  const c = TICKET_PAGE_CLASSES;
  const k = TICKET_FRAME_CLASSES;
  const e = escapeHtml;
  const [first] = f.pictures;
  // The thumbnails' row as empty boxes of their size: the heading below does not move when the app's
  // gallery, with its thumbnail buttons, takes the frame's place.
  const thumbs =
    f.pictures.length > 1
      ? `<div class="${c.thumbs}" aria-hidden="true">${f.pictures.map(() => `<div class="${c.thumb} rounded-lg bg-stone-200"></div>`).join('')}</div>`
      : '';
  const picture = first
    ? `<div class="${c.galleryCell}"><div><div class="${c.pictureBox}"><img src="${e(first)}" alt="" width="${TICKET_PICTURE_SIZE.width}" height="${TICKET_PICTURE_SIZE.height}" fetchpriority="high" decoding="async" class="${c.picture}"></div>${thumbs}</div></div>`
    : '';
  const priceLine = withTag(
    f.word('fromPrice', { priceText: '\u0000' }),
    `<span class="${k.price}" data-testid="ticket-price" elementtiming="ticket-frame-price">`,
    '</span>',
  ).replace('\u0000', e(f.priceText));
  const header = `<header class="${k.header}"><p class="${k.company}">${e(f.company)}</p><h1 class="${k.title}" elementtiming="ticket-frame-title">${e(f.title)}</h1><p class="${k.type}">${e(f.type)}</p><div class="${k.priceRow}"><p class="${k.priceLine}">${priceLine}</p></div></header>`;

  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${e(value)}"${selected ? ' selected' : ''}>${e(label)}</option>`;
  const date = f.dates.length
    ? `<label for="ticket-frame-date" class="${k.label}">${e(f.word('selectDate'))}</label><select id="ticket-frame-date" name="${TICKET_FRAME_FIELDS.date}" required class="${k.select}">${option('', '', !f.chosen.date)}${f.dates.map((d) => option(d.value, d.label, d.value === f.chosen.date)).join('')}</select>`
    : '';
  const counter = (field: 'adults' | 'youths', ages: TicketPanelWord, priceText: string) => {
    const id = `ticket-frame-${field}`;
    const counts = Array.from({ length: TICKET_FRAME_MAX_COUNT + 1 }, (_, n) =>
      option(String(n), String(n), n === f.chosen[field]),
    ).join('');
    return `<div class="${k.counter}"><div><label for="${id}" class="${k.counterName}">${e(f.word(field))} <span class="${k.counterAges}">(${e(f.word(ages))})</span></label><p class="${k.counterPrice}">${e(f.word('perPerson', { price: priceText }))}</p></div><select id="${id}" name="${TICKET_FRAME_FIELDS[field]}" class="${k.count}">${counts}</select></div>`;
  };
  const note = f.childrenFree ? `<p class="${k.note}">${e(f.word('childrenFree'))}</p>` : '';
  const form = `<div class="${k.panelCell}"><form id="${TICKET_FRAME_FORM_ID}" method="get" aria-labelledby="ticket-frame-title" class="${k.panel}"><h2 id="ticket-frame-title" class="${k.panelTitle}" elementtiming="ticket-frame-panel">${e(f.word('book'))}</h2>${date}<div class="mt-2">${counter('adults', 'adultAges', f.adultPriceText)}${counter('youths', 'youthAges', f.youthPriceText)}</div>${note}<button type="submit" class="${k.button}">${e(f.word('checkout'))}</button></form></div>`;
  return `<main class="${c.main}"><div class="${c.grid}">${picture}${header}${form}</div></main>`;
}
