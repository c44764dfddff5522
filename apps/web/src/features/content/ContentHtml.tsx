import { type ReactNode, useMemo } from 'react';
import { useSettings } from '../../api/site';
import { useStaticContent } from './api';
import { EditableSlot } from './editable';
import { CONTENT_HTML_CLASSES, renderContentHtml } from './html';

/**
 * An HTML content block, sanitised with DOMPurify and with {email}, {phone} and {address} filled from
 * the website settings. `placeholder` shows while loading or when the block is missing.
 */
export function ContentHtml({
  tag,
  page,
  placeholder,
  className = CONTENT_HTML_CLASSES,
  label,
}: {
  tag: string;
  page: string;
  placeholder?: ReactNode;
  className?: string;
  label?: string;
}) {
  const content = useStaticContent(page);
  const settings = useSettings();
  const source = content.block(tag)?.block_content;
  const html = useMemo(
    () => (source === undefined ? null : renderContentHtml(source, settings)),
    [source, settings],
  );

  let body: ReactNode;
  if (html !== null) {
    body = (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify (renderContentHtml)
      <div data-content-tag={tag} className={className} dangerouslySetInnerHTML={{ __html: html }} />
    );
  } else if (content.state === 'loading') {
    body = placeholder ?? (
      <div role="status" className="space-y-3" data-content-tag={tag}>
        <span className="sr-only">Loading content...</span>
        <div className="h-4 w-11/12 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-10/12 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-8/12 animate-pulse rounded bg-stone-200" />
      </div>
    );
  } else if (content.state === 'error') {
    body = (
      <p
        role="alert"
        data-content-tag={tag}
        className="rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200"
      >
        {content.error}
      </p>
    );
  } else {
    body = placeholder ?? <div data-content-tag={tag} />;
  }

  return (
    <EditableSlot
      kind="html"
      tag={tag}
      page={page}
      source={source ?? ''}
      untranslated={content.block(tag)?.translated === false}
      label={label}
    >
      {body}
    </EditableSlot>
  );
}
