/**
 * The bookings of an operator's products (managers, sales) and the tickets redeemed at its door
 * (managers, door), over a range of Rome dates. Times are Rome's, as the door and the buyer read them.
 */
import { addDays, extraPlaces, formatRomeDateTime, romeToday } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { ScrollTable } from '../../../components/ScrollTable';

/** From a week ago to a week ahead, by default. */
function useRange() {
  const today = romeToday();
  const [range, setRange] = useState({ from: addDays(today, -7), to: addDays(today, 7) });
  const ids = { from: useId(), to: useId() };
  const picker = (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="flex flex-col">
          <label htmlFor={ids[end]} className="text-sm font-medium text-stone-700">
            {end === 'from' ? 'From (Rome)' : 'To (Rome)'}
          </label>
          <input
            id={ids[end]}
            type="date"
            value={range[end]}
            onChange={(e) => e.target.value && setRange((r) => ({ ...r, [end]: e.target.value }))}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
      ))}
    </div>
  );
  return { range, picker };
}

const cell = 'px-3 py-2';
const head = 'px-3 py-2 font-semibold';
/** A visit: a time (Rome's local ISO) or a day. */
const visitText = (visit: string | null) =>
  visit === null ? 'Open date' : visit.length > 10 ? formatRomeDateTime(visit) : visit;

export function BookingsPanel({ folder }: { folder: number }) {
  const { range, picker } = useRange();
  const list = useQuery({
    queryKey: ['operator', folder, 'bookings', range],
    queryFn: ({ signal }) =>
      call('GET /api/operator/:folder/bookings/', { params: { folder }, query: range }, { signal }),
  });
  return (
    <>
      <h2 className="text-xl font-bold text-stone-900">Bookings</h2>
      <p className="mt-1 text-sm text-stone-600">
        Paid, refunded and cancelled bookings by the day of the visit.
      </p>
      {picker}
      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading bookings...</p>
      ) : list.isError ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The bookings could not be loaded.')}
        </p>
      ) : list.data.bookings.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No bookings in these days.</p>
      ) : (
        <div className="mt-4">
          <ScrollTable label="Bookings">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className={head}>
                    Booking
                  </th>
                  <th scope="col" className={head}>
                    Visit
                  </th>
                  <th scope="col" className={head}>
                    Buyer
                  </th>
                  <th scope="col" className={head}>
                    People
                  </th>
                  <th scope="col" className={head}>
                    Channel
                  </th>
                  <th scope="col" className={`${head} text-right`}>
                    Total (EUR)
                  </th>
                  <th scope="col" className={head}>
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {list.data.bookings.map((b) => (
                  <tr key={b.reference} data-testid="operator-booking">
                    <th scope="row" className={`${cell} font-semibold text-stone-900`}>
                      <code>{b.reference}</code>
                      <span className="block text-xs font-normal text-stone-600">{b.product}</span>
                    </th>
                    <td className={`${cell} whitespace-nowrap`}>{visitText(b.visit)}</td>
                    <td className={cell}>{b.buyer}</td>
                    <td className={cell}>
                      {b.adults} adult{b.adults === 1 ? '' : 's'}
                      {b.youths > 0 ? `, ${b.youths} youth${b.youths === 1 ? '' : 's'}` : ''}
                      {/* The price categories (decision 070), by their English names (a staff screen). */}
                      {(b.extra_tickets ?? []).map((l) => `, ${l.count} × ${l.label}`).join('')}
                    </td>
                    <td className={cell}>{b.channel}</td>
                    <td className={`${cell} text-right`}>{b.total}</td>
                    <td className={cell}>
                      {b.status}
                      {b.redeemed ? ', redeemed' : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
    </>
  );
}

export function RedemptionsPanel({ folder }: { folder: number }) {
  const { range, picker } = useRange();
  const list = useQuery({
    queryKey: ['operator', folder, 'redemptions', range],
    queryFn: ({ signal }) =>
      call('GET /api/operator/:folder/redemptions/', { params: { folder }, query: range }, { signal }),
  });
  return (
    <>
      <h2 className="text-xl font-bold text-stone-900">Redemptions</h2>
      <p className="mt-1 text-sm text-stone-600">Tickets redeemed at the door, newest first.</p>
      {picker}
      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading redemptions...</p>
      ) : list.isError ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The redemptions could not be loaded.')}
        </p>
      ) : list.data.redemptions.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No ticket was redeemed in these days.</p>
      ) : (
        <div className="mt-4">
          <ScrollTable label="Redemptions">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className={head}>
                    Ticket
                  </th>
                  <th scope="col" className={head}>
                    Redeemed (Rome)
                  </th>
                  <th scope="col" className={head}>
                    By
                  </th>
                  <th scope="col" className={head}>
                    People
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {list.data.redemptions.map((r) => (
                  <tr key={`${r.reference}-${r.claimed_at}`} data-testid="operator-redemption">
                    <th scope="row" className={`${cell} font-semibold text-stone-900`}>
                      <code>{r.reference}</code>
                      <span className="block text-xs font-normal text-stone-600">{r.product}</span>
                    </th>
                    <td className={`${cell} whitespace-nowrap`}>{formatRomeDateTime(r.claimed_at)}</td>
                    <td className={cell}>{r.by}</td>
                    <td className={cell}>{r.adults + r.youths + extraPlaces(r.extra_tickets ?? [])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
    </>
  );
}
