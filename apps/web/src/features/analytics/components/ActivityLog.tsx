/** Spec §2: the 'User Activity Log' table (Time, User, Activity, Location, IP Address), newest first. */
import type { UserActivity } from '@rome/contract';
import { formatActivityTime } from '../format';
import { LocationCell, ScrollTable, tdClass, thClass, UserCell } from './ui';

export function ActivityLog({
  activities,
  timeZone,
  page,
  hasMore,
  onPage,
}: {
  activities: UserActivity[];
  timeZone: string;
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <section aria-labelledby="activity-log-heading" className="mt-10">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <h2 id="activity-log-heading" className="text-xl font-bold text-stone-900">
          User Activity Log
        </h2>
        <p className="text-sm text-stone-600">Times in {timeZone}</p>
      </div>
      <ScrollTable label="User Activity Log">
        <table className="w-full min-w-[720px] border-collapse" data-testid="activity-log">
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Time
              </th>
              <th scope="col" className={thClass}>
                User
              </th>
              <th scope="col" className={thClass}>
                Activity
              </th>
              <th scope="col" className={thClass}>
                Location
              </th>
              <th scope="col" className={thClass}>
                IP Address
              </th>
            </tr>
          </thead>
          <tbody>
            {activities.length === 0 ? (
              <tr>
                <td colSpan={5} className={`${tdClass} py-8 text-center text-stone-600`}>
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
                  <td className={tdClass}>
                    <span className="rounded-md bg-stone-100 px-2 py-0.5 font-mono text-xs text-stone-800">
                      {a.action}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <LocationCell country={a.country} countryCode={a.countryCode} city={a.city} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap font-mono text-xs`}>{a.ipAddress ?? '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollTable>
      {(page > 1 || hasMore) && (
        <nav aria-label="Activity log pages" className="mt-3 flex items-center justify-end gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            className="rounded-lg px-3 py-1.5 font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-40"
          >
            Newer
          </button>
          <span className="text-stone-600">Page {page}</span>
          <button
            type="button"
            disabled={!hasMore}
            onClick={() => onPage(page + 1)}
            className="rounded-lg px-3 py-1.5 font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-40"
          >
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
