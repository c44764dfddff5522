import { i18n } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PACKAGE_CATEGORIES, type PackageCategory, packagesOfType, type SearchSort } from '@rome/contract';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePackages } from '../../api/catalog';
import { useLightQuery } from '../../api/queries';
import { LoadError } from '../../components/LoadError';
import { PackageGrid, PackageGridSkeleton } from '../../components/PackageCard';
import { CategoryLinks, TextSearch } from '../../components/TextSearch';
import { TicketTypeSearch } from '../../components/TicketTypeSearch';
import { ticketTypeLabel } from '../../components/ticketType';
import { usePageTitle } from '../../components/usePageTitle';
import { track } from '../../lib/track';
import { packageSearchQuery, type TextSearchInput } from './api';
import { textSearchPath } from './path';

/**
 * Spec §2 Search (`?ticketType=`), and beside it the text search (decision 039: `?q=`, `?category=`,
 * `?sort=`). A ticket type in the address is the spec's page, as it was. (The address is read here
 * rather than with the contract's helpers, which would put them in every page's first load.)
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const ticketType = (params.get('ticketType') ?? '').trim();
  const q = (params.get('q') ?? '').trim();
  const category = params.get('category');
  const sort = params.get('sort');
  const search: TextSearchInput = {
    q,
    category: PACKAGE_CATEGORIES.find((c) => c.key === category)?.key ?? null,
    sort: sort === 'price_asc' || sort === 'price_desc' ? sort : 'relevance',
  };
  if (!ticketType && (search.q || search.category)) return <TextResults search={search} />;
  return <TicketTypeResults ticketType={ticketType} />;
}

/** Spec §2 Search: packages whose duration matches ?ticketType, compared case-insensitively. */
function TicketTypeResults({ ticketType }: { ticketType: string }) {
  const { t } = useLingui();
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
      <div className="mt-10 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <TextSearch showLabel />
        <nav aria-label={t`Categories`} className="mt-3">
          <CategoryLinks />
        </nav>
      </div>
    </main>
  );
}

/**
 * The text search's results (decision 039): the words and the category in the heading, the search box
 * to change them, category chips, the price sort, the spec's card grid; nothing found suggests the
 * categories.
 */
function TextResults({ search }: { search: TextSearchInput }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const sortId = useId();
  const { q, category, sort } = search;
  const { data, isPending, isError } = useLightQuery(packageSearchQuery(search));
  const label = PACKAGE_CATEGORIES.find((c) => c.key === category)?.label;
  const categoryName = label ? i18n._(label) : '';
  usePageTitle(q ? t`Results for "${q}" | Search Tickets` : t`${categoryName} | Search Tickets`);
  useEffect(() => {
    track('ticket_search', { query: q, category });
  }, [q, category]);
  // With words, a chip narrows them to its category and the chosen chip (or 'All') widens them
  // again; without words a chip lists its category.
  const chipPath = (key: PackageCategory) =>
    textSearchPath({ q, category: q && key === category ? null : key, sort });
  const chip = (to: string, chosen: boolean, label: string) => (
    <Link
      to={to}
      aria-current={chosen ? 'page' : undefined}
      className={`inline-block rounded-full border px-3 py-1.5 text-sm font-semibold ${
        chosen
          ? 'border-brand bg-brand text-white'
          : 'border-stone-300 bg-white text-stone-800 hover:border-brand hover:bg-red-50'
      }`}
    >
      {label}
    </Link>
  );
  const sortLabels: Record<SearchSort, string> = {
    relevance: t`Best match`,
    price_asc: t`Price: low to high`,
    price_desc: t`Price: high to low`,
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">
        {q ? (
          category ? (
            <Trans>
              <span className="text-brand">"{q}"</span> in {categoryName}
            </Trans>
          ) : (
            <Trans>
              Results for <span className="text-brand">"{q}"</span>
            </Trans>
          )
        ) : (
          <span className="text-brand">{categoryName}</span>
        )}
      </h1>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        {/* keyed so the box follows the URL when the words change */}
        <TextSearch key={q} initial={q} showLabel>
          {category && <input type="hidden" name="category" value={category} />}
          {sort !== 'relevance' && <input type="hidden" name="sort" value={sort} />}
        </TextSearch>
        <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label={t`Categories`}>
            <ul className="flex flex-wrap gap-2">
              {q && <li>{chip(textSearchPath({ q, sort }), category === null, t`All categories`)}</li>}
              {PACKAGE_CATEGORIES.map((c) => (
                <li key={c.key}>{chip(chipPath(c.key), category === c.key, i18n._(c.label))}</li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="text-sm font-semibold text-stone-700">
              <Trans>Sort by</Trans>
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(e) =>
                navigate(textSearchPath({ q, category, sort: e.target.value as SearchSort }), {
                  replace: true,
                })
              }
              className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-900"
            >
              {(Object.keys(sortLabels) as SearchSort[]).map((key) => (
                <option key={key} value={key}>
                  {sortLabels[key]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <section aria-labelledby="search-results-heading" className="mt-8">
        <h2 id="search-results-heading" className="sr-only">
          <Trans>Search results</Trans>
        </h2>
        {isError ? (
          <LoadError message={t`Failed to fetch data. Please try again later.`} />
        ) : isPending ? (
          <PackageGridSkeleton count={8} />
        ) : data.results.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200">
            <p className="text-lg font-bold text-stone-900">
              {q ? <Trans>No tickets match "{q}".</Trans> : <Trans>No tickets in this category yet.</Trans>}
            </p>
            <p className="mt-1 text-stone-600">
              <Trans>Try other words, or browse a category:</Trans>
            </p>
            <nav aria-label={t`Suggested categories`} className="mt-4">
              <CategoryLinks className="justify-center" />
            </nav>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-stone-600" aria-live="polite">
              <Plural value={data.total} one="# ticket found" other="# tickets found" />
            </p>
            <PackageGrid packages={data.results} eagerCount={4} />
          </>
        )}
      </section>
    </main>
  );
}
