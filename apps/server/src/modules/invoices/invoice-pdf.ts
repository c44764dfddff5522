/**
 * An invoice or credit note as a PDF (decision 062), made with PDFKit like the tickets, in the order's
 * language: seller and buyer, number and date, the lines with VAT-inclusive prices, the taxable base,
 * VAT (or the exemption and its law) and the total. A courtesy copy: the e-invoice is the XML.
 */
import {
  formatEuro,
  formatRomeDate,
  invoiceNumberText,
  type Locale,
  orderReference,
  PRODUCT_NAME,
  vatCodeOf,
} from '@rome/contract';
import PDFDocument from 'pdfkit';
import { serverI18n } from '../../i18n/catalog';
import { type InvoiceRow, invoiceLocale } from '../orders/invoice-record';
import { pdfBytes, printable } from '../orders/ticket-pdf';

const BRAND = '#7f1d1d';
const INK = '#1c1917';
const MUTED = '#57534e';
const LINE = '#d6d3d1';

const rateWords = (row: InvoiceRow, locale: Locale) =>
  row.vat.nature
    ? `${row.vat.nature}`
    : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(row.vat.rateBp / 100)} %`;

/** The seller's or buyer's lines of address, as printed. */
function partyLines(row: InvoiceRow, who: 'seller' | 'buyer', locale: Locale): string[] {
  const i18n = serverI18n(locale);
  if (who === 'seller') {
    const s = row.seller;
    return [
      s.legal_name,
      s.street,
      `${s.postcode} ${s.city} (${s.province})`,
      i18n._('VAT number: IT{number}', { number: s.vat_number }),
    ];
  }
  const b = row.buyer;
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(b.country) ?? b.country;
  return [
    b.kind === 'company' ? b.company_name : `${b.first_name} ${b.last_name}`,
    b.street,
    [b.postcode, b.city, b.province ? `(${b.province})` : ''].filter(Boolean).join(' '),
    country,
    b.vat_number
      ? i18n._('VAT number: {number}', { number: `${b.country}${vatCodeOf(b.country, b.vat_number)}` })
      : '',
    b.tax_code ? i18n._('Tax code: {code}', { code: b.tax_code }) : '',
  ].filter(Boolean);
}

/** The PDF of `row`; `invoiceOf` is a credit note's invoice. */
export function invoicePdf(
  row: InvoiceRow,
  invoiceOf: InvoiceRow | null,
  orderUniqueId: string,
): Promise<Buffer> {
  const locale = invoiceLocale(row);
  const i18n = serverI18n(locale);
  const number = invoiceNumberText(row.year, row.number);
  const title =
    row.kind === 'credit_note'
      ? i18n._('Credit note {number}', { number })
      : i18n._('Invoice {number}', { number });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: printable(title), Author: printable(row.seller.legal_name), Subject: printable(title) },
  });
  const done = pdfBytes(doc);
  const left = 56;
  const width = doc.page.width - 2 * left;
  // '-€8.90', not '€-8.90': a discount line's sign before the amount, in every language.
  const money = (cents: number) => printable(`${cents < 0 ? '-' : ''}${formatEuro(Math.abs(cents), locale)}`);

  doc.rect(0, 0, doc.page.width, 70).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(PRODUCT_NAME, left, 24, { width });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(printable(i18n._('Order {reference}', { reference: orderReference(orderUniqueId) })), left, 30, {
      width,
      align: 'right',
    });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(printable(title), left, 96, { width });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(printable(i18n._('Date: {date}', { date: formatRomeDate(row.issueDate, locale) })), { width });
  if (invoiceOf)
    doc.text(
      printable(
        i18n._('Cancels invoice {number} of {date}', {
          number: invoiceNumberText(invoiceOf.year, invoiceOf.number),
          date: formatRomeDate(invoiceOf.issueDate, locale),
        }),
      ),
      { width },
    );

  const top = doc.y + 18;
  const half = (width - 24) / 2;
  for (const [i, who] of (['seller', 'buyer'] as const).entries()) {
    const x = left + i * (half + 24);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text(printable(who === 'seller' ? i18n._('Seller') : i18n._('Bill to')), x, top, { width: half });
    doc.font('Helvetica').fontSize(11).fillColor(INK);
    for (const line of partyLines(row, who, locale)) doc.text(printable(line), x, doc.y + 2, { width: half });
  }

  // The lines: description, quantity, unit price (VAT included), VAT, amount.
  const cols = [
    { at: 0, w: width - 290, label: i18n._('Description'), align: 'left' as const },
    { at: width - 290, w: 40, label: i18n._('Qty'), align: 'right' as const },
    { at: width - 240, w: 80, label: i18n._('Unit price'), align: 'right' as const },
    { at: width - 150, w: 60, label: i18n._('VAT'), align: 'right' as const },
    { at: width - 80, w: 80, label: i18n._('Amount'), align: 'right' as const },
  ];
  let y = Math.max(doc.y, top + 90) + 24;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED);
  for (const c of cols) doc.text(printable(c.label), left + c.at, y, { width: c.w, align: c.align });
  y += 16;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(LINE)
    .stroke();
  y += 8;
  for (const line of row.lines) {
    const cells = [
      line.description,
      String(line.quantity),
      money(line.unitGrossCents),
      rateWords(row, locale),
      money(line.grossCents),
    ];
    doc.font('Helvetica').fontSize(11).fillColor(INK);
    const heights = cols.map((c, i) => doc.heightOfString(printable(cells[i]), { width: c.w }));
    cols.forEach((c, i) => {
      doc.text(printable(cells[i]), left + c.at, y, { width: c.w, align: c.align });
    });
    y += Math.max(...heights) + 8;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(LINE)
    .stroke();
  y += 12;

  const totals: [string, string][] = [
    [i18n._('Taxable amount'), money(row.taxableCents)],
    [
      row.vat.nature
        ? i18n._('VAT ({nature}: exempt)', { nature: row.vat.nature })
        : i18n._('VAT {rate}', { rate: rateWords(row, locale) }),
      money(row.taxCents),
    ],
    [row.kind === 'credit_note' ? i18n._('Total credited') : i18n._('Total paid'), money(row.totalCents)],
  ];
  for (const [i, [label, value]] of totals.entries()) {
    const bold = i === totals.length - 1;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 13 : 11)
      .fillColor(bold ? INK : MUTED)
      .text(printable(label), left + width - 320, y, { width: 220, align: 'right' });
    doc.fillColor(INK).text(value, left + width - 90, y, { width: 90, align: 'right' });
    y += bold ? 22 : 17;
  }
  y += 10;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  if (row.vat.law) doc.text(printable(row.vat.law), left, y, { width });
  doc.text(
    printable(
      i18n._(
        'Prices include VAT. Courtesy copy: the electronic invoice (FatturaPA) is the original for tax purposes.',
      ),
    ),
    left,
    doc.y + 6,
    { width },
  );
  if (row.kind === 'invoice')
    doc.text(printable(i18n._('Paid in full by card.')), left, doc.y + 4, { width });
  doc.end();
  return done;
}

/** 'invoice-2026-7.pdf', 'credit-note-2026-8.pdf' */
export const invoicePdfName = (row: Pick<InvoiceRow, 'kind' | 'year' | 'number'>): string =>
  `${row.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${row.year}-${row.number}.pdf`;
