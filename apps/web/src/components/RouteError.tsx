import { Trans } from '@lingui/react/macro';

/** Shown when a page chunk fails to load (for example after a deploy): a plain message and a reload. */
export function RouteError() {
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">
        <Trans>Failed to load data. Please try again later.</Trans>
      </h1>
      <button
        type="button"
        className="mt-4 rounded bg-brand px-4 py-2 text-white"
        onClick={() => window.location.reload()}
      >
        <Trans>Try Again</Trans>
      </button>
    </main>
  );
}
