/**
 * The month of a package's times as a calendar (Monday first, Rome days): each day says how many times
 * it has, how many are closed and how many places are left; a chosen day lists its times with capacity,
 * close/reopen and delete, and closes or reopens as a whole. A capacity for a weekday's times in the
 * month is set in one step (WeekdayCapacityForm). These changes apply at once, a bulk one after its
 * confirmation; times that have started are shown and never offered a change (the server refuses too).
 */
import { type EditorSlot, formatRomeDate, romeParts, weekday } from '@rome/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { buttonPrimary, buttonSecondary, inputClass } from '../../components/Dialog';
import {
  type BulkBody,
  bulkSlots,
  type DayState,
  type DaySummary,
  deleteSlot,
  hasStarted,
  monthLabel,
  monthSummaries,
  monthWeeks,
  refreshAvailability,
  shiftMonth,
  summaryText,
  timesWord,
  updateSlot,
  WEEKDAYS,
} from './availability';

export type Note = { ok: boolean; text: string } | null;

export function NoteLine({ note, testId }: { note: Note; testId?: string }) {
  return (
    <p
      role={note && !note.ok ? 'alert' : 'status'}
      data-testid={testId}
      className={`text-sm font-semibold ${note?.ok ? 'text-green-800' : 'text-red-700'}`}
    >
      {note?.text}
    </p>
  );
}

/** A bulk step's question and its two answers, in place (no browser dialog). */
function Confirm({
  question,
  yes,
  no,
  busy,
  onYes,
  onNo,
}: {
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <fieldset
      data-testid="bulk-confirm"
      className="min-w-0 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      <legend className="sr-only">Confirm the change</legend>
      <p>{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button ref={ref} type="button" className={buttonPrimary} disabled={busy} onClick={onYes}>
          {busy ? 'Working...' : yes}
        </button>
        <button type="button" className={buttonSecondary} disabled={busy} onClick={onNo}>
          {no}
        </button>
      </div>
    </fieldset>
  );
}

const STATE_BAR: Record<DayState, string> = {
  none: '',
  past: 'bg-stone-300',
  closed: 'bg-stone-500',
  'sold-out': 'bg-red-600',
  'some-closed': 'bg-amber-500',
  open: 'bg-emerald-600',
};

const LEGEND: [DayState, string][] = [
  ['open', 'open'],
  ['some-closed', 'some closed'],
  ['closed', 'all closed'],
  ['sold-out', 'sold out'],
  ['past', 'passed'],
];

/** The month's calendar and the chosen day's times. */
export function MonthGrid({
  month,
  onMonth,
  slots,
  loading,
  packageTag,
}: {
  month: string;
  onMonth: (month: string) => void;
  slots: EditorSlot[];
  loading: boolean;
  packageTag: string;
}) {
  const id = useId();
  const now = new Date();
  const today = romeParts(now).date;
  const days = monthSummaries(month, slots, now);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen ? days.get(chosen) : undefined;

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-h`} className="text-sm font-bold tracking-wide text-stone-700 uppercase">
          Times in <span aria-live="polite">{monthLabel(month)}</span>
        </h4>
        <div className="flex gap-2">
          <button type="button" className={buttonSecondary} onClick={() => onMonth(shiftMonth(month, -1))}>
            <span aria-hidden="true">&lsaquo; </span>Previous month
          </button>
          <button type="button" className={buttonSecondary} onClick={() => onMonth(shiftMonth(month, 1))}>
            Next month<span aria-hidden="true"> &rsaquo;</span>
          </button>
        </div>
      </div>
      <table
        className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
        aria-busy={loading || undefined}
        aria-describedby={`${id}-legend`}
        data-testid="month-grid"
      >
        <caption className="sr-only">
          Times in {monthLabel(month)} by day, Monday first. Choose a day to see and change its times.
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d.value} scope="col" className="pb-1 text-xs font-semibold text-stone-600">
                <abbr title={d.long} className="no-underline">
                  {d.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) => {
                const summary = date ? days.get(date) : undefined;
                return (
                  <td key={date ?? `blank-${i}`} className="p-0 align-top">
                    {date && summary && (
                      <DayCell
                        day={summary}
                        today={date === today}
                        passed={date < today}
                        chosen={date === chosen}
                        onChoose={() => setChosen(date)}
                      />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={`${id}-legend`} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
        {LEGEND.map(([state, label]) => (
          <span key={state} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block h-1.5 w-4 rounded-full ${STATE_BAR[state]}`} />
            {label}
          </span>
        ))}
        <span className="sm:hidden">The number under a day: its times.</span>
      </p>
      {day ? (
        <DayPanel key={day.date} day={day} passed={day.date < today} packageTag={packageTag} />
      ) : (
        <p className="text-sm text-stone-700">Choose a day to see its times and change them.</p>
      )}
    </section>
  );
}

function DayCell({
  day,
  today,
  passed,
  chosen,
  onChoose,
}: {
  day: DaySummary;
  today: boolean;
  passed: boolean;
  chosen: boolean;
  onChoose: () => void;
}) {
  const n = day.slots.length;
  const dim = passed || day.state === 'past' || n === 0;
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-pressed={chosen}
      aria-current={today ? 'date' : undefined}
      data-testid="month-day"
      data-date={day.date}
      data-state={day.state}
      className={`flex h-full min-h-16 w-full flex-col items-start gap-0.5 rounded-md p-1 text-left leading-tight ring-1 sm:min-h-24 sm:p-2 ${
        chosen
          ? 'bg-sky-50 ring-2 ring-sky-700'
          : dim
            ? 'bg-stone-50 text-stone-600 ring-stone-200 hover:bg-stone-100'
            : 'bg-white ring-stone-300 hover:bg-stone-50'
      }`}
    >
      <span className="sr-only">
        {formatRomeDate(day.date)}
        {today ? ' (today)' : ''}: {summaryText(day)}
        {passed ? ' (passed)' : ''}
      </span>
      <span aria-hidden="true" className={`text-sm font-bold tabular-nums ${today ? 'text-sky-800' : ''}`}>
        {Number(day.date.slice(8))}
      </span>
      {n > 0 && (
        <span aria-hidden="true" className="flex w-full flex-1 flex-col gap-0.5 text-[11px] sm:text-xs">
          <span className="tabular-nums sm:hidden">{n}</span>
          <span className="hidden sm:block">{timesWord(n)}</span>
          {day.closed > 0 && <span className="hidden sm:block">{day.closed} closed</span>}
          <span className="hidden sm:block">
            {day.state === 'past' ? `${day.taken} sold` : `${day.left} left`}
          </span>
          <span className={`mt-auto block h-1.5 w-full rounded-full ${STATE_BAR[day.state]}`} />
        </span>
      )}
    </button>
  );
}

/** A day's times, and closing or reopening the day's times still to come. */
function DayPanel({ day, passed, packageTag }: { day: DaySummary; passed: boolean; packageTag: string }) {
  const id = useId();
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [ask, setAsk] = useState<'close' | 'reopen' | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  // A deleted time leaves the list, so its message is said here.
  const [deleted, setDeleted] = useState<Note>(null);
  useEffect(() => heading.current?.focus(), []);

  const label = formatRomeDate(day.date);
  const toClose = day.future.filter((s) => !s.closed).length;
  const toReopen = day.future.filter((s) => s.closed).length;

  async function run(action: 'close' | 'reopen') {
    setBusy(true);
    setNote(null);
    try {
      const answer = await bulkSlots(packageTag, { action, dates: [day.date] });
      setNote({ ok: true, text: answer.message });
      setAsk(null);
      await refreshAvailability(client, packageTag);
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'The change was not saved.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="rounded-lg ring-1 ring-stone-200"
      data-testid="slot-day"
      data-date={day.date}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 bg-stone-50 px-3 py-2">
        <h5 id={`${id}-h`} ref={heading} tabIndex={-1} className="text-sm font-bold focus:outline-none">
          {label}
          <span className="ml-2 font-normal text-stone-700" data-testid="day-summary">
            {summaryText(day)}
          </span>
        </h5>
        {day.future.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {toClose > 0 && (
              <button
                type="button"
                className={buttonSecondary}
                disabled={busy}
                onClick={() => setAsk('close')}
              >
                Close day
              </button>
            )}
            {toReopen > 0 && (
              <button
                type="button"
                className={buttonSecondary}
                disabled={busy}
                onClick={() => setAsk('reopen')}
              >
                Reopen day
              </button>
            )}
          </div>
        )}
      </div>
      <div className="space-y-2 px-3 pt-2">
        {ask === 'close' && (
          <Confirm
            question={`Close the ${timesWord(toClose)} still to come on ${label}? Buyers can no longer book them; places already sold stay sold.`}
            yes={`Yes, close ${timesWord(toClose)}`}
            no="Keep them open"
            busy={busy}
            onYes={() => void run('close')}
            onNo={() => setAsk(null)}
          />
        )}
        {ask === 'reopen' && (
          <Confirm
            question={`Reopen the ${timesWord(toReopen)} closed on ${label}? Buyers can book them again.`}
            yes={`Yes, reopen ${timesWord(toReopen)}`}
            no="Keep them closed"
            busy={busy}
            onYes={() => void run('reopen')}
            onNo={() => setAsk(null)}
          />
        )}
        <NoteLine note={note} testId="day-note" />
        {deleted && <NoteLine note={deleted} testId="slot-month-note" />}
        {(passed || (day.slots.length > 0 && day.future.length === 0)) && (
          <p className="text-sm text-stone-700" data-testid="day-passed">
            This day has passed: its times are kept as they sold.
          </p>
        )}
        {day.slots.length === 0 && <p className="text-sm text-stone-700">No times on this day.</p>}
      </div>
      <ul className="divide-y divide-stone-200">
        {day.slots.map((slot) => (
          <SlotRow
            key={slot.id}
            slot={slot}
            packageTag={packageTag}
            onDeleted={(text) => setDeleted({ ok: true, text })}
          />
        ))}
      </ul>
    </section>
  );
}

/** A slot: time, places taken, capacity (PATCH), close/reopen (PATCH) and delete. */
function SlotRow({
  slot,
  packageTag,
  onDeleted,
}: {
  slot: EditorSlot;
  packageTag: string;
  onDeleted: (message: string) => void;
}) {
  const client = useQueryClient();
  const { date, time } = romeParts(new Date(slot.starts_at));
  const when = `${time} on ${formatRomeDate(date)}`;
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  // A bulk step changed it meanwhile: show the new capacity.
  useEffect(() => setCapacity(String(slot.capacity)), [slot.capacity]);

  async function run(action: () => Promise<{ message: string; slot?: EditorSlot }>) {
    setBusy(true);
    setNote(null);
    try {
      const answer = await action();
      setNote({ ok: true, text: answer.message });
      if (answer.slot) setCapacity(String(answer.slot.capacity));
      await refreshAvailability(client, packageTag);
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'The change was not saved.') });
    } finally {
      setBusy(false);
    }
  }

  const started = hasStarted(slot, new Date());
  const state = slot.closed
    ? 'Closed'
    : slot.status === 'PAST'
      ? 'Past'
      : slot.remaining <= 0
        ? 'Sold out'
        : null;

  return (
    <li className="px-3 py-2" data-testid="slot-row" data-slot-id={slot.id} data-time={time}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="w-12 font-semibold tabular-nums">{time}</span>
        <span className="text-sm text-stone-700" data-testid="slot-taken">
          {slot.taken} of {slot.capacity} taken
        </span>
        {state && (
          <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
            {state}
          </span>
        )}
        {started ? (
          // A time that has left is kept as it sold (the server refuses changes to it too).
          <span className="text-sm text-stone-600 sm:ml-auto">Has passed: kept as it was</span>
        ) : (
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            <form
              className="flex items-center gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void run(() => updateSlot(slot.id, { capacity: Number(capacity) }));
              }}
            >
              <label className="flex items-center gap-2 text-sm">
                <span>
                  Capacity<span className="sr-only"> at {when}</span>
                </span>
                <input
                  className={`${inputClass} mt-0 w-20`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100_000}
                  step={1}
                  required
                  value={capacity}
                  onChange={(e) => setCapacity(e.target.value)}
                />
              </label>
              <button type="submit" className={buttonSecondary} disabled={busy}>
                Set<span className="sr-only"> capacity at {when}</span>
              </button>
            </form>
            <button
              type="button"
              className={buttonSecondary}
              disabled={busy}
              onClick={() => void run(() => updateSlot(slot.id, { closed: !slot.closed }))}
            >
              {slot.closed ? 'Reopen' : 'Close'}
              <span className="sr-only"> {when}</span>
            </button>
            <button
              type="button"
              className="rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60"
              disabled={busy}
              onClick={() => {
                if (!window.confirm(`Delete the time ${when}?`)) return;
                void run(async () => {
                  const answer = await deleteSlot(slot.id);
                  onDeleted(`${when}: ${answer.message}`);
                  return answer;
                });
              }}
            >
              Delete<span className="sr-only"> {when}</span>
            </button>
          </div>
        )}
      </div>
      {note && <NoteLine note={note} testId="slot-note" />}
    </li>
  );
}

/**
 * One capacity for the times still to come on a day of the week in the month, between two times
 * (e.g. every Saturday 09:00-16:00 to 30): POST .../slots/bulk/ after a confirmation naming the count.
 */
export function WeekdayCapacityForm({
  month,
  slots,
  loading,
  packageTag,
}: {
  month: string;
  slots: EditorSlot[];
  /**
   * The month's times are still on their way: `slots` are the month shown before (kept on screen
   * while the next one loads). Counted now, they would say the month has no such times.
   */
  loading: boolean;
  packageTag: string;
}) {
  const id = useId();
  const client = useQueryClient();
  const [day, setDay] = useState(6);
  const [first, setFirst] = useState('00:00');
  const [last, setLast] = useState('23:59');
  const [capacity, setCapacity] = useState('');
  const [ask, setAsk] = useState<BulkBody | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  // Another month shown: a question about the last one is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the month changes.
  useEffect(() => setAsk(null), [month]);
  const dayName = WEEKDAYS.find((d) => d.value === day)?.long ?? '';
  const now = new Date();
  const matching = slots.filter(
    (s) =>
      s.date.startsWith(month) &&
      weekday(s.date) === day &&
      s.time >= first &&
      s.time <= last &&
      !hasStarted(s, now),
  ).length;
  const range = `${first}–${last}`;

  function check(e: React.FormEvent) {
    e.preventDefault();
    if (loading) return;
    setNote(null);
    if (last < first) return setNote({ ok: false, text: 'The last time must not be before the first.' });
    if (matching === 0)
      return setNote({
        ok: false,
        text: `No times still to come on ${dayName}s in ${monthLabel(month)} between ${first} and ${last}.`,
      });
    setAsk({
      action: 'capacity',
      weekday: day,
      month,
      time_from: first,
      time_to: last,
      capacity: Number(capacity),
    });
  }

  async function run(body: BulkBody) {
    setBusy(true);
    try {
      const answer = await bulkSlots(packageTag, body);
      setNote({ ok: true, text: answer.message });
      setAsk(null);
      await refreshAvailability(client, packageTag);
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'The change was not saved.') });
      setAsk(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={check}
      aria-labelledby={`${id}-h`}
      aria-busy={loading || undefined}
      className="space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200"
      data-testid="weekday-capacity"
    >
      <h4 id={`${id}-h`} className="text-sm font-bold tracking-wide text-stone-700 uppercase">
        Capacity by day of the week
      </h4>
      <p className="text-sm text-stone-700">
        One capacity for every time still to come on that day of the week in {monthLabel(month)}, between the
        two times. A capacity below what a time has sold changes nothing.
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <label className="col-span-2 block text-sm font-semibold sm:col-span-1">
          Day of the week
          <select
            className={inputClass}
            value={day}
            onChange={(e) => {
              setDay(Number(e.target.value));
              setAsk(null);
            }}
          >
            {WEEKDAYS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.long}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold">
          First time (HH:MM)
          <input
            className={inputClass}
            inputMode="numeric"
            pattern="([01][0-9]|2[0-3]):[0-5][0-9]"
            placeholder="HH:MM"
            required
            value={first}
            onChange={(e) => {
              setFirst(e.target.value);
              setAsk(null);
            }}
          />
        </label>
        <label className="block text-sm font-semibold">
          Last time (HH:MM)
          <input
            className={inputClass}
            inputMode="numeric"
            pattern="([01][0-9]|2[0-3]):[0-5][0-9]"
            placeholder="HH:MM"
            required
            value={last}
            onChange={(e) => {
              setLast(e.target.value);
              setAsk(null);
            }}
          />
        </label>
        <label className="col-span-2 block text-sm font-semibold sm:col-span-1">
          New capacity
          <input
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={0}
            max={100_000}
            step={1}
            required
            value={capacity}
            onChange={(e) => {
              setCapacity(e.target.value);
              setAsk(null);
            }}
          />
        </label>
      </div>
      {ask ? (
        <Confirm
          question={`Set ${ask.capacity} places for the ${timesWord(matching)} still to come on ${dayName}s in ${monthLabel(month)}, ${range}? Times that have passed stay as they were.`}
          yes={`Yes, change ${timesWord(matching)}`}
          no="Keep them as they are"
          busy={busy}
          onYes={() => void run(ask)}
          onNo={() => setAsk(null)}
        />
      ) : (
        <button type="submit" className={buttonSecondary} disabled={loading}>
          Change capacity
        </button>
      )}
      {loading && (
        <p role="status" className="text-sm text-stone-700" data-testid="weekday-loading">
          Loading the times of {monthLabel(month)}...
        </p>
      )}
      <NoteLine note={note} testId="weekday-note" />
    </form>
  );
}
