import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  addDays,
  INTL_LOCALE,
  INVENTORY_MESSAGES,
  ROME_TZ,
  romeToday,
  TICKET_PANEL_WORDS,
} from '@rome/contract';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { pageLocale } from '../../i18n/locale';
import { addMonths, keyMove, monthOf, monthWeeks } from './calendar';
import type { DayMark } from './slots';

const intlLocale = INTL_LOCALE[pageLocale];
// Noon UTC is the same calendar day in Rome all year round (as the contract's formatRomeDate).
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const longDay = new Intl.DateTimeFormat(intlLocale, {
  timeZone: ROME_TZ,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const monthTitle = new Intl.DateTimeFormat(intlLocale, { timeZone: ROME_TZ, month: 'long', year: 'numeric' });
const weekdayShort = new Intl.DateTimeFormat(intlLocale, { timeZone: ROME_TZ, weekday: 'short' });
const weekdayLong = new Intl.DateTimeFormat(intlLocale, { timeZone: ROME_TZ, weekday: 'long' });
/** 2024-01-01 was a Monday: the week's seven days from it, Monday first. */
const WEEK = Array.from({ length: 7 }, (_, i) => noon(addDays('2024-01-01', i)));

/**
 * The ticket page's date choice as a month calendar (spec §2 'date choice'): the package's dates can be
 * chosen, every other day is greyed; a day whose times are all sold out or closed is marked (a sold-out
 * day can still be opened, to see its times, as the list did); open days carry the from-price.
 *
 * Keyboard as the WAI-ARIA date picker: one day is in the tab order, the arrow keys move by day and week,
 * Home/End to the week's ends, Page Up/Down by month; Enter or Space chooses. Every day is a real button
 * named by its date and its state ('Friday, 4 December 2026, sold out'), in its text (not aria-label, so
 * the name holds what the box shows).
 */
export function DateCalendar({
  id,
  dates,
  value,
  onChange,
  marks,
  price,
  invalid,
  describedBy,
}: {
  /** The group's id: the panel focuses the day in the tab order when a date is missing. */
  id: string;
  /** The days that can be chosen, 'YYYY-MM-DD' (the package's dates). */
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
  marks: ReadonlyMap<string, DayMark>;
  /** The from-price shown on open days ('€24'). */
  price: string | null;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useLingui();
  const sorted = useMemo(() => [...dates].sort(), [dates]);
  const choosable = useMemo(() => new Set(sorted), [sorted]);
  const first = sorted[0] ?? romeToday();
  const last = sorted[sorted.length - 1] ?? first;
  const [focusDay, setFocusDay] = useState(() => (value && choosable.has(value) ? value : first));
  const [month, setMonth] = useState(() => monthOf(focusDay));
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const titleId = `${id}-month`;

  // A day chosen elsewhere (a restored choice) brings its month into view.
  useEffect(() => {
    if (value && choosable.has(value)) {
      setFocusDay(value);
      setMonth(monthOf(value));
    }
  }, [value, choosable]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const firstMonth = monthOf(first);
  const lastMonth = monthOf(last);
  const showMonth = (m: string) => {
    setMonth(m);
    // The day in the tab order stays inside the month shown: the chosen day, the first open day, or the 1st.
    const inMonth = sorted.find((d) => monthOf(d) === m);
    setFocusDay(value && monthOf(value) === m ? value : (inMonth ?? `${m}-01`));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const next = keyMove(e.key, date);
    if (!next) return;
    e.preventDefault();
    // The first and last months with a date bound the moves.
    const bounded = monthOf(next) < firstMonth ? `${firstMonth}-01` : monthOf(next) > lastMonth ? last : next;
    moved.current = true;
    setMonth(monthOf(bounded));
    setFocusDay(bounded);
  };

  const dayName = (date: string): string => {
    const day = longDay.format(noon(date));
    const mark = marks.get(date);
    if (!choosable.has(date)) {
      if (mark === 'closed') return t`${day}, closed`;
      if (mark === 'sold-out') return t`${day}, sold out`;
      return t`${day}, not available`;
    }
    if (mark === 'sold-out') return t`${day}, sold out`;
    if (mark === 'closed') return t`${day}, closed`;
    return price ? t`${day}, from ${price}` : day;
  };

  const monthName = monthTitle.format(noon(`${month}-15`));
  return (
    <fieldset id={id} aria-describedby={describedBy} data-testid="ticket-calendar" className="mt-4 min-w-0">
      <legend className="text-sm font-semibold text-stone-900">
        {i18n._(TICKET_PANEL_WORDS.selectDate)}
      </legend>
      <div
        className={`mt-1 rounded-xl p-2 ring-1 ${invalid ? 'ring-2 ring-red-700' : 'ring-stone-300'}`}
        aria-invalid={invalid || undefined}
      >
        <div className="flex items-center justify-between">
          <button
            type="button"
            onClick={() => showMonth(addMonths(month, -1))}
            disabled={month <= firstMonth}
            aria-label={t`Previous month`}
            className="flex size-10 items-center justify-center rounded-full text-xl text-brand hover:bg-red-50 disabled:text-stone-300 disabled:hover:bg-transparent"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <h3 id={titleId} aria-live="polite" className="font-semibold capitalize text-stone-900">
            {monthName}
          </h3>
          <button
            type="button"
            onClick={() => showMonth(addMonths(month, 1))}
            disabled={month >= lastMonth}
            aria-label={t`Next month`}
            className="flex size-10 items-center justify-center rounded-full text-xl text-brand hover:bg-red-50 disabled:text-stone-300 disabled:hover:bg-transparent"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <table
          ref={grid}
          aria-labelledby={titleId}
          className="mt-1 w-full table-fixed border-collapse text-center"
        >
          <thead>
            <tr>
              {WEEK.map((d) => (
                <th
                  key={d.toISOString()}
                  scope="col"
                  abbr={weekdayLong.format(d)}
                  className="pb-1 text-xs font-semibold capitalize text-stone-600"
                >
                  {weekdayShort.format(d)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week) => (
              <tr key={week.find(Boolean)}>
                {week.map((date, i) =>
                  date ? (
                    <td key={date} className="p-0.5">
                      <Day
                        date={date}
                        name={dayName(date)}
                        open={choosable.has(date)}
                        mark={marks.get(date)}
                        chosen={date === value}
                        inTabOrder={date === focusDay}
                        price={price}
                        onChoose={() => {
                          setFocusDay(date);
                          onChange(date);
                        }}
                        onKeyDown={(e) => onKeyDown(e, date)}
                      />
                    </td>
                  ) : (
                    <td key={`blank-${i}`} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 px-1 text-xs text-stone-700" aria-hidden="true">
          <span className="flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm bg-brand" /> <Trans>Chosen</Trans>
          </span>
          {marks.size > 0 && (
            <span className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-red-100 ring-1 ring-red-300" />{' '}
              {i18n._(INVENTORY_MESSAGES.soldOut)}
            </span>
          )}
        </p>
      </div>
    </fieldset>
  );
}

function Day({
  date,
  name,
  open,
  mark,
  chosen,
  inTabOrder,
  price,
  onChoose,
  onKeyDown,
}: {
  date: string;
  name: string;
  open: boolean;
  mark: DayMark | undefined;
  chosen: boolean;
  inTabOrder: boolean;
  price: string | null;
  onChoose: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const { t } = useLingui();
  const full = mark === 'sold-out';
  const closed = mark === 'closed';
  const look = chosen
    ? 'bg-brand text-white ring-2 ring-brand'
    : !open
      ? 'cursor-not-allowed text-stone-400'
      : full || closed
        ? 'bg-red-50 text-stone-700 ring-1 ring-red-300 hover:ring-2 hover:ring-brand'
        : 'bg-white text-stone-900 ring-1 ring-stone-300 hover:ring-2 hover:ring-brand';
  return (
    // aria-disabled, not disabled: the arrow keys walk over every day, as a visitor reads the month.
    <button
      type="button"
      data-date={date}
      data-mark={mark}
      aria-pressed={open ? chosen : undefined}
      aria-disabled={open ? undefined : true}
      tabIndex={inTabOrder ? 0 : -1}
      onClick={() => open && onChoose()}
      onKeyDown={onKeyDown}
      className={`flex h-12 w-full flex-col items-center justify-center rounded-lg leading-tight transition ${look}`}
    >
      {/* The name is the whole date and its state; the box shows the day's number and a word or price. */}
      <span className="sr-only">{name}</span>
      <span
        aria-hidden="true"
        className={`text-sm font-semibold tabular-nums ${full || closed ? 'line-through' : ''}`}
      >
        {Number(date.slice(8, 10))}
      </span>
      <span aria-hidden="true" className="text-[10px] leading-3">
        {open && !full && !closed && price ? price : full ? t`full` : closed ? t`closed` : ''}
      </span>
    </button>
  );
}
