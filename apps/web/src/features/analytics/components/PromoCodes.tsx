/**
 * Promo codes on the superusers' dashboard (decision 050): a form that makes a code (the shop draws
 * its random part), and every code with its rule, its uses, the revenue of its paid orders and the
 * discount it gave, with a switch to turn it off. The calls of contract promo.api.ts.
 */
import { type ApiBody, addDays, formatEuroDecimal, type PromoCodeInfo, romeInstant } from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { useClockTime } from '../filters';

const KEYS = ['analytics', 'promo-codes'] as const;
const field = 'mt-1 rounded-lg border border-stone-300 px-3 py-2';
const labelText = 'text-sm font-medium text-stone-700';

/** 'YYYY-MM-DD' (a Rome day) to the instant it starts; `next` for the day after (an inclusive end). */
const romeDayStart = (day: string, next = false): string | null => {
  if (!day) return null;
  return romeInstant(next ? addDays(day, 1) : day, '00:00')?.toISOString() ?? null;
};

function ruleText(p: PromoCodeInfo): string {
  const off = p.kind === 'percent' ? `${p.value}% off` : `${formatEuroDecimal(p.value)} off`;
  const where =
    p.scope === 'package'
      ? ` ${p.package_tag}`
      : p.scope === 'operator'
        ? ` ${p.operator} tickets`
        : ' any ticket';
  const min = p.min_basket ? `, orders from ${formatEuroDecimal(p.min_basket)}` : '';
  return `${off}${where}${min}`;
}

/** 'from 1 Jun 2026, 00:00 · until ... · 100 uses · 1 per customer', or nothing without limits. */
function limitsText(p: PromoCodeInfo, clockTime: (iso: string | null) => string | null): string {
  return [
    p.starts_at ? `from ${clockTime(p.starts_at)}` : '',
    p.ends_at ? `until ${clockTime(p.ends_at)}` : '',
    p.max_uses ? `${p.max_uses} uses` : '',
    p.max_uses_per_customer ? `${p.max_uses_per_customer} per customer` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

export function PromoCodes() {
  const client = useQueryClient();
  const clockTime = useClockTime();
  const list = useQuery({
    queryKey: KEYS,
    queryFn: ({ signal }) => call('GET /api/admin/promo-codes/', {}, { signal }),
  });
  const [scope, setScope] = useState<'basket' | 'package' | 'operator'>('basket');
  const catalogue = useQuery({
    queryKey: ['analytics', 'products'],
    queryFn: ({ signal }) => call('GET /api/packages/', { query: {} }, { signal }),
    enabled: scope !== 'basket',
  });
  const [made, setMade] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: ApiBody<'POST /api/admin/promo-codes/'>) =>
      call('POST /api/admin/promo-codes/', { body }),
    onSuccess: (answer) => {
      setMade(answer.promo_code.code);
      client.invalidateQueries({ queryKey: KEYS });
    },
  });
  const toggle = useMutation({
    mutationFn: (p: { id: string; active: boolean }) =>
      call('PATCH /api/admin/promo-codes/:id/', { params: { id: p.id }, body: { active: p.active } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
  const id = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim();
    const whole = (k: string) => (text(k) ? Number(text(k)) : null);
    setMade(null);
    create.mutate({
      prefix: text('prefix'),
      kind: text('kind') === 'amount' ? 'amount' : 'percent',
      value: text('value'),
      scope,
      package_tag: scope === 'package' ? text('package') : null,
      operator: scope === 'operator' ? text('operator') : null,
      starts_at: romeDayStart(text('from')),
      ends_at: romeDayStart(text('until'), true),
      max_uses: whole('max_uses'),
      max_uses_per_customer: whole('per_customer'),
      min_basket: text('min_basket') || null,
    });
  };

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-stone-900">
        Promo codes
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Buyers type a code on the ticket page; the shop prices it again at checkout. Each code gets a random
        part no one can guess; the prefix only makes it readable. Dates are Rome days, the last one included.
      </p>

      <form
        onSubmit={submit}
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="New promo code"
      >
        <label className="flex flex-col">
          <span className={labelText}>Prefix (optional)</span>
          <input name="prefix" maxLength={12} pattern="[A-Za-z0-9]*" placeholder="SUMMER" className={field} />
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Discount kind</span>
          <select name="kind" className={field} defaultValue="percent">
            <option value="percent">Percent off</option>
            <option value="amount">Amount off (€)</option>
          </select>
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Percent or amount</span>
          <input name="value" required inputMode="decimal" placeholder="10" className={field} />
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Applies to</span>
          <select
            name="scope"
            value={scope}
            onChange={(e) => setScope(e.target.value as typeof scope)}
            className={field}
          >
            <option value="basket">Any ticket</option>
            <option value="package">One ticket</option>
            <option value="operator">One operator's tickets</option>
          </select>
        </label>
        {scope === 'package' && (
          <label className="flex flex-col">
            <span className={labelText}>Ticket</span>
            <select name="package" required className={field}>
              {catalogue.data?.bus_data.map((p) => (
                <option key={p.package_tag} value={p.package_tag}>
                  {p.title} ({p.package_tag})
                </option>
              ))}
            </select>
          </label>
        )}
        {scope === 'operator' && (
          <label className="flex flex-col">
            <span className={labelText}>Operator</span>
            <select name="operator" required className={field}>
              {catalogue.data?.folders.map((f) => (
                <option key={f.company_slug} value={f.company_slug}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col">
          <span className={labelText}>Valid from (Rome day)</span>
          <input name="from" type="date" className={field} />
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Valid until (included)</span>
          <input name="until" type="date" className={field} />
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Uses in all</span>
          <input name="max_uses" type="number" min={1} placeholder="No limit" className={field} />
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Uses per customer</span>
          <input name="per_customer" type="number" min={1} placeholder="No limit" className={field} />
        </label>
        <label className="flex flex-col">
          <span className={labelText}>Minimum order (€)</span>
          <input name="min_basket" inputMode="decimal" placeholder="None" className={field} />
        </label>
        <div className="flex items-end">
          <button
            type="submit"
            disabled={create.isPending}
            className="rounded-lg bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            Create code
          </button>
        </div>
      </form>
      {create.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(create.error, 'The code could not be created.')}
        </p>
      )}
      {made && (
        <p
          role="status"
          className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200"
        >
          New code:{' '}
          <code data-testid="new-promo-code" className="font-mono font-semibold">
            {made}
          </code>
        </p>
      )}

      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading codes...</p>
      ) : list.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The codes could not be loaded.')}
        </p>
      ) : list.data.promo_codes.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No promo codes yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200" aria-label="Promo codes">
          {list.data.promo_codes.map((p) => (
            <li
              key={p.id}
              data-testid="promo-row"
              className="flex flex-wrap items-start justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  <code className="font-mono">{p.code}</code>
                  {!p.active && (
                    <span className="ml-2 rounded bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">
                      Off
                    </span>
                  )}
                </p>
                <p className="text-sm text-stone-700">{ruleText(p)}</p>
                <p className="text-xs text-stone-600">{limitsText(p, clockTime)}</p>
              </div>
              <div>
                <dl className="grid grid-cols-3 gap-x-5 text-sm sm:text-right">
                  <div>
                    <dt className="text-xs text-stone-600">Uses</dt>
                    <dd className="font-semibold tabular-nums text-stone-900">
                      {p.uses}
                      {p.max_uses ? ` / ${p.max_uses}` : ''}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-stone-600">Revenue</dt>
                    <dd className="font-semibold tabular-nums text-stone-900">
                      {formatEuroDecimal(p.revenue)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-stone-600">Discount given</dt>
                    <dd className="font-semibold tabular-nums text-stone-900">
                      {formatEuroDecimal(p.discount_given)}
                    </dd>
                  </div>
                </dl>
                {(p.held > 0 || p.refunded > 0) && (
                  <p className="mt-1 text-xs sm:text-right text-stone-600">
                    {[p.held ? `${p.held} at checkout now` : '', p.refunded ? `${p.refunded} refunded` : '']
                      .filter(Boolean)
                      .join(', ')}
                  </p>
                )}
              </div>
              <button
                type="button"
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ id: p.id, active: !p.active })}
                className="rounded-lg px-3 py-1 text-sm font-semibold text-stone-800 ring-1 ring-stone-300"
                aria-label={`${p.active ? 'Switch off' : 'Switch on'} ${p.code}`}
              >
                {p.active ? 'Switch off' : 'Switch on'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
