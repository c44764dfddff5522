/**
 * Waiting lists on the superusers' dashboard (decision 063): each time to come with a line, who waits
 * for how many places and in which state (waiting, offered until, bought, expired, left), and the
 * counts of joins, offers and offers bought. The call of contract waitlist.api.ts; the dashboard's
 * clock for times.
 */
import type { WaitlistAdmin } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';
import { Figures } from './ui';

type Entry = WaitlistAdmin['slots'][number]['entries'][number];

const STATUS_STYLE: Record<Entry['status'], string> = {
  waiting: 'bg-stone-100 text-stone-800',
  offered: 'bg-amber-100 text-amber-900',
  bought: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-red-50 text-red-800',
  left: 'bg-stone-50 text-stone-600',
};

export function WaitingLists() {
  const id = useId();
  const clockTime = useClockTime();
  const list = useQuery({
    queryKey: ['analytics', 'waitlist'],
    queryFn: ({ signal }) => call('GET /api/admin/waitlist/', {}, { signal }),
  });
  const totals = list.data?.totals;
  const status = (e: Entry) =>
    e.status === 'offered' && e.offer_expires_at
      ? `offered until ${clockTime(e.offer_expires_at)}`
      : e.status;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-stone-900">
        Waiting lists
      </h2>
      {totals && (
        <Figures
          testId="waitlist-totals"
          columns="sm:grid-cols-6"
          figures={[
            ['Joined', totals.joined],
            ['Waiting now', totals.waiting],
            ['Offers made', totals.offered],
            ['Offers bought', totals.bought],
            ['Offers run out', totals.expired],
            ['Left', totals.left],
          ]}
        />
      )}
      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading waiting lists...</p>
      ) : list.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The waiting lists could not be loaded.')}
        </p>
      ) : list.data.slots.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">Nobody is waiting for a sold-out time.</p>
      ) : (
        <ul className="mt-4 space-y-5" aria-label="Waiting lists">
          {list.data.slots.map((s) => (
            <li key={s.slot_id} data-testid="waitlist-slot">
              <p className="font-semibold text-stone-900">
                {s.package_title}{' '}
                <span className="font-normal text-stone-700">
                  {clockTime(s.starts_at)} · {s.remaining} of {s.capacity} places free
                </span>
              </p>
              <figure
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe)
                tabIndex={0}
                aria-label={`Waiting list, ${s.package_title} ${clockTime(s.starts_at)}`}
                className="mt-2 overflow-x-auto"
              >
                <table className="w-full min-w-[32rem] text-left text-sm">
                  <thead className="text-xs text-stone-600">
                    <tr>
                      <th className="py-1 pr-3 font-medium">#</th>
                      <th className="py-1 pr-3 font-medium">E-mail</th>
                      <th className="py-1 pr-3 font-medium">Places</th>
                      <th className="py-1 pr-3 font-medium">Language</th>
                      <th className="py-1 pr-3 font-medium">Joined</th>
                      <th className="py-1 font-medium">Status</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {s.entries.map((e, i) => (
                      <tr key={e.email} data-testid="waitlist-entry">
                        <td className="py-1.5 pr-3 tabular-nums text-stone-600">{i + 1}</td>
                        <td className="py-1.5 pr-3 text-stone-900">{e.email}</td>
                        <td className="py-1.5 pr-3 tabular-nums">{e.places}</td>
                        <td className="py-1.5 pr-3 uppercase">{e.language}</td>
                        <td className="py-1.5 pr-3 text-stone-700">{clockTime(e.joined_at)}</td>
                        <td className="py-1.5">
                          <span
                            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[e.status]}`}
                          >
                            {status(e)}
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
