/**
 * Operators' statements on the superusers' dashboard (decision 068), a chunk of its own loaded with
 * the panel: an operator (or all of them), a period of Rome days, the statement (StatementView) and
 * the chosen operator's commission, which only a superuser sets. The words are in five languages so
 * an operator's console can show the same statement.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, COMMISSION_BPS_MAX, romeToday, type StatementOperator } from '@rome/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { call, errorMessage } from '../../api/client';
import { type StatementFormat, StatementView } from './StatementView';

const PATHS: Record<StatementFormat, string> = {
  json: '/api/admin/statements/',
  csv: '/api/admin/statements/csv/',
  xlsx: '/api/admin/statements/xlsx/',
};

/** The superusers' addresses of a statement: `folder` absent for every operator. */
export const adminStatementUrl =
  (folder: number | null, from: string, to: string) =>
  (format: StatementFormat): string => {
    const q = new URLSearchParams({ ...(folder === null ? {} : { folder: String(folder) }), from, to });
    return `${PATHS[format]}?${q}`;
  };

const inputClass =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30';

export default function StatementsPanel() {
  const { t } = useLingui();
  const id = useId();
  const today = romeToday();
  const operators = useQuery({
    queryKey: ['statement', 'operators'],
    queryFn: ({ signal }) => call('GET /api/admin/statements/operators/', {}, { signal }),
  });
  const [folder, setFolder] = useState<number | null>(null);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const chosen = operators.data?.operators.find((o) => o.id === folder) ?? null;
  const periodOk = Boolean(from && to && from <= to && to <= addDays(from, 399));

  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
      data-testid="statements-panel"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-stone-900">
        <Trans>Operators' statements</Trans>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>
          Every sale and refund of an operator's products in a period of Rome days, with the shop's
          commission. A sale counts on the day it was paid, a refund on the day it was made.
        </Trans>
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <label className="block text-sm font-semibold text-stone-800">
          <Trans>Operator</Trans>
          <select
            className={inputClass}
            value={folder ?? ''}
            onChange={(e) => setFolder(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t`All operators`}</option>
            {operators.data?.operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <DayField label={t`From`} value={from} max={to} onChange={setFrom} />
        <DayField label={t`To (included)`} value={to} min={from} onChange={setTo} />
      </div>
      {operators.error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {errorMessage(operators.error, t`The operators could not be loaded.`)}
        </p>
      )}
      {chosen && <CommissionForm key={chosen.id} operator={chosen} />}
      {periodOk ? (
        <StatementView
          urlFor={adminStatementUrl(folder, from, to)}
          fileName={`statement_${chosen?.slug ?? 'all'}_${from}_${to}`}
          showOperator={folder === null}
        />
      ) : (
        <p role="alert" className="mt-4 text-sm font-semibold text-red-800">
          <Trans>Choose a start day before the end day, at most 400 days apart.</Trans>
        </p>
      )}
    </section>
  );
}

/** A Rome day of the period. */
function DayField({
  label,
  onChange,
  ...bounds
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="block text-sm font-semibold text-stone-800">
      {label}
      <input type="date" className={inputClass} {...bounds} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** The operator's commission as a percent (two decimals: basis points), saved after the password. */
function CommissionForm({ operator }: { operator: StatementOperator }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [percent, setPercent] = useState(String(operator.commission_bps / 100));
  const [saved, setSaved] = useState(false);
  const bps = Math.round(Number(percent.replace(',', '.')) * 100);
  const valid = percent.trim() !== '' && Number.isFinite(bps) && bps >= 0 && bps <= COMMISSION_BPS_MAX;
  const save = useMutation({
    mutationFn: () =>
      call('PUT /api/admin/operators/:companySlug/commission/', {
        params: { companySlug: operator.slug },
        body: { commission_bps: bps },
      }),
    onSuccess: async () => {
      setSaved(true);
      // Every statement changes with the rate: read them again.
      await client.invalidateQueries({ queryKey: ['statement'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (valid) save.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3" data-testid="commission-form">
      <label className="block text-sm font-semibold text-stone-800">
        <Trans>Commission of {operator.name} (%)</Trans>
        <input
          inputMode="decimal"
          className={`${inputClass} w-32`}
          value={percent}
          onChange={(e) => {
            setPercent(e.target.value);
            setSaved(false);
          }}
          aria-invalid={!valid}
        />
      </label>
      <button
        type="submit"
        disabled={!valid || save.isPending}
        className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
      >
        {save.isPending ? t`Saving...` : t`Save commission`}
      </button>
      {!valid && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          <Trans>A percent from 0 to 100, at most two decimals.</Trans>
        </p>
      )}
      {save.error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {errorMessage(save.error, t`The commission could not be saved.`)}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm font-semibold text-emerald-800">
          <Trans>Saved. The statement uses the new rate.</Trans>
        </p>
      )}
    </form>
  );
}
