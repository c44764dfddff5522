import { i18n } from '@lingui/core';
import { HOME_PAGE_TAG, HOME_WORD_TAGS, HOME_WORDS, type HomeWord } from '@rome/contract';
import { ContentText } from '../../components/content/ContentText';

/** A word of the home page that editors change in place (contract home-words.ts), in the page's language. */
export function HomeText({
  word,
  as,
  id,
  className,
  editClassName,
}: {
  word: HomeWord;
  as: 'h2' | 'p' | 'span';
  id?: string;
  className?: string;
  editClassName?: string;
}) {
  return (
    <ContentText
      tag={HOME_WORD_TAGS[word]}
      page={HOME_PAGE_TAG}
      fallback={HOME_WORDS[word]}
      localized={i18n._(HOME_WORDS[word])}
      as={as}
      id={id}
      className={className}
      editClassName={editClassName}
      label={`home ${word.replace(/[A-Z]/g, (m) => ` ${m.toLowerCase()}`)}`}
    />
  );
}
