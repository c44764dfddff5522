/**
 * The booking widget's page (decision 060): what a partner's page shows in the frame `/widget.js` puts
 * there. The ticket's calendar, times, counts and price through the ticket page's own booking panel,
 * then a guest checkout whose payment opens in a tab of its own (widgetCheckout.ts). Its height goes to
 * the host page, and only to the origin the loader named.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  bookingPath,
  hostOrigin,
  localizedPath,
  PRODUCT_NAME,
  WIDGET_MESSAGE_TYPE,
  WIDGET_PARAMS,
} from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { packageQuery } from '../../api/catalog';
import { ApiError, call, errorMessage } from '../../api/client';
import { LoadError } from '../../components/LoadError';
import { PaymentMethods } from '../../components/PaymentMethods';
import { usePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';
import { BookingPanel } from './BookingPanel';
import { widgetCheckout } from './widgetCheckout';

const LOAD_FAILED = msg`Failed to load data. Please try again later.`;

/** Posts the page's height to the host page whenever it changes (the loader sizes the frame by it). */
function useHeightForHost(host: string | null) {
  useEffect(() => {
    if (!host || window.parent === window) return;
    const post = () =>
      window.parent.postMessage(
        { type: WIDGET_MESSAGE_TYPE, height: document.documentElement.scrollHeight },
        host,
      );
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, [host]);
}

export default function WidgetPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const search = useMemo(() => new URLSearchParams(window.location.search), []);
  const partnerCode = search.get(WIDGET_PARAMS.partner);
  useHeightForHost(hostOrigin(search.get(WIDGET_PARAMS.host)));
  // The widget's token (the partner it credits) and the package's tag, once per opening.
  const start = useQuery({
    queryKey: ['widget-start', id, partnerCode],
    queryFn: () =>
      call(
        'POST /api/widget/start/',
        { body: { package_identifier: id, partner_code: partnerCode } },
        { auth: false },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
  const pkg = useQuery({
    ...packageQuery('E9', start.data?.package_tag ?? ''),
    enabled: start.isSuccess,
  });
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const checkout = useMemo(
    () => (start.data ? widgetCheckout(start.data.widget_token, setPaymentUrl) : undefined),
    [start.data],
  );
  usePageTitle(pkg.data?.title ?? null);

  const failed = start.error ?? pkg.error;
  const partner = start.data?.partner;
  return (
    <main className="mx-auto max-w-lg bg-stone-50 p-3 text-stone-900">
      {failed ? (
        <LoadError message={errorMessage(failed, t(LOAD_FAILED))} />
      ) : !pkg.data || !checkout ? (
        <p role="status" className="p-6 text-center text-stone-700">
          <Trans>Loading...</Trans>
        </p>
      ) : (
        <>
          <header className="mb-3 flex items-center gap-3">
            {pkg.data.thumbnail_large && (
              <img
                src={pkg.data.thumbnail_large}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded-lg object-cover"
              />
            )}
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand">{pkg.data.company}</p>
              <h1 className="text-lg font-bold leading-tight">{pkg.data.title}</h1>
            </div>
          </header>
          {paymentUrl ? (
            <section
              aria-labelledby="widget-opened"
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
            >
              <h2 id="widget-opened" className="text-lg font-bold">
                <Trans>Payment opened in a new tab</Trans>
              </h2>
              <p className="mt-2 text-stone-700">
                <Trans>Finish paying there. Your tickets and a link to them arrive by e-mail.</Trans>
              </p>
              <a
                href={paymentUrl}
                target="_blank"
                rel="noopener"
                className="mt-4 block rounded-xl bg-brand px-4 py-3 text-center font-bold text-white hover:bg-brand-dark"
              >
                <Trans>Open the payment page</Trans>
              </a>
              <button
                type="button"
                onClick={() => window.location.reload()}
                className="mt-3 font-semibold text-brand underline underline-offset-4"
              >
                <Trans>Book other tickets</Trans>
              </button>
            </section>
          ) : (
            <BookingPanel pkg={pkg.data} widget={checkout} />
          )}
          <footer className="mt-3 space-y-2 text-center text-sm text-stone-700">
            <p>
              {partner ? (
                <Trans>
                  Sold by {PRODUCT_NAME}, recommended by {partner}
                </Trans>
              ) : (
                <Trans>Sold by {PRODUCT_NAME}</Trans>
              )}{' '}
              <a
                href={localizedPath(pageLocale, bookingPath(pkg.data))}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand underline underline-offset-4"
              >
                <Trans>More about this ticket</Trans>
              </a>
            </p>
            <PaymentMethods className="mx-auto h-7 w-auto" />
          </footer>
        </>
      )}
    </main>
  );
}
