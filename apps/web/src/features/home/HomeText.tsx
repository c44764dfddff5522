import { HOME_PAGE_TAG, HOME_WORD_TAGS, HOME_WORDS, type HomeWord } from '@rome/contract';
import { ContentWord } from '../../components/content/ContentWord';

/** A word of the home page that editors change in place (contract home-words.ts), in the page's language. */
export function HomeText(props: {
  word: HomeWord;
  as: 'h2' | 'p' | 'span';
  id?: string;
  className?: string;
  editClassName?: string;
}) {
  return <ContentWord page={HOME_PAGE_TAG} words={HOME_WORDS} tags={HOME_WORD_TAGS} {...props} />;
}
