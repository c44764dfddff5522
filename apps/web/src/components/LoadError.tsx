import { useLingui } from '@lingui/react/macro';

/**
 * A failed load: the spec's message and a button that reloads the page (spec §8). `message` and
 * `button` come in the page's language; the button says 'Try Again' when none is given.
 */
export function LoadError({
  message,
  button,
  onRetry,
}: {
  message: string;
  button?: string;
  onRetry?: () => void;
}) {
  const { t } = useLingui();
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800 ring-1 ring-red-200">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry ?? (() => window.location.reload())}
        className="mt-3 rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
      >
        {button ?? t`Try Again`}
      </button>
    </div>
  );
}
