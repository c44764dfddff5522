/**
 * The ticket in the tourist's pocket (decision 019): /t/{token}, opened from the ticket e-mail on a phone
 * that never signed in. The QR large, the package, the visit in Rome time, the counts, the status, the
 * PDF and, while the rules allow it, the cancellation. Outside the shop's layout: no navigation that
 * needs the network, no page-view tracking (the URL is the ticket's key).
 *
 * Offline (decision 019): the server lets the browser keep this page's HTML for a week, the scripts
 * are immutable files, and the page keeps its last answer (QR included) in localStorage under the
 * token's hash. The saved ticket shows at once, and stays when the network does not answer. A reload
 * (pull-to-refresh) asks the network for the page itself: the ticket worker answers it from its cache.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AUTH_MESSAGES,
  DEFAULT_LOCALE,
  formatEuroDecimal,
  INTL_LOCALE,
  pagePath,
  type TicketLink,
} from '@rome/contract';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { PageFrame } from '../../components/PageFrame';
import { usePageTitle } from '../../components/usePageTitle';
import { pageLocale } from '../../i18n/locale';
import {
  cancelByLink,
  fetchTicketLink,
  forgetTicket,
  invoiceByLink,
  keepPageOffline,
  linkPdfUrl,
  readSavedTicket,
  saveTicket,
} from './api';
import { type CancelResult, CancelTicket } from './CancelTicket';
import { DisruptionChoice } from './DisruptionChoice';
import { extraTicketRows } from './extra-tickets';
import { InvoicePanel } from './InvoicePanel';

/** The change of time (decision 067): its own chunk, fetched when the holder opens it. */
const ReschedulePanel = lazy(() => import('./ReschedulePanel'));

type State =
  | { kind: 'loading' }
  | { kind: 'ticket'; ticket: TicketLink; savedAt: string | null; checking: boolean }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string };

const STATUS = {
  valid: { label: msg`Valid`, className: 'bg-green-100 text-green-900 ring-green-300' },
  claimed: { label: msg`Used`, className: 'bg-stone-200 text-stone-800 ring-stone-300' },
  refunded: { label: msg`Refunded`, className: 'bg-red-100 text-red-900 ring-red-300' },
} as const;

/** When the copy was saved, in this phone's own clock; in the page's language other than English. */
const savedTime = (iso: string) =>
  new Date(iso).toLocaleString(pageLocale === DEFAULT_LOCALE ? [] : INTL_LOCALE[pageLocale], {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** The page's frame: the shop's name (a way home) and the page, nothing that needs the network. */
function Frame({ children }: { children: ReactNode }) {
  return <PageFrame label={<Trans>Your ticket</Trans>}>{children}</PageFrame>;
}

/** Unknown or replaced link: a plain page that says so and where to get a working one. */
function LinkNotFound() {
  return (
    <section
      className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200"
      data-testid="link-not-found"
    >
      <p className="text-6xl font-black tracking-tighter text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">
        <Trans>This ticket link is not valid</Trans>
      </h1>
      <p className="mt-3 text-stone-700">
        <Trans>
          The buyer may have ended the links sent before. Ask for the newest link, or find your tickets with
          the e-mail address they were bought with.
        </Trans>
      </p>
      <Link
        to={pagePath('/find-tickets')}
        className="mt-6 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        <Trans>Find my tickets</Trans>
      </Link>
    </section>
  );
}

/**
 * Wallet buttons (Apple Wallet, Google Wallet) from the answer's `wallet_links` (decision 020, server
 * modules/wallet): plain links, so Safari opens the pass and Google's save page opens in the browser.
 * Null when the shop has no wallet configured, or the ticket is no longer valid: nothing is drawn.
 */
function WalletButtons({ links }: { links: TicketLink['wallet_links'] }) {
  if (!links || (!links.apple && !links.google)) return null;
  return (
    <div className="flex flex-wrap justify-center gap-3" data-testid="wallet-buttons">
      {links.apple && (
        <a href={links.apple} className="rounded-lg bg-black px-4 py-2.5 text-sm font-semibold text-white">
          <Trans>Add to Apple Wallet</Trans>
        </a>
      )}
      {links.google && (
        <a href={links.google} className="rounded-lg bg-black px-4 py-2.5 text-sm font-semibold text-white">
          <Trans>Add to Google Wallet</Trans>
        </a>
      )}
    </div>
  );
}

/** The link holder may cancel as the buyer may; the answer's message then takes the button's place. */
function CancelByLink({ token, ticket, onDone }: { token: string; ticket: TicketLink; onDone: () => void }) {
  const [result, setResult] = useState<CancelResult | null>(null);
  if (result)
    return (
      <p
        role={result.ok ? 'status' : 'alert'}
        className={`rounded-xl p-4 font-semibold ring-1 ${result.ok ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-red-50 text-red-800 ring-red-200'}`}
      >
        {result.message}
      </p>
    );
  if (!ticket.cancellable) return null;
  return (
    <div className="flex justify-center text-center">
      <CancelTicket
        packageName={ticket.package}
        totalPrice={ticket.total_price}
        cancelUntil={ticket.cancel_until}
        combo={ticket.combo}
        cancel={() => cancelByLink(token)}
        onDone={(r) => {
          setResult(r);
          if (r.ok) onDone();
        }}
      />
    </div>
  );
}

/**
 * 'Change date or time' while the ticket may still change (a dated ticket before its cut-off, online):
 * the button is all the page carries; the panel comes with the click.
 */
function ChangeTime({
  token,
  ticket,
  offline,
  onMoved,
}: {
  token: string;
  ticket: TicketLink;
  /** The saved copy is showing (no network, or the page is asking again after a change). */
  offline: boolean;
  onMoved: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Once open, the panel stays while the page reads the moved ticket again: its outcome is shown there.
  if (open)
    return (
      <Suspense
        fallback={
          <p role="status" className="text-center text-stone-600">
            <Trans>Loading...</Trans>
          </p>
        }
      >
        <ReschedulePanel token={token} onClose={() => setOpen(false)} onMoved={onMoved} />
      </Suspense>
    );
  // A combo's part keeps its time (decision 071): only a closure's remedies move it.
  if (offline || ticket.status !== 'valid' || !ticket.cancellable || !ticket.date || ticket.combo)
    return null;
  return (
    <div className="text-center">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg px-4 py-2.5 font-semibold text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100"
        data-testid="change-time"
      >
        <Trans>Change date or time</Trans>
      </button>
    </div>
  );
}

function TicketView({
  token,
  ticket,
  savedAt,
  checking,
  onChanged,
}: {
  token: string;
  ticket: TicketLink;
  savedAt: string | null;
  checking: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const status = STATUS[ticket.status];
  const invoiceAccess = useMemo(() => invoiceByLink(token), [token]);
  const when = ticket.when ? (ticket.time ? t`${ticket.when} (Rome time)` : ticket.when) : t`Open-dated`;
  const rows: [string, string][] = [
    [t`When`, when],
    [t`Tickets`, ticket.tickets],
    // What the door checks of its price categories (decision 070): 'Bring: Disability card'.
    ...extraTicketRows(ticket.extra_tickets, { counts: false }),
    [t`Order reference`, ticket.reference],
    [t`Operator`, ticket.company],
    [t`Paid`, formatEuroDecimal(ticket.total_price, pageLocale)],
  ];
  return (
    <article
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
      data-testid="ticket-link"
    >
      {savedAt && (
        <p role="status" className="bg-amber-100 px-4 py-2.5 text-sm text-stone-900" data-testid="saved-copy">
          {checking
            ? t`Your ticket as saved on this phone (${savedTime(savedAt)}). Checking for changes...`
            : t`No connection: your ticket as saved on this phone (${savedTime(savedAt)}). The QR code still works.`}
        </p>
      )}
      <div className="px-5 pt-5 sm:px-7 sm:pt-7">
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-2xl font-bold leading-tight text-stone-900">{ticket.package}</h1>
          <span
            className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${status.className}`}
            data-testid="ticket-status"
          >
            {i18n._(status.label)}
          </span>
        </div>
        <p className="mt-1 text-stone-600">{ticket.company}</p>
      </div>

      {/* A closed time's remedies (decisions 058, 059), above the QR: the first thing to read. */}
      {!savedAt && (
        <div className="px-5 pt-4 sm:px-7">
          <DisruptionChoice token={token} onChanged={onChanged} />
        </div>
      )}

      <div className="px-5 py-5 sm:px-7">
        {ticket.qr_image ? (
          <figure className="text-center">
            <img
              src={ticket.qr_image}
              alt={t`Ticket QR code`}
              width={512}
              height={512}
              className={`mx-auto aspect-square w-full max-w-[340px] [image-rendering:pixelated] ${ticket.status === 'claimed' ? 'opacity-40' : ''}`}
              data-testid="ticket-qr"
            />
            <figcaption className="mt-2 text-sm font-semibold text-stone-800">
              {ticket.status === 'claimed'
                ? t`This ticket has already been used.`
                : t`Show this QR code to an agent. Turn your screen brightness up.`}
            </figcaption>
          </figure>
        ) : (
          <p className="rounded-xl bg-red-50 p-4 text-center font-semibold text-red-800 ring-1 ring-red-200">
            <Trans>This ticket was refunded and cannot be used.</Trans>
          </p>
        )}
      </div>

      <div className="space-y-5 border-t border-stone-200 px-5 py-5 sm:px-7">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[15px]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-600">{label}</dt>
              <dd className="font-semibold text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-stone-900 ring-1 ring-amber-200">
          {ticket.usage}
        </p>

        {/* Wallet buttons (decision 020), for the wallets the shop is configured for. */}
        <WalletButtons links={ticket.wallet_links} />

        <div className="text-center">
          <a
            href={linkPdfUrl(token)}
            download
            className="inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
          >
            <Trans>Download PDF ticket</Trans>
          </a>
        </div>
        <ChangeTime token={token} ticket={ticket} offline={savedAt !== null} onMoved={onChanged} />
        <CancelByLink token={token} ticket={ticket} onDone={onChanged} />
        {/* The invoice (decision 061): asked for here, or its documents once there is one. */}
        {!savedAt && (
          <div className="border-t border-stone-200 pt-5 text-center [&_form]:text-left">
            <InvoicePanel key={ticket.status} access={invoiceAccess} canAsk={ticket.status !== 'refunded'} />
          </div>
        )}
        <p className="text-center text-xs text-stone-600">
          <Trans>
            Keep this link to yourself: whoever has it can use the ticket. Lost it?{' '}
            <Link
              to={pagePath('/find-tickets')}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              Find my tickets
            </Link>
          </Trans>
        </p>
      </div>
    </article>
  );
}

export default function TicketLinkPage() {
  const { token = '' } = useParams();
  const { t } = useLingui();
  usePageTitle(t`Your Ticket`);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `version` asks the server again
  useEffect(() => {
    const ctrl = new AbortController();
    let answered = false;
    // The saved copy first: at a stop with a weak signal the QR shows at once.
    void readSavedTicket(token).then((saved) => {
      if (saved && !answered && !ctrl.signal.aborted)
        setState({ kind: 'ticket', ticket: saved.ticket, savedAt: saved.savedAt, checking: true });
    });
    fetchTicketLink(token, ctrl.signal)
      .then((ticket) => {
        answered = true;
        setState({ kind: 'ticket', ticket, savedAt: null, checking: false });
        void saveTicket(token, ticket);
        void keepPageOffline();
      })
      .catch(async (err) => {
        if (ctrl.signal.aborted) return;
        answered = true;
        if (err instanceof ApiError && err.status === 404) {
          await forgetTicket(token);
          setState({ kind: 'not-found' });
          return;
        }
        // No network (or the server is unwell): the saved copy stays, marked as such.
        const saved = await readSavedTicket(token);
        if (saved)
          setState({ kind: 'ticket', ticket: saved.ticket, savedAt: saved.savedAt, checking: false });
        else
          setState({
            kind: 'error',
            message:
              err instanceof ApiError && err.status === 429
                ? errorMessage(err, i18n._(AUTH_MESSAGES.tooManyAttempts))
                : i18n._(msg`Your ticket could not be loaded. Please check your connection and try again.`),
          });
      });
    return () => ctrl.abort();
  }, [token, version]);

  return (
    <Frame>
      {state.kind === 'loading' && (
        <p role="status" className="py-16 text-center text-stone-600">
          <Trans>Loading your ticket...</Trans>
        </p>
      )}
      {state.kind === 'not-found' && <LinkNotFound />}
      {state.kind === 'error' && (
        <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
          <p>{state.message}</p>
          <button
            type="button"
            onClick={() => setVersion((v) => v + 1)}
            className="mt-3 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300"
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {state.kind === 'ticket' && (
        <TicketView
          token={token}
          ticket={state.ticket}
          savedAt={state.savedAt}
          checking={state.checking}
          onChanged={() => setVersion((v) => v + 1)}
        />
      )}
    </Frame>
  );
}
