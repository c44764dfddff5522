/**
 * What a page shows while its code is still loading on the app's first render (the routes'
 * Suspense fallback, router.tsx): the layout's navigation and footer stay, and the page area holds a
 * loading state of the page's own shape, never a blank screen.
 */
import { Trans } from '@lingui/react/macro';
import { PackageGridSkeleton } from './PackageCard';

export function PageLoading() {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-7xl items-center justify-center px-4 py-10">
      <div role="status" className="flex items-center gap-3 text-stone-700">
        <span
          className="h-6 w-6 animate-spin rounded-full border-4 border-stone-200 border-t-brand"
          aria-hidden="true"
        />
        <Trans>Loading...</Trans>
      </div>
    </main>
  );
}

/** Spec §2 Search: 8 skeletons while loading, here before the search page's own code has arrived. */
export function SearchLoading() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="h-10 w-64 animate-pulse rounded bg-stone-200" aria-hidden="true" />
      <div
        className="mt-6 h-28 animate-pulse rounded-2xl bg-white ring-1 ring-stone-200"
        aria-hidden="true"
      />
      <div className="mt-8">
        <PackageGridSkeleton count={8} />
      </div>
    </main>
  );
}
