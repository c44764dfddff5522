/**
 * Every word of the editable word tables by its block tag, with its page and English default: an
 * editor may write one in another language before anyone wrote its English block (the page showed the
 * default), and the server then starts the English block from this default (decision 038). The
 * server's alone: no page needs it.
 */
import { HOME_PAGE_TAG } from './home-hero';
import {
  HOME_WORD_TAGS,
  HOME_WORDS,
  type HomeWord,
  SITE_PAGE_TAG,
  SITE_WORD_TAGS,
  SITE_WORDS,
  type SiteWord,
} from './home-words';
import { PAGE_HEADING_WORD_TAGS, PAGE_HEADING_WORDS, type PageHeadingWord } from './page-heading-words';

type Default = { page: string; english: string };
const entries = <K extends string>(page: string, words: Record<K, string>, tags: Record<K, string>) =>
  (Object.keys(words) as K[]).map((k): [string, Default] => [tags[k], { page, english: words[k] }]);

export const WORD_BLOCK_DEFAULTS: ReadonlyMap<string, Default> = new Map([
  ...entries<HomeWord>(HOME_PAGE_TAG, HOME_WORDS, HOME_WORD_TAGS),
  ...entries<SiteWord>(SITE_PAGE_TAG, SITE_WORDS, SITE_WORD_TAGS),
  ...entries<PageHeadingWord>(SITE_PAGE_TAG, PAGE_HEADING_WORDS, PAGE_HEADING_WORD_TAGS),
]);
