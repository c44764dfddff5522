/**
 * The built-in test checkout (used when no Stripe key is configured): shows the order and the amount,
 * clearly marked as test mode, with Pay and Cancel. Pay goes through the same fulfilment as Stripe.
 */
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatEuroDecimal, priceCategory } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { cancelTestCheckout, payTestCheckout, testCheckoutQuery } from '../../api/tickets';
import { LoadError } from '../../components/LoadError';
import { pageLocale } from '../../i18n/locale';
import { formatTicketDate } from '../../lib/ticketDate';

export default function TestCheckoutPage() {
  const { t } = useLingui();
  const { session = '' } = useParams();
  const query = useQuery(testCheckoutQuery(session));
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = async (kind: 'pay' | 'cancel') => {
    setBusy(kind);
    setError(null);
    try {
      const { redirect } =
        kind === 'pay' ? await payTestCheckout(session) : await cancelTestCheckout(session);
      window.location.assign(redirect);
    } catch (e) {
      setError(errorMessage(e, t`Something went wrong! Please try again.`));
      setBusy(null);
    }
  };

  const status = query.data?.status;
  // What the card is charged: the total less a gift card's part (decision 053).
  const amount = query.data ? formatEuroDecimal(query.data.to_pay ?? query.data.total_price, pageLocale) : '';

  return (
    <main className="mx-auto max-w-lg px-4 py-10">
      <div className="rounded-2xl bg-white shadow-lg ring-1 ring-stone-200">
        <p className="rounded-t-2xl bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900">
          <Trans>TEST MODE: no card is charged and no money moves.</Trans>
        </p>
        <div className="p-6">
          <h1 className="text-2xl font-bold text-stone-900">
            <Trans>Test checkout</Trans>
          </h1>
          {query.isPending && (
            <p className="mt-4 text-stone-600">
              <Trans>Loading your order...</Trans>
            </p>
          )}
          {query.isError && (
            <div className="mt-4">
              <LoadError
                message={
                  query.error instanceof ApiError && query.error.status === 404
                    ? t`This checkout was not found.`
                    : t`Failed to load data. Please try again later.`
                }
              />
            </div>
          )}
          {query.data && (
            <>
              <dl className="mt-4 space-y-2 text-stone-800">
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">
                    <Trans>Package</Trans>
                  </dt>
                  <dd className="text-right font-medium">{query.data.package}</dd>
                </div>
                {query.data.selected_date && (
                  <div className="flex justify-between gap-4">
                    <dt className="text-stone-600">
                      <Trans>Date</Trans>
                    </dt>
                    <dd className="text-right">
                      {formatTicketDate(query.data.selected_date, pageLocale)}
                      {query.data.time && (
                        <span className="ml-2 font-semibold" data-testid="test-checkout-time">
                          {query.data.time}
                        </span>
                      )}
                    </dd>
                  </div>
                )}
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">
                    <Trans>Adults</Trans>
                  </dt>
                  <dd>
                    {query.data.adults} × {formatEuroDecimal(query.data.adult_price, pageLocale)}
                  </dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">
                    <Trans>Youths</Trans>
                  </dt>
                  <dd>
                    {query.data.youths} × {formatEuroDecimal(query.data.youth_price, pageLocale)}
                  </dd>
                </div>
                {/* The price categories (decision 070), each at the price the order keeps. */}
                {query.data.extra_tickets?.map((l) => (
                  <div key={l.key} className="flex justify-between gap-4">
                    <dt className="text-stone-600">{i18n._(priceCategory(l.key).label)}</dt>
                    <dd>
                      {l.count} × {formatEuroDecimal(l.price, pageLocale)}
                    </dd>
                  </div>
                ))}
                {query.data.discount && (
                  <div className="flex justify-between gap-4 text-green-800">
                    <dt>
                      <Trans>Promo code {query.data.promo_code}</Trans>
                    </dt>
                    <dd data-testid="test-checkout-discount" className="whitespace-nowrap">
                      −{formatEuroDecimal(query.data.discount, pageLocale)}
                    </dd>
                  </div>
                )}
                <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg font-bold">
                  <dt>
                    <Trans>Total</Trans>
                  </dt>
                  <dd data-testid="test-checkout-total">
                    {formatEuroDecimal(query.data.total_price, pageLocale)}
                  </dd>
                </div>
                {query.data.gift_card && (
                  <div className="flex justify-between gap-4 text-green-800">
                    <dt>
                      <Trans>Paid with the gift card</Trans>
                    </dt>
                    <dd data-testid="test-checkout-gift-card" className="whitespace-nowrap">
                      −{formatEuroDecimal(query.data.gift_card, pageLocale)}
                    </dd>
                  </div>
                )}
              </dl>
              {status !== 'pending' ? (
                <p className="mt-6 rounded bg-stone-100 p-3 text-stone-700">
                  <Trans>This checkout is no longer open ({status}).</Trans>
                </p>
              ) : (
                <div className="mt-6 flex gap-3">
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => act('pay')}
                    className="flex-1 rounded-lg bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
                  >
                    {busy === 'pay' ? t`Paying...` : t`Pay ${amount}`}
                  </button>
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => act('cancel')}
                    className="rounded-lg px-4 py-3 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
                  >
                    <Trans>Cancel</Trans>
                  </button>
                </div>
              )}
              {error && (
                <p role="alert" className="mt-3 text-red-700">
                  {error}
                </p>
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
