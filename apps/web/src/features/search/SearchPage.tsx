import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { packagesOfType } from '@rome/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePackages } from '../../api/catalog';
import { LoadError } from '../../components/LoadError';
import { PackageGrid, PackageGridSkeleton } from '../../components/PackageCard';
import { TicketTypeSearch } from '../../components/TicketTypeSearch';
import { ticketTypeLabel } from '../../components/ticketType';
import { usePageTitle } from '../../components/usePageTitle';
import { track } from '../../lib/track';

/** Spec §2 Search: packages whose duration matches ?ticketType, compared case-insensitively. */
export default function SearchPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const ticketType = (params.get('ticketType') ?? '').trim();
  const label = ticketTypeLabel(ticketType) ?? ticketType;
  const { data, isPending, isError } = usePackages();
  usePageTitle(label ? t`${label} Tickets | Search Tickets` : t`Search Tickets`);
  useEffect(() => {
    if (ticketType) track('ticket_search', { ticketType });
  }, [ticketType]);
  const results = data && ticketType ? packagesOfType(data.bus_data, ticketType) : [];

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">
        {label ? (
          <Trans>
            <span className="text-brand">{label}</span> tickets
          </Trans>
        ) : (
          <Trans>Search tickets</Trans>
        )}
      </h1>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        {/* keyed so the chips follow the URL when the type changes */}
        <TicketTypeSearch key={ticketType} initial={ticketType} legend={t`Change ticket type`} />
      </div>
      <section aria-labelledby="search-results-heading" className="mt-8">
        {/* The cards' titles are h3: this keeps the heading order h1 > h2 > h3 for screen readers. */}
        <h2 id="search-results-heading" className="sr-only">
          <Trans>Search results</Trans>
        </h2>
        {!ticketType ? (
          <p className="text-stone-600">
            <Trans>Choose a ticket type above to see matching tickets.</Trans>
          </p>
        ) : isError ? (
          <LoadError message={t`Failed to fetch data. Please try again later.`} />
        ) : isPending ? (
          <PackageGridSkeleton count={8} />
        ) : results.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200">
            <p className="text-lg font-bold text-stone-900">
              <Trans>No tickets found for the selected type.</Trans>
            </p>
            <p className="mt-1 text-stone-600">
              <Trans>Please try a different ticket type.</Trans>
            </p>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-stone-600" aria-live="polite">
              <Plural value={results.length} one="# ticket found" other="# tickets found" />
            </p>
            <PackageGrid packages={results} eagerCount={4} />
          </>
        )}
      </section>
    </main>
  );
}
