/**
 * Invoices and credit notes on the superusers' dashboard (decisions 061, 069): every operator's, or one
 * operator's, of a Rome year, by number, with each document's PDF and FatturaPA XML. The calls of
 * contract invoice.api.ts; amounts are the server's exact decimals. Loaded apart from the dashboard's
 * own code, when the page shows it.
 */
import { formatEuroDecimal, formatRomeDate, type InvoiceAdmin, romeParts } from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { downloadSignedIn } from '../../../api/download';

/** The Rome year now and the four before it: the years a superuser looks back on. */
const YEARS = (() => {
  const now = Number(romeParts(new Date()).date.slice(0, 4));
  return [0, 1, 2, 3, 4].map((back) => now - back);
})();

/** The table's columns; true: a figure, right-aligned. */
const HEADS: [string, boolean][] = [
  ['Number', false],
  ['Date', false],
  ['Operator', false],
  ['Buyer', false],
  ['Taxable', true],
  ['VAT', true],
  ['Total', true],
  ['Files', false],
];

const KIND: Record<InvoiceAdmin['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

export default function Invoices() {
  const ids = { heading: useId(), operator: useId(), year: useId() };
  const [operator, setOperator] = useState('');
  const [year, setYear] = useState(YEARS[0]);
  const [failed, setFailed] = useState<string | null>(null);
  const operators = useQuery({
    queryKey: ['analytics', 'invoicing'],
    queryFn: ({ signal }) => call('GET /api/admin/invoicing/', {}, { signal }),
  });
  const list = useQuery({
    queryKey: ['analytics', 'invoices', operator, year],
    queryFn: ({ signal }) =>
      call('GET /api/admin/invoices/', { query: { year, ...(operator ? { operator } : {}) } }, { signal }),
  });
  const download = async (doc: InvoiceAdmin, format: 'pdf' | 'xml') => {
    setFailed(null);
    try {
      const name = `${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.operator}-${doc.number.replace('/', '-')}`;
      await downloadSignedIn(format === 'pdf' ? doc.pdf : doc.xml, `${name}.${format}`);
    } catch (err) {
      setFailed(errorMessage(err, 'The document could not be downloaded. Please try again.'));
    }
  };
  const select = 'rounded-lg border border-stone-300 px-2 py-1.5';

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
      data-testid="invoices-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={ids.heading} className="text-xl font-bold text-stone-900">
          Invoices
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <label htmlFor={ids.operator} className="flex items-center gap-2">
            Operator
            <select
              id={ids.operator}
              value={operator}
              onChange={(e) => setOperator(e.target.value)}
              className={select}
            >
              <option value="">all operators</option>
              {operators.data?.operators.map((o) => (
                <option key={o.company_slug} value={o.company_slug}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.year} className="flex items-center gap-2">
            Year
            <select
              id={ids.year}
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              className={select}
            >
              {YEARS.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Invoices and credit notes as issued, numbered per operator and Rome year, with their PDF and the
        FatturaPA XML for the operator's accountant. Amounts in euro, VAT included in the total.
      </p>

      {list.isPending ? (
        <p className="mt-4 text-sm text-stone-600">Loading invoices...</p>
      ) : list.error ? (
        <p className="mt-4 text-sm text-red-700">
          {errorMessage(list.error, 'The invoices could not be loaded.')}
        </p>
      ) : list.data.invoices.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No invoices in {year}.</p>
      ) : (
        <figure
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe)
          tabIndex={0}
          aria-label={`Invoices of ${year}`}
          className="mt-4 overflow-x-auto"
        >
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="text-xs text-stone-600">
              <tr>
                {HEADS.map(([label, right]) => (
                  <th key={label} className={`py-2 pr-3 font-semibold ${right ? 'text-right' : ''}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.data.invoices.map((doc) => {
                const what = `${KIND[doc.kind]} ${doc.number} of ${doc.operator_name}`;
                return (
                  <tr key={doc.id} data-testid="invoice-row">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <span className="font-semibold text-stone-900">{doc.number}</span>
                      <span className="block text-xs text-stone-600">{KIND[doc.kind]}</span>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatRomeDate(doc.date)}</td>
                    <td className="py-2 pr-3">{doc.operator_name}</td>
                    <td className="py-2 pr-3">
                      {doc.buyer}
                      <span className="block text-xs text-stone-600">order {doc.order}</span>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatEuroDecimal(doc.taxable)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatEuroDecimal(doc.tax)}</td>
                    <td className="py-2 pr-3 text-right font-semibold tabular-nums">
                      {formatEuroDecimal(doc.total)}
                    </td>
                    <td className="py-2 whitespace-nowrap">
                      {(['pdf', 'xml'] as const).map((format) => (
                        <button
                          key={format}
                          type="button"
                          onClick={() => void download(doc, format)}
                          aria-label={`${what}: ${format === 'pdf' ? 'PDF' : 'XML'}`}
                          className="mr-2 rounded-lg px-2.5 py-1 text-xs font-semibold text-brand ring-1 ring-stone-300 hover:bg-stone-100"
                        >
                          {format === 'pdf' ? 'PDF' : 'XML'}
                        </button>
                      ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </figure>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failed}
        </p>
      )}
    </section>
  );
}
