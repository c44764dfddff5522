/**
 * The editor's tools on pages (spec §2 Editor tools on pages, §6 Editor). This module and everything
 * it imports (CodeMirror included) is one lazy chunk, loaded only when the visitor is an editor
 * (components/content/editable.tsx).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { EditableProps } from '../components/content/editable-props';
import { Icon } from '../components/Icon';
import { EDITOR_TOOLS_SLOT_ID } from '../components/Navbar';
import { ChangeImageDialog } from './ChangeImageDialog';
import { ContactDetailsDialog } from './ContactDetailsDialog';
import { HtmlEditorDialog } from './HtmlEditorDialog';
import { MetadataPanel } from './MetadataPanel';
import { QuickTextEdit } from './QuickTextEdit';

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
  const [quick, setQuick] = useState(false);
  const name = label ?? tag;
  const isImage = kind === 'image';
  const isContact = kind === 'contact';
  return (
    <div
      data-editable={tag}
      // A text's wrapper keeps a row above its words for its buttons (the editor's page is a little
      // taller than the visitor's): the buttons then cover neither these words nor the block above.
      className={`${isImage ? '' : 'relative pt-7'} rounded-sm outline-2 outline-offset-2 outline-sky-400 outline-dashed ${className}`}
    >
      {quick ? (
        <QuickTextEdit tag={tag} page={page} source={source} label={name} onDone={() => setQuick(false)} />
      ) : (
        children
      )}
      {untranslated && !quick && (
        // English shown in place of this language's words (decision 024): saving writes them.
        <span className="absolute top-0 left-0 z-20 rounded bg-amber-300 px-2 py-0.5 text-xs font-bold text-stone-900 shadow">
          Not translated: English shown
        </span>
      )}
      {!quick && (
        // In the row above a text's words; inside a picture's corner. The buttons take clicks even where
        // the outline lets them through (a section's background).
        <span
          className={`pointer-events-auto absolute z-20 flex gap-1 ${isImage ? 'top-3 right-3' : 'top-0 right-0'}`}
        >
          {kind === 'text' && (
            <button
              type="button"
              onClick={() => setQuick(true)}
              aria-label={`Edit text of ${name}`}
              title={`Edit the words here (${tag})`}
              className="rounded bg-white px-2 py-0.5 text-xs font-bold text-sky-800 shadow ring-1 ring-sky-700 hover:bg-sky-50"
            >
              Edit text
            </button>
          )}
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-label={`EDIT ${name}`}
            title={isContact ? 'Edit the contact details' : `${isImage ? 'Change image' : 'Edit'} (${tag})`}
            className="rounded bg-sky-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white shadow hover:bg-sky-800"
          >
            EDIT
          </button>
        </span>
      )}
      {open && (
        // A dialog takes clicks even inside an outline that lets them through (a section's background).
        <span className="pointer-events-auto">
          {isContact ? (
            <ContactDetailsDialog onClose={() => setOpen(false)} />
          ) : isImage ? (
            <ChangeImageDialog
              tag={tag}
              page={page}
              currentId={imageId}
              label={name}
              onClose={() => setOpen(false)}
            />
          ) : (
            <HtmlEditorDialog
              kind={kind === 'html' ? 'html' : 'text'}
              tag={tag}
              page={page}
              source={source}
              label={name}
              onClose={() => setOpen(false)}
            />
          )}
        </span>
      )}
    </div>
  );
}

/**
 * The spec's floating button that opens the page's metadata panel. It sits in the sticky header's
 * editor slot (decision 038): on screen at every scroll position and over no part of the page. A page
 * without the header (none today) gets it in the corner.
 */
export function PageTools({ page }: { page: string }) {
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(EDITOR_TOOLS_SLOT_ID)), []);
  const button = (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-label="Page metadata"
      className={`flex items-center gap-2 rounded-full bg-sky-700 font-bold text-white shadow-lg ring-1 ring-white/40 hover:bg-sky-800 ${
        slot ? 'px-3 py-2 text-sm' : 'fixed right-4 bottom-4 z-40 px-4 py-3 text-sm'
      }`}
    >
      <Icon solid viewBox="0 0 20 20" className="h-4 w-4" focusable="false">
        <path d="M3 4h14v2H3zm0 5h14v2H3zm0 5h9v2H3z" />
      </Icon>
      {/* On a phone the header has room for the icon only; the button keeps its name. */}
      <span className={slot ? 'max-sm:sr-only' : ''}>Page metadata</span>
    </button>
  );
  return (
    <>
      {slot ? createPortal(button, slot) : button}
      {open && <MetadataPanel page={page} onClose={() => setOpen(false)} />}
    </>
  );
}
