/**
 * The editor's tools on pages (spec §2 Editor tools on pages, §6 Editor). This module and everything
 * it imports (CodeMirror included) is one lazy chunk, loaded only when the visitor is an editor
 * (components/content/editable.tsx).
 */
import { useState } from 'react';
import type { EditableProps } from '../components/content/editable-props';
import { Icon } from '../components/Icon';
import { ChangeImageDialog } from './ChangeImageDialog';
import { HtmlEditorDialog } from './HtmlEditorDialog';
import { MetadataPanel } from './MetadataPanel';

/** A dashed outline and an EDIT button around an editable text, HTML block or image. */
export function Editable({
  kind,
  tag,
  page,
  source = '',
  imageId = null,
  label,
  className = '',
  untranslated = false,
  children,
}: EditableProps) {
  const [open, setOpen] = useState(false);
  const name = label ?? tag;
  const isImage = kind === 'image';
  return (
    <div
      data-editable={tag}
      className={`${isImage ? '' : 'relative'} rounded-sm outline-2 outline-offset-2 outline-sky-400 outline-dashed ${className}`}
    >
      {children}
      {untranslated && (
        // English shown in place of this language's words (decision 024): saving writes them.
        <span className="absolute -top-2.5 left-1 z-20 rounded bg-amber-300 px-2 py-0.5 text-xs font-bold text-stone-900 shadow">
          Not translated: English shown
        </span>
      )}
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`EDIT ${name}`}
        title={`${isImage ? 'Change image' : 'Edit'} (${tag})`}
        className={`absolute z-20 rounded bg-sky-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white shadow hover:bg-sky-800 ${
          isImage ? 'top-3 right-3' : '-top-2.5 right-1'
        }`}
      >
        EDIT
      </button>
      {open &&
        (isImage ? (
          <ChangeImageDialog
            tag={tag}
            page={page}
            currentId={imageId}
            label={name}
            onClose={() => setOpen(false)}
          />
        ) : (
          <HtmlEditorDialog
            kind={kind}
            tag={tag}
            page={page}
            source={source}
            label={name}
            onClose={() => setOpen(false)}
          />
        ))}
    </div>
  );
}

/** The floating button that opens the page's metadata panel. */
export function PageTools({ page }: { page: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full bg-sky-700 px-4 py-3 text-sm font-bold text-white shadow-lg hover:bg-sky-800"
      >
        <Icon solid viewBox="0 0 20 20" className="h-4 w-4" focusable="false">
          <path
            d="M11.5 1.5 10 4H6.5L5 6.5 6.5 9 5 11.5 6.5 14H10l1.5 2.5h3L16 14l-1.5-2.5L16 9l-1.5-2.5L16 4l-1.5-2.5z"
            opacity="0"
          />
          <path d="M3 4h14v2H3zm0 5h14v2H3zm0 5h9v2H3z" />
        </Icon>
        Page metadata
      </button>
      {open && <MetadataPanel page={page} onClose={() => setOpen(false)} />}
    </>
  );
}
