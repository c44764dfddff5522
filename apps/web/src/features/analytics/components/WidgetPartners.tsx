/**
 * Booking widget partners on the superusers' dashboard (decision 060): a form that makes a partner and
 * shows its code once, with the script tag to send the partner, and the sales each partner's widget
 * made. The same calls as contract widget.api.ts.
 */

import { WIDGET_SCRIPT_PATH } from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';
import { ScrollTable } from './ui';

const PARTNERS = ['analytics', 'partners'] as const;

/** The tag a partner's page carries; the package is the partner's choice (its tag or number). */
const scriptTag = (code: string) =>
  `<script src="${window.location.origin}${WIDGET_SCRIPT_PATH}" data-package="RM-COL" data-partner="${code}" async></script>`;

export function WidgetPartners() {
  const client = useQueryClient();
  const clockTime = useClockTime();
  const list = useQuery({
    queryKey: PARTNERS,
    queryFn: ({ signal }) => call('GET /api/admin/partners/', {}, { signal }),
  });
  const [made, setMade] = useState<{ name: string; code: string } | null>(null);
  const create = useMutation({
    mutationFn: (name: string) => call('POST /api/admin/partners/', { body: { name } }),
    onSuccess: (answer) => {
      setMade({ name: answer.partner.name, code: answer.code });
      client.invalidateQueries({ queryKey: PARTNERS });
    },
  });
  const ids = { name: useId(), heading: useId() };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setMade(null);
    create.mutate(String(new FormData(e.currentTarget).get('name') ?? ''));
  };

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Booking widget partners
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Hotels and operators put the booking widget on their own sites with their partner code; each sale it
        makes is credited to them. A code shown here once cannot be shown again.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.name} className="text-sm font-medium text-stone-700">
            Partner name
          </label>
          <input
            id={ids.name}
            name="name"
            required
            maxLength={100}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Create partner
        </button>
      </form>
      {create.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(create.error, 'The partner could not be created.')}
        </p>
      )}
      {made && (
        <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
          <p className="text-sm font-semibold text-stone-900">
            Code for {made.name}: copy it now, it is not shown again. Their page's script tag (any ticket's
            tag in data-package):
          </p>
          <code data-testid="new-partner-tag" className="mt-2 block break-all text-sm text-stone-900">
            {scriptTag(made.code)}
          </code>
        </div>
      )}
      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading partners...</p>
      ) : list.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The partners could not be loaded.')}
        </p>
      ) : list.data.partners.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No partners yet.</p>
      ) : (
        <div className="mt-4">
          <ScrollTable label="Sales per booking widget partner">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Sales per booking widget partner</caption>
              <thead className="text-stone-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Partner
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Code ends
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Orders
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Refunded
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Revenue (EUR)
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Made
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {list.data.partners.map((p) => (
                  <tr key={p.id} data-testid="partner-row">
                    <th scope="row" className="px-3 py-2 font-semibold text-stone-900">
                      {p.name}
                      {!p.active && <span className="ml-2 text-xs font-medium text-stone-600">(off)</span>}
                    </th>
                    <td className="px-3 py-2">
                      <code>…{p.code_end}</code>
                    </td>
                    <td className="px-3 py-2 text-right">{p.orders}</td>
                    <td className="px-3 py-2 text-right">{p.refunded}</td>
                    <td className="px-3 py-2 text-right">{p.revenue}</td>
                    <td className="px-3 py-2">{clockTime(p.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
    </section>
  );
}
