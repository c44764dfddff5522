import { Trans, useLingui } from '@lingui/react/macro';
import { companyPath, type Folder, type Package } from '@rome/contract';
import { type KeyboardEvent, startTransition, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePackages } from '../../api/catalog';
import { LoadError } from '../../components/LoadError';
import { PackageGrid, PackageGridSkeleton } from '../../components/PackageCard';
import { HomeText } from './HomeText';

/** Spec §9: packages on the home page show after a 1 second loading delay. */
export const HOME_PACKAGE_DELAY_MS = 1000;

function useDelay(ms: number) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    // A transition: the cards replace the skeletons in small slices, not in one task that blocks input.
    const t = setTimeout(() => startTransition(() => setDone(true)), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return done;
}

/**
 * Spec §2 Home: service cards with folder tabs (one tab per active folder). Headed 'Our tours and
 * tickets', not 'bus services': one operator sells museum tickets.
 */
export function ServiceTabs() {
  const { t } = useLingui();
  const { data, isError } = usePackages();
  const waited = useDelay(HOME_PACKAGE_DELAY_MS);
  const folders = data?.folders.filter((f) => f.active) ?? [];

  return (
    <section aria-labelledby="services-title" className="bg-stone-100/70 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <HomeText
          word="toursTitle"
          as="h2"
          id="services-title"
          className="text-3xl font-extrabold tracking-tight text-stone-900"
        />
        <HomeText word="toursLead" as="p" className="mt-2 block text-stone-600" />
        <div className="mt-8">
          {isError ? (
            <LoadError message={t`Failed to load data. Please try again later.`} />
          ) : !data || !waited ? (
            <PackageGridSkeleton count={8} />
          ) : (
            <FolderTabs folders={folders} packages={data.bus_data} />
          )}
        </div>
      </div>
    </section>
  );
}

function FolderTabs({ folders, packages }: { folders: Folder[]; packages: Package[] }) {
  const { t } = useLingui();
  const [selected, setSelected] = useState(folders[0]?.id);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  const current = folders.find((f) => f.id === selected) ?? folders[0];
  if (!current)
    return (
      <p className="text-stone-600">
        <Trans>No operators available.</Trans>
      </p>
    );
  const shown = packages.filter((p) => p.folder === current.id);
  const operator = current.name;

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = folders.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setSelected(folders[next].id);
    tabRefs.current[next]?.focus();
  }

  return (
    <>
      <div
        role="tablist"
        aria-label={t`Operators`}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {folders.map((f, i) => {
          const active = f.id === current.id;
          return (
            <button
              key={f.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${f.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(f.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`shrink-0 rounded-full px-5 py-2.5 text-sm font-bold whitespace-nowrap transition-colors ${
                active
                  ? 'bg-brand text-white shadow'
                  : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-red-50 hover:ring-brand'
              }`}
            >
              {f.name}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${current.id}`}
        className="mt-6 rounded-xl"
        data-testid="service-panel"
      >
        {shown.length > 0 ? (
          <PackageGrid packages={shown} />
        ) : (
          <p className="text-stone-600">
            <Trans>No packages available for this service yet.</Trans>
          </p>
        )}
        <p className="mt-6 text-center">
          <Link
            to={companyPath(current)}
            className="inline-block rounded-lg px-4 py-2 font-semibold text-brand ring-1 ring-brand hover:bg-brand hover:text-white"
          >
            <Trans>All {operator} tickets</Trans>
          </Link>
        </p>
      </div>
    </>
  );
}
