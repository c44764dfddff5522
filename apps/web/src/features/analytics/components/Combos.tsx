/**
 * Combos across operators on the superusers' dashboard (decision 071): every combo with its parts, each
 * part's operator and share of the price, and whether it has been sold; a form that makes a package a
 * combo or changes one (the shares must add up to the combo's own prices; a sold combo changes only its
 * cancellation rule). The write asks for the password first (step-up). Its own chunk.
 */
import type { ComboAdmin } from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { ScrollTable } from './ui';

const COMBOS = ['analytics', 'combos'] as const;
type Row = { package_tag: string; adult_share: string; youth_share: string };
const emptyRow = (): Row => ({ package_tag: '', adult_share: '', youth_share: '' });

export default function Combos() {
  const client = useQueryClient();
  const combos = useQuery({
    queryKey: COMBOS,
    queryFn: ({ signal }) => call('GET /api/admin/combos/', {}, { signal }),
  });
  const [tag, setTag] = useState('');
  const [rows, setRows] = useState<Row[]>([emptyRow(), emptyRow()]);
  const [cutoff, setCutoff] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      call('PUT /api/admin/combos/:packageTag/', {
        params: { packageTag: tag.trim() },
        body: {
          parts: rows
            .filter((r) => r.package_tag.trim() !== '')
            .map((r) => ({
              package_tag: r.package_tag.trim(),
              adult_share: r.adult_share.trim(),
              youth_share: r.youth_share.trim(),
            })),
          cancel_cutoff_hours: cutoff.trim() === '' ? null : Number(cutoff),
        },
      }),
    onSuccess: (combo) => {
      setSaved(`${combo.title} is a combo of ${combo.parts.map((p) => p.title).join(' + ')}.`);
      client.invalidateQueries({ queryKey: COMBOS });
    },
  });
  const ids = { heading: useId(), tag: useId(), cutoff: useId() };
  const edit = (c: ComboAdmin) => {
    setTag(c.package_tag);
    setRows(
      c.parts.map((p) => ({
        package_tag: p.package_tag,
        adult_share: p.adult_share,
        youth_share: p.youth_share,
      })),
    );
    setCutoff(c.cancel_cutoff_hours === null ? '' : String(c.cancel_cutoff_hours));
    setSaved(null);
  };
  const setRow = (i: number, key: keyof Row, value: string) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(null);
    save.mutate();
  };

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
      data-testid="combos-panel"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Combos
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        A combo is a package sold at its own price whose parts are other packages, of any operator. Each part
        is its own ticket for its operator's agents, and its operator is owed its share of what was paid. The
        shares must add up to the combo's adult and youth prices. Cancelling follows the strictest part's rule
        unless the combo has its own.
      </p>
      {combos.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errorMessage(combos.error, 'Could not load the combos.')}
        </p>
      )}
      {combos.data && combos.data.combos.length > 0 && (
        <ScrollTable label="Combos">
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Combos</caption>
            <thead>
              <tr className="text-left text-stone-600">
                <th className="py-2 pr-4">Combo</th>
                <th className="py-2 pr-4">Price (adult / youth)</th>
                <th className="py-2 pr-4">Parts and shares</th>
                <th className="py-2 pr-4">Cancellation</th>
                <th className="py-2 pr-4">Sold</th>
                <th className="py-2">
                  <span className="sr-only">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {combos.data.combos.map((c) => (
                <tr key={c.package_tag} className="border-t border-stone-200 align-top">
                  <td className="py-2 pr-4">
                    {c.title} <span className="text-stone-500">({c.package_tag})</span>
                  </td>
                  <td className="py-2 pr-4">
                    €{c.adult_price} / €{c.youth_price}
                  </td>
                  <td className="py-2 pr-4">
                    <ul>
                      {c.parts.map((p) => (
                        <li key={p.package_tag}>
                          {p.title} ({p.operator}): €{p.adult_share} / €{p.youth_share}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="py-2 pr-4">
                    {c.cancel_cutoff_hours === null ? 'Strictest part' : `${c.cancel_cutoff_hours} h before`}
                  </td>
                  <td className="py-2 pr-4">{c.sold ? 'Yes' : 'No'}</td>
                  <td className="py-2">
                    <button
                      type="button"
                      onClick={() => edit(c)}
                      className="font-semibold text-brand underline"
                    >
                      Edit {c.package_tag}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col">
            <label htmlFor={ids.tag} className="text-sm font-medium text-stone-700">
              Combo package tag
            </label>
            <input
              id={ids.tag}
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              required
              maxLength={200}
              className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
            />
          </div>
          <div className="flex flex-col">
            <label htmlFor={ids.cutoff} className="text-sm font-medium text-stone-700">
              Own cancellation cut-off, hours (empty: the strictest part's)
            </label>
            <input
              id={ids.cutoff}
              value={cutoff}
              onChange={(e) => setCutoff(e.target.value)}
              inputMode="numeric"
              pattern="[0-9]*"
              className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
            />
          </div>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-stone-700">
            Parts (package tag, adult share, youth share in EUR)
          </legend>
          {rows.map((r, i) => (
            <div key={i} className="mt-2 grid grid-cols-3 gap-2">
              <input
                aria-label={`Part ${i + 1} package tag`}
                value={r.package_tag}
                onChange={(e) => setRow(i, 'package_tag', e.target.value)}
                className="rounded-lg border border-stone-300 px-3 py-2"
              />
              <input
                aria-label={`Part ${i + 1} adult share`}
                value={r.adult_share}
                onChange={(e) => setRow(i, 'adult_share', e.target.value)}
                inputMode="decimal"
                className="rounded-lg border border-stone-300 px-3 py-2"
              />
              <input
                aria-label={`Part ${i + 1} youth share`}
                value={r.youth_share}
                onChange={(e) => setRow(i, 'youth_share', e.target.value)}
                inputMode="decimal"
                className="rounded-lg border border-stone-300 px-3 py-2"
              />
            </div>
          ))}
          <button
            type="button"
            onClick={() => setRows((all) => [...all, emptyRow()])}
            disabled={rows.length >= 6}
            className="mt-2 text-sm font-semibold text-brand underline"
          >
            Add a part
          </button>
        </fieldset>
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-lg bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
        >
          Save combo
        </button>
        {save.isError && (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(save.error, 'The combo could not be saved.')}
          </p>
        )}
        {saved && (
          <p role="status" className="text-sm font-semibold text-emerald-800">
            {saved}
          </p>
        )}
      </form>
    </section>
  );
}
