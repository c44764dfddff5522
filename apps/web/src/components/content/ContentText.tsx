import { useMemo } from 'react';
import { useSettings } from '../../api/site';
import { useStaticContent } from './api';
import { EditableSlot } from './editable';
import { renderContentText } from './text';

type TextTag = 'h1' | 'h2' | 'h3' | 'p' | 'span' | 'div';

/**
 * A plain-text content block (title, subtitle). The fallback shows when the block is missing or the
 * content failed to load; while loading it holds the space without flashing text that may change.
 * `localized` is the fallback in the page's language (decision 024): it shows instead of the English
 * fallback, and instead of a stored block that still holds the English default word for word (the
 * seed's words, which no editor has changed); an editor's own words show as they were written.
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
  const content = useStaticContent(page);
  const settings = useSettings();
  const source = content.block(tag)?.block_content;
  const text = useMemo(() => {
    const stored = source === undefined ? fallback : renderContentText(source, settings) || fallback;
    return stored === fallback && localized ? localized : stored;
  }, [source, fallback, localized, settings]);
  const loading = content.state === 'loading';
  return (
    <EditableSlot
      kind="text"
      tag={tag}
      page={page}
      source={source ?? fallback}
      untranslated={content.block(tag)?.translated === false}
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
