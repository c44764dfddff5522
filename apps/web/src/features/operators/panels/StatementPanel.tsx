/**
 * A manager's own statement (decision 068): a period of Rome days and the shared StatementView, drawn
 * from the operator's own address (its folder only; the server checks the role).
 */
import { addDays, romeToday } from '@rome/contract';
import { useId, useState } from 'react';
import { type StatementFormat, StatementView } from '../../../lib/statement/StatementView';

const statementUrl =
  (folder: number, from: string, to: string) =>
  (format: StatementFormat): string =>
    `/api/operator/${folder}/statement/${format === 'json' ? '' : `${format}/`}?${new URLSearchParams({ from, to })}`;

export function StatementPanel({ folder, slug }: { folder: number; slug: string }) {
  const today = romeToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const ids = { from: useId(), to: useId() };
  const periodOk = Boolean(from && to && from <= to && to <= addDays(from, 399));
  const field = 'mt-1 rounded-lg border border-stone-300 px-3 py-2';
  return (
    <>
      <h2 className="text-xl font-bold text-stone-900">Statement</h2>
      <p className="mt-1 text-sm text-stone-600">
        Every sale and refund of your products in the period, with the shop's commission and what is yours.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex flex-col">
          <label htmlFor={ids.from} className="text-sm font-medium text-stone-700">
            From (Rome)
          </label>
          <input
            id={ids.from}
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
            className={field}
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor={ids.to} className="text-sm font-medium text-stone-700">
            To, included (Rome)
          </label>
          <input
            id={ids.to}
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            className={field}
          />
        </div>
      </div>
      {periodOk ? (
        <StatementView
          urlFor={statementUrl(folder, from, to)}
          fileName={`statement_${slug}_${from}_${to}`}
          showOperator={false}
        />
      ) : (
        <p role="alert" className="mt-4 text-sm font-semibold text-red-800">
          Choose a start day before the end day, at most 400 days apart.
        </p>
      )}
    </>
  );
}
