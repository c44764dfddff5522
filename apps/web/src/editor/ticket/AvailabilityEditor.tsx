/**
 * The ticket editor's Availability section (inventory, editors only): the package's kind and cut-offs,
 * recurring times in one step, and a month of slots grouped by Rome day with capacity, close/reopen and
 * delete. Every change goes to the server at once; its messages (e.g. the refusal to lower a capacity
 * below what is sold) are shown as they come.
 */
import {
  AVAILABILITY_TYPES,
  type AvailabilityType,
  addDays,
  type EditorAvailabilityResponse,
  type EditorSlot,
  formatRomeDate,
  type Package,
  romeParts,
  usesSlots,
} from '@rome/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { buttonPrimary, buttonSecondary, inputClass } from '../../components/Dialog';
import { refreshPackages } from './api';
import {
  addRecurringSlots,
  deleteSlot,
  editorAvailabilityQuery,
  monthLabel,
  parseDates,
  parseTimes,
  refreshAvailability,
  romeMonth,
  saveAvailability,
  shiftMonth,
  slotsByDay,
  updateSlot,
  WEEKDAYS,
} from './availability';

const KIND_LABELS: Record<AvailabilityType | '', string> = {
  '': 'No limit (the listed dates, or open date)',
  START_TIME: 'Timed departures or entries',
  OPENING_HOURS: 'Day entry (one time per day)',
  PASS: 'Pass, valid from first use',
};

type Note = { ok: boolean; text: string } | null;

function NoteLine({ note, testId }: { note: Note; testId?: string }) {
  return (
    <p
      role={note && !note.ok ? 'alert' : 'status'}
      data-testid={testId}
      className={`min-h-5 text-sm font-semibold ${note?.ok ? 'text-green-800' : 'text-red-700'}`}
    >
      {note?.text}
    </p>
  );
}

export function AvailabilityEditor({ pkg }: { pkg: Package }) {
  const id = useId();
  const packageTag = pkg.package_tag;
  const [month, setMonth] = useState(() => romeMonth());
  const query = useQuery({
    ...editorAvailabilityQuery(packageTag, month),
    placeholderData: keepPreviousData,
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-6 border-t border-stone-200 px-4 py-5 sm:px-6"
      data-testid="availability-editor"
    >
      <div>
        <h3 id={`${id}-title`} className="font-bold">
          Availability
        </h3>
        <p className="mt-1 text-sm text-stone-700">
          Dates and times are Rome time. Changes here are saved at once, apart from the ticket form above.
        </p>
      </div>
      {query.isPending ? (
        <p role="status" className="text-sm text-stone-700">
          Loading availability...
        </p>
      ) : query.isError ? (
        <div role="alert" className="text-sm text-red-700">
          {errorMessage(query.error, 'Failed to load the availability.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <SettingsForm key={packageTag} packageTag={packageTag} initial={query.data} />
          {usesSlots(query.data.availability_type) && (
            <>
              <RecurringForm packageTag={packageTag} />
              <SlotMonth
                month={month}
                onMonth={setMonth}
                slots={query.data.slots}
                loading={query.isFetching}
                packageTag={packageTag}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Kind, cut-offs, infants and the pass rules: PUT .../availability/. */
function SettingsForm({ packageTag, initial }: { packageTag: string; initial: EditorAvailabilityResponse }) {
  const id = useId();
  const client = useQueryClient();
  const text = (n: number | null) => (n === null ? '' : String(n));
  const [kind, setKind] = useState<AvailabilityType | ''>(initial.availability_type ?? '');
  const [cutoff, setCutoff] = useState(String(initial.cutoff_minutes));
  const [cancelCutoff, setCancelCutoff] = useState(String(initial.cancel_cutoff_hours));
  const [infants, setInfants] = useState(initial.infants_take_place);
  const [passHours, setPassHours] = useState(text(initial.pass_hours));
  const [validityDays, setValidityDays] = useState(text(initial.validity_days));
  const [dailyCap, setDailyCap] = useState(text(initial.daily_cap));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const orNull = (s: string) => (s.trim() === '' ? null : Number(s));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      await saveAvailability(packageTag, {
        availability_type: kind === '' ? null : kind,
        cutoff_minutes: Number(cutoff || 0),
        cancel_cutoff_hours: Number(cancelCutoff || 0),
        infants_take_place: infants,
        pass_hours: kind === 'PASS' ? orNull(passHours) : null,
        validity_days: kind === 'PASS' ? orNull(validityDays) : null,
        daily_cap: kind === 'PASS' ? orNull(dailyCap) : null,
      });
      setNote({ ok: true, text: 'Availability saved.' });
      await Promise.all([refreshAvailability(client, packageTag), refreshPackages(client)]);
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'Failed to save the availability.') });
    } finally {
      setBusy(false);
    }
  }

  const numberInput = (label: string, value: string, set: (v: string) => void, min: number, max: number) => (
    <label className="block text-sm font-semibold">
      {label}
      <input
        className={inputClass}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    </label>
  );

  return (
    <form onSubmit={save} aria-labelledby={`${id}-h`} className="space-y-3">
      <h4 id={`${id}-h`} className="text-sm font-bold uppercase tracking-wide text-stone-700">
        Settings
      </h4>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm font-semibold sm:col-span-3">
          How it sells
          <select
            className={inputClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as AvailabilityType | '')}
          >
            {(['', ...AVAILABILITY_TYPES] as const).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        {numberInput('Booking cut-off (minutes before start)', cutoff, setCutoff, 0, 10_080)}
        {numberInput('Cancellation cut-off (hours before start)', cancelCutoff, setCancelCutoff, 0, 720)}
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand"
            checked={infants}
            onChange={(e) => setInfants(e.target.checked)}
          />
          Infants take a place
        </label>
        {kind === 'PASS' && (
          <>
            {numberInput('Pass hours (from first use)', passHours, setPassHours, 1, 720)}
            {numberInput('Validity days (optional)', validityDays, setValidityDays, 1, 730)}
            {numberInput('Daily cap (optional)', dailyCap, setDailyCap, 1, 100_000)}
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Saving...' : 'Save availability'}
        </button>
        <NoteLine note={note} testId="availability-settings-note" />
      </div>
    </form>
  );
}

/** Weekdays x times x a date range, minus exceptions, with one capacity: POST .../slots/. */
function RecurringForm({ packageTag }: { packageTag: string }) {
  const id = useId();
  const client = useQueryClient();
  const today = romeParts(new Date()).date;
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(() => addDays(today, 30));
  const [weekdays, setWeekdays] = useState<number[]>(WEEKDAYS.map((d) => d.value));
  const [times, setTimes] = useState('');
  const [except, setExcept] = useState('');
  const [capacity, setCapacity] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const t = parseTimes(times);
    const x = parseDates(except);
    if (t.bad.length) return setNote({ ok: false, text: `Not a time (HH:MM): ${t.bad.join(', ')}` });
    if (x.bad.length) return setNote({ ok: false, text: `Not a date (YYYY-MM-DD): ${x.bad.join(', ')}` });
    setBusy(true);
    setNote(null);
    try {
      const answer = await addRecurringSlots(packageTag, {
        from,
        to,
        weekdays: [...weekdays].sort(),
        times: t.times,
        except: x.dates,
        capacity: Number(capacity),
      });
      setNote({ ok: true, text: answer.message });
      await refreshAvailability(client, packageTag);
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'Failed to add the times.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={add}
      aria-labelledby={`${id}-h`}
      className="space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200"
    >
      <h4 id={`${id}-h`} className="text-sm font-bold uppercase tracking-wide text-stone-700">
        Add recurring times
      </h4>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm font-semibold">
          From
          <input
            className={inputClass}
            type="date"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="block text-sm font-semibold">
          To
          <input
            className={inputClass}
            type="date"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <label className="block text-sm font-semibold">
          Capacity (places per time)
          <input
            className={inputClass}
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
      </div>
      <fieldset>
        <legend className="text-sm font-semibold">Days of the week</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((d) => (
            <label key={d.value} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand"
                checked={weekdays.includes(d.value)}
                onChange={(e) =>
                  setWeekdays((old) =>
                    e.target.checked ? [...old, d.value] : old.filter((v) => v !== d.value),
                  )
                }
              />
              <abbr title={d.long} className="no-underline">
                {d.short}
              </abbr>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-semibold">
          Times (HH:MM, 24 hours)
          <input
            className={inputClass}
            value={times}
            required
            placeholder="09:00, 11:00, 13:00"
            aria-describedby={`${id}-times-help`}
            onChange={(e) => setTimes(e.target.value)}
          />
          <span id={`${id}-times-help`} className="mt-1 block text-xs font-normal text-stone-600">
            Separated by commas.
          </span>
        </label>
        <label className="block text-sm font-semibold">
          Except these dates (optional)
          <input
            className={inputClass}
            value={except}
            placeholder="2026-12-25, 2027-01-01"
            aria-describedby={`${id}-except-help`}
            onChange={(e) => setExcept(e.target.value)}
          />
          <span id={`${id}-except-help`} className="mt-1 block text-xs font-normal text-stone-600">
            YYYY-MM-DD, separated by commas.
          </span>
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Adding...' : 'Add times'}
        </button>
        <NoteLine note={note} testId="recurring-note" />
      </div>
    </form>
  );
}

/** One month of slots, grouped by Rome day. */
function SlotMonth({
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
  const days = slotsByDay(slots);
  // A deleted time leaves the list, so its message is said here.
  const [deleted, setDeleted] = useState<Note>(null);
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-h`} className="text-sm font-bold uppercase tracking-wide text-stone-700">
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
      {deleted && <NoteLine note={deleted} testId="slot-month-note" />}
      <div aria-busy={loading || undefined}>
        {days.length === 0 ? (
          <p className="text-sm text-stone-700">No times in {monthLabel(month)}.</p>
        ) : (
          <ul className="space-y-3">
            {days.map((day) => (
              <li
                key={day.date}
                className="rounded-lg ring-1 ring-stone-200"
                data-testid="slot-day"
                data-date={day.date}
              >
                <h5 className="border-b border-stone-200 bg-stone-50 px-3 py-2 text-sm font-bold">
                  {day.label}
                  <span className="ml-2 font-normal text-stone-600">
                    {day.slots.length} {day.slots.length === 1 ? 'time' : 'times'},{' '}
                    {day.slots.reduce((n, s) => n + s.taken, 0)} of{' '}
                    {day.slots.reduce((n, s) => n + s.capacity, 0)} places taken
                  </span>
                </h5>
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
              </li>
            ))}
          </ul>
        )}
      </div>
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

  const started = new Date(slot.starts_at).getTime() <= Date.now();
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
        <span className="w-14 font-semibold tabular-nums">{time}</span>
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
          <>
            <form
              className="flex items-center gap-2 sm:ml-auto"
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
                  className={`${inputClass} mt-0 w-24`}
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
                Save<span className="sr-only"> capacity at {when}</span>
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
          </>
        )}
      </div>
      {note && <NoteLine note={note} testId="slot-note" />}
    </li>
  );
}
