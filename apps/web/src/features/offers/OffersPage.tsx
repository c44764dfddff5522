import { Trans, useLingui } from '@lingui/react/macro';
import {
  CARD_DESKTOP_MEDIA,
  decimalToCents,
  formatEuro,
  PAGE_HEADING_WORD_TAGS,
  PAGE_HEADING_WORDS,
  SITE_PAGE_TAG,
} from '@rome/contract';
import { Link, useNavigate } from 'react-router';
import { useOffers } from '../../api/catalog';
import { ContentWord } from '../../components/content/ContentWord';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/LoadError';
import { ticketTypeLabel } from '../../components/ticketType';
import { useTablePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';

/**
 * Spec §2 Offers: the title and back button, and a card per offer of GET /bus.json. The offers come
 * from the catalogue (decision 017): each card shows the ticket's own price and old price,
 * one saving badge with the spec's §9 percentage (not a fixed '15% off' beside 'Up to 50% OFF'), and
 * opens that ticket's page.
 */
export default function OffersPage() {
  const { t } = useLingui();
  useTablePageTitle();
  const navigate = useNavigate();
  const { data, isPending, isError } = useOffers();

  // Back to the previous page, or home when the offers page was opened directly.
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };

  const best = data && data.length > 0 ? Math.max(...data.map((o) => o.save_percent)) : 0;

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={back}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-stone-900 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100"
          aria-label={t`Go back`}
        >
          <Icon className="h-5 w-5" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
            <path d="M15 18l-6-6 6-6" />
          </Icon>
        </button>
        <ContentWord
          page={SITE_PAGE_TAG}
          area=""
          words={PAGE_HEADING_WORDS}
          tags={PAGE_HEADING_WORD_TAGS}
          word="offersTitle"
          as="h1"
          className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl"
        />
      </div>
      {data && data.length > 0 && (
        <p className="mt-3 text-lg text-stone-700" data-testid="offers-summary">
          <Trans>Up to {best}% off tours and museum tickets in Rome.</Trans>
        </p>
      )}
      <div className="mt-8">
        {isError ? (
          <LoadError message={t`Failed to load data. Please try again later.`} />
        ) : isPending ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-96 animate-pulse rounded-2xl bg-stone-200" />
            ))}
          </ul>
        ) : data.length === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
            <Trans>No special offers at the moment.</Trans>{' '}
            <Link to="/" className="font-semibold text-brand underline">
              <Trans>See all tickets</Trans>
            </Link>
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((offer, i) => (
              <li
                key={offer.package_tag}
                className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
                data-testid="offer-card"
              >
                <div className="relative aspect-[16/10] overflow-hidden bg-stone-200">
                  {offer.image && (
                    <picture>
                      <source media={CARD_DESKTOP_MEDIA} srcSet={offer.image} />
                      <img
                        src={offer.image_small || offer.image}
                        alt=""
                        width={640}
                        height={400}
                        loading={i < 3 ? 'eager' : 'lazy'}
                        decoding="async"
                        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                      />
                    </picture>
                  )}
                  <span
                    className="absolute top-3 left-3 rounded-full bg-accent px-3 py-1 text-sm font-extrabold text-stone-900 shadow"
                    data-testid="offer-saving"
                  >
                    <Trans>{offer.save_percent}% off</Trans>
                  </span>
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h2 className="text-xl font-bold text-stone-900">{offer.title}</h2>
                  <p className="mt-1 text-stone-600">
                    {offer.subtitle} · {offer.company}
                  </p>
                  <dl className="mt-4 flex flex-wrap gap-2 text-sm">
                    <div className="rounded-full bg-stone-100 px-3 py-1">
                      <dt className="sr-only">
                        <Trans>Duration</Trans>
                      </dt>
                      <dd className="font-semibold text-stone-800">
                        {ticketTypeLabel(offer.duration) ?? offer.duration}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-auto flex items-end justify-between gap-3 pt-5">
                    <p>
                      <span className="block text-xs text-stone-600">
                        <Trans>Per person</Trans>
                      </span>
                      <span className="text-2xl font-extrabold text-brand" data-testid="offer-price">
                        {formatEuro(decimalToCents(offer.price) ?? 0, pageLocale)}
                      </span>{' '}
                      <s className="text-sm text-stone-600">
                        <span className="sr-only">{t`instead of`} </span>
                        {formatEuro(decimalToCents(offer.original_price) ?? 0, pageLocale)}
                      </s>
                    </p>
                    <Link
                      to={offer.path}
                      className="shrink-0 rounded-lg bg-brand px-4 py-2.5 text-sm font-bold text-white hover:bg-brand-dark"
                    >
                      <Trans>Book Your Tickets</Trans>
                      <span className="sr-only"> {t`for ${offer.title}`}</span>
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
