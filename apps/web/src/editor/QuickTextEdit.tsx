import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { htmlToText } from '../components/content/text';
import { useSaveContent } from './HtmlEditorDialog';

/** Plain text as the HTML a content block stores: its own characters, never markup. */
export const textToHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The field grows with its words, as the text it stands in for does. */
function grow(el: HTMLTextAreaElement) {
  el.style.height = 'auto';
  el.style.height = `${el.scrollHeight}px`;
}

/**
 * Changing three words of a title without the HTML source dialog (decision 038): the text turns into a
 * field in place, in the page's own type, with Save and Cancel. Enter saves (a title is one line),
 * Escape puts the words back. Placeholders such as {company} stay as they are written; the words are
 * saved as text, so a '<' is a character, not markup. The spec's EDIT dialog stays beside it.
 */
export function QuickTextEdit({
  tag,
  page,
  source,
  label,
  onDone,
}: {
  tag: string;
  page: string;
  source: string;
  label: string;
  onDone: () => void;
}) {
  const start = htmlToText(source);
  const [text, setText] = useState(start);
  const { save, saving, error } = useSaveContent(tag, page);
  const field = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  useEffect(() => {
    if (!field.current) return;
    grow(field.current);
    field.current.focus();
    field.current.select();
  }, []);

  const submit = async () => {
    const words = text.replace(/\s+/g, ' ').trim();
    if (words === start) return onDone();
    if (await save(textToHtml(words))) onDone();
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape') {
      // The field's own Escape: a dialog around the page (none here) must not close on it.
      e.stopPropagation();
      onDone();
    }
  };

  return (
    <div className="relative z-30">
      <textarea
        ref={field}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          grow(e.target);
        }}
        onKeyDown={onKey}
        rows={1}
        aria-label={`Text of ${label}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={saving}
        className="block w-full resize-none overflow-hidden rounded bg-white/95 p-1 text-stone-900 ring-2 ring-sky-500 [font:inherit] [letter-spacing:inherit] [line-height:inherit] [text-transform:inherit]"
      />
      <div className="mt-2 flex flex-wrap items-center gap-2 font-sans text-sm font-normal tracking-normal normal-case">
        <button
          type="button"
          onClick={() => void submit()}
          disabled={saving || text.trim() === ''}
          className="rounded bg-sky-700 px-3 py-1.5 text-sm font-bold text-white shadow hover:bg-sky-800 disabled:opacity-60"
        >
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button
          type="button"
          onClick={onDone}
          disabled={saving}
          className="rounded bg-white px-3 py-1.5 text-sm font-bold text-stone-800 shadow ring-1 ring-stone-300 hover:bg-stone-50"
        >
          Cancel
        </button>
        {error && (
          <span
            id={errorId}
            role="alert"
            className="rounded bg-red-50 px-2 py-1 text-sm font-semibold text-red-800"
          >
            {error}
          </span>
        )}
      </div>
    </div>
  );
}
