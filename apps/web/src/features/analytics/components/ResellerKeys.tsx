/**
 * Resellers' OCTO API keys on the superusers' dashboard (decision 013; docs/octo.md): the list, a form
 * that makes a key and shows it once, and revoking with a confirmation. The same calls as
 * `npm run admin -- reseller:*` (contract reseller.api.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';
import { RevokeConfirm } from './ui';

const KEYS = ['analytics', 'resellers'] as const;

export function ResellerKeys() {
  const client = useQueryClient();
  const clockTime = useClockTime();
  const list = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => call('GET /api/admin/resellers/', {}, { signal }),
  });
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  // A scanner key names the products it redeems (its door): chosen from the catalogue.
  const [redeem, setRedeem] = useState(false);
  const products = useQuery({
    queryKey: ['analytics', 'products'],
    queryFn: ({ signal }) => call('GET /api/packages/', { query: {} }, { signal }),
    enabled: redeem,
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: {
      name: string;
      rate_per_minute: number;
      can_redeem: boolean;
      redeem_products: string[];
    }) => call('POST /api/admin/resellers/', { body }),
    onSuccess: (answer) => {
      setMade({ name: answer.reseller.name, key: answer.key });
      client.invalidateQueries({ queryKey: KEYS });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/resellers/:id/', { params: { id } }),
    onSuccess: () => {
      setConfirming(null);
      client.invalidateQueries({ queryKey: KEYS });
    },
  });
  const ids = { name: useId(), rate: useId(), redeem: useId(), heading: useId(), products: useId() };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setMade(null);
    create.mutate({
      name: String(form.get('name') ?? ''),
      rate_per_minute: Number(form.get('rate') || 300),
      can_redeem: redeem,
      redeem_products: redeem ? form.getAll('product').map(String) : [],
    });
  };

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
        Reseller API keys (OCTO)
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Resellers book the shop's tickets through the OCTO API at <code>/octo</code>. Each key sees only its
        own bookings; a key shown here once cannot be shown again.
      </p>

      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={ids.name} className="text-sm font-medium text-stone-700">
            Reseller name
          </label>
          <input
            id={ids.name}
            name="name"
            required
            maxLength={120}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <div className="flex w-36 flex-col">
          <label htmlFor={ids.rate} className="text-sm font-medium text-stone-700">
            Requests a minute
          </label>
          <input
            id={ids.rate}
            name="rate"
            type="number"
            min={10}
            max={10000}
            defaultValue={300}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <label htmlFor={ids.redeem} className="flex items-center gap-2 py-2 text-sm text-stone-700">
          <input
            id={ids.redeem}
            name="redeem"
            type="checkbox"
            checked={redeem}
            onChange={(e) => setRedeem(e.target.checked)}
            className="h-4 w-4"
          />
          May redeem tickets (gate scanner)
        </label>
        {redeem && (
          <fieldset className="w-full rounded-lg p-3 ring-1 ring-stone-300" aria-describedby={ids.products}>
            <legend className="px-1 text-sm font-medium text-stone-700">Products it redeems</legend>
            <p id={ids.products} className="text-xs text-stone-600">
              The scanner finds and redeems these products' tickets only, on their day.
            </p>
            {products.isPending ? (
              <p className="mt-2 text-sm text-stone-600">Loading products...</p>
            ) : products.error ? (
              <p className="mt-2 text-sm text-red-700">
                {errorMessage(products.error, 'The products could not be loaded.')}
              </p>
            ) : (
              <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
                {products.data?.bus_data.map((p) => (
                  <label key={p.package_tag} className="flex items-start gap-2 py-1 text-sm text-stone-800">
                    <input type="checkbox" name="product" value={p.package_tag} className="mt-0.5 h-4 w-4" />
                    <span>
                      {p.title} <span className="text-stone-500">({p.package_tag})</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}
        <button
          type="submit"
          disabled={create.isPending}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Create key
        </button>
      </form>
      {create.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(create.error, 'The key could not be created.')}
        </p>
      )}
      {made && (
        <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
          <p className="text-sm font-semibold text-stone-900">
            Key for {made.name}: copy it now, it is not shown again.
          </p>
          <code data-testid="new-reseller-key" className="mt-2 block break-all text-sm text-stone-900">
            {made.key}
          </code>
        </div>
      )}

      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading keys...</p>
      ) : list.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The keys could not be loaded.')}
        </p>
      ) : list.data.resellers.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No reseller keys yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200" aria-label="Reseller keys">
          {list.data.resellers.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {r.name}{' '}
                  {r.revoked_at ? (
                    <span className="ml-1 rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                      Revoked
                    </span>
                  ) : (
                    <span className="ml-1 rounded bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                      Active
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-600">
                  <code>{r.key_prefix}…</code> · {r.rate_per_minute} a minute
                  {r.can_redeem ? ` · redeems ${r.redeem_products.join(', ')}` : ''} · made{' '}
                  {clockTime(r.created_at)}
                </p>
              </div>
              {!r.revoked_at &&
                (confirming === r.id ? (
                  <RevokeConfirm
                    question="Revoke this key now?"
                    onRevoke={() => revoke.mutate(r.id)}
                    onKeep={() => setConfirming(null)}
                    pending={revoke.isPending}
                  />
                ) : (
                  <button
                    type="button"
                    onClick={() => setConfirming(r.id)}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-300"
                  >
                    Revoke…
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
