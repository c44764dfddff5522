import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useSettings } from '../api/site';
import { type StaticContent, staticContentKey } from '../components/content/api';
import { CONTENT_HTML_CLASSES, renderContentHtml } from '../components/content/html';
import { renderContentText } from '../components/content/text';
import { buttonPrimary, buttonSecondary, Dialog } from '../components/Dialog';
import toast from '../lib/toast';
import { reasonOf, saveContent } from './api';
import { CodeEditor } from './CodeEditor';

/**
 * Spec §2 Editor tools: the HTML content editor. Live preview beside the source, character and line
 * counts, Cancel and 'Save Changes' ('Saving...' while busy). A save refreshes the block.
 */
export function HtmlEditorDialog({
  kind = 'html',
  tag,
  page,
  source,
  label,
  onClose,
}: {
  /** A text block (title, subtitle) shows as plain text on the page, and so in the preview. */
  kind?: 'text' | 'html';
  tag: string;
  page: string;
  source: string;
  label: string;
  onClose: () => void;
}) {
  const [text, setText] = useState(source);
  const { save: saveBlock, saving, error } = useSaveContent(tag, page);
  const settings = useSettings();
  // The page's own rendering of this kind of block: the same allowlist, or the same plain text.
  const render = useMemo(
    () =>
      kind === 'text'
        ? (t: string) => renderContentText(t, settings)
        : (t: string) => renderContentHtml(t, settings),
    [kind, settings],
  );
  const lines = text === '' ? 0 : text.split('\n').length;

  async function save() {
    if (await saveBlock(text)) onClose();
  }

  return (
    <Dialog
      title={`Edit ${label}`}
      onClose={onClose}
      className="m-auto h-[min(90dvh,760px)] max-h-[100dvh] w-[min(1200px,calc(100vw-1rem))] max-w-none rounded-xl"
    >
      <HtmlEditorPanes
        kind={kind}
        tag={tag}
        value={text}
        onChange={setText}
        label={label}
        render={render}
        className="flex-1"
      />
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-5 py-3">
        <p className="text-sm text-stone-700" data-testid="html-counts">
          {text.length} characters · {lines} {lines === 1 ? 'line' : 'lines'}
        </p>
        {error && (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <button type="button" className={buttonSecondary} onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="button" className={buttonPrimary} onClick={save} disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </footer>
    </Dialog>
  );
}

/**
 * The HTML editor's two panes: the live preview, drawn by `render` as the page draws the HTML (the same
 * allowlist), beside the CodeMirror source. Used by content blocks (HtmlEditorDialog) and the ticket
 * description (ticket/TicketEditor.tsx), so an editor sees the HTML as visitors will.
 */
export function HtmlEditorPanes({
  kind = 'html',
  tag,
  value,
  onChange,
  label,
  render,
  previewClassName = CONTENT_HTML_CLASSES,
  className = '',
}: {
  kind?: 'text' | 'html';
  tag: string;
  /** The current source; the editor starts from its first value. */
  value: string;
  onChange: (text: string) => void;
  label: string;
  /** Sanitised HTML (or plain text for a text block) of the source, as the page shows it. */
  render: (source: string) => string;
  previewClassName?: string;
  className?: string;
}) {
  const id = useId();
  const preview = useMemo(() => render(value), [render, value]);
  return (
    <div className={`grid min-h-0 grid-rows-2 gap-0 md:grid-cols-2 md:grid-rows-1 ${className}`}>
      <section
        aria-labelledby={`${id}-preview`}
        className="flex min-h-0 flex-col border-b border-stone-200 md:border-r md:border-b-0"
      >
        <h3
          id={`${id}-preview`}
          className="bg-stone-50 px-4 py-2 text-xs font-bold tracking-wide text-stone-700 uppercase"
        >
          Live preview
        </h3>
        <div className="min-h-0 flex-1 overflow-auto p-4">
          {kind === 'text' ? (
            <>
              <p data-testid="html-preview" className="text-lg font-semibold text-stone-900">
                {preview}
              </p>
              <p className="mt-3 text-xs text-stone-600">
                A title shows as plain text: tags such as &lt;strong&gt; are not kept on the page.
              </p>
            </>
          ) : (
            <div
              data-testid="html-preview"
              className={previewClassName}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify (render: the page's own sanitiser)
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          )}
        </div>
      </section>
      <section aria-labelledby={`${id}-source`} className="flex min-h-0 flex-col">
        <h3
          id={`${id}-source`}
          className="bg-stone-50 px-4 py-2 text-xs font-bold tracking-wide text-stone-700 uppercase"
        >
          HTML source <span className="font-mono font-normal normal-case">({tag})</span>
        </h3>
        <CodeEditor value={value} onChange={onChange} label={`HTML source of ${label}`} className="flex-1" />
      </section>
    </div>
  );
}

/**
 * Saves a content block in the page's language (the spec's edit-content call) and shows it at once:
 * the saved, sanitised block goes into the page's content, then the content is read again. The HTML
 * dialog and the inline text editor both save through this.
 */
export function useSaveContent(tag: string, page: string) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  async function save(text: string): Promise<boolean> {
    setSaving(true);
    setError(null);
    try {
      const block = await saveContent(tag, text, page);
      client.setQueryData<StaticContent>(staticContentKey(page), (old) =>
        old
          ? {
              ...old,
              content_blocks: old.content_blocks.some((b) => b.unique_tag === block.unique_tag)
                ? old.content_blocks.map((b) => (b.unique_tag === block.unique_tag ? block : b))
                : [...old.content_blocks, block],
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: staticContentKey(page) });
      toast.success('Content saved successfully!');
      setSaving(false);
      return true;
    } catch (err) {
      const reason = reasonOf(err, 'Failed to update content');
      setError(`Failed to save content: ${reason}`);
      toast.error(`Failed to save content: ${reason}`);
      setSaving(false);
      return false;
    }
  }
  return { save, saving, error };
}
