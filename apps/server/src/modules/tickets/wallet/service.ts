/**
 * The wallet passes of the signed-in buyer's own tickets, and whether the shop can make them.
 * The ticket link page reaches the same builders (apple.ts, google.ts) with its own lookup.
 */
import { ORDER_STATE_CODE, type OrderStatus, TICKET_MESSAGES } from '@rome/contract';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Config } from '../../../config';
import { HttpError } from '../../../lib/errors';
import type { TicketFacts } from '../../orders/ticket-link';
import { type QrStore, ticketQrPng } from '../../orders/ticket-qr';
import type { WalletTicket } from './ticket';

export type WalletAvailability = { apple: boolean; google: boolean };

/** Which wallets are configured: the web shows a wallet's button only when it is. */
export function walletAvailability(config: Pick<Config, 'wallet'>): WalletAvailability {
  return { apple: config.wallet.apple !== null, google: config.wallet.google !== null };
}

/**
 * What the ticket's QR image says. Only a hash of the claim code is stored (fulfilment.ts); the code
 * itself lives in the QR picture made at payment, so the picture is read back. Null when it cannot be.
 */
export async function qrPayloadFromImage(store: QrStore, key: string | null): Promise<string | null> {
  const png = await ticketQrPng(store, key);
  if (!png) return null;
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    {
      inversionAttempts: 'dontInvert',
    },
  );
  return found?.data || null;
}

/**
 * A ticket as wallets show it, from the facts every other view of a ticket reads (tickets/link.ts:
 * the link page, the PDF, the e-mails). `qr_payload` is what its QR says ('' when unreadable).
 */
export function walletTicketOf(t: TicketFacts, qrPayload: string): WalletTicket {
  return {
    unique_id: t.uniqueId,
    package_title: t.title,
    package_tag: t.packageTag,
    operator: t.company,
    starts_at: t.startsAt?.toISOString() ?? null,
    selected_date: t.startsAt ? null : t.selectedDate,
    time: t.time,
    adults: t.counts.adults,
    youths: t.counts.youths,
    infants: t.counts.infants,
    qr_payload: qrPayload,
    meeting_point: null,
    validity: t.usage,
    status: t.orderStatus as OrderStatus,
    claimed: t.claimed,
    // The order's language (decision 024), as its e-mail and PDF speak it.
    locale: t.locale,
  };
}

/** A paid ticket as a wallet ticket, its QR read back; a refunded or unpaid one answers 409. */
export async function paidWalletTicket(store: QrStore, t: TicketFacts): Promise<WalletTicket> {
  if (t.orderStatus !== 'paid')
    throw new HttpError(409, {
      error: TICKET_MESSAGES.walletNotPaid,
      code: ORDER_STATE_CODE,
      status: t.orderStatus,
    });
  const payload = await qrPayloadFromImage(store, t.qrFileKey);
  // Only a lost or damaged QR picture gets here: a fault of the shop's storage, not of the request.
  if (!payload) throw new Error('The ticket QR could not be read back');
  return walletTicketOf(t, payload);
}
