/**
 * A statement as files (decision 068): CSV and a spreadsheet (.xlsx, by write-excel-file: no native
 * parts, one small dependency). Both have the contract's columns in its order under a header row.
 */
import { decimalToCents, STATEMENT_COLUMNS, type Statement, type StatementLine } from '@rome/contract';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import { csvField, csvText } from '../../lib/csv';

/** The texts of a line, in the columns' order up to the amounts. */
const texts = (l: StatementLine): string[] => [
  l.date,
  l.kind,
  l.order,
  l.operator,
  l.channel,
  l.channel_name ?? '',
  l.product,
  l.package_tag,
  l.combo ?? '',
];

/** The statement as CSV: texts escaped (a formula is written as text), amounts as the API's decimals. */
export function statementCsv(s: Statement): string {
  return csvText(
    STATEMENT_COLUMNS,
    s.lines.map((l) => [
      ...texts(l).map(csvField),
      String(l.quantity),
      l.gross,
      l.refunded,
      l.commission,
      l.net,
    ]),
  );
}

/** A decimal of the API ("-12.30") as a spreadsheet number: exact to the cent once read back and rounded. */
const euros = (decimal: string): number => {
  const negative = decimal.startsWith('-');
  const cents = decimalToCents(negative ? decimal.slice(1) : decimal) ?? 0;
  return (negative ? -cents : cents) / 100;
};
const amount = (decimal: string) => ({ value: euros(decimal), type: Number, format: '#,##0.00' }) as const;

/**
 * The statement as an .xlsx: the lines (texts always as text, never formulas), then a sheet of totals
 * per operator and in all.
 */
export async function statementXlsx(s: Statement): Promise<Buffer> {
  const header: Row = STATEMENT_COLUMNS.map((c) => ({ value: c, fontWeight: 'bold' as const }));
  const lines: Row[] = s.lines.map((l) => [
    ...texts(l).map((value) => ({ value, type: String })),
    { value: l.quantity, type: Number },
    amount(l.gross),
    amount(l.refunded),
    amount(l.commission),
    amount(l.net),
  ]);
  const totalsHeader = ['operator', 'commission_bps', 'sales', 'refunds', 'partial_refunds', 'quantity'];
  const money = ['gross_eur', 'refunded_eur', 'commission_eur', 'net_eur'];
  const totalRow = (name: string, bps: number | null, t: Statement['totals']): Row => [
    { value: name, type: String },
    bps === null ? null : { value: bps, type: Number },
    { value: t.sales, type: Number },
    { value: t.refunds, type: Number },
    { value: t.partial_refunds, type: Number },
    { value: t.quantity, type: Number },
    amount(t.gross),
    amount(t.refunded),
    amount(t.commission),
    amount(t.net),
  ];
  const totals: Row[] = [
    [...totalsHeader, ...money].map((c) => ({ value: c, fontWeight: 'bold' as const })),
    ...s.operators.map((o) => totalRow(o.name, o.commission_bps, o.totals)),
    totalRow(`Total ${s.from} - ${s.to}`, null, s.totals),
  ];
  return writeXlsxFile([
    {
      data: [header, ...lines],
      sheet: 'Statement',
      stickyRowsCount: 1,
      columns: [18, 14, 11, 22, 9, 20, 36, 12, 10, 9, 12, 12, 14, 12].map((width) => ({ width })),
    },
    { data: totals, sheet: 'Totals', stickyRowsCount: 1, columns: [{ width: 30 }] },
  ]).toBuffer();
}

/** The statement as plain text for the shell (npm run admin -- statement): lines, then totals. */
export function statementText(s: Statement): string {
  const pad = (cells: string[], widths: number[]) =>
    cells.map((c, i) => (i >= cells.length - 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const head = [
    'date',
    'kind',
    'order',
    'operator',
    'channel',
    'product',
    'qty',
    'gross',
    'refunded',
    'commission',
    'net',
  ];
  const rows = s.lines.map((l) => [
    l.date,
    l.kind,
    l.order,
    l.operator,
    l.channel_name ? `${l.channel}: ${l.channel_name}` : l.channel,
    l.product,
    String(l.quantity),
    l.gross,
    l.refunded,
    l.commission,
    l.net,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const total = (name: string, t: Statement['totals']) =>
    `${name}: sales ${t.sales}, refunds ${t.refunds}, partial refunds ${t.partial_refunds}; ` +
    `gross ${t.gross} - refunded ${t.refunded} - commission ${t.commission} = net ${t.net} EUR`;
  return [
    `Statement ${s.from} to ${s.to} (Rome days, both included)`,
    pad(head, widths),
    ...rows.map((r) => pad(r, widths)),
    rows.length ? '' : '(no sales or refunds in the period)',
    ...s.operators.map((o) => total(`${o.name} (commission ${o.commission_bps / 100} %)`, o.totals)),
    total('Total', s.totals),
  ].join('\n');
}
