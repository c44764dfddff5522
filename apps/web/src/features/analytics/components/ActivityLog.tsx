/**
 * Spec §2: the 'User Activity Log' table (Time, User, Activity, Location, IP Address), newest first.
 * Beside the spec, its filters: one action, a user (part of the address, or 'anonymous'), a search over
 * user, page, place and address; the page's period limits it too.
 */
import { ACTIVITY_ACTION_NAMES, type ActivityAction, type UserActivity } from '@rome/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { DashboardFilters } from '../filters';
import { ActivityTable } from './ActivityTable';

const fieldClass = 'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm';

export function ActivityLog({
  activities,
  page,
  hasMore,
  onPage,
  filters,
  onFilters,
}: {
  activities: UserActivity[];
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
  filters: DashboardFilters;
  onFilters: (change: Partial<DashboardFilters>) => void;
}) {
  // The texts apply when the form is sent (Enter or Filter), not on every key.
  const [user, setUser] = useState(filters.user);
  const [q, setQ] = useState(filters.q);
  useEffect(() => {
    setUser(filters.user);
    setQ(filters.q);
  }, [filters.user, filters.q]);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onFilters({ user: user.trim(), q: q.trim() });
  };
  const filtered = Boolean(filters.action || filters.user || filters.q);
  const id = useId();

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
        minWidth="sm:min-w-[720px]"
        toolbar={
          <form
            onSubmit={apply}
            aria-label="Filter the activity log"
            className="mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
          >
            <div>
              <label htmlFor={`${id}-action`} className="text-sm font-semibold text-stone-800">
                Activity
              </label>
              <select
                id={`${id}-action`}
                className={fieldClass}
                value={filters.action}
                onChange={(e) => onFilters({ action: e.target.value as ActivityAction | '' })}
              >
                <option value="">Every activity</option>
                {ACTIVITY_ACTION_NAMES.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            <label className="text-sm font-semibold text-stone-800">
              User
              <input
                className={fieldClass}
                value={user}
                onChange={(e) => setUser(e.target.value)}
                placeholder="Address, or anonymous"
                maxLength={200}
              />
            </label>
            <label className="text-sm font-semibold text-stone-800">
              Search
              <input
                type="search"
                className={fieldClass}
                value={q}
                onChange={(e) => setQ(e.target.value)}
                placeholder="Page, city, country or IP"
                maxLength={200}
              />
            </label>
            <div className="flex gap-2">
              <button
                type="submit"
                className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
              >
                Filter
              </button>
              {filtered && (
                <button
                  type="button"
                  onClick={() => onFilters({ action: '', user: '', q: '' })}
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50"
                >
                  Clear
                </button>
              )}
            </div>
          </form>
        }
        activities={activities}
        event={{
          name: 'Activity',
          cell: (a) => (
            <span className="rounded-md bg-stone-100 px-2 py-0.5 font-mono text-xs text-stone-800">
              {a.action}
            </span>
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
