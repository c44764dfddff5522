/**
 * Spec §2 Purchase history: four stat tiles, a table on desktop, cards on mobile, QR downloads.
 * Inventory: a ticket for a time shows it beside the date (Rome time), a refunded ticket shows
 * 'Refunded', and a ticket that may still be cancelled has a 'Cancel ticket' button. Issue #18: each
 * ticket's PDF, and 'Send link again' (a new ticket link by e-mail).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  decimalToCents,
  formatEuro,
  formatEuroDecimal,
  type PurchasedTicket,
  pagePath,
  romeParts,
} from '@rome/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage, serverWords } from '../../api/client';
import { cancelTicket, dashboardQuery, downloadQr } from '../../api/tickets';
import { Dialog } from '../../components/Dialog';
import { pageLocale } from '../../i18n/locale';
import { useHasAccessToken } from '../../lib/session';
import { formatTicketDate } from '../../lib/ticketDate';
import { track } from '../../lib/track';
import { downloadTicketPdf, endTicketLinks, invoiceOfOrder, resendTicket } from './api';
import { type CancelResult, CancelTicket } from './CancelTicket';
import { InvoicePanel } from './InvoicePanel';

const isRefunded = (t: PurchasedTicket) => t.status === 'refunded';
const STATUS = { refunded: msg`Refunded`, claimed: msg`Claimed`, pending: msg`Pending` };
const status = (t: PurchasedTicket) =>
  i18n._(isRefunded(t) ? STATUS.refunded : t.qr_code_scanned ? STATUS.claimed : STATUS.pending);

function StatusBadge({ ticket }: { ticket: PurchasedTicket }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        isRefunded(ticket)
          ? 'bg-stone-200 text-stone-800'
          : ticket.qr_code_scanned
            ? 'bg-green-100 text-green-900'
            : 'bg-amber-100 text-amber-900'
      }`}
    >
      {status(ticket)}
    </span>
  );
}

/**
 * Beside the spec's 'Pending' of a paid ticket not used yet: what it means, since a tourist reads it
 * as 'payment pending'.
 */
function PendingHint({ ticket }: { ticket: PurchasedTicket }) {
  if (ticket.status !== 'paid' || ticket.qr_code_scanned) return null;
  return (
    <span className="mt-1 block text-xs text-stone-600" data-testid="pending-hint">
      <Trans>Paid, not used yet</Trans>
    </span>
  );
}

/** The selected date, and beside it the slot's Rome time when the ticket is for a time. */
function TicketDate({ ticket }: { ticket: PurchasedTicket }) {
  const slot = ticket.starts_at ? romeParts(new Date(ticket.starts_at)) : null;
  const date = ticket.selected_date ?? slot?.date ?? null;
  const time = slot?.time ?? ticket.time;
  if (!date) return <Trans>Open date</Trans>;
  return (
    // A readable day on one line ('Sat, 5 Dec 2026 09:00'), never the ISO form broken at its hyphens.
    <span className="whitespace-nowrap">
      {formatTicketDate(date, pageLocale)}
      {time && (
        <span className="ml-2 font-semibold tabular-nums" data-testid="ticket-time">
          {time}
          <span className="sr-only">
            {' '}
            <Trans>Rome time</Trans>
          </span>
        </span>
      )}
    </span>
  );
}

/** A ticket that may still be cancelled: 'Cancel ticket'; the page shows the answer and it turns Refunded. */
function HistoryCancel({ ticket, onDone }: { ticket: PurchasedTicket; onDone: (r: CancelResult) => void }) {
  if (!ticket.cancellable || isRefunded(ticket)) return null;
  return (
    <CancelTicket
      packageName={ticket.package}
      totalPrice={ticket.total_price}
      cancelUntil={ticket.cancel_until}
      combo={ticket.combo}
      cancel={async () => {
        const answer = await cancelTicket(ticket.unique_id);
        track('booking_manage', { operation: 'cancel', package: ticket.package });
        return answer;
      }}
      onDone={onDone}
    />
  );
}

function QrButton({ ticket }: { ticket: PurchasedTicket }) {
  const { t } = useLingui();
  if (!ticket.qr_code || isRefunded(ticket)) return <span className="text-stone-500">—</span>;
  return (
    <button
      type="button"
      onClick={() => {
        track('booking_manage', { operation: 'download_qr', package: ticket.package });
        downloadQr(ticket.qr_code!);
      }}
      className="rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark"
      aria-label={t`Download QR code for ${ticket.package}`}
    >
      <Trans>Download</Trans>
    </button>
  );
}

/**
 * The PDF ticket, 'Send link again' (one more ticket link by e-mail; the ones before keep working) and
 * 'End old links' (every link before stops, a new one is e-mailed: decision 042). The answer's message
 * is shown by the page.
 */
function TicketActions({
  ticket,
  onDone,
}: {
  ticket: PurchasedTicket;
  onDone: (result: { ok: boolean; message: string }) => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<'pdf' | 'resend' | 'end' | null>(null);
  // A refunded ticket is no ticket: no PDF, no link.
  if (ticket.status !== 'paid') return null;
  const run = async (what: 'pdf' | 'resend' | 'end') => {
    if (
      what === 'end' &&
      !window.confirm(
        t`End every link to this ticket sent or forwarded before? They stop working at once, and a new link is e-mailed to you.`,
      )
    )
      return;
    setBusy(what);
    try {
      if (what === 'pdf')
        await downloadTicketPdf(ticket.unique_id, `ticket-${ticket.unique_id.slice(0, 8)}.pdf`);
      else {
        const answer = what === 'end' ? endTicketLinks(ticket.unique_id) : resendTicket(ticket.unique_id);
        onDone({ ok: true, message: serverWords((await answer).message) });
      }
    } catch (err) {
      onDone({ ok: false, message: errorMessage(err, t`Something went wrong! Please try again.`) });
    }
    setBusy(null);
  };
  const button =
    'rounded-lg px-3 py-1.5 text-sm font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60';
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button
        type="button"
        disabled={busy !== null}
        onClick={() => run('pdf')}
        className={button}
        aria-label={t`PDF ticket for ${ticket.package}`}
      >
        {busy === 'pdf' ? t`Preparing...` : 'PDF'}
      </button>
      {!isRefunded(ticket) && (
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => run('resend')}
          className={button}
          aria-label={t`Send link again for ${ticket.package}`}
        >
          {busy === 'resend' ? t`Sending...` : t`Send link again`}
        </button>
      )}
      {!isRefunded(ticket) && (
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => run('end')}
          className={button}
          aria-label={t`End old links for ${ticket.package}`}
        >
          {busy === 'end' ? t`Sending...` : t`End old links`}
        </button>
      )}
    </div>
  );
}

/** 'Invoice': the invoice form or documents of a paid or refunded order, in a dialog (decision 061). */
function HistoryInvoice({ ticket }: { ticket: PurchasedTicket }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const access = useMemo(() => invoiceOfOrder(ticket.unique_id), [ticket.unique_id]);
  if (ticket.status !== 'paid' && !isRefunded(ticket)) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-100"
        aria-label={t`Invoice for ${ticket.package}`}
      >
        <Trans>Invoice</Trans>
      </button>
      {open && (
        <Dialog
          title={t`Invoice for ${ticket.package}`}
          onClose={() => setOpen(false)}
          className="m-auto max-h-[100dvh] w-[min(32rem,calc(100vw-1rem))] max-w-none rounded-xl"
        >
          <div className="min-h-0 flex-1 overflow-auto p-5">
            <InvoicePanel access={access} canAsk={!isRefunded(ticket)} startOpen />
          </div>
        </Dialog>
      )}
    </>
  );
}

export default function PurchaseHistoryPage() {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = useHasAccessToken();
  const query = useQuery({ ...dashboardQuery, enabled: hasToken });
  const client = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const showNotice = (result: { ok: boolean; message: string }) => {
    setNotice(result);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const onCancelled = (uniqueId: string) => (result: { ok: boolean; message: string }) => {
    setNotice(result);
    if (result.ok)
      client.setQueryData(dashboardQuery.queryKey, (old) =>
        old?.map((ticket) =>
          ticket.unique_id === uniqueId
            ? { ...ticket, status: 'refunded' as const, cancellable: false }
            : ticket,
        ),
      );
    void client.invalidateQueries({ queryKey: dashboardQuery.queryKey });
    // The message takes the focus the confirmation had.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401)
      navigate(pagePath('/login'), { state: { from: location.pathname } });
  }, [query.error, navigate, location.pathname]);

  if (!hasToken) return <Navigate to={pagePath('/login')} state={{ from: location.pathname }} replace />;

  const tickets = query.data ?? [];
  const claimed = tickets.filter((ticket) => ticket.qr_code_scanned).length;
  // A refunded ticket is neither claimed nor pending, and its money came back.
  const pending = tickets.filter((ticket) => !ticket.qr_code_scanned && !isRefunded(ticket)).length;
  const spent = tickets
    .filter((ticket) => !isRefunded(ticket))
    .reduce((s, ticket) => s + (decimalToCents(ticket.total_price) ?? 0), 0);
  // `id`: the English name, which the page's tests find the tile by in every language.
  const tiles = [
    { id: 'Total Tickets', label: t`Total Tickets`, value: String(tickets.length) },
    { id: 'Claimed', label: t({ message: 'Claimed', context: 'tickets count' }), value: String(claimed) },
    { id: 'Pending', label: t({ message: 'Pending', context: 'tickets count' }), value: String(pending) },
    { id: 'Total Spent', label: t`Total Spent`, value: formatEuro(spent, pageLocale) },
  ];

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">
        <Trans>Purchase History</Trans>
      </h1>
      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand" data-testid={`tile-${tile.id}`}>
              {query.isPending ? '…' : tile.value}
            </dd>
          </div>
        ))}
      </dl>

      <div
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.ok === false ? 'alert' : 'status'}
        data-testid="cancel-notice"
        className={
          notice
            ? `mt-6 rounded-xl p-4 font-semibold ring-1 ${
                notice.ok
                  ? 'bg-green-50 text-green-900 ring-green-200'
                  : 'bg-red-50 text-red-800 ring-red-200'
              }`
            : 'sr-only'
        }
      >
        {notice?.message}
      </div>

      {query.isPending && (
        <p role="status" className="mt-8 text-stone-600">
          <Trans>Loading your tickets...</Trans>
        </p>
      )}
      {query.isError && !(query.error instanceof ApiError && query.error.status === 401) && (
        <p role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          <Trans>Failed to load your tickets. Please try again later.</Trans>
        </p>
      )}
      {query.isSuccess && tickets.length === 0 && (
        <div className="mt-8 rounded-xl bg-white p-8 text-center ring-1 ring-stone-200">
          <p className="text-stone-700">
            <Trans>You have no tickets yet.</Trans>
          </p>
          <Link to="/" className="mt-3 inline-block font-semibold text-brand underline">
            <Trans>Find a tour</Trans>
          </Link>
        </div>
      )}
      {tickets.length > 0 && (
        <>
          <table className="mt-8 hidden w-full overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-stone-200 md:table">
            <thead className="bg-stone-100 text-sm text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  <Trans>Selected Date</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Package</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Total Price</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-3">
                  <Trans>QR Code</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.unique_id} className="border-t border-stone-200" data-testid="ticket-row">
                  <td className="px-4 py-3">
                    <TicketDate ticket={ticket} />
                  </td>
                  <td className="px-4 py-3 font-medium">{ticket.package}</td>
                  <td className="px-4 py-3">{formatEuroDecimal(ticket.total_price, pageLocale)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge ticket={ticket} />
                    <PendingHint ticket={ticket} />
                    <HistoryCancel ticket={ticket} onDone={onCancelled(ticket.unique_id)} />
                  </td>
                  <td className="px-4 py-3">
                    <QrButton ticket={ticket} />
                    <TicketActions ticket={ticket} onDone={showNotice} />
                    <HistoryInvoice ticket={ticket} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-6 space-y-3 md:hidden">
            {tickets.map((ticket) => (
              <li
                key={ticket.unique_id}
                className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
                data-testid="ticket-card"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold">{ticket.package}</h2>
                  <StatusBadge ticket={ticket} />
                </div>
                <p className="mt-1 text-sm text-stone-600">
                  <TicketDate ticket={ticket} />
                </p>
                <PendingHint ticket={ticket} />
                <div className="mt-3 flex items-center justify-between">
                  <span className="font-bold text-brand">
                    {formatEuroDecimal(ticket.total_price, pageLocale)}
                  </span>
                  <QrButton ticket={ticket} />
                </div>
                <TicketActions ticket={ticket} onDone={showNotice} />
                <HistoryInvoice ticket={ticket} />
                <HistoryCancel ticket={ticket} onDone={onCancelled(ticket.unique_id)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
