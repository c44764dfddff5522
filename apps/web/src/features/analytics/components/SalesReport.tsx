/**
 * Sales in the period (beside the spec's cards): orders and what they paid, refunds and what went back,
 * and the net the shop kept, in total and by channel (web shop, each reseller), operator and product;
 * the lines as a CSV download. Money is the server's exact decimals, shown in euro.
 */
import { formatEuroAmount, type SalesFigures, type SalesLine, signedDecimalToCents } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { downloadSalesCsv, salesQuery } from '../api';
import type { PeriodParams } from '../filters';
import { formatCount } from '../format';
import { periodText } from './PeriodBar';
import { LoadingSpinner, ScrollTable, stackBody, stackHead, stackRow, stackTable, Td, thClass } from './ui';

/** '€1,234.56', '-€57.00': the server's exact decimal, thousands grouped like the cards' sums. */
const euro = (decimal: string) => formatEuroAmount(signedDecimalToCents(decimal) ?? 0);

export function SalesReport({ period }: { period: PeriodParams }) {
  const report = useQuery(salesQuery(period));
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    setFailed(null);
    try {
      await downloadSalesCsv(period);
    } catch (err) {
      setFailed(errorMessage(err, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="sales-heading" className="mt-10" data-testid="sales-report">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sales-heading" className="text-xl font-bold text-stone-900">
            Sales and refunds
          </h2>
          <p className="text-sm text-stone-600">
            {periodText(period)}: a sale counts on the day it was paid, a refund on the day it was made.
          </p>
        </div>
        <button
          type="button"
          onClick={download}
          disabled={downloading}
          className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand shadow-sm ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-60"
        >
          {downloading ? 'Preparing CSV...' : 'Download CSV'}
        </button>
      </div>
      {failed && (
        <p role="alert" className="mb-3 text-sm font-semibold text-red-800">
          {failed}
        </p>
      )}
      {report.isPending ? (
        <LoadingSpinner label="Loading sales..." className="py-8" />
      ) : report.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-semibold text-red-800 ring-1 ring-red-200">
          {errorMessage(report.error, 'The sales could not be loaded.')}
        </p>
      ) : (
        <>
          <Totals totals={report.data.totals} />
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <LinesTable title="By channel" column="Channel" lines={report.data.byChannel} />
            <LinesTable title="By operator" column="Operator" lines={report.data.byOperator} />
            <div className="lg:col-span-2">
              <LinesTable title="By product" column="Product" lines={report.data.byProduct} />
            </div>
          </div>
        </>
      )}
    </section>
  );
}

function Totals({ totals }: { totals: SalesFigures }) {
  const tiles: [string, string, string?][] = [
    ['Orders paid', formatCount(totals.orders)],
    ['Gross revenue', euro(totals.gross)],
    [
      'Refunds',
      euro(totals.refunded),
      `${formatCount(totals.refunds)} ${totals.refunds === 1 ? 'order' : 'orders'}`,
    ],
    ['Net revenue', euro(totals.net), 'gross less refunds'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="sales-totals">
      {tiles.map(([name, value, note]) => (
        <div key={name} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <dt className="text-sm font-medium text-stone-600">{name}</dt>
          <dd className="mt-1 text-xl font-bold text-stone-900">{value}</dd>
          {note && <dd className="text-xs text-stone-600">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function LinesTable({ title, column, lines }: { title: string; column: string; lines: SalesLine[] }) {
  const columns = [column, 'Orders', 'Gross', 'Refunded', 'Net'];
  return (
    <div>
      <h3 className="mb-2 text-base font-bold text-stone-900">{title}</h3>
      <ScrollTable label={`Sales ${title.toLowerCase()}`}>
        <table className={`${stackTable} border-collapse`}>
          <thead className={stackHead}>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={thClass}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={stackBody}>
            {lines.length === 0 ? (
              <tr className={stackRow}>
                <Td label={column} className="text-stone-600">
                  No sales in this period.
                </Td>
              </tr>
            ) : (
              lines.map((l) => (
                <tr key={l.key} className={stackRow}>
                  <Td label={column} className="font-semibold">
                    {l.label || 'Unknown'}
                  </Td>
                  <Td label="Orders">{formatCount(l.orders)}</Td>
                  <Td label="Gross" className="whitespace-nowrap">
                    {euro(l.gross)}
                  </Td>
                  <Td label="Refunded" className="whitespace-nowrap">
                    {l.refunds > 0 ? `${euro(l.refunded)} (${formatCount(l.refunds)})` : euro(l.refunded)}
                  </Td>
                  <Td label="Net" className="whitespace-nowrap font-semibold">
                    {euro(l.net)}
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}
