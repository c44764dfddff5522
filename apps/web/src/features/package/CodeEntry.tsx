/**
 * A code typed at checkout (a promo code, decision 050; a gift card, decision 053): a link that opens
 * the field, the field with its Apply button and its error, and the applied code's line with Remove.
 * What a code does is the caller's (`onApply`); the server judges it again at checkout.
 */
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';

export function CodeEntry({
  ask,
  label,
  placeholder,
  busy,
  error,
  canApply = true,
  hint,
  onApply,
}: {
  /** The link that opens the field ('Have a promo code?'). */
  ask: ReactNode;
  label: ReactNode;
  placeholder?: string;
  busy: boolean;
  error: string | null;
  canApply?: boolean;
  /** A line under the field while it cannot be applied. */
  hint?: ReactNode;
  onApply: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const uid = useId();
  const inputId = `${uid}-code`;
  const errorId = `${uid}-error`;

  if (!open)
    return (
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => document.getElementById(inputId)?.focus());
        }}
        className="mt-3 block text-sm font-semibold text-brand underline underline-offset-4"
      >
        {ask}
      </button>
    );

  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(text);
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-semibold text-stone-900">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-stone-400 bg-white px-3 py-2 font-mono uppercase text-stone-900"
        />
        <button
          type="submit"
          disabled={busy || !text.trim() || !canApply}
          className="rounded-lg bg-stone-800 px-4 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
        >
          <Trans>Apply</Trans>
        </button>
      </div>
      {!canApply && hint && <p className="mt-1 text-xs text-stone-600">{hint}</p>}
      <p id={errorId} role="alert" className="mt-1 min-h-5 text-sm font-semibold text-red-700">
        {error}
      </p>
    </form>
  );
}

/** An applied code's line: what it does, and Remove. */
export function AppliedCode({
  testId,
  children,
  onRemove,
}: {
  testId: string;
  children: ReactNode;
  onRemove: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200">
      <span data-testid={testId}>{children}</span>
      <button
        type="button"
        onClick={onRemove}
        className="font-semibold text-green-900 underline underline-offset-4"
      >
        <Trans>Remove</Trans>
      </button>
    </div>
  );
}
