/**
 * A gift card by its e-mail link (decision 053): /gift-card/{token}, like a ticket link. The code in
 * groups for typing, the balance, the expiry (Rome date), what it was spent on, and the PDF. Outside
 * the shop's layout: no page-view tracking (the URL is the card's key).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatEuroDecimal,
  formatRomeDate,
  formatRomeDateTime,
  type GiftCardMove,
  type GiftCardView,
  pagePath,
  romeParts,
} from '@rome/contract';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { PageFrame } from '../../components/PageFrame';
import { usePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';
import { fetchGiftCard, giftCardPdfUrl } from './api';

type State =
  | { kind: 'loading' }
  | { kind: 'card'; card: GiftCardView }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

const MOVE = {
  bought: msg`Bought`,
  spent: msg`Spent`,
  held: msg`Held by an unpaid checkout`,
  returned: msg`Returned by a refund`,
} as const satisfies Record<GiftCardMove, unknown>;

export function GiftCardPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Your Gift Card`);
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const ask = new AbortController();
    fetchGiftCard(token, ask.signal)
      .then((card) => setState({ kind: 'card', card }))
      .catch((err) => {
        if (ask.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) setState({ kind: 'not-found' });
        else
          setState({
            kind: 'error',
            message: errorMessage(err, t`Failed to load data. Please try again later.`),
          });
      });
    return () => ask.abort();
  }, [token, t]);

  return (
    <PageFrame label={<Trans>Your Gift Card</Trans>}>
      {state.kind === 'loading' && (
        <p className="text-stone-700">
          <Trans>Loading...</Trans>
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="font-semibold text-red-700">
          {state.message}
        </p>
      )}
      {state.kind === 'not-found' && (
        <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
          <h1 className="text-2xl font-bold text-stone-900">
            <Trans>This gift card link is not valid</Trans>
          </h1>
          <Link
            to={pagePath('/gift-cards')}
            className="mt-6 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
          >
            <Trans>Gift Cards</Trans>
          </Link>
        </section>
      )}
      {state.kind === 'card' && (
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200" data-testid="gift-card">
          <h1 className="text-2xl font-bold text-stone-900">
            <Trans>Gift card of {formatEuroDecimal(state.card.amount, pageLocale)}</Trans>
          </h1>
          <p className="mt-4 text-sm font-semibold text-stone-700">
            <Trans>Code</Trans>
          </p>
          <p
            data-testid="gift-card-code"
            className="mt-1 select-all break-words rounded-lg bg-amber-50 px-4 py-3 text-center font-mono text-xl font-bold tracking-wide sm:text-2xl sm:tracking-wider text-stone-900 ring-1 ring-amber-200"
          >
            {state.card.code}
          </p>
          <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-2">
            <dt className="text-stone-700">
              <Trans>Balance</Trans>
            </dt>
            <dd data-testid="gift-card-balance" className="text-right text-xl font-bold text-brand">
              {formatEuroDecimal(state.card.balance, pageLocale)}
            </dd>
            <dt className="text-stone-700">
              <Trans>Valid until</Trans>
            </dt>
            <dd className="text-right font-semibold text-stone-900">
              {state.card.expires_at
                ? formatRomeDate(romeParts(new Date(state.card.expires_at)).date, pageLocale)
                : ''}
              {state.card.expired && (
                <span className="ml-2 text-red-700">
                  <Trans>Expired</Trans>
                </span>
              )}
            </dd>
          </dl>
          <p className="mt-4 text-sm text-stone-700">
            <Trans>
              Type the code at checkout: the card pays up to its balance and the rest is paid by card. Keep
              the code private: whoever has it can spend the card.
            </Trans>
          </p>
          <a
            href={giftCardPdfUrl(token)}
            className="mt-5 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
          >
            <Trans>Download the PDF</Trans>
          </a>
          <h2 className="mt-8 text-lg font-bold text-stone-900">
            <Trans>History</Trans>
          </h2>
          <ul className="mt-2 divide-y divide-stone-200" data-testid="gift-card-history">
            {state.card.history.map((h) => (
              <li
                key={`${h.kind}-${h.at}-${h.order}`}
                className="flex flex-wrap justify-between gap-2 py-2 text-sm"
              >
                <span className="text-stone-800">
                  {i18n._(MOVE[h.kind])}
                  {h.order && <span className="ml-2 font-mono text-stone-600">{h.order}</span>}
                  <span className="block text-stone-600">{formatRomeDateTime(h.at, pageLocale)}</span>
                </span>
                <span
                  className={`font-semibold ${h.kind === 'spent' || h.kind === 'held' ? 'text-stone-900' : 'text-green-800'}`}
                >
                  {h.kind === 'spent' || h.kind === 'held' ? '−' : '+'}
                  {formatEuroDecimal(h.amount, pageLocale)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageFrame>
  );
}
