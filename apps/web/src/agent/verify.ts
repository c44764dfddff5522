/**
 * The agents' app's offline check (decision 023): a scanned text is read by the contract's
 * rules (readScan, splitSignedTicket, decodeTicketPayload), its Ed25519 signature verified with
 * WebCrypto against the public keys the device downloaded, then judged against the refunded list,
 * the pass window and Rome's date of the scan (the server's rule, `ticketWindowResult` of the
 * contract) and the tickets this device already claimed. No network, no library.
 */
import {
  AGENT_SCAN_MESSAGES,
  type AgentScanResult,
  addDays,
  decodeTicketPayload,
  formatRomeDate,
  fromBase64url,
  isReplaced,
  readScan,
  romeParts,
  splitSignedTicket,
  type TicketFacts,
  ticketWindowResult,
  windowOfFacts,
} from '@rome/contract';
import { romeTimeLabel } from './clock';

/** A public key as GET /api/agent/keys/ answers it (the fields this check uses). */
export type PublicKey = { kid: string; jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string } };

export type OfflineVerdict = {
  result: AgentScanResult;
  message: string;
  facts: TicketFacts | null;
  /** For a ticket this device claimed before: when (ISO). */
  claimedAt: string | null;
  /**
   * What the device could not know: no refunded list for the scan's Rome day, or a list older than
   * REFUNDED_MAX_AGE_H. Shown on the result (the verdict itself is still the device's best).
   */
  warning: string | null;
};

/**
 * The refunded lists a device downloaded, by Rome date (today's and tomorrow's, so a door that goes
 * offline late in the evening still knows the next day's refunds past midnight), and when.
 */
export type RefundedLists = {
  days: Readonly<Record<string, readonly string[]>>;
  fetchedAt: string;
  /** Tickets changed after they were issued: their current revision, by unique id (decision 034). */
  changed?: Readonly<Record<string, number>>;
};

/** Older than this, a refunded list no longer counts as knowing the refunds: the result says so. */
export const REFUNDED_MAX_AGE_H = 36;

/** The Rome dates a download covers, from the moment it is made: today and tomorrow. */
export const refundedDays = (at: Date): string[] => {
  const today = romeParts(at).date;
  return [today, addDays(today, 1)];
};

/** 'list from 23:05' (Rome), with the day when it is not the day of `now`. */
export const listFromLabel = (list: RefundedLists, now: Date): string =>
  `list from ${romeTimeLabel(list.fetchedAt, now)}`;

/** Why the refunded list cannot be trusted for a scan at `at`, or null when it can. */
export function refundedListWarning(list: RefundedLists | null, at: Date): string | null {
  if (!list) return 'No refunded list on this device: refunds are not known offline.';
  const day = romeParts(at).date;
  const ageH = (at.getTime() - new Date(list.fetchedAt).getTime()) / 3_600_000;
  if (!(day in list.days))
    return `The refunded list (${listFromLabel(list, at)}) does not cover ${formatRomeDate(day)}: refunds for today are not known.`;
  if (ageH > REFUNDED_MAX_AGE_H)
    return `The refunded list is ${Math.floor(ageH)} h old (${listFromLabel(list, at)}): later refunds are not known.`;
  return null;
}

export type OfflineContext = {
  keys: readonly PublicKey[];
  /** The refunded lists downloaded (null: none yet). */
  refunded: RefundedLists | null;
  /** The moment of the scan: its Rome date decides 'wrong date' and which day's list counts. */
  at: Date;
  /** When this device claimed the ticket before (ISO), if it did. */
  claimedHere: (uniqueId: string) => Promise<string | null> | string | null;
  /**
   * An operator's agent (decision 066): its operator's package tags, the only tickets it claims, as the
   * server judges; null or absent: the shop's agent, every ticket.
   */
  packageTags?: readonly string[] | null;
};

const keyCache = new Map<string, Promise<CryptoKey>>();

function importKey(key: PublicKey): Promise<CryptoKey> {
  const cacheKey = `${key.kid}:${key.jwk.x}`;
  let imported = keyCache.get(cacheKey);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x: key.jwk.x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    keyCache.set(cacheKey, imported);
  }
  return imported;
}

const ascii = (text: string): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
};

/**
 * The facts of a signed ticket when its signature verifies with one of `keys`; null when the text is
 * not a signed ticket, names an unknown key, or its signature does not match (altered or forged).
 */
export async function verifySignedTicket(
  signed: string,
  keys: readonly PublicKey[],
): Promise<TicketFacts | null> {
  const parts = splitSignedTicket(signed);
  if (!parts) return null;
  const facts = decodeTicketPayload(parts.payload);
  const signature = fromBase64url(parts.signature);
  if (!facts || !signature || signature.length !== 64) return null;
  const key = keys.find((k) => k.kid === facts.kid);
  if (!key) return null;
  try {
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      await importKey(key),
      Uint8Array.from(signature),
      ascii(parts.payload),
    );
    return ok ? facts : null;
  } catch {
    return null;
  }
}

export const OFFLINE_MESSAGES = {
  valid: 'Valid: ticket claimed on this device (will sync).',
  already_claimed: 'Already claimed on this device.',
  refunded: 'This ticket was refunded and cannot be used.',
  replaced: AGENT_SCAN_MESSAGES.replaced,
  wrong_date: AGENT_SCAN_MESSAGES.wrong_date,
  expired: AGENT_SCAN_MESSAGES.expired,
  unsigned: 'An old ticket without a signature: it can only be checked online.',
  unknown: 'Not a ticket: scan the QR code or type the claim link.',
  forged: 'Not a ticket of this shop: the signature does not match.',
  other_operator: AGENT_SCAN_MESSAGES.other_operator,
} as const;

/** Judges a scanned or typed text with no network. */
export async function judgeOffline(scan: string, ctx: OfflineContext): Promise<OfflineVerdict> {
  const { signed, code } = readScan(scan);
  const verdict = (
    result: AgentScanResult,
    message: string,
    facts: TicketFacts | null = null,
    warning: string | null = null,
  ): OfflineVerdict => ({ result, message, facts, claimedAt: null, warning });
  if (!signed) return verdict('unknown', code ? OFFLINE_MESSAGES.unsigned : OFFLINE_MESSAGES.unknown);
  const facts = await verifySignedTicket(signed, ctx.keys);
  if (!facts) return verdict('forged', OFFLINE_MESSAGES.forged);
  if (ctx.packageTags && !ctx.packageTags.includes(facts.packageTag))
    return verdict('other_operator', OFFLINE_MESSAGES.other_operator, facts);
  // The scan's own Rome day, not the day the list was downloaded: past midnight it is tomorrow's list.
  const day = romeParts(ctx.at).date;
  if (ctx.refunded?.days[day]?.includes(facts.uniqueId))
    return verdict('refunded', OFFLINE_MESSAGES.refunded, facts);
  // A booking changed since this QR was issued: its new voucher is the ticket now.
  if (isReplaced(facts, ctx.refunded?.changed?.[facts.uniqueId] ?? 0))
    return verdict('replaced', OFFLINE_MESSAGES.replaced, facts);
  // The server's own rule (contract): a pass past its window (a version 2 payload carries it; a version
  // 1 ticket, sold before, carries none and is judged as before), then the scan's Rome date.
  const window = ticketWindowResult(windowOfFacts(facts), ctx.at);
  if (window) return verdict(window, OFFLINE_MESSAGES[window], facts);
  const warning = refundedListWarning(ctx.refunded, ctx.at);
  const before = await ctx.claimedHere(facts.uniqueId);
  if (before)
    return {
      ...verdict('already_claimed', OFFLINE_MESSAGES.already_claimed, facts, warning),
      claimedAt: before,
    };
  return verdict('valid', OFFLINE_MESSAGES.valid, facts, warning);
}
