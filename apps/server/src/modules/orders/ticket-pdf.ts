/**
 * The ticket as a PDF, made with PDFKit: one A4 page per ticket with the shop's header,
 * the package, operator, visit in Rome time, counts, order reference, how it is used, the QR large,
 * and the terms, in the order's language (decision 024; English as it was). Built in memory; the built-in
 * Helvetica, so the text is Windows-1252 (Italian, Spanish, French and German letters are in it): any
 * other character is drawn as '?', never an error.
 */
import type { I18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  formatEuro,
  formatRomeDate,
  formatRomeDateTime,
  type Locale,
  PRODUCT_NAME,
  romeParts,
} from '@rome/contract';
import PDFDocument from 'pdfkit';
import { serverI18n } from '../../i18n/catalog';
import type { TicketFacts } from './ticket-link';

const BRAND = '#7f1d1d';
const INK = '#1c1917';
const MUTED = '#57534e';

const statusWord = (i18n: I18n, status: TicketFacts['status']): string =>
  status === 'valid'
    ? i18n._('Valid')
    : status === 'claimed'
      ? i18n._('Used (claimed)')
      : i18n._('Refunded: not valid');

/**
 * Keeps the characters Helvetica's Windows-1252 encoding has. The narrow and thin spaces some
 * languages' number and date formats write (French) become no-break spaces first.
 */
export const printable = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[\u2000-\u200A\u202F]/g, '\u00A0')
    .replace(/[^\x20-\x7E\u00A0-\u00FF€‚„‘’“”–—•…‹›ŒœŠšŽžŸ™]/g, '?');

/** The bytes a PDFKit document writes, once it is ended. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export type PdfTicket = { facts: TicketFacts; qr: Buffer | null };

function terms(i18n: I18n, t: TicketFacts, termsUrl: string): string {
  const cancel =
    t.status !== 'valid'
      ? ''
      : t.cancelUntil
        ? i18n._(
            'Free cancellation until {until} (Rome time) through your ticket link or purchase history; after that, or once used, the ticket is not refunded.',
            { until: formatRomeDateTime(t.cancelUntil, t.locale) },
          )
        : t.cancellable
          ? i18n._(
              'It can be cancelled and refunded until it is first used, through your ticket link or purchase history.',
            )
          : '';
  return [
    i18n._(
      'This ticket is valid for the visit shown (Rome time) or, for a pass, for its validity from first use.',
    ),
    i18n._(
      'Show the QR code, on paper or on your phone, to an agent: each code is accepted once. Keep it private: whoever has it can use the ticket.',
    ),
    cancel,
    i18n._('Full terms and conditions: {url}', { url: termsUrl }),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Label and value rows from `y` down; answers where they end. */
function drawRows(doc: PDFKit.PDFDocument, rows: [string, string][], left: number, width: number, y: number) {
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(printable(label), left, y, { width: 140 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(printable(value), left + 150, y, { width: width - 150 });
    y = Math.max(doc.y, y + 16) + 6;
  }
  return y;
}

function drawPage(doc: PDFKit.PDFDocument, { facts: t, qr }: PdfTicket, termsUrl: string) {
  const i18n = serverI18n(t.locale);
  const left = 56;
  const width = doc.page.width - 2 * left;
  doc.rect(0, 0, doc.page.width, 70).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(PRODUCT_NAME, left, 24, { width });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(printable(i18n._('Order {reference}', { reference: t.reference })), left, 30, {
      width,
      align: 'right',
    });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(printable(t.title), left, 96, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(12).fillColor(MUTED).text(printable(t.company), { width });

  const rows: [string, string][] = [
    [i18n._('Order reference'), t.reference],
    [
      i18n._('When'),
      t.when ? (t.time ? i18n._('{when} (Rome time)', { when: t.when }) : t.when) : i18n._('Open-dated'),
    ],
    [i18n._('Tickets'), t.tickets],
    // Each price category's proof, for the door to check (decision 070).
    ...t.proofs,
    [i18n._('Total paid'), formatEuro(t.totalCents, t.locale)],
    [i18n._('Status'), statusWord(i18n, t.status)],
  ];
  let y = drawRows(doc, rows, left, width, doc.y + 16);

  doc.roundedRect(left, y + 6, width, 34, 6).fill('#fef3c7');
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(printable(t.usage), left + 12, y + 17, { width: width - 24 });
  y += 60;

  const size = 250;
  if (qr && t.status !== 'refunded') {
    doc.image(qr, (doc.page.width - size) / 2, y, { width: size, height: size });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(printable(i18n._('Show this QR code to an agent.')), left, y + size + 8, {
        width,
        align: 'center',
      });
  } else {
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(BRAND)
      .text(printable(i18n._('This ticket was refunded and cannot be used.')), left, y + 40, {
        width,
        align: 'center',
      });
  }

  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(printable(i18n._('Terms')), left, doc.page.height - 150, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(printable(terms(i18n, t, termsUrl)), { width });
}

/** One page per ticket, in the order given. */
export function ticketPdf(tickets: PdfTicket[], opts: { termsUrl: string }): Promise<Buffer> {
  const first = tickets[0]?.facts;
  // The document's own words (its title in a reader's window) in the first ticket's language.
  const i18n = serverI18n(first?.locale ?? DEFAULT_LOCALE);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    ...(first ? { lang: first.locale } : {}),
    info: {
      Title: printable(
        first
          ? i18n._('Ticket {reference}: {title}', { reference: first.reference, title: first.title })
          : i18n._('Tickets'),
      ),
      Author: PRODUCT_NAME,
      Subject: i18n._('Ticket'),
    },
  });
  const done = pdfBytes(doc);
  for (const ticket of tickets) {
    doc.addPage();
    drawPage(doc, ticket, opts.termsUrl);
  }
  doc.end();
  return done;
}

/** 'ticket-K3JD-9S2A.pdf' */
export const pdfFileName = (t: Pick<TicketFacts, 'reference'>): string =>
  `ticket-${t.reference.replace(/[^A-Z0-9-]/gi, '')}.pdf`;

/** What a gift card's PDF shows (decision 053): the code large, its value, balance and expiry. */
export type PdfGiftCard = {
  locale: Locale;
  code: string;
  amountCents: number;
  balanceCents: number;
  expiresAt: Date | null;
  pageUrl: string;
};

/** A gift card on one A4 page, in the card's language, to print or give. */
export function giftCardPdf(card: PdfGiftCard): Promise<Buffer> {
  const i18n = serverI18n(card.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: card.locale,
    info: { Title: printable(i18n._('Gift card')), Author: PRODUCT_NAME, Subject: i18n._('Gift card') },
  });
  const done = pdfBytes(doc);
  const left = 56;
  const width = doc.page.width - 2 * left;
  doc.rect(0, 0, doc.page.width, 70).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(PRODUCT_NAME, left, 24, { width });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(printable(i18n._('Gift card')), left, 110, { width, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(44)
    .fillColor(BRAND)
    .text(printable(formatEuro(card.amountCents, card.locale)), left, 160, { width, align: 'center' });
  doc.roundedRect(left + 40, 240, width - 80, 70, 8).fill('#fef3c7');
  doc
    .fillColor(INK)
    .font('Courier-Bold')
    .fontSize(26)
    .text(card.code, left + 40, 262, { width: width - 80, align: 'center' });
  const rows: [string, string][] = [
    [i18n._('Balance'), formatEuro(card.balanceCents, card.locale)],
    [
      i18n._('Valid until'),
      card.expiresAt
        ? i18n._('{when} (Rome time)', { when: formatRomeDate(romeParts(card.expiresAt).date, card.locale) })
        : '',
    ],
  ];
  const y = drawRows(doc, rows, left, width, 340);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(
      printable(
        i18n._(
          'Type the code at checkout: the card pays up to its balance and the rest is paid by card. What is left stays on the card.',
        ),
      ),
      left,
      y + 20,
      { width },
    )
    .moveDown(0.5)
    .text(printable(i18n._('Keep the code private: whoever has it can spend the card.')), { width })
    .moveDown(0.5)
    .text(printable(card.pageUrl), { width });
  doc.end();
  return done;
}
