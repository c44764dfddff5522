import { useMemo } from 'react';
import { useSettings } from '../../api/site';
import { useStaticContent } from './api';
import { EditableSlot } from './editable';
import { renderContentText } from './text';

type TextTag = 'h1' | 'h2' | 'h3' | 'p' | 'span' | 'div';

/**
 * A plain-text block's words as ContentText shows them, for a caller that puts them in its own element
 * (a link's label): the words, the stored source the editor starts from, and whether they still wait
 * for this language's words.
 */
export function useContentText(tag: string, page: string, fallback: string, localized?: string) {
  const content = useStaticContent(page);
  const settings = useSettings();
  const source = content.block(tag)?.block_content;
  // Never written in this page's language: its default in this language shows (when it has one), not
  // the English an editor wrote. An edit in one language changes no other.
  const untranslated = content.block(tag)?.translated === false;
  const text = useMemo(() => {
    if (untranslated && localized) return localized;
    const stored = source === undefined ? fallback : renderContentText(source, settings) || fallback;
    return stored === fallback && localized ? localized : stored;
  }, [source, fallback, localized, settings, untranslated]);
  return {
    text,
    source: source ?? fallback,
    untranslated: untranslated && !localized,
    loading: content.state === 'loading',
  };
}

/**
 * A plain-text content block (title, subtitle). The fallback shows when the block is missing or the
 * content failed to load; while loading it holds the space without flashing text that may change.
 * `localized` is the fallback in the page's language (decision 024): it shows instead of the English
 * fallback, instead of a stored block that still holds the English default word for word (the seed's
 * words, which no editor has changed), and in a language the block was never written in (an editor's
 * English stays English); an editor's own words in this language show as they were written.
 */
export function ContentText({
  tag,
  page,
  fallback,
  as: Tag = 'span',
  id,
  className = '',
  editClassName,
  label,
  localized,
}: {
  tag: string;
  page: string;
  /** The English default (the spec's words, and what the editor starts from). */
  fallback: string;
  localized?: string;
  as?: TextTag;
  id?: string;
  className?: string;
  editClassName?: string;
  label?: string;
}) {
  const { text, source, untranslated, loading } = useContentText(tag, page, fallback, localized);
  return (
    <EditableSlot
      kind="text"
      tag={tag}
      page={page}
      source={source}
      untranslated={untranslated}
      label={label}
      className={editClassName}
    >
      <Tag
        id={id}
        data-content-tag={tag}
        aria-busy={loading || undefined}
        className={`${className}${loading ? ' invisible' : ''}`}
      >
        {text}
      </Tag>
    </EditableSlot>
  );
}
