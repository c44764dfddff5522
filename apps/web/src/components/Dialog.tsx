import { type ReactNode, useEffect, useId, useRef } from 'react';
import { pushToastHost } from '../lib/toastHost';
import { keepTabWithin } from './focusTrap';
import { Icon } from './Icon';

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert, Tab cycles
 * through the dialog's own controls (focusTrap), Escape closes, focus returns to what opened it, and
 * the title names it.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = '',
  headerExtra,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Size and placement classes. */
  className?: string;
  headerExtra?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    // Toasts raised while it is open show inside it, above its backdrop (lib/toastHost).
    const dropToastHost = pushToastHost(dialog);
    return () => {
      dropToastHost();
      if (dialog.open) dialog.close();
      // Back to the button that opened it (when it is still on the page).
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        // Only this dialog's own keys: a dialog opened from it handles its own (editor/media/Isolate).
        if (ref.current && (e.target as Element).closest?.('dialog') === ref.current) {
          keepTabWithin(ref.current, e);
        }
      }}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      className={`flex flex-col overflow-hidden bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-black/55 ${className}`}
    >
      <header className="flex items-center justify-between gap-3 border-b border-stone-200 px-5 py-3">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          {headerExtra}
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label={`Close ${title}`}
            className="rounded-lg p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <Icon viewBox="0 0 20 20" className="h-5 w-5" strokeLinecap="round" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" />
            </Icon>
          </button>
        </div>
      </header>
      {children}
    </dialog>
  );
}

export const buttonPrimary =
  'rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60';
export const buttonSecondary =
  'rounded-lg px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60';
export const inputClass =
  'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm text-stone-900 focus:border-brand';
