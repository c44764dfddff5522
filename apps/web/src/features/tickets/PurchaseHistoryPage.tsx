/** Spec §2 Purchase history: four stat tiles, a table on desktop, cards on mobile, QR downloads. */
import { decimalToCents, formatEuro, formatEuroDecimal, type PurchasedTicket } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, tokenStore } from '../../api/client';
import { dashboardQuery, downloadQr } from '../../api/tickets';
import { track } from '../../lib/track';

const status = (t: PurchasedTicket) => (t.qr_code_scanned ? 'Claimed' : 'Pending');

function StatusBadge({ ticket }: { ticket: PurchasedTicket }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        ticket.qr_code_scanned ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {status(ticket)}
    </span>
  );
}

function QrButton({ ticket }: { ticket: PurchasedTicket }) {
  if (!ticket.qr_code) return <span className="text-stone-500">—</span>;
  return (
    <button
      type="button"
      onClick={() => {
        track('booking_manage', { operation: 'download_qr', package: ticket.package });
        downloadQr(ticket.qr_code!);
      }}
      className="rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark"
      aria-label={`Download QR code for ${ticket.package}`}
    >
      Download
    </button>
  );
}

export default function PurchaseHistoryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = Boolean(tokenStore.access());
  const query = useQuery({ ...dashboardQuery, enabled: hasToken });

  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401)
      navigate('/login', { state: { from: location.pathname } });
  }, [query.error, navigate, location.pathname]);

  if (!hasToken) return <Navigate to="/login" state={{ from: location.pathname }} replace />;

  const tickets = query.data ?? [];
  const claimed = tickets.filter((t) => t.qr_code_scanned).length;
  const spent = tickets.reduce((s, t) => s + (decimalToCents(t.total_price) ?? 0), 0);
  const tiles = [
    { label: 'Total Tickets', value: String(tickets.length) },
    { label: 'Claimed', value: String(claimed) },
    { label: 'Pending', value: String(tickets.length - claimed) },
    { label: 'Total Spent', value: formatEuro(spent) },
  ];

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Purchase History</h1>
      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand" data-testid={`tile-${tile.label}`}>
              {query.isPending ? '…' : tile.value}
            </dd>
          </div>
        ))}
      </dl>

      {query.isPending && (
        <p role="status" className="mt-8 text-stone-600">
          Loading your tickets...
        </p>
      )}
      {query.isError && !(query.error instanceof ApiError && query.error.status === 401) && (
        <p role="alert" className="mt-8 rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          Failed to load your tickets. Please try again later.
        </p>
      )}
      {query.isSuccess && tickets.length === 0 && (
        <div className="mt-8 rounded-xl bg-white p-8 text-center ring-1 ring-stone-200">
          <p className="text-stone-700">You have no tickets yet.</p>
          <Link to="/" className="mt-3 inline-block font-semibold text-brand underline">
            Find a tour
          </Link>
        </div>
      )}
      {tickets.length > 0 && (
        <>
          <table className="mt-8 hidden w-full overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-stone-200 md:table">
            <thead className="bg-stone-100 text-sm text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Selected Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Package
                </th>
                <th scope="col" className="px-4 py-3">
                  Total Price
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  QR Code
                </th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((t) => (
                <tr key={t.unique_id} className="border-t border-stone-200" data-testid="ticket-row">
                  <td className="px-4 py-3">{t.selected_date ?? 'Open date'}</td>
                  <td className="px-4 py-3 font-medium">{t.package}</td>
                  <td className="px-4 py-3">{formatEuroDecimal(t.total_price)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge ticket={t} />
                  </td>
                  <td className="px-4 py-3">
                    <QrButton ticket={t} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-6 space-y-3 md:hidden">
            {tickets.map((t) => (
              <li
                key={t.unique_id}
                className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
                data-testid="ticket-card"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold">{t.package}</h2>
                  <StatusBadge ticket={t} />
                </div>
                <p className="mt-1 text-sm text-stone-600">{t.selected_date ?? 'Open date'}</p>
                <div className="mt-3 flex items-center justify-between">
                  <span className="font-bold text-brand">{formatEuroDecimal(t.total_price)}</span>
                  <QrButton ticket={t} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
