/** Purchase Statistics tab (spec §2, §8): four figures, the purchase breakdown and recent tickets. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatRomeDate, formatRomeDateTime } from '@rome/contract';
import { useStatistics } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { Spinner } from '../../../components/form';
import { pageLocale } from '../../../i18n/locale';
import { euro, formatDate } from '../format';

function StatCard({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className={`rounded-xl p-4 ring-1 sm:p-5 ${tone}`}>
      <dt className="text-sm font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Bar({ label, count, total, color }: { label: string; count: number; total: number; color: string }) {
  const share = total > 0 ? Math.round((count / total) * 100) : 0;
  return (
    <li>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-semibold text-stone-800">{label}</span>
        <span className="text-stone-700 tabular-nums">
          {count} ({share}%)
        </span>
      </div>
      <div className="mt-1.5 h-3 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <div className={`h-full rounded-full ${color}`} style={{ width: `${share}%` }} />
      </div>
    </li>
  );
}

export function StatisticsTab() {
  const { t } = useLingui();
  const { data, error, isPending } = useStatistics();

  if (isPending)
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-stone-700">
        <Spinner className="h-6 w-6 text-brand" /> <Trans>Loading statistics...</Trans>
      </div>
    );

  if (error)
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
      >
        {error instanceof ApiError
          ? t`Failed to fetch purchase statistics`
          : t`An error occurred while fetching statistics`}
      </p>
    );

  const total = data.total_purchases ?? 0;
  const tickets = data.recent_tickets ?? [];
  return (
    <div>
      <h2 className="text-xl font-bold text-stone-900">
        <Trans>Purchase Statistics</Trans>
      </h2>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t`Total Purchases`} value={String(total)} tone="bg-red-50 ring-red-100" />
        <StatCard
          label={t`Total Spent`}
          value={euro(data.total_spent, pageLocale)}
          tone="bg-amber-50 ring-amber-100"
        />
        <StatCard
          label={t`Recent Purchases`}
          value={String(data.recent_purchases ?? 0)}
          tone="bg-sky-50 ring-sky-100"
        />
        <StatCard
          label={t`Recent Spent`}
          value={euro(data.recent_spent, pageLocale)}
          tone="bg-emerald-50 ring-emerald-100"
        />
      </dl>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="breakdown-title" className="rounded-xl p-5 ring-1 ring-stone-200">
          <h3 id="breakdown-title" className="font-bold text-stone-900">
            <Trans>Purchase Breakdown</Trans>
          </h3>
          <ul className="mt-4 space-y-4">
            <Bar
              label={t`Bus Tours`}
              count={data.purchase_breakdown?.bus_tours ?? 0}
              total={total}
              color="bg-brand"
            />
            <Bar
              label={t`Museum Tickets`}
              count={data.purchase_breakdown?.museum_tickets ?? 0}
              total={total}
              color="bg-accent-dark"
            />
          </ul>
        </section>

        <section aria-labelledby="recent-title" className="rounded-xl p-5 ring-1 ring-stone-200">
          <h3 id="recent-title" className="font-bold text-stone-900">
            <Trans>Recent Tickets</Trans>
          </h3>
          {tickets.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">
              <Trans>No tickets yet. Your next Rome adventure awaits!</Trans>
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-200">
              {tickets.map((ticket, i) => (
                <li key={i} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">{ticket.package}</p>
                    {/* The visit first (Rome time), as a ticket is planned by it; the purchase beside. */}
                    <p className="text-sm text-stone-800" data-testid="recent-visit">
                      {ticket.visit_at ? (
                        `${formatRomeDateTime(ticket.visit_at, pageLocale)} (${t`Rome time`})`
                      ) : ticket.selected_date ? (
                        formatRomeDate(ticket.selected_date, pageLocale)
                      ) : (
                        <Trans>Open date</Trans>
                      )}{' '}
                      · <Plural value={ticket.ticket_count} one="# ticket" other="# tickets" />
                    </p>
                    <p className="text-xs text-stone-600">
                      <Trans>Bought {formatDate(ticket.date, pageLocale)}</Trans>
                    </p>
                  </div>
                  <p className="shrink-0 font-semibold text-brand tabular-nums">
                    {euro(ticket.total_price, pageLocale)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
