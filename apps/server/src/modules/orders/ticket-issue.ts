/**
 * How a paid order becomes a ticket, for every channel: the web payment (payment.ts) and a reseller's
 * confirmed booking (modules/reseller) both issue here. A ticket is
 * - a claim code (144 bits; only its SHA-256 is stored, the code lives in the QR and the e-mail or the
 *   reseller's voucher), which the agents redeem;
 * - what its QR says: the claim link, with the ticket's facts signed for the agents' app in the
 *   fragment (decision 021);
 * - for a buyer of the shop, a ticket link (decision 019) and the key of its QR picture (decision 027).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ticketQrText } from '@rome/contract';
import type { Db } from '../../db/client';
import { type OrderFacts, signOrder, signOrderFacts } from './signed-ticket';
import { hashLinkToken, newLinkToken } from './ticket-link';
import { newTicketQrKey } from './ticket-qr';

export const hashClaimCode = (code: string): string => createHash('sha256').update(code).digest('hex');

/** A web ticket's claim code: random, shown once (QR, e-mail) and never stored. */
const newClaimCode = (): string => randomBytes(18).toString('base64url');

/**
 * A reseller voucher's claim code: derived from the server secret and the order, so the voucher can be
 * shown again on every GET of the booking while only its hash is stored, as for the shop's tickets.
 * Each change of the booking (its `revision`, decision 034) derives a new one; revision 0 keeps the
 * form vouchers were issued with before.
 */
export const voucherClaimCode = (secret: string, orderId: string, revision = 0): string =>
  createHmac('sha256', secret)
    .update(revision ? `octo-ticket:${orderId}:${revision}` : `octo-ticket:${orderId}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');

/** What issuing writes on the order beside its move to paid. */
export type IssuedColumns = {
  claimCodeHash: string;
  qrFileKey?: string;
  linkTokenHash?: string;
  linkIssuedAt?: Date;
};

export type IssuedTicket = {
  /** The claim code itself: for the QR text and the e-mail, never stored. */
  code: string;
  /** The ticket link's token (the e-mail's link), when the ticket has one. */
  linkToken: string | null;
  /** The key of the QR picture drawn later from the kept QR text, when the ticket has one. */
  qrKey: string | null;
  columns: IssuedColumns;
};

/**
 * A new ticket's secrets and the columns that record them. `voucher`: a reseller's booking, whose code
 * is derived (shown again on every read) and which has no ticket link or QR picture of the shop's.
 */
export function issueTicket(
  opts: { voucher?: { secret: string; orderId: string } },
  now = new Date(),
): IssuedTicket {
  if (opts.voucher) {
    const code = voucherClaimCode(opts.voucher.secret, opts.voucher.orderId);
    return { code, linkToken: null, qrKey: null, columns: { claimCodeHash: hashClaimCode(code) } };
  }
  const code = newClaimCode();
  const linkToken = newLinkToken();
  const qrKey = newTicketQrKey();
  return {
    code,
    linkToken,
    qrKey,
    columns: {
      claimCodeHash: hashClaimCode(code),
      qrFileKey: qrKey,
      linkTokenHash: hashLinkToken(linkToken),
      linkIssuedAt: now,
    },
  };
}

/**
 * A changed ticket's new secrets (decision 034): revision + 1 and a new claim code, so the old code
 * and signed QR are refused. A reseller's voucher derives its next code; a shop ticket gets a new
 * random code and a new QR key (its picture is drawn from the QR text the caller stores).
 */
export function reissueTicket(
  order: { id: string; resellerId: string | null; ticketRevision: number },
  secret: string,
  now = new Date(),
): { code: string; qrKey: string | null; columns: Record<string, unknown> } {
  const revision = order.ticketRevision + 1;
  const changed = { ticketRevision: revision, ticketChangedAt: now };
  if (order.resellerId) {
    const code = voucherClaimCode(secret, order.id, revision);
    return { code, qrKey: null, columns: { ...changed, claimCodeHash: hashClaimCode(code) } };
  }
  const code = newClaimCode();
  const qrKey = newTicketQrKey();
  return { code, qrKey, columns: { ...changed, claimCodeHash: hashClaimCode(code), qrFileKey: qrKey } };
}

/** Where the order's facts come from: read by the caller already, or read here by the order's id. */
type FactsSource = { facts: OrderFacts } | { orderId: string };

/**
 * What a ticket's QR says: the spec's claim link (a phone's camera opens it as ever) with the ticket's
 * facts signed in its fragment for the agents' app to check offline. Without a signing secret, or
 * before a key exists, the plain claim link. `paidAt` is the payment's time when the order is signed
 * before its row records it. `reader`: the transaction to read through (PGlite has one connection).
 */
export async function ticketQrTextFor(
  k: { db: Db; publicUrl: string; signingSecret?: string; reader?: Db },
  code: string,
  source: FactsSource,
  opts: { paidAt?: Date } = {},
): Promise<string> {
  if (!k.signingSecret) return ticketQrText(k.publicUrl, code, null);
  const keys = { db: k.db, secret: k.signingSecret, reader: k.reader };
  const signed =
    'facts' in source
      ? await signOrderFacts(keys, source.facts, opts)
      : await signOrder(keys, source.orderId, opts);
  return ticketQrText(k.publicUrl, code, signed);
}
