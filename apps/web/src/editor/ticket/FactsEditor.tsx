/**
 * The ticket editor's Facts section (decision 040): what a buyer reads before paying, written in the
 * language of the page the editor is on. Lists are one line per item; stops are rows of name, latitude
 * and longitude in the order the bus runs. A stop's place and the order are the same in every
 * language, so on a page in another language only the names can change (the English page places the
 * stops). Part of the editor's one save: `factsEdit` gives what changed, or nothing.
 */
import type { FactField, Package, PackageFacts } from '@rome/contract';
import { inputClass } from '../../components/Dialog';

type StopRow = { id?: string; name: string; lat: string; lng: string };
export type FactsDraft = {
  meeting_point: string;
  hours: string;
  included: string;
  not_included: string;
  accessibility: string;
  stops: StopRow[];
};

const LIST_FACTS = ['hours', 'included', 'not_included'] as const;
const TEXT_FACTS = ['meeting_point', 'accessibility'] as const;

export function factsDraftOf(pkg: Package): FactsDraft {
  const f: Partial<PackageFacts> = pkg.facts ?? {};
  return {
    meeting_point: f.meeting_point ?? '',
    hours: (f.hours ?? []).join('\n'),
    included: (f.included ?? []).join('\n'),
    not_included: (f.not_included ?? []).join('\n'),
    accessibility: f.accessibility ?? '',
    stops: (f.stops ?? []).map((s) => ({ id: s.id, name: s.name, lat: String(s.lat), lng: String(s.lng) })),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const coordinate = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const stopsText = (rows: StopRow[]) => JSON.stringify(rows.map((r) => [r.id, r.name.trim(), r.lat, r.lng]));

/** The facts that differ from what was loaded, as the save sends them; undefined when none does. */
export function factsEdit(draft: FactsDraft, start: FactsDraft) {
  const edit: {
    meeting_point?: string;
    accessibility?: string;
    hours?: string[];
    included?: string[];
    not_included?: string[];
    stops?: { id?: string; name: string; lat: number; lng: number }[];
  } = {};
  for (const key of TEXT_FACTS) if (draft[key].trim() !== start[key].trim()) edit[key] = draft[key].trim();
  for (const key of LIST_FACTS)
    if (lines(draft[key]).join('\n') !== lines(start[key]).join('\n')) edit[key] = lines(draft[key]);
  if (stopsText(draft.stops) !== stopsText(start.stops))
    // A coordinate that is not a number goes as null, which the server refuses with its own words.
    edit.stops = draft.stops.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name.trim(),
      lat: coordinate(s.lat),
      lng: coordinate(s.lng),
    }));
  return Object.keys(edit).length ? edit : undefined;
}

export function FactsEditor({
  draft,
  onChange,
  translating,
  untranslated,
  formId,
}: {
  draft: FactsDraft;
  onChange: (draft: FactsDraft) => void;
  /** On a page in another language: names only for the stops. */
  translating: boolean;
  untranslated: readonly FactField[];
  formId: string;
}) {
  const set = <K extends keyof FactsDraft>(key: K, value: FactsDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const setStop = (i: number, row: Partial<StopRow>) =>
    set(
      'stops',
      draft.stops.map((s, j) => (j === i ? { ...s, ...row } : s)),
    );
  const move = (i: number, by: number) => {
    const stops = [...draft.stops];
    const [row] = stops.splice(i, 1);
    stops.splice(i + by, 0, row);
    set('stops', stops);
  };
  // Marked as the editor's other words still in English are (decision 024).
  const mark = (field: FactField) =>
    translating && untranslated.includes(field) ? (
      <span className="ml-2 rounded bg-amber-300 px-1.5 py-0.5 text-xs font-bold text-stone-900">
        Not translated: English shown
      </span>
    ) : null;
  const text = (key: (typeof TEXT_FACTS)[number], label: string, rows: number, hint: string) => (
    <label className="block text-sm font-semibold">
      {label}
      {mark(key)}
      <textarea
        form={formId}
        className={inputClass}
        rows={rows}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
        data-testid={`fact-${key}`}
      />
      <span className="mt-1 block text-xs font-normal text-stone-600">{hint}</span>
    </label>
  );
  const list = (key: (typeof LIST_FACTS)[number], label: string, hint: string) => (
    <label className="block text-sm font-semibold">
      {label}
      {mark(key)}
      <textarea
        form={formId}
        className={inputClass}
        rows={4}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
        data-testid={`fact-${key}`}
      />
      <span className="mt-1 block text-xs font-normal text-stone-600">{hint}</span>
    </label>
  );

  return (
    <>
      <p className="text-sm text-stone-700">
        Shown beside the price on the ticket page, in plain text (no HTML). One line per item in the lists.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {text(
          'meeting_point',
          'Meeting point or entrance',
          3,
          'An address and a landmark, at most 300 characters.',
        )}
        {text(
          'accessibility',
          'Accessibility',
          3,
          'Steps, lifts, ramps, what is lent; at most 600 characters.',
        )}
        {list('hours', 'Opening hours or departure times', 'One line each, at most 8 lines.')}
        {list('included', 'Included', 'One item per line, at most 12.')}
        {list('not_included', 'Not included', 'One item per line, at most 12.')}
      </div>

      <fieldset className="space-y-2">
        <legend className="mb-1 font-bold">
          Stops of the line
          {mark('stops')}
        </legend>
        <p className="text-sm text-stone-700">
          {translating
            ? 'Name each stop in this language. Places, order and the list of stops are edited on the English page.'
            : 'In the order the bus runs them. Latitude and longitude in decimal degrees (Termini: 41.9013, 12.5030).'}
        </p>
        {draft.stops.length > 0 && (
          <ol className="space-y-2" data-testid="fact-stops-rows">
            {draft.stops.map((stop, i) => (
              <li
                // A row's id is its stop's; new rows have none until saved.
                key={stop.id ?? `new-${i}`}
                className="grid grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)] items-end gap-2 rounded-lg p-2 ring-1 ring-stone-200 sm:grid-cols-[2rem_minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <span className="pb-2 text-sm font-bold text-stone-600">{i + 1}.</span>
                <label className="col-span-2 block text-xs font-semibold sm:col-span-1">
                  Name
                  <input
                    form={formId}
                    className={inputClass}
                    value={stop.name}
                    required
                    onChange={(e) => setStop(i, { name: e.target.value })}
                  />
                </label>
                <label className="col-start-2 block text-xs font-semibold sm:col-start-auto">
                  Latitude
                  <input
                    form={formId}
                    className={inputClass}
                    inputMode="decimal"
                    value={stop.lat}
                    disabled={translating}
                    onChange={(e) => setStop(i, { lat: e.target.value })}
                  />
                </label>
                <label className="block text-xs font-semibold">
                  Longitude
                  <input
                    form={formId}
                    className={inputClass}
                    inputMode="decimal"
                    value={stop.lng}
                    disabled={translating}
                    onChange={(e) => setStop(i, { lng: e.target.value })}
                  />
                </label>
                {!translating && (
                  <div className="col-span-2 col-start-2 flex gap-1 sm:col-span-1 sm:col-start-auto">
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={`Move stop ${i + 1} up`}
                    >
                      Up
                    </button>
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40"
                      disabled={i === draft.stops.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={`Move stop ${i + 1} down`}
                    >
                      Down
                    </button>
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-xs font-semibold text-red-800 ring-1 ring-stone-300 hover:bg-red-50"
                      onClick={() =>
                        set(
                          'stops',
                          draft.stops.filter((_, j) => j !== i),
                        )
                      }
                      aria-label={`Remove stop ${i + 1}`}
                    >
                      Remove
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        {!translating && (
          <button
            type="button"
            className="rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
            onClick={() => set('stops', [...draft.stops, { name: '', lat: '', lng: '' }])}
          >
            Add a stop
          </button>
        )}
      </fieldset>
    </>
  );
}
