import { decimalToCents, PRICE_CATEGORIES, type PriceCategoryKey } from '@rome/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { call, errorMessage } from '../../api/client';

type Draft = Partial<Record<PriceCategoryKey, string>>;

/**
 * The price categories a ticket sells beside adult and youth (decision 070): a price per category,
 * empty for one it does not sell. Set on its own ('Set category prices'), not with the ticket's
 * form: the call replaces the whole list. The kinds, proofs and rules are the shop's, named here.
 */
export function CategoryPrices({ packageTag }: { packageTag: string }) {
  const uid = useId();
  const client = useQueryClient();
  const key = ['editor', 'price-categories', packageTag];
  const query = useQuery({
    queryKey: key,
    queryFn: () => call('GET /api/editor/packages/:packageTag/price-categories/', { params: { packageTag } }),
    enabled: packageTag !== '',
  });
  const [draft, setDraft] = useState<Draft>({});
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (query.data) setDraft(Object.fromEntries(query.data.prices.map((p) => [p.key, p.price])));
  }, [query.data]);
  if (!packageTag || !query.data) return null;

  const save = async () => {
    const prices = PRICE_CATEGORIES.flatMap((c) => {
      const typed = (draft[c.key] ?? '').trim();
      return typed === '' ? [] : [{ key: c.key, price: typed }];
    });
    const bad = prices.find((p) => decimalToCents(p.price) === null);
    if (bad) {
      setNote({ ok: false, text: 'A price must be a number of 0 or more with at most two decimals.' });
      return;
    }
    setBusy(true);
    try {
      const saved = await call('PUT /api/editor/packages/:packageTag/price-categories/', {
        params: { packageTag },
        body: { prices },
      });
      client.setQueryData(key, saved);
      setNote({ ok: true, text: 'Category prices saved.' });
    } catch (err) {
      setNote({ ok: false, text: errorMessage(err, 'The category prices could not be saved.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="rounded-lg bg-stone-50 p-3" data-testid="category-prices">
      <legend className="font-bold">Price categories</legend>
      <p className="mb-2 text-xs text-stone-600">
        Sold beside adult and youth only with a price; leave empty for a category this ticket does not sell.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {PRICE_CATEGORIES.map((c) => (
          <label key={c.key} className="block text-sm font-semibold" htmlFor={`${uid}-${c.key}`}>
            {c.label}
            <input
              id={`${uid}-${c.key}`}
              inputMode="decimal"
              className="mt-1 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900"
              value={draft[c.key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [c.key]: e.target.value }))}
              aria-describedby={`${uid}-${c.key}-rule`}
            />
            <span id={`${uid}-${c.key}-rule`} className="mt-0.5 block text-xs font-normal text-stone-600">
              {c.proof
                ? `Door checks: ${c.proof}`
                : c.key === 'carer'
                  ? 'Only with a disabled visitor, one each'
                  : 'Counts as 4 places'}
            </span>
          </label>
        ))}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <button
          type="button"
          onClick={() => void save()}
          disabled={busy}
          className="rounded-lg bg-brand px-3 py-2 text-sm font-bold text-white disabled:bg-stone-300"
        >
          Set category prices
        </button>
        <p role="status" className={`text-sm ${note?.ok ? 'text-emerald-800' : 'text-red-700'}`}>
          {note?.text}
        </p>
      </div>
    </fieldset>
  );
}
