/**
 * One order's PDF ticket, made from the database: what the mail sender attaches to a ticket e-mail
 * queued with a recipe instead of the file (fulfilment: the payment's transaction does not wait for
 * the PDF; mail/outbox.ts AttachmentRender).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { AttachmentRender } from '../../mail/outbox';
import type { Storage } from '../../storage/storage';
import { ticketFacts } from './ticket-link';
import { ticketPdf } from './ticket-pdf';
import { ticketQrPng } from './ticket-qr';

export async function renderTicketAttachment(db: Db, storage: Storage, r: AttachmentRender): Promise<Buffer> {
  if (r.kind === 'ticket-qr') {
    const png = await ticketQrPng({ storage, db }, r.qrFileKey);
    if (!png) throw new Error('The QR picture of this e-mail no longer exists');
    return png;
  }
  const [facts] = await ticketFacts(db, eq(orders.id, r.orderId));
  if (!facts) throw new Error('The ticket of this e-mail no longer exists');
  return ticketPdf([{ facts, qr: await ticketQrPng({ storage, db }, facts.qrFileKey) }], {
    termsUrl: r.termsUrl,
  });
}
