/**
 * The disruption console (decisions 058, 059): choose what to close (one time, a ticket's Rome day, a
 * ticket from a date on, or a whole Rome day), a reason and the remedies buyers are offered; a preview
 * counts the bookings and places per channel and language; the close (with the password again) tells
 * every buyer once. Below, each closure's report: the buyers' answers and the refunds against the
 * revenue kept. On the superusers' dashboard it reaches every ticket; in an operator's console
 * (`folder`) only that operator's, through the operator's calls (the server narrows every target).
 * Loaded apart from the pages that show it; the page mounts the password prompt (StepUpDialog).
 */
import {
  type ApiBody,
  addDays,
  type DisruptionPreview,
  type DisruptionReason,
  type DisruptionRemedy,
  type DisruptionTargetKind,
  formatEuroDecimal,
  formatRomeDateTime,
  romeToday,
} from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../api/client';

const KEYS = ['disruptions', 'reports'] as const;
const field = 'mt-1 rounded-lg border border-stone-300 px-3 py-2';
const labelText = 'text-sm font-medium text-stone-700';

/**
 * The console's words (staff English), keyed by the contract's types so a new reason, remedy or target
 * fails the type check until it is named here. Values, not the contract's lists: the contract's
 * modules travel in the storefront's first-load chunk, and these words are the dashboard's alone.
 */
const REASON_LABELS: Record<DisruptionReason, string> = {
  strike: 'Strike',
  weather: 'Weather',
  authorities: 'Closure by the authorities',
  technical: 'Technical problem',
  other: 'Other',
};
const REASONS = Object.keys(REASON_LABELS) as DisruptionReason[];
const TARGET_LABELS: Record<DisruptionTargetKind, string> = {
  slot: 'One time',
  package_day: "A ticket's whole day",
  package_from: 'A ticket from a date on',
  day: 'A whole day, every ticket',
};
const REMEDY_LABELS: Record<DisruptionRemedy, string> = {
  refund: 'Refund',
  move: 'Move to another time of the same ticket',
  keep: 'Keep as an open-dated pass',
};
const REMEDIES = Object.keys(REMEDY_LABELS) as DisruptionRemedy[];

type Body = ApiBody<'POST /api/admin/disruptions/'>;
type Ticket = { package_tag: string; title: string; availability_type: string | null };

const romeClock = (iso: string) => `${formatRomeDateTime(iso)} (Rome)`;

/** The calls of the superusers' console, or of one operator's (its own tickets only). */
function callsFor(folder: number | undefined) {
  if (folder === undefined)
    return {
      tickets: async (signal: AbortSignal): Promise<Ticket[]> =>
        (await call('GET /api/packages/', { query: {} }, { signal })).bus_data,
      preview: (body: Body) => call('POST /api/admin/disruptions/preview/', { body }),
      close: (body: Body) => call('POST /api/admin/disruptions/', { body }),
      reports: (signal: AbortSignal) => call('GET /api/admin/disruptions/', {}, { signal }),
    };
  const params = { folder };
  return {
    tickets: async (signal: AbortSignal): Promise<Ticket[]> =>
      (await call('GET /api/operator/:folder/packages/', { params }, { signal })).products,
    preview: (body: Body) => call('POST /api/operator/:folder/disruptions/preview/', { params, body }),
    close: (body: Body) => call('POST /api/operator/:folder/disruptions/', { params, body }),
    reports: (signal: AbortSignal) => call('GET /api/operator/:folder/disruptions/', { params }, { signal }),
  };
}

export default function DisruptionConsole({
  folder,
  clockTime = romeClock,
}: {
  /** An operator's console: only this operator's tickets. */
  folder?: number;
  /** How a closure's time is shown (the dashboard's own clock there). */
  clockTime?: (iso: string) => string | null;
}) {
  const client = useQueryClient();
  const calls = callsFor(folder);
  const scope = folder ?? 'all';
  const keys = [...KEYS, scope] as const;
  const ids = { heading: useId(), report: useId() };
  const [kind, setKind] = useState<DisruptionTargetKind>('slot');
  const [pkg, setPkg] = useState('');
  const [date, setDate] = useState(addDays(romeToday(), 1));
  const [slotId, setSlotId] = useState('');
  const [reason, setReason] = useState<DisruptionReason>('strike');
  const [note, setNote] = useState('');
  const [remedies, setRemedies] = useState<DisruptionRemedy[]>(['refund', 'move', 'keep']);
  const [preview, setPreview] = useState<DisruptionPreview | null>(null);

  const catalogue = useQuery({
    queryKey: ['disruptions', 'tickets', scope],
    queryFn: ({ signal }) => calls.tickets(signal),
  });
  const timed = (catalogue.data ?? []).filter(
    (p) => p.availability_type === 'START_TIME' || p.availability_type === 'OPENING_HOURS',
  );
  const tag = pkg || timed[0]?.package_tag || '';
  const times = useQuery({
    queryKey: ['analytics', 'disruption-times', tag, date],
    queryFn: ({ signal }) =>
      call(
        'GET /api/packages/:packageTag/availability/',
        { params: { packageTag: tag }, query: { from: date, to: date } },
        { signal },
      ),
    enabled: kind === 'slot' && tag !== '',
  });
  const openTimes = (times.data?.slots ?? []).filter((s) => s.status !== 'PAST');
  const slot = slotId || openTimes[0]?.id || '';
  const reports = useQuery({
    queryKey: keys,
    queryFn: ({ signal }) => calls.reports(signal),
  });

  const body = (): Body => ({
    target:
      kind === 'slot'
        ? { kind, slot_id: slot }
        : kind === 'day'
          ? { kind, date }
          : { kind, package_tag: tag, date },
    reason,
    ...(note.trim() ? { note: note.trim() } : {}),
    remedies,
  });
  const check = useMutation({
    mutationFn: calls.preview,
    onSuccess: setPreview,
  });
  const close = useMutation({
    mutationFn: calls.close,
    onSuccess: () => {
      setPreview(null);
      client.invalidateQueries({ queryKey: KEYS });
      client.invalidateQueries({ queryKey: ['analytics', 'disruption-times'] });
    },
  });
  /** Any change of the form asks for a new preview before closing. */
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
      close.reset();
    };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    close.reset();
    check.mutate(body());
  };
  const toggleRemedy = (r: DisruptionRemedy, on: boolean) =>
    changed(setRemedies)(
      on ? REMEDIES.filter((x) => x === r || remedies.includes(x)) : remedies.filter((x) => x !== r),
    );

  return (
    <section
      aria-labelledby={ids.heading}
      // In an operator's console the tab's panel is the card already.
      className={folder === undefined ? 'mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200' : ''}
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Closures (strikes, weather, sudden closures)
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Close a time, a day or a ticket from a date on. Every paid booking on it, web and reseller, is
        e-mailed once in its language with its ticket link, where the buyer chooses one of the remedies you
        allow. Dates and times are Rome's.
      </p>

      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Closure">
        <label className="flex flex-col">
          <span className={labelText}>Close</span>
          <select
            value={kind}
            onChange={(e) => changed(setKind)(e.target.value as DisruptionTargetKind)}
            className={field}
          >
            {Object.entries(TARGET_LABELS).map(([k, label]) => (
              <option key={k} value={k}>
                {folder !== undefined && k === 'day' ? 'A whole day, all your tickets' : label}
              </option>
            ))}
          </select>
        </label>
        {kind !== 'day' && (
          <label className="flex flex-col">
            <span className={labelText}>Ticket</span>
            <select value={tag} onChange={(e) => changed(setPkg)(e.target.value)} className={field}>
              {timed.map((p) => (
                <option key={p.package_tag} value={p.package_tag}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col">
          <span className={labelText}>{kind === 'package_from' ? 'From (Rome date)' : 'Rome date'}</span>
          <input
            type="date"
            required
            value={date}
            min={romeToday()}
            onChange={(e) => changed(setDate)(e.target.value)}
            className={field}
          />
        </label>
        {kind === 'slot' && (
          <label className="flex flex-col">
            <span className={labelText}>Time</span>
            <select value={slot} onChange={(e) => changed(setSlotId)(e.target.value)} className={field}>
              {openTimes.length === 0 && <option value="">No times that day</option>}
              {openTimes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.time}
                  {s.status === 'CLOSED' ? ' (closed)' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col">
          <span className={labelText}>Reason</span>
          <select
            value={reason}
            onChange={(e) => changed(setReason)(e.target.value as DisruptionReason)}
            className={field}
          >
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col sm:col-span-2 lg:col-span-3">
          <span className={labelText}>Note to buyers (optional, added to the prepared text)</span>
          <input
            value={note}
            maxLength={500}
            onChange={(e) => changed(setNote)(e.target.value)}
            className={field}
          />
        </label>
        <fieldset className="sm:col-span-2 lg:col-span-4">
          <legend className={labelText}>Buyers may choose</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
            {REMEDIES.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  checked={remedies.includes(r)}
                  onChange={(e) => toggleRemedy(r, e.target.checked)}
                  className="h-4 w-4"
                />
                {REMEDY_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2 lg:col-span-4">
          <button
            type="submit"
            disabled={check.isPending}
            className="rounded-lg bg-stone-800 px-4 py-2 font-semibold text-white hover:bg-stone-900"
          >
            Preview
          </button>
        </div>
      </form>
      {check.error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {errorMessage(check.error, 'The preview failed. Please try again.')}
        </p>
      )}

      {preview && (
        <div className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" aria-live="polite">
          <p className="font-semibold text-stone-900">
            {preview.slots} time{preview.slots === 1 ? '' : 's'} to close
            {preview.closed_slots ? ` (${preview.closed_slots} closed already)` : ''}: {preview.bookings}{' '}
            booking
            {preview.bookings === 1 ? '' : 's'}, {preview.places} place{preview.places === 1 ? '' : 's'}.
          </p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <Tally title="By channel" rows={preview.channels.map((c) => ({ name: c.channel, ...c }))} />
            <Tally
              title="By language"
              rows={preview.languages.map((l) => ({ name: l.language.toUpperCase(), ...l }))}
            />
          </div>
          {preview.cannot_keep > 0 && (
            <p className="mt-2 text-sm text-stone-700">
              {preview.cannot_keep} booking(s) cannot become an open-dated pass and are not offered it.
            </p>
          )}
          <button
            type="button"
            onClick={() => close.mutate(body())}
            disabled={close.isPending}
            className="mt-3 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            Close and tell {preview.bookings} booking{preview.bookings === 1 ? '' : 's'}
          </button>
        </div>
      )}
      {close.error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {errorMessage(close.error, 'The closure failed. Please try again.')}
        </p>
      )}
      {close.data && (
        <p role="status" className="mt-3 text-sm font-medium text-green-800">
          Closed {close.data.slots_closed} time(s); {close.data.bookings} booking(s) affected,{' '}
          {close.data.notified} e-mailed.
        </p>
      )}

      <h3 id={ids.report} className="mt-8 text-lg font-bold text-stone-900">
        Closures and buyers' answers
      </h3>
      {reports.data?.disruptions.length === 0 && <p className="mt-2 text-sm text-stone-600">None yet.</p>}
      {(reports.data?.disruptions.length ?? 0) > 0 && (
        <figure
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe)
          tabIndex={0}
          aria-labelledby={ids.report}
          className="mt-2 overflow-x-auto"
        >
          <table aria-labelledby={ids.report} className="min-w-full text-left text-sm">
            <thead className="text-stone-600">
              <tr>
                <th className="py-2 pr-4 font-medium">When</th>
                <th className="py-2 pr-4 font-medium">What</th>
                <th className="py-2 pr-4 font-medium">Reason</th>
                <th className="py-2 pr-4 text-right font-medium">Bookings</th>
                <th className="py-2 pr-4 text-right font-medium">Refund</th>
                <th className="py-2 pr-4 text-right font-medium">Move</th>
                <th className="py-2 pr-4 text-right font-medium">Keep</th>
                <th className="py-2 pr-4 text-right font-medium">No answer</th>
                <th className="py-2 pr-4 text-right font-medium">Refunded</th>
                <th className="py-2 text-right font-medium">Revenue kept</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {reports.data?.disruptions.map((d) => (
                <tr key={d.id}>
                  <td className="py-2 pr-4 whitespace-nowrap">{clockTime(d.created_at)}</td>
                  <td className="py-2 pr-4">{d.what}</td>
                  <td className="py-2 pr-4">{REASON_LABELS[d.reason]}</td>
                  <td className="py-2 pr-4 text-right">{d.bookings}</td>
                  <td className="py-2 pr-4 text-right">{d.refund}</td>
                  <td className="py-2 pr-4 text-right">{d.move}</td>
                  <td className="py-2 pr-4 text-right">{d.keep}</td>
                  <td className="py-2 pr-4 text-right">{d.no_answer}</td>
                  <td className="py-2 pr-4 text-right whitespace-nowrap">{formatEuroDecimal(d.refunded)}</td>
                  <td className="py-2 text-right whitespace-nowrap">{formatEuroDecimal(d.kept)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}

function Tally({
  title,
  rows,
}: {
  title: string;
  rows: { name: string; bookings: number; places: number }[];
}) {
  return (
    <div>
      <p className="text-sm font-medium text-stone-700">{title}</p>
      <ul className="mt-1 text-sm text-stone-800">
        {rows.length === 0 && <li>No bookings</li>}
        {rows.map((r) => (
          <li key={r.name}>
            {r.name}: {r.bookings} booking{r.bookings === 1 ? '' : 's'}, {r.places} place
            {r.places === 1 ? '' : 's'}
          </li>
        ))}
      </ul>
    </div>
  );
}
