import { msg } from '@lingui/core/macro';
import { Trans as TransId } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  announcedOldPrice,
  decimalToCents,
  formatEuro,
  galleryImages,
  moreLikeThis,
  type Package,
  savePercent,
  similarByWhatItIs,
  TICKET_FRAME_CLASSES,
  TICKET_PAGE_CLASSES,
  TICKET_PANEL_WORDS,
} from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { packageQuery, usePackages } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { LoadError } from '../../components/LoadError';
import { PackageGrid, PackageGridSkeleton } from '../../components/PackageCard';
import { ticketTypeLabel } from '../../components/ticketType';
import { usePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';
import { useIsEditor } from '../../lib/session';
import { track } from '../../lib/track';
import { BookingPanel } from './BookingPanel';
import { viewMorePath } from './format';
import { Gallery } from './Gallery';
import { PackageFacts } from './PackageFacts';

const LOAD_FAILED = msg`Failed to load data. Please try again later.`;

// Editors only (spec §6): the ticket editor is its own lazy chunk that visitors never download.
// biome-ignore lint/style/noRestrictedImports: a lazy door to the editor (import(), editors only)
const EditTicketButton = lazy(() => import('../../editor/ticket/EditTicketButton'));

// The description waits for the booking panel: its sanitiser is the page's largest piece of code.
const TicketDescription = lazy(() => import('./TicketDescription'));

const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;

/** Spec §2 Ticket details: /manageBookings/{E9|E8}/{package_tag}. */
export default function TicketDetailsPage() {
  const { t } = useLingui();
  // The spec's path names the package key `id` (package-key.ts).
  const { status = '', id: packageTag = '' } = useParams();
  const pkg = useQuery({
    ...packageQuery(status, packageTag),
    // A missing package stays missing: show it at once instead of asking again.
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

  usePageTitle(pkg.data ? pkg.data.meta_title || pkg.data.title : null);

  if (pkg.isPending) return <TicketSkeleton />;
  if (pkg.isError) {
    if (isNotFound(pkg.error)) return <PackageNotFound />;
    return (
      <main className="mx-auto max-w-3xl px-4 py-12">
        <LoadError message={t(LOAD_FAILED)} />
      </main>
    );
  }
  return <TicketDetails pkg={pkg.data} />;
}

function TicketDetails({ pkg }: { pkg: Package }) {
  const { t } = useLingui();
  const price = decimalToCents(pkg.adult_price) ?? 0;
  // The lowest price of the 30 days before the reduction, never the editor's own figure (decision 064).
  const old = announcedOldPrice(pkg);
  const save = savePercent(price, old);
  const priceText = formatEuro(price, pageLocale);
  const more = viewMorePath(pkg);
  const { company } = pkg;
  // The ticket type's word in the page's language ('24 ore'), not the stored value ('24 hours').
  const duration = ticketTypeLabel(pkg.duration) ?? pkg.duration;
  const isEditor = useIsEditor();
  useEffect(
    () => track('ticket_view', { package_tag: pkg.package_tag, title: pkg.title }),
    [pkg.package_tag, pkg.title],
  );

  return (
    // The same frame as the HTML's first paint (contract ticket-picture.ts), which this replaces.
    <main className={TICKET_PAGE_CLASSES.main}>
      <div className={TICKET_PAGE_CLASSES.grid}>
        {/* Mobile: pictures, heading, booking, description. Desktop: booking panel in its own column. */}
        <div className={TICKET_PAGE_CLASSES.galleryCell}>
          <Gallery images={galleryImages(pkg)} title={pkg.title} />
        </div>

        <header className="lg:col-start-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{pkg.company}</p>
          <h1 className="mt-1 text-2xl font-bold text-stone-900 md:text-3xl">{pkg.title}</h1>
          <p className="mt-1 text-stone-700">{pkg.type}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {/* One line: the package cards' 'Starting from • Per person' (spec) said it again here. */}
            <p className="flex flex-wrap items-baseline gap-x-2 text-stone-700">
              {/* The words and classes of the HTML's first paint (contract ticket-frame.ts). */}
              <TransId
                id={TICKET_PANEL_WORDS.fromPrice}
                values={{ priceText }}
                components={{ 0: <span className={TICKET_FRAME_CLASSES.price} data-testid="ticket-price" /> }}
              />
              {old !== null && save !== null && (
                <s className="text-lg text-stone-600">
                  <span className="sr-only">{t`was`} </span>
                  {formatEuro(old, pageLocale)}
                </s>
              )}
            </p>
            {save !== null && (
              <span className="rounded-full bg-accent px-3 py-1 text-sm font-bold text-stone-900">
                <Trans>SAVE {save}%</Trans>
              </span>
            )}
          </div>
          {old !== null && save !== null && (
            <p className="mt-1 text-xs text-stone-600" data-testid="prior-price-note">
              <Trans>The struck-through price is the lowest of the 30 days before this reduction.</Trans>
            </p>
          )}
          {isEditor && (
            <div>
              <Suspense fallback={null}>
                <EditTicketButton pkg={pkg} />
              </Suspense>
            </div>
          )}
          {more && (
            <Link
              to={more}
              className="mt-3 inline-block font-semibold text-brand underline underline-offset-4 hover:text-brand-dark"
            >
              <Trans>View more</Trans>
              <span className="sr-only">
                {' '}
                <Trans>
                  {company} and similar {duration} tickets
                </Trans>
              </span>
            </Link>
          )}
        </header>

        <div className="lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <BookingPanel pkg={pkg} />
        </div>

        <div className="lg:col-start-1">
          <PackageFacts pkg={pkg} cancellation={false} />
        </div>

        <section aria-labelledby="ticket-about" className="lg:col-start-1">
          <h2 id="ticket-about" className="text-xl font-bold text-stone-900">
            <Trans>About this ticket</Trans>
          </h2>
          <Suspense
            fallback={<div className="mt-3 h-24 animate-pulse rounded bg-stone-100" aria-hidden="true" />}
          >
            <TicketDescription html={pkg.description} />
          </Suspense>
        </section>
      </div>

      <SimilarPackages pkg={pkg} />
    </main>
  );
}

/**
 * The spec's similar packages (the same duration, at most 8), those of the same kind first; beside them
 * 'More like this': what shares a category whatever its duration (decision 039). Each hidden when empty.
 */
function SimilarPackages({ pkg }: { pkg: Package }) {
  const { t } = useLingui();
  const list = usePackages();
  if (list.isPending) {
    return (
      <section className="mt-12" aria-label={t`Similar packages`}>
        <PackageGridSkeleton count={4} />
      </section>
    );
  }
  if (list.isError) {
    return (
      <section className="mt-12" aria-label={t`Similar packages`}>
        <LoadError message={t(LOAD_FAILED)} />
      </section>
    );
  }
  const similar = similarByWhatItIs(list.data.bus_data, pkg);
  const more = moreLikeThis(
    list.data.bus_data,
    pkg,
    similar.map((p) => p.package_tag),
  );
  return (
    <>
      {more.length > 0 && (
        <section className="mt-12" aria-labelledby="more-heading" data-testid="more-like-this">
          <h2 id="more-heading" className="mb-4 text-xl font-bold text-stone-900 md:text-2xl">
            <Trans>More like this</Trans>
          </h2>
          <PackageGrid packages={more} />
        </section>
      )}
      {similar.length > 0 && (
        <section className="mt-12" aria-labelledby="similar-heading" data-testid="similar-packages">
          <h2 id="similar-heading" className="mb-4 text-xl font-bold text-stone-900 md:text-2xl">
            <Trans>Similar Packages</Trans>
          </h2>
          <PackageGrid packages={similar} />
        </section>
      )}
    </>
  );
}

function PackageNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand">
        <Trans>Package not found</Trans>
      </h1>
      <p className="mt-4 text-stone-700">
        <Trans>The ticket you are looking for does not exist or is no longer on sale.</Trans>
      </p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
      >
        <Trans>Back to Home</Trans>
      </Link>
    </main>
  );
}

function TicketSkeleton() {
  return (
    <main className={TICKET_PAGE_CLASSES.main} aria-busy="true">
      <p role="status" className="sr-only">
        <Trans>Loading ticket...</Trans>
      </p>
      <div className={`${TICKET_PAGE_CLASSES.grid} animate-pulse`}>
        <div className="space-y-4">
          <div className="aspect-[16/10] w-full rounded-2xl bg-stone-200" />
          <div className="h-8 w-2/3 rounded bg-stone-200" />
          <div className="h-5 w-1/3 rounded bg-stone-200" />
          <div className="h-24 rounded bg-stone-200" />
        </div>
        <div className="h-96 rounded-2xl bg-stone-200" />
      </div>
    </main>
  );
}
