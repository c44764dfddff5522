import { i18n } from '@lingui/core';
import { SITE_PAGE_TAG, SITE_WORD_TAGS, SITE_WORDS, type SiteWord } from '@rome/contract';
import { ContentText } from './ContentText';

/**
 * A word of a page's word table (contract home-words.ts) that editors change in place, in the page's
 * language: its block is the table's tag, its default the table's English, translated in the catalogues.
 */
export function ContentWord<K extends string>({
  page,
  words,
  tags,
  word,
  as,
  id,
  className,
  editClassName,
  area = page,
}: {
  page: string;
  /** Names the block on its EDIT button before the word ('home steps title'); the page tag unless given. */
  area?: string;
  words: Record<K, string>;
  tags: Record<K, string>;
  word: K;
  as: 'h1' | 'h2' | 'p' | 'span';
  id?: string;
  className?: string;
  editClassName?: string;
}) {
  return (
    <ContentText
      tag={tags[word]}
      page={page}
      fallback={words[word]}
      localized={i18n._(words[word])}
      as={as}
      id={id}
      className={className}
      editClassName={editClassName}
      label={`${area ? `${area} ` : ''}${word.replace(/[A-Z]/g, (m) => ` ${m.toLowerCase()}`)}`}
    />
  );
}

/** A word of the site's table (the footer, other pages' headings), named by its key ('footer about title'). */
export function SiteText(props: {
  word: SiteWord;
  as: 'h1' | 'h2' | 'p' | 'span';
  id?: string;
  className?: string;
  editClassName?: string;
}) {
  return <ContentWord page={SITE_PAGE_TAG} area="" words={SITE_WORDS} tags={SITE_WORD_TAGS} {...props} />;
}
