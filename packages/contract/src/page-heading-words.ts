/**
 * Headings of the offers and operator pages that editors change in place: words of the site's page tag
 * (home-words.ts `SITE_PAGE_TAG`, sent with every page's HTML), kept apart from the footer's so that
 * only the pages that show them load them. The offers title is the spec's.
 */
import { wordTags } from './home-words';

export const PAGE_HEADING_WORDS = {
  offersTitle: /*i18n*/ 'Exciting Deals Just for You!',
  companySimilarTitle: /*i18n*/ 'Similar tours from other companies',
  companySimilarLead: /*i18n*/ 'The same ticket durations from other operators in Rome.',
} as const;
export type PageHeadingWord = keyof typeof PAGE_HEADING_WORDS;
export const PAGE_HEADING_WORD_TAGS = wordTags('site', PAGE_HEADING_WORDS);
