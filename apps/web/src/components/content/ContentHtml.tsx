import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo } from 'react';
import { useSettings } from '../../api/site';
import { CONTENT_ERRORS, useStaticContent } from './api';
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
  const { t } = useLingui();
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
        <span className="sr-only">{t`Loading content...`}</span>
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
        {contentError(content.error ?? '')}
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

/** Spec §8's static content errors (English word for word) in the page's language. */
function contentError(message: string): string {
  if (message === CONTENT_ERRORS.fetch) return i18n._(msg`Failed to fetch content`);
  if (message === CONTENT_ERRORS.notJson) return i18n._(msg`Received content is not JSON`);
  const http = /^HTTP Error: (\d+)$/.exec(message);
  if (http) {
    const status = http[1];
    return i18n._(msg`HTTP Error: ${status}`);
  }
  return message;
}
