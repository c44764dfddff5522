/**
 * An operator's statement (decision 068): totals, then every sale, refund and partial refund of the
 * period, and its CSV and spreadsheet downloads. Where it comes from is the caller's: `urlFor` names
 * the statement's address per format, so the superusers' dashboard (every operator) and an operator's
 * own console (its folder only) show the same table. Money is the server's exact decimals.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  formatEuro,
  formatEuroAmount,
  type Locale,
  type Statement,
  type StatementChannel,
  type StatementKind,
  type StatementLine,
  signedDecimalToCents,
} from '@rome/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { downloadSignedIn } from '../../api/download';

export type StatementFormat = 'json' | 'csv' | 'xlsx';
/** The statement's address in a format (the period and the folder are the caller's). */
export type StatementUrl = (format: StatementFormat) => string;

/** Lines shown at first; the rest on request (the files always hold them all). */
const FIRST_LINES = 200;

const KIND: Record<StatementKind, MessageDescriptor> = {
  sale: msg`Sale`,
  refund: msg`Refund`,
  partial_refund: msg`Partial refund`,
};
const CHANNEL: Record<StatementChannel, MessageDescriptor> = {
  web: msg`Web shop`,
  reseller: msg`Reseller`,
  widget: msg`Booking widget`,
};

export function StatementView({
  urlFor,
  fileName,
  showOperator,
}: {
  urlFor: StatementUrl;
  /** The downloads' name without its extension. */
  fileName: string;
  /** A statement of several operators names each line's. */
  showOperator: boolean;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const url = urlFor('json');
  const statement = useQuery({
    queryKey: ['statement', url],
    queryFn: ({ signal }) => api<Statement>(url, { signal }),
  });
  const [all, setAll] = useState(false);
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const locale = i18n.locale as Locale;
  /** '€1,234.56' / '1.234,56 €'; a refund negative. */
  const euro = (decimal: string) => {
    const cents = signedDecimalToCents(decimal) ?? 0;
    return locale === 'en' ? formatEuroAmount(cents) : formatEuro(cents, locale);
  };

  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    setFailed(null);
    try {
      await downloadSignedIn(urlFor(format), `${fileName}.${format}`);
    } catch (err) {
      setFailed(errorMessage(err, t`The file could not be downloaded. Please try again.`));
    } finally {
      setBusy(null);
    }
  };

  if (statement.isPending)
    return (
      <p role="status" className="mt-4 text-sm text-stone-600">
        <Trans>Loading the statement...</Trans>
      </p>
    );
  if (statement.isError)
    return (
      <p
        role="alert"
        className="mt-4 rounded-xl bg-red-50 p-4 font-semibold text-red-800 ring-1 ring-red-200"
      >
        {errorMessage(statement.error, t`The statement could not be loaded.`)}
      </p>
    );
  const s = statement.data;
  const lines = all ? s.lines : s.lines.slice(0, FIRST_LINES);
  const totals = s.totals;
  const tiles: [string, string, React.ReactNode?][] = [
    [t`Gross`, euro(totals.gross), <Plural key="s" value={totals.sales} one="# sale" other="# sales" />],
    [
      t`Refunded`,
      euro(totals.refunded),
      <Plural key="r" value={totals.refunds + totals.partial_refunds} one="# refund" other="# refunds" />,
    ],
    [t`Commission`, euro(totals.commission)],
    [t`Net to the operator`, euro(totals.net), t`gross less refunded and commission`],
  ];
  const columns = [
    t`Date (Rome)`,
    t`Kind`,
    t`Order`,
    ...(showOperator ? [t`Operator`] : []),
    t`Channel`,
    t`Product`,
    t`Combo`,
    t`Quantity`,
    t`Gross`,
    t`Refunded`,
    t`Commission`,
    t`Net`,
  ];
  const cell = (label: string, children: React.ReactNode, className = '') => (
    <td
      data-label={label}
      className={`border-b border-stone-100 px-3 py-2 align-top text-sm text-stone-800 max-sm:block max-sm:border-b-0 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-stone-600 max-sm:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  );
  const row = (l: StatementLine, n: number) => {
    const [date, kind, order, ...rest] = columns;
    const named = showOperator ? rest.slice(1) : rest;
    const [channel, product, combo, quantity, gross, refunded, commission, net] = named;
    return (
      <tr
        key={`${l.order}-${l.kind}-${n}`}
        className="max-sm:block max-sm:border-b max-sm:border-stone-200 max-sm:py-2"
      >
        {cell(date, l.date, 'whitespace-nowrap tabular-nums')}
        {cell(kind, i18n._(KIND[l.kind]))}
        {cell(order, l.order, 'whitespace-nowrap font-mono')}
        {showOperator && cell(rest[0], l.operator)}
        {cell(
          channel,
          l.channel_name ? `${i18n._(CHANNEL[l.channel])}: ${l.channel_name}` : i18n._(CHANNEL[l.channel]),
        )}
        {cell(product, l.product)}
        {cell(combo, l.combo ?? '')}
        {cell(quantity, l.quantity, 'tabular-nums')}
        {cell(gross, euro(l.gross), 'whitespace-nowrap tabular-nums')}
        {cell(refunded, euro(l.refunded), 'whitespace-nowrap tabular-nums')}
        {cell(commission, euro(l.commission), 'whitespace-nowrap tabular-nums')}
        {cell(net, euro(l.net), 'whitespace-nowrap font-semibold tabular-nums')}
      </tr>
    );
  };

  return (
    <div className="mt-4" data-testid="statement">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="statement-totals">
        {tiles.map(([name, value, note]) => (
          <div key={name} className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
            <dt className="text-sm font-medium text-stone-600">{name}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums text-stone-900">{value}</dd>
            {note && <dd className="text-xs text-stone-600">{note}</dd>}
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {(['csv', 'xlsx'] as const).map((format) => (
          <button
            key={format}
            type="button"
            onClick={() => download(format)}
            disabled={busy !== null}
            className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand shadow-sm ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-60"
          >
            {busy === format
              ? t`Preparing the file...`
              : format === 'csv'
                ? t`Download the statement (CSV)`
                : t`Download the statement (Excel, XLSX)`}
          </button>
        ))}
        {failed && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {failed}
          </p>
        )}
      </div>
      <h3 id={`${id}-lines`} className="mt-6 mb-2 text-base font-bold text-stone-900">
        <Trans>Lines</Trans>
      </h3>
      <figure
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe)
        tabIndex={0}
        aria-labelledby={`${id}-lines`}
        className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
      >
        <table className="min-w-full border-collapse max-sm:block" data-testid="statement-lines">
          <thead className="max-sm:sr-only">
            <tr>
              {columns.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="whitespace-nowrap border-b border-stone-200 bg-stone-50 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-600"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {lines.length === 0 ? (
              <tr className="max-sm:block">
                <td colSpan={columns.length} className="px-3 py-4 text-sm text-stone-600 max-sm:block">
                  <Trans>No sales or refunds in this period.</Trans>
                </td>
              </tr>
            ) : (
              lines.map(row)
            )}
          </tbody>
        </table>
      </figure>
      {s.lines.length > lines.length && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className="mt-3 text-sm font-semibold text-brand underline underline-offset-4"
        >
          <Trans>Show all {s.lines.length} lines</Trans>
        </button>
      )}
    </div>
  );
}
