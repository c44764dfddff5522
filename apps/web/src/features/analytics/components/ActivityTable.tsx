/**
 * The dashboard's two activity tables (spec §2: the 'User Activity Log' and a metric's 'Detailed
 * Activity Log'): the heading with the time zone, then one row an event, newest first: Time, User, the
 * event (its action or its details), Location, IP Address, and the columns a table adds after those.
 */
import type { UserActivity } from '@rome/contract';
import { Fragment, type ReactNode } from 'react';
import { formatActivityTime } from '../format';
import { LocationCell, ScrollTable, tdClass, thClass, UserCell } from './ui';

type Activity = Pick<UserActivity, 'timestamp' | 'user' | 'country' | 'countryCode' | 'city' | 'ipAddress'>;

/** A column a table chooses: its header, and its cell (the whole <td>) for an event. */
export type ActivityColumn<A> = { name: string; cell: (activity: A) => ReactNode };

export function ActivityTable<A extends Activity>({
  heading,
  label,
  testId,
  minWidth,
  timeZone,
  activities,
  event,
  after = [],
}: {
  heading: ReactNode;
  /** The scrolling region's name. */
  label: string;
  testId: string;
  /** The table's minimum width (a Tailwind class), beyond which it scrolls. */
  minWidth: string;
  timeZone: string;
  activities: A[];
  event: ActivityColumn<A>;
  after?: ActivityColumn<A>[];
}) {
  const columns = ['Time', 'User', event.name, 'Location', 'IP Address', ...after.map((c) => c.name)];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        {heading}
        <p className="text-sm text-stone-600">Times in {timeZone}</p>
      </div>
      <ScrollTable label={label}>
        <table className={`w-full ${minWidth} border-collapse`} data-testid={testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={thClass}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {activities.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className={`${tdClass} py-8 text-center text-stone-600`}>
                  No activity recorded yet.
                </td>
              </tr>
            ) : (
              activities.map((a, i) => (
                <tr key={`${a.timestamp}-${i}`} className="hover:bg-stone-50">
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={a.timestamp}>{formatActivityTime(a.timestamp, timeZone)}</time>
                  </td>
                  <td className={tdClass}>
                    <UserCell user={a.user} />
                  </td>
                  {event.cell(a)}
                  <td className={tdClass}>
                    <LocationCell country={a.country} countryCode={a.countryCode} city={a.city} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap font-mono text-xs`}>{a.ipAddress ?? '—'}</td>
                  {after.map((c) => (
                    <Fragment key={c.name}>{c.cell(a)}</Fragment>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}
