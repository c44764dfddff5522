/**
 * The dashboard's two activity tables (spec §2: the 'User Activity Log' and a metric's 'Detailed
 * Activity Log'): the heading with the page's clock, then one row an event, newest first: Time, User,
 * the event (its action or its details), Location, IP Address, and the columns a table adds after those.
 * On a phone each row stacks, every cell under its column's name.
 */
import type { UserActivity } from '@rome/contract';
import type { ReactNode } from 'react';
import { useClock } from '../filters';
import { formatActivityTime } from '../format';
import {
  LocationCell,
  ScrollTable,
  stackBody,
  stackHead,
  stackRow,
  stackTable,
  Td,
  tdClass,
  thClass,
  UserCell,
} from './ui';

type Activity = Pick<UserActivity, 'timestamp' | 'user' | 'country' | 'countryCode' | 'city' | 'ipAddress'>;

/** A column a table chooses: its header, its cell's content for an event, and the cell's classes. */
export type ActivityColumn<A> = { name: string; cell: (activity: A) => ReactNode; className?: string };

export function ActivityTable<A extends Activity>({
  heading,
  label,
  testId,
  minWidth,
  activities,
  event,
  after = [],
  toolbar,
}: {
  heading: ReactNode;
  /** Controls between the heading and the table (the log's filters). */
  toolbar?: ReactNode;
  /** The scrolling region's name. */
  label: string;
  testId: string;
  /** The table's minimum width from a tablet on (a whole Tailwind class, 'sm:min-w-[720px]'), beyond which it scrolls. */
  minWidth: string;
  activities: A[];
  event: ActivityColumn<A>;
  after?: ActivityColumn<A>[];
}) {
  const { timeZone, label: clock } = useClock();
  const columns = ['Time', 'User', event.name, 'Location', 'IP Address', ...after.map((c) => c.name)];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        {heading}
        <p className="text-sm text-stone-600">Times in {clock}</p>
      </div>
      {toolbar}
      <ScrollTable label={label}>
        <table className={`w-full ${minWidth} ${stackTable} border-collapse`} data-testid={testId}>
          <thead className={stackHead}>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={thClass}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={stackBody}>
            {activities.length === 0 ? (
              <tr className={stackRow}>
                <td
                  colSpan={columns.length}
                  className={`${tdClass} py-8 text-center text-stone-600 max-sm:block`}
                >
                  No activity recorded yet.
                </td>
              </tr>
            ) : (
              activities.map((a, i) => (
                <tr key={`${a.timestamp}-${i}`} className={`hover:bg-stone-50 ${stackRow}`}>
                  <Td label="Time" className="whitespace-nowrap">
                    <time dateTime={a.timestamp}>{formatActivityTime(a.timestamp, timeZone)}</time>
                  </Td>
                  <Td label="User">
                    <UserCell user={a.user} />
                  </Td>
                  <Td label={event.name} className={event.className}>
                    {event.cell(a)}
                  </Td>
                  <Td label="Location">
                    <LocationCell country={a.country} countryCode={a.countryCode} city={a.city} />
                  </Td>
                  <Td label="IP Address" className="whitespace-nowrap font-mono text-xs">
                    {a.ipAddress ?? '—'}
                  </Td>
                  {after.map((c) => (
                    <Td key={c.name} label={c.name} className={c.className}>
                      {c.cell(a)}
                    </Td>
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
