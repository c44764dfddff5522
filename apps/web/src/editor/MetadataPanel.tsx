import { parseSchemaJson } from '@rome/contract';
import { useState } from 'react';
import { useStaticContent } from '../components/content/api';
import { buttonPrimary, buttonSecondary, Dialog, inputClass } from '../components/Dialog';
import toast from '../lib/toast';
import { updatePageMeta } from './api';
import { GlobalSettingsPanel } from './GlobalSettingsPanel';
import { Isolate } from './media/Isolate';

type SaveState = 'idle' | 'saving' | 'success' | 'error';

const schemaText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
};

/**
 * Spec §2 Metadata panel (920 px wide, full width on phones): meta title, description, keywords and
 * schema JSON of the current page (§4 Metadata save: idle, saving, success or error). It opens the
 * nested Global Settings panel with the global head code.
 */
export function MetadataPanel({ page, onClose }: { page: string; onClose: () => void }) {
  const content = useStaticContent(page);
  return (
    <Dialog
      title="Page Metadata"
      onClose={onClose}
      className="my-0 mr-0 ml-auto h-dvh max-h-dvh w-full max-w-[920px] sm:rounded-l-xl"
    >
      {content.state === 'loading' ? (
        <p role="status" className="p-6 text-stone-700">
          Loading page information...
        </p>
      ) : (
        <MetadataForm
          key={content.data ? 'loaded' : 'empty'}
          page={page}
          initial={content.data?.page}
          onSaved={content.refresh}
        />
      )}
    </Dialog>
  );
}

function MetadataForm({
  page,
  initial,
  onSaved,
}: {
  page: string;
  initial?: { meta_title?: string; meta_description?: string; meta_keywords?: string; schema_json?: unknown };
  onSaved: () => void;
}) {
  const [title, setTitle] = useState(initial?.meta_title ?? '');
  const [description, setDescription] = useState(initial?.meta_description ?? '');
  const [keywords, setKeywords] = useState(initial?.meta_keywords ?? '');
  const [schema, setSchema] = useState(schemaText(initial?.schema_json));
  const [state, setState] = useState<SaveState>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [globalOpen, setGlobalOpen] = useState(false);

  async function save() {
    const parsed = parseSchemaJson(schema);
    if (!parsed.ok) {
      setState('error');
      setMessage(parsed.error);
      return;
    }
    setState('saving');
    setMessage(null);
    try {
      await updatePageMeta(page, {
        meta_title: title,
        meta_description: description,
        meta_keywords: keywords,
        schema_json: schema.trim() === '' ? null : schema,
      });
      setState('success');
      setMessage('Meta information updated!');
      toast.success('Meta information updated!');
      onSaved();
    } catch {
      setState('error');
      setMessage('Failed to update meta information');
      toast.error('Failed to update meta information');
    }
  }

  return (
    <>
      <form
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="min-h-0 flex-1 space-y-4 overflow-auto p-5">
          <p className="text-sm text-stone-700">
            Page <span className="font-mono font-semibold">{page}</span>. Empty fields use the shop's
            generated title and description.
          </p>
          <label className="block text-sm font-semibold">
            Meta title
            <input
              className={inputClass}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={255}
            />
          </label>
          <label className="block text-sm font-semibold">
            Meta description
            <textarea
              className={inputClass}
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </label>
          <label className="block text-sm font-semibold">
            Meta keywords
            <input className={inputClass} value={keywords} onChange={(e) => setKeywords(e.target.value)} />
          </label>
          <label className="block text-sm font-semibold">
            Schema JSON
            <textarea
              className={`${inputClass} font-mono`}
              rows={10}
              spellCheck={false}
              value={schema}
              onChange={(e) => setSchema(e.target.value)}
              aria-describedby="schema-help"
              aria-invalid={message === 'Schema JSON is invalid' || undefined}
            />
          </label>
          <p id="schema-help" className="-mt-2 text-sm text-stone-700">
            JSON-LD for this page, or empty for none.
          </p>
        </div>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-5 py-3">
          <button type="button" className={buttonSecondary} onClick={() => setGlobalOpen(true)}>
            Global Settings
          </button>
          <div className="flex flex-wrap items-center gap-3">
            <p
              role="status"
              className={`text-sm font-semibold ${state === 'error' ? 'text-red-700' : 'text-green-800'}`}
            >
              {message}
            </p>
            <button type="submit" className={buttonPrimary} disabled={state === 'saving'}>
              {state === 'saving' ? 'Saving...' : 'Save Meta'}
            </button>
          </div>
        </footer>
      </form>
      {/* Isolated: its Escape closes only this panel, its form does not submit the metadata form. */}
      {globalOpen && (
        <Isolate>
          <GlobalSettingsPanel onClose={() => setGlobalOpen(false)} />
        </Isolate>
      )}
    </>
  );
}
