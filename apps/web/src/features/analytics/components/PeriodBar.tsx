/**
 * The dashboard's period and clock (decision 037): today, the last 7 or 30 days, all time or two days
 * of one's choice, and whether times read in Rome or in the spec's display zone. Every figure below
 * follows them.
 */
import type { AnalyticsClock } from '@rome/contract';
import { useId } from 'react';
import type { DashboardFilters, PeriodChoice, PeriodParams } from '../filters';
import { formatTrendDay } from '../format';

const PERIODS: [PeriodChoice, string][] = [
  ['today', 'Today'],
  ['7d', '7 days'],
  ['30d', '30 days'],
  ['all', 'All time'],
  ['custom', 'Custom'],
];

const fieldClass = 'mt-1 block rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm';

/** 'Sat 22 Nov to Fri 28 Nov', 'Sat 28 Nov', 'all time', 'from Sat 1 Nov'. */
export function periodText(p: PeriodParams): string {
  if (p.from && p.to)
    return p.from === p.to ? formatTrendDay(p.from) : `${formatTrendDay(p.from)} to ${formatTrendDay(p.to)}`;
  if (p.from) return `from ${formatTrendDay(p.from)}`;
  if (p.to) return `until ${formatTrendDay(p.to)}`;
  return 'all time';
}

export function PeriodBar({
  filters,
  onChange,
  period,
  displayZone,
  clockLabel,
}: {
  filters: DashboardFilters;
  onChange: (change: Partial<DashboardFilters>) => void;
  /** The days the figures cover now. */
  period: PeriodParams;
  /** The spec's display zone, as the server names it. */
  displayZone: string;
  clockLabel: string;
}) {
  const id = useId();
  return (
    <section
      aria-label="Period and clock"
      className="mb-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
      data-testid="period-bar"
    >
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">Period</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {PERIODS.map(([value, label]) => (
              <label
                key={value}
                className="cursor-pointer rounded-full px-3 py-1.5 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 has-[:checked]:bg-brand has-[:checked]:text-white has-[:checked]:ring-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
              >
                <input
                  type="radio"
                  name={`${id}-period`}
                  value={value}
                  checked={filters.period === value}
                  onChange={() => onChange({ period: value })}
                  className="sr-only"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {filters.period === 'custom' && (
          <div className="flex flex-wrap gap-3">
            <label className="text-sm font-semibold text-stone-800">
              From
              <input
                type="date"
                className={fieldClass}
                value={filters.customFrom}
                max={filters.customTo || undefined}
                onChange={(e) => onChange({ customFrom: e.target.value })}
              />
            </label>
            <label className="text-sm font-semibold text-stone-800">
              To
              <input
                type="date"
                className={fieldClass}
                value={filters.customTo}
                min={filters.customFrom || undefined}
                onChange={(e) => onChange({ customTo: e.target.value })}
              />
            </label>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-clock`} className="text-sm font-semibold text-stone-800">
            Clock
          </label>
          <select
            id={`${id}-clock`}
            className={fieldClass}
            value={filters.clock}
            onChange={(e) => onChange({ clock: e.target.value as AnalyticsClock })}
          >
            <option value="rome">Rome time (the shop's)</option>
            <option value="display">{displayZone} (the spec's display)</option>
          </select>
        </div>
      </div>
      <p className="mt-3 text-sm text-stone-600" data-testid="period-summary">
        Figures for {periodText(period)}, times in {clockLabel}.
      </p>
    </section>
  );
}
