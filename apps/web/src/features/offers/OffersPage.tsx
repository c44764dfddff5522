import { decimalToCents, formatEuro, TICKET_TYPES } from '@rome/contract';
import { Link, useNavigate } from 'react-router';
import { useOffers } from '../../api/catalog';
import { LoadError } from '../../components/LoadError';
import { searchPath } from '../../components/TicketTypeSearch';
import { usePageTitle } from '../../components/usePageTitle';

const typeLabel = (d: string) => TICKET_TYPES.find((t) => t.value === d.toLowerCase())?.label ?? d;

/** Spec §2 Offers: static list from /bus.json, each card with a fixed 15% off badge and a 50% banner. */
export default function OffersPage() {
  usePageTitle('Special Offers');
  const navigate = useNavigate();
  const { data, isPending, isError } = useOffers();

  // Back to the previous page, or home when the offers page was opened directly.
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={back}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-stone-900 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100"
          aria-label="Go back"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </button>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">
          Exciting Deals Just for You!
        </h1>
      </div>
      <div className="mt-8">
        {isError ? (
          <LoadError message="Failed to load data. Please try again later." />
        ) : isPending ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-96 animate-pulse rounded-2xl bg-stone-200" />
            ))}
          </ul>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((offer) => (
              <li
                key={offer.title}
                className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
                data-testid="offer-card"
              >
                <div className="relative aspect-[16/10] overflow-hidden bg-stone-200">
                  <img
                    src={offer.image}
                    alt=""
                    width={640}
                    height={400}
                    className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                  <span className="absolute top-3 left-3 rounded-full bg-accent px-3 py-1 text-sm font-extrabold text-stone-900 shadow">
                    15% off
                  </span>
                  <div className="absolute top-9 -right-11 w-48 rotate-45 bg-brand py-1 text-center text-xs font-extrabold tracking-wide text-white shadow">
                    Up to 50% OFF
                  </div>
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h2 className="text-xl font-bold text-stone-900">{offer.title}</h2>
                  <p className="mt-1 text-stone-600">{offer.subtitle}</p>
                  <dl className="mt-4 flex flex-wrap gap-2 text-sm">
                    <div className="rounded-full bg-stone-100 px-3 py-1">
                      <dt className="sr-only">Duration</dt>
                      <dd className="font-semibold text-stone-800">{typeLabel(offer.duration)}</dd>
                    </div>
                    <div className="rounded-full bg-stone-100 px-3 py-1">
                      <dt className="sr-only">Tickets</dt>
                      <dd className="font-semibold text-stone-800">
                        {offer.ticket_count} {offer.ticket_count === 1 ? 'ticket' : 'tickets'}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-auto flex items-end justify-between gap-3 pt-5">
                    <p>
                      <span className="block text-xs text-stone-600">From</span>
                      <span className="text-2xl font-extrabold text-brand">
                        {formatEuro(decimalToCents(offer.price) ?? 0)}
                      </span>
                    </p>
                    <Link
                      to={searchPath(offer.duration)}
                      className="rounded-lg bg-brand px-4 py-2.5 text-sm font-bold text-white hover:bg-brand-dark"
                    >
                      See tickets<span className="sr-only"> for {offer.title}</span>
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
