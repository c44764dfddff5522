import { useEffect, useRef, useState } from 'react';
import { buttonPrimary, buttonSecondary, Dialog } from '../components/Dialog';
import { fetchGlobalHeadCode, reasonOf, saveGlobalHeadCode } from './api';
import { CodeEditor } from './CodeEditor';

type HeadState = 'loading' | 'editing' | 'saving' | 'success' | 'error';

/** Spec §9: head-code panel messages vanish after 3.5 seconds. */
export const HEAD_MESSAGE_MS = 3500;

/**
 * Spec §2/§4 Global Settings panel (900 px): the global head code (loading, editing, saving, success
 * or error). The fetched code is auto-indented once after loading. The server puts the code into every
 * page's <head> with the page's nonce; the client never injects it.
 */
export function GlobalSettingsPanel({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<HeadState>('loading');
  const [loaded, setLoaded] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = (text: string, error: boolean) => {
    setMessage({ text, error });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), HEAD_MESSAGE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once when the panel opens.
  useEffect(() => {
    let live = true;
    fetchGlobalHeadCode()
      .then((text) => {
        if (!live) return;
        setLoaded(text);
        setCode(text);
        setState('editing');
      })
      .catch(() => {
        if (!live) return;
        // Nothing to edit: saving now would wipe the stored code.
        setState('error');
        show('Failed to fetch global head code', true);
      });
    return () => {
      live = false;
    };
  }, []);

  async function save() {
    setState('saving');
    try {
      await saveGlobalHeadCode(code);
      setState('success');
      show('Global head code updated!', false);
    } catch (err) {
      setState('error');
      const reason = reasonOf(err, '');
      show(
        reason === 'Authentication required'
          ? 'Failed to update global head code: Authentication required'
          : 'Failed to update global head code',
        true,
      );
    }
  }

  return (
    <Dialog
      title="Global Settings"
      onClose={onClose}
      className="my-0 mr-0 ml-auto h-dvh max-h-dvh w-full max-w-[900px] sm:rounded-l-xl"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="font-bold" id="head-code-title">
            Global head code
          </h3>
          <p className="text-sm text-stone-700">
            Markup added to the &lt;head&gt; of every page (analytics, verification tags). Scripts here run on
            every page.
          </p>
        </div>
        {loaded === null ? (
          state === 'loading' && (
            <p role="status" className="text-stone-700">
              Loading global head code...
            </p>
          )
        ) : (
          <div className="min-h-[240px] flex-1 overflow-hidden rounded-lg ring-1 ring-stone-300">
            <CodeEditor
              value={loaded}
              onChange={setCode}
              label="Global head code"
              autoIndent
              className="h-full"
            />
          </div>
        )}
      </div>
      <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 px-5 py-3">
        <p
          role="status"
          data-testid="head-code-message"
          className={`mr-auto text-sm font-semibold ${message?.error ? 'text-red-700' : 'text-green-800'}`}
        >
          {message?.text}
        </p>
        <button type="button" className={buttonSecondary} onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className={buttonPrimary}
          onClick={save}
          disabled={state === 'loading' || state === 'saving' || loaded === null}
        >
          {state === 'saving' ? 'Saving...' : 'Save Head Code'}
        </button>
      </footer>
    </Dialog>
  );
}
