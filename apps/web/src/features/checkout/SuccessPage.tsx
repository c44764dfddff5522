/**
 * After payment. With an id: waits until the payment is confirmed (a webhook may arrive after the
 * redirect), then shows the QR ticket, 'Download QR Code', the 'Email Sent!' pop-up after 1 second and
 * the meeting point. Without an id: a short confirmation that moves on to /yourticket after 3 seconds.
 */
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatEuroDecimal, orderReference, pagePath, TICKET_MESSAGES } from '@rome/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage, tokenStore } from '../../api/client';
import { downloadQr, fetchSuccess, type SuccessAnswer } from '../../api/tickets';
import { pageLocale } from '../../i18n/locale';
import { formatTicketDate } from '../../lib/ticketDate';
import { track } from '../../lib/track';
import { KeepTicket } from './KeepTicket';

const POLL_MS = 1500;
const POLL_LIMIT = 40;
/** How long the 'Email Sent!' pop-up stays unless closed. */
const POPUP_MS = 8000;

/**
 * The contract's ticketCountsText in the page's language: '2 adults, 1 youth' (children 0-5 travel
 * free, named if any). Called while rendering.
 */
function ticketCounts(c: { adults: number; youths: number; infants?: number }): string {
  const parts = [];
  if (c.adults > 0) parts.push(plural(c.adults, { one: '# adult', other: '# adults' }));
  if (c.youths > 0) parts.push(plural(c.youths, { one: '# youth', other: '# youths' }));
  const infants = c.infants ?? 0;
  if (infants > 0) parts.push(plural(infants, { one: '# child (free)', other: '# children (free)' }));
  return parts.join(', ');
}

const STILL_CONFIRMING = msg`Your payment is still being confirmed. Your ticket will appear in your purchase history and by e-mail.`;
const LOAD_FAILED = msg`Failed to load data. Please try again later.`;

export default function SuccessPage() {
  const { uniqueId } = useParams();
  return uniqueId ? <TicketReady uniqueId={uniqueId} /> : <SuccessWithoutId />;
}

function SuccessWithoutId() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate(pagePath('/yourticket')), 3000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand">
        <Trans>Payment Successful!</Trans>
      </h1>
      <p className="mt-4 text-stone-700">
        <Trans>Taking you to your tickets in 3 seconds...</Trans>
      </p>
      <Link to={pagePath('/yourticket')} className="mt-6 inline-block font-semibold text-brand underline">
        <Trans>Go to Purchase History</Trans>
      </Link>
    </main>
  );
}

function TicketReady({ uniqueId }: { uniqueId: string }) {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<(SuccessAnswer & { viaGuest?: true }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [popup, setPopup] = useState(false);
  // A guest's order opens by the browser's guest cookie (decision 035): no sign-in needed here.
  const hasToken = tokenStore.signedIn();

  useEffect(() => {
    let stopped = false;
    let tries = 0;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const a = await fetchSuccess(uniqueId, controller.signal);
        if (stopped) return;
        setAnswer(a);
        if (a.status === 'pending' && ++tries < POLL_LIMIT) setTimeout(poll, POLL_MS);
        else if (a.status === 'pending') setFailure(i18n._(STILL_CONFIRMING));
      } catch (e) {
        if (stopped) return;
        if (e instanceof ApiError && e.status === 401)
          return navigate(pagePath('/login', {}, { slash: true }), { state: { from: location.pathname } });
        // 404 'Ticket not found.', 409 'This order was not paid.': the server's words.
        if (e instanceof ApiError && (e.status === 404 || e.status === 409))
          return setFailure(errorMessage(e, i18n._(TICKET_MESSAGES.notFound)));
        setFailure(i18n._(LOAD_FAILED));
      }
    };
    void poll();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [uniqueId, navigate, location.pathname]);

  // A combo's order (decision 071) has no QR of its own: one per part.
  const paid = answer?.status === 'paid' && (answer.url || (answer.parts?.length ?? 0) > 0);
  const paidPackage = paid ? (answer.data?.package ?? '') : null;
  useEffect(() => {
    // Informational: the server records the completed payment itself.
    if (paidPackage !== null) track('payment_completed', { package: paidPackage || undefined });
  }, [paidPackage]);
  useEffect(() => {
    if (!paid) return;
    const t = setTimeout(() => setPopup(true), 1000);
    return () => clearTimeout(t);
  }, [paid]);
  useEffect(() => {
    // The pop-up says something, it asks nothing: it goes by itself after a while (and at once with
    // Close), so it does not stay over the page on a phone.
    if (!popup) return;
    const t = setTimeout(() => setPopup(false), POPUP_MS);
    return () => clearTimeout(t);
  }, [popup]);

  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-2xl bg-white p-6 text-center shadow-lg ring-1 ring-stone-200">
        {failure ? (
          <>
            <h1 className="text-2xl font-bold text-stone-900">
              <Trans>We could not show your ticket</Trans>
            </h1>
            <p role="alert" className="mt-3 text-stone-700">
              {failure}
            </p>
            {hasToken ? (
              <Link
                to={pagePath('/yourticket')}
                className="mt-5 inline-block font-semibold text-brand underline"
              >
                <Trans>Go to Purchase History</Trans>
              </Link>
            ) : (
              // A guest has no purchase history: the e-mailed link is their way back.
              <Link
                to={pagePath('/find-tickets')}
                className="mt-5 inline-block font-semibold text-brand underline"
              >
                <Trans>Find my tickets</Trans>
              </Link>
            )}
          </>
        ) : !paid ? (
          <div role="status" className="py-10">
            <div
              className="mx-auto h-12 w-12 animate-spin rounded-full border-4 border-stone-200 border-t-brand"
              aria-hidden="true"
            />
            <p className="mt-4 text-stone-700">
              <Trans>Confirming your payment...</Trans>
            </p>
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-bold text-brand">
              <Trans>Payment Successful!</Trans>
            </h1>
            {popup && (
              // On phones in the page's flow under the title, so it covers nothing (at the bottom it
              // covered 'Download QR Code', at the top the title); on wider screens a corner pop-up.
              <div
                role="dialog"
                aria-modal="false"
                aria-labelledby="email-sent-title"
                className="mt-4 rounded-xl bg-green-50 p-4 text-left ring-1 ring-green-200 sm:fixed sm:right-4 sm:bottom-4 sm:z-50 sm:mt-0 sm:max-w-xs sm:bg-white sm:shadow-xl sm:ring-stone-200"
              >
                <h2 id="email-sent-title" className="font-bold text-green-800">
                  <Trans>Email Sent!</Trans>
                </h2>
                <p className="mt-1 text-sm text-stone-700">
                  <Trans>Your ticket and QR code are on their way to your inbox.</Trans>
                </p>
                <button
                  type="button"
                  onClick={() => setPopup(false)}
                  className="mt-3 text-sm font-semibold text-brand underline"
                >
                  <Trans>Close</Trans>
                </button>
              </div>
            )}
            {/* What was bought, to check at a glance and to quote: the reference, the day (read as a
                day, not '2026-11-26'), the tickets and the amount paid. */}
            <dl
              data-testid="order-summary"
              className="mt-5 space-y-2 rounded-xl bg-stone-50 p-4 text-left ring-1 ring-stone-200"
            >
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">
                  <Trans>Order reference</Trans>
                </dt>
                <dd className="font-mono font-bold tracking-wider text-stone-900">
                  {orderReference(answer.data.unique_id)}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">
                  <Trans>Ticket</Trans>
                </dt>
                <dd className="text-right font-medium text-stone-900">{answer.data.package}</dd>
              </div>
              {/* A combo's parts have each their own day, shown with each part's QR below. */}
              {!answer.parts?.length && (
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">
                    <Trans>Date</Trans>
                  </dt>
                  <dd className="text-right font-medium text-stone-900">
                    {answer.data.selected_date
                      ? formatTicketDate(answer.data.selected_date, pageLocale)
                      : t`Open date`}
                  </dd>
                </div>
              )}
              {answer.data.time && (
                // A timed entry's time (Rome), the one thing a visitor must not get wrong at the gate.
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-600">
                    <Trans>Entry time</Trans>
                  </dt>
                  <dd data-testid="entry-time" className="text-right font-medium text-stone-900">
                    {answer.data.time}
                  </dd>
                </div>
              )}
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">
                  <Trans>Tickets</Trans>
                </dt>
                <dd className="text-right font-medium text-stone-900">{ticketCounts(answer.data)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-lg">
                <dt className="font-semibold text-stone-900">
                  <Trans>Total paid</Trans>
                </dt>
                <dd className="font-bold text-brand">
                  {formatEuroDecimal(answer.data.total_price, pageLocale)}
                </dd>
              </div>
            </dl>
            {answer.parts && answer.parts.length > 0 ? (
              <ol className="mt-6 space-y-6" data-testid="combo-tickets">
                {answer.parts.map((part) => (
                  <li
                    key={part.unique_id}
                    data-testid="combo-ticket"
                    data-package-tag={part.package_tag}
                    className="rounded-xl p-4 ring-1 ring-stone-200"
                  >
                    <h2 className="font-semibold text-stone-900">{part.package}</h2>
                    <p className="text-sm text-stone-700">
                      {part.selected_date ? formatTicketDate(part.selected_date, pageLocale) : t`Open date`}
                      {part.time ? ` · ${part.time}` : ''}
                    </p>
                    {part.qr_code && (
                      <>
                        <img
                          src={part.qr_code}
                          alt={t`QR code of your ticket: ${part.package}`}
                          width={224}
                          height={224}
                          className="mx-auto mt-3 h-56 w-56 rounded-lg ring-1 ring-stone-200"
                        />
                        <button
                          type="button"
                          onClick={() => downloadQr(part.qr_code!)}
                          className="mt-3 rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
                        >
                          <Trans>Download QR Code</Trans>
                        </button>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            ) : (
              <>
                <img
                  src={answer.url!}
                  alt={t`Your ticket QR code`}
                  width={256}
                  height={256}
                  className="mx-auto mt-6 h-64 w-64 rounded-lg ring-1 ring-stone-200"
                />
                <button
                  type="button"
                  onClick={() => downloadQr(answer.url!)}
                  className="mt-6 rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
                >
                  <Trans>Download QR Code</Trans>
                </button>
              </>
            )}
            <section className="mt-8 rounded-xl bg-amber-50 p-4 text-left text-stone-800 ring-1 ring-amber-200">
              <h2 className="font-semibold">
                <Trans>Meeting point</Trans>
              </h2>
              <p className="mt-1">
                <Trans>
                  Show this QR code to one of our agents at any agent point (Termini Station, Colosseum or St
                  Peter’s). The agent scans it and hands you your tickets. Children from 0 to 5 travel free.
                </Trans>
              </p>
              <Link to="/agentpoints" className="mt-2 inline-block font-semibold text-brand underline">
                <Trans>See all agent points</Trans>
              </Link>
            </section>
            {answer.viaGuest && <KeepTicket uniqueId={uniqueId} signedIn={hasToken} />}
          </>
        )}
      </div>
    </main>
  );
}
