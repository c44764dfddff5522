/**
 * The ticket as a PDF (issue #18), made with PDFKit: one A4 page per ticket with the shop's header,
 * the package, operator, visit in Rome time, counts, order reference, how it is used, the QR large,
 * and the terms. Built in memory; the built-in Helvetica, so the text is Windows-1252: any other
 * character is drawn as '?', never an error.
 */
import { formatEuro, formatRomeDateTime, PRODUCT_NAME } from '@rome/contract';
import PDFDocument from 'pdfkit';
import type { TicketFacts } from './link';

const BRAND = '#7f1d1d';
const INK = '#1c1917';
const MUTED = '#57534e';
const STATUS_WORDS = { valid: 'Valid', claimed: 'Used (claimed)', refunded: 'Refunded: not valid' } as const;

/** Keeps the characters Helvetica's Windows-1252 encoding has. */
const printable = (text: string): string =>
  text.normalize('NFC').replace(/[^\x20-\x7E\u00A0-\u00FF€‘’“”–—•…]/g, '?');

export type PdfTicket = { facts: TicketFacts; qr: Buffer | null };

function terms(t: TicketFacts, termsUrl: string): string {
  const cancel =
    t.status !== 'valid'
      ? ''
      : t.cancelUntil
        ? ` Free cancellation until ${formatRomeDateTime(t.cancelUntil)} (Rome time) through your ticket link or purchase history; after that, or once used, the ticket is not refunded.`
        : t.cancellable
          ? ' It can be cancelled and refunded until it is first used, through your ticket link or purchase history.'
          : '';
  return (
    `This ticket is valid for the visit shown (Rome time) or, for a pass, for its validity from first use. ` +
    `Show the QR code, on paper or on your phone, to an agent: each code is accepted once. Keep it private: ` +
    `whoever has it can use the ticket.${cancel} Full terms and conditions: ${termsUrl}`
  );
}

function drawPage(doc: PDFKit.PDFDocument, { facts: t, qr }: PdfTicket, termsUrl: string) {
  const left = 56;
  const width = doc.page.width - 2 * left;
  doc.rect(0, 0, doc.page.width, 70).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(20).text(PRODUCT_NAME, left, 24, { width });
  doc.font('Helvetica').fontSize(11).text(`Order ${t.reference}`, left, 30, { width, align: 'right' });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(printable(t.title), left, 96, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(12).fillColor(MUTED).text(printable(t.company), { width });

  const rows: [string, string][] = [
    ['Order reference', t.reference],
    ['When', t.when ? `${t.when}${t.time ? ' (Rome time)' : ''}` : 'Open-dated'],
    ['Tickets', t.tickets],
    ['Total paid', formatEuro(t.totalCents)],
    ['Status', STATUS_WORDS[t.status]],
  ];
  let y = doc.y + 16;
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(label, left, y, { width: 140 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(printable(value), left + 150, y, { width: width - 150 });
    y = Math.max(doc.y, y + 16) + 6;
  }

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
      .text('Show this QR code to an agent.', left, y + size + 8, { width, align: 'center' });
  } else {
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(BRAND)
      .text('This ticket was refunded and cannot be used.', left, y + 40, { width, align: 'center' });
  }

  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Terms', left, doc.page.height - 150, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(printable(terms(t, termsUrl)), { width });
}

/** One page per ticket, in the order given. */
export function ticketPdf(tickets: PdfTicket[], opts: { termsUrl: string }): Promise<Buffer> {
  const first = tickets[0]?.facts;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: {
      Title: printable(first ? `Ticket ${first.reference}: ${first.title}` : 'Tickets'),
      Author: PRODUCT_NAME,
      Subject: 'Ticket',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
