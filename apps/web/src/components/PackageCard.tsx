import { Trans, useLingui } from '@lingui/react/macro';
import {
  announcedOldPrice,
  bookingPath,
  CARD_DESKTOP_MEDIA,
  cardImages,
  decimalToCents,
  formatEuro,
  type Package,
  savePercent,
} from '@rome/contract';
import { Link } from 'react-router';
import { pageLocale } from '../i18n/locale';
import { ticketTypeLabel } from './ticketType';

/**
 * Spec §2 Package card. The whole card links to the ticket page; the picture is the large thumbnail
 * from the 768 px breakpoint up, the small one below it, and the big image when a thumbnail is missing.
 */
export function PackageCard({ pkg, eager = false }: { pkg: Package; eager?: boolean }) {
  const { t } = useLingui();
  const price = decimalToCents(pkg.adult_price) ?? 0;
  // The lowest price of the 30 days before the reduction, never the editor's own figure (decision 064).
  const old = announcedOldPrice(pkg);
  const save = savePercent(price, old);
  const picture = cardImages(pkg);
  const alt = (pkg.thumbnail_large_alt as string) || pkg.title;
  return (
    <Link
      to={bookingPath(pkg)}
      className="group flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md"
      data-testid="package-card"
    >
      <div className="relative aspect-[3/2] bg-stone-200">
        {picture && (
          <picture>
            <source media={CARD_DESKTOP_MEDIA} srcSet={picture.large} />
            <img
              src={picture.small}
              alt={alt}
              width={480}
              height={320}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="h-full w-full object-cover"
            />
          </picture>
        )}
        {save !== null && (
          <span className="absolute top-2 right-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-stone-900">
            <Trans>SAVE {save}%</Trans>
          </span>
        )}
        <span className="absolute bottom-2 left-2 rounded bg-brand/90 px-2 py-0.5 text-xs font-semibold text-white">
          {ticketTypeLabel(pkg.duration) ?? (pkg.duration || t`Ticket`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold leading-snug text-stone-900">{pkg.title}</h3>
        <p className="text-xs text-stone-600">
          <Trans>ID #{pkg.id}</Trans>
        </p>
        <div className="mt-auto pt-2">
          <p className="text-xs text-stone-600">
            <Trans>Starting from • Per person</Trans>
          </p>
          <p className="flex items-baseline gap-2">
            <span className="text-lg font-bold text-brand">{formatEuro(price, pageLocale)}</span>
            {old !== null && save !== null && (
              <s className="text-sm text-stone-500">{formatEuro(old, pageLocale)}</s>
            )}
          </p>
          <span className="mt-2 block rounded-lg bg-brand px-3 py-2 text-center text-sm font-semibold text-white group-hover:bg-brand-dark">
            <Trans>Book Your Tickets</Trans>
          </span>
        </div>
      </div>
    </Link>
  );
}

/** Spec §9: package grid of 2, 3 and 4 columns (small, medium, large). */
export function PackageGrid({ packages, eagerCount = 0 }: { packages: Package[]; eagerCount?: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 lg:grid-cols-4">
      {packages.map((p, i) => (
        <PackageCard key={p.package_tag} pkg={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}

/** Loading placeholders in the grid's shape, so nothing jumps when the cards arrive. */
export function PackageGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div
      className="grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-4 lg:grid-cols-4"
      role="status"
      aria-busy="true"
      aria-label={t`Loading packages`}
    >
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className="animate-pulse overflow-hidden rounded-xl bg-white ring-1 ring-stone-200"
          data-testid="package-skeleton"
        >
          <div className="aspect-[3/2] bg-stone-200" />
          <div className="space-y-2 p-3">
            <div className="h-4 w-3/4 rounded bg-stone-200" />
            <div className="h-3 w-1/3 rounded bg-stone-200" />
            <div className="h-8 rounded bg-stone-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
