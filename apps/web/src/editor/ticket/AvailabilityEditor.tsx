/**
 * The ticket editor's Availability section (inventory, editors only): the package's kind and cut-offs
 * (a draft, saved with the editor's one 'Save Changes'), the month of times as a calendar with the
 * changes to times that apply at once (MonthGrid.tsx), a capacity for a weekday's times, and recurring
 * times in one step. The server's messages (e.g. the refusal to lower a capacity below what is sold)
 * are shown as they come.
 */
import {
  AVAILABILITY_TYPES,
  type AvailabilityType,
  addDays,
  type Package,
  romeParts,
  usesSlots,
} from '@rome/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { buttonPrimary, inputClass } from '../../components/Dialog';
import {
  addRecurringSlots,
  editorAvailabilityQuery,
  parseDates,
  parseTimes,
  refreshAvailability,
  romeMonth,
  type SettingsDraft,
  settingsDraftOf,
  WEEKDAYS,
} from './availability';
import { MonthGrid, type Note, NoteLine, WeekdayCapacityForm } from './MonthGrid';

const KIND_LABELS: Record<AvailabilityType | '', string> = {
  '': 'No limit (the listed dates, or open date)',
  START_TIME: 'Timed departures or entries',
  OPENING_HOURS: 'Day entry (one time per day)',
  PASS: 'Pass, valid from first use',
};

export function AvailabilityEditor({
  pkg,
  formId,
  draft,
  onLoaded,
  onDraft,
}: {
  pkg: Package;
  /** The editor's form: the settings are saved with its 'Save Changes'. */
  formId: string;
  draft: SettingsDraft | null;
  onLoaded: (settings: SettingsDraft) => void;
  onDraft: (settings: SettingsDraft) => void;
}) {
  const packageTag = pkg.package_tag;
  const [month, setMonth] = useState(() => romeMonth());
  const query = useQuery({
    ...editorAvailabilityQuery(packageTag, month),
    placeholderData: keepPreviousData,
  });
  const loaded = query.data;
  useEffect(() => {
    if (loaded) onLoaded(settingsDraftOf(loaded));
  }, [loaded, onLoaded]);

  if (query.isPending)
    return (
      <p role="status" className="text-sm text-stone-700">
        Loading availability...
      </p>
    );
  if (query.isError)
    return (
      <div role="alert" className="text-sm text-red-700">
        {errorMessage(query.error, 'Failed to load the availability.')}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );

  const savedKind = query.data.availability_type;
  return (
    <div className="space-y-6" data-testid="availability-editor">
      <p className="text-sm text-stone-700">
        Dates and times are Rome time. The settings are saved with Save Changes, with the rest of the ticket.
        Changes to the times below apply at once, each after you confirm it.
      </p>
      {draft && <SettingsFields formId={formId} draft={draft} onDraft={onDraft} />}
      {usesSlots(savedKind) ? (
        <>
          <MonthGrid
            month={month}
            onMonth={setMonth}
            slots={query.data.slots}
            loading={query.isFetching}
            packageTag={packageTag}
          />
          <WeekdayCapacityForm
            month={month}
            slots={query.data.slots}
            loading={query.isPlaceholderData}
            packageTag={packageTag}
          />
          <RecurringForm packageTag={packageTag} />
        </>
      ) : (
        draft &&
        usesSlots(draft.kind === '' ? null : draft.kind) && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
            Save Changes first; then the month's times can be added and changed here.
          </p>
        )
      )}
    </div>
  );
}

/** Kind, cut-offs, infants and the pass rules: part of the editor's draft (PUT .../availability/). */
function SettingsFields({
  formId,
  draft,
  onDraft,
}: {
  formId: string;
  draft: SettingsDraft;
  onDraft: (settings: SettingsDraft) => void;
}) {
  const id = useId();
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    onDraft({ ...draft, [key]: value });

  const numberInput = (
    label: string,
    key: 'cutoff' | 'cancelCutoff' | 'passHours' | 'validityDays' | 'dailyCap',
    min: number,
    max: number,
  ) => (
    <label className="block text-sm font-semibold">
      {label}
      <input
        form={formId}
        className={inputClass}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  );

  return (
    <fieldset aria-labelledby={`${id}-h`} className="space-y-3">
      <h4 id={`${id}-h`} className="text-sm font-bold tracking-wide text-stone-700 uppercase">
        Settings
      </h4>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm font-semibold sm:col-span-3">
          How it sells
          <select
            form={formId}
            className={inputClass}
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value as AvailabilityType | '')}
          >
            {(['', ...AVAILABILITY_TYPES] as const).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        {numberInput('Booking cut-off (minutes before start)', 'cutoff', 0, 10_080)}
        {numberInput('Cancellation cut-off (hours before start)', 'cancelCutoff', 0, 720)}
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
          <input
            form={formId}
            type="checkbox"
            className="h-4 w-4 accent-brand"
            checked={draft.infants}
            onChange={(e) => set('infants', e.target.checked)}
          />
          Infants take a place
        </label>
        {draft.kind === 'PASS' && (
          <>
            {numberInput('Pass hours (from first use)', 'passHours', 1, 720)}
            {numberInput('Validity days (optional)', 'validityDays', 1, 730)}
            {numberInput('Daily cap (optional)', 'dailyCap', 1, 100_000)}
          </>
        )}
      </div>
    </fieldset>
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
      <h4 id={`${id}-h`} className="text-sm font-bold tracking-wide text-stone-700 uppercase">
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
