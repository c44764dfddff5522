/** Spec §2: the 'User Activity Log' table (Time, User, Activity, Location, IP Address), newest first. */
import type { UserActivity } from '@rome/contract';
import { ActivityTable } from './ActivityTable';
import { tdClass } from './ui';

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
      <ActivityTable
        heading={
          <h2 id="activity-log-heading" className="text-xl font-bold text-stone-900">
            User Activity Log
          </h2>
        }
        label="User Activity Log"
        testId="activity-log"
        minWidth="min-w-[720px]"
        timeZone={timeZone}
        activities={activities}
        event={{
          name: 'Activity',
          cell: (a) => (
            <td className={tdClass}>
              <span className="rounded-md bg-stone-100 px-2 py-0.5 font-mono text-xs text-stone-800">
                {a.action}
              </span>
            </td>
          ),
        }}
      />
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
