/**
 * The agents' app (decision 021): what a ticket's signed QR payload holds and how it is
 * written, how a scanned text is read, and what a scan can answer. Pure rules, no crypto: the server
 * signs and verifies with node:crypto, the app verifies with WebCrypto, both over these bytes.
 *
 * A signed ticket is `<payload>.<signature>`, both base64url: the payload is the UTF-8 JSON array
 * [2, kid, uniqueId, packageTag, date | null, slot | null, adults, youths, infants,
 *  availabilityType | null, paidAt (epoch ms) | null, validityDays | null] (version 2; version 1, the
 * first nine only, is still read: tickets sold before carry it, and are judged as before), or version 3,
 * version 2 with the ticket's revision appended (a ticket changed after it was issued: decision 034), or
 * version 4, version 3 (its revision 0 or more) with the price categories' lines appended as
 * [[key, count], ...] (decision 070: the door sees what proof to check offline too), the signature
 * Ed25519 over the ASCII bytes of `<payload>` (as JWS signs its header and payload). New tickets' QR
 * codes hold the spec's claim link with it in the fragment: `/verify/<code>/#t=<signed ticket>`, so
 * a phone's camera still opens the claim page, and the server never sees the fragment in a URL.
 */

import {
  isPriceCategory,
  MAX_CATEGORY_TICKETS,
  PRICE_CATEGORIES,
  type PriceCategoryKey,
} from './price-categories';
import { romeParts } from './rome-time';

/** The version new tickets are signed with (2: with the pass window; 3 once changed, decision 034); 1 is still read. */
export const SIGNED_TICKET_VERSION = 2;
export const SIGNED_TICKET_ALG = 'EdDSA';
/** The fragment key that carries the signed ticket in the claim link. */
export const SIGNED_TICKET_PARAM = 't';

/** What a signed ticket says: enough to judge it at the door with no network. */
export type TicketFacts = {
  kid: string;
  /** The order's success id (not a secret: it opens nothing by itself). */
  uniqueId: string;
  packageTag: string;
  /** Rome's date of the visit (YYYY-MM-DD), null for an open-dated pass. */
  date: string | null;
  /** The slot's Rome start time (HH:MM), null without a slot. */
  slot: string | null;
  adults: number;
  youths: number;
  infants: number;
  /**
   * Version 2 (absent from a version 1 payload): what the pass rule (`passExpired`) reads, as the
   * ticket was sold: the package's availability type ('PASS' for an open-dated pass), when the order
   * was paid (epoch milliseconds) and the pass's validity in days.
   */
  availabilityType?: string | null;
  paidAt?: number | null;
  validityDays?: number | null;
  /**
   * Version 3: how often the ticket was changed after it was issued (a moved or reduced booking,
   * decision 034). Absent means 0. A QR of an earlier revision is void.
   */
  revision?: number;
  /**
   * Version 4: the price categories' lines beside adults, youths and infants (decision 070), each
   * kind once with how many. Absent or empty: none.
   */
  extras?: readonly { key: PriceCategoryKey; count: number }[];
};

/** What a scan answers, for the big coloured screen. */
export const AGENT_SCAN_RESULTS = [
  'valid',
  'already_claimed',
  'refunded',
  'wrong_date',
  'expired',
  'replaced',
  'unknown',
  'forged',
  /** An operator's agent scanned another operator's ticket (decision 066): not claimed. */
  'other_operator',
] as const;
export type AgentScanResult = (typeof AGENT_SCAN_RESULTS)[number];

export const AGENT_SCAN_MESSAGES: Record<AgentScanResult, string> = {
  valid: 'Valid: ticket claimed.',
  already_claimed: 'Already claimed.',
  refunded: 'This ticket was refunded and cannot be used.',
  wrong_date: 'Not for today.',
  expired: 'This pass was not used in time and has expired.',
  replaced: 'This ticket was changed: ask for its new voucher.',
  unknown: 'Unknown ticket.',
  forged: 'Not a ticket of this shop: the signature does not match.',
  other_operator: "Another operator's ticket: not for this door.",
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX: Record<string, number> = Object.fromEntries([...B64].map((c, i) => [c, i]));

export function toBase64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += B64[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** Null when the text is not canonical base64url (so one altered character cannot decode alike). */
export function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let acc = 0;
  let j = 0;
  for (const c of text) {
    acc = (acc << 6) | B64_INDEX[c];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (acc >> bits) & 255;
    }
  }
  // Left-over bits must be zero, else two texts would decode to the same bytes.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

function fromUtf8(bytes: Uint8Array): string | null {
  try {
    let encoded = '';
    for (const b of bytes) encoded += `%${b.toString(16).padStart(2, '0')}`;
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

const hasWindow = (f: TicketFacts): boolean =>
  f.availabilityType !== undefined || f.paidAt !== undefined || f.validityDays !== undefined;

/**
 * The payload part of a signed ticket (base64url of the JSON array): version 2 when the facts carry
 * the pass window (the server always signs them), else version 1 (as tickets sold before were).
 */
export function encodeTicketPayload(f: TicketFacts): string {
  const v1 = [f.kid, f.uniqueId, f.packageTag, f.date, f.slot, f.adults, f.youths, f.infants];
  const v2 = [...v1, f.availabilityType ?? null, f.paidAt ?? null, f.validityDays ?? null];
  // A ticket never changed and without categories keeps version 2: its QR is no denser than before.
  const extras = (f.extras ?? []).filter((e) => e.count > 0).map((e) => [e.key, e.count]);
  const array =
    extras.length > 0
      ? [4, ...v2, f.revision ?? 0, extras]
      : f.revision
        ? [3, ...v2, f.revision]
        : hasWindow(f)
          ? [2, ...v2]
          : [1, ...v1];
  return toBase64url(utf8(JSON.stringify(array)));
}

const isCount = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < 1000;
const isShortText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

/** The facts of a payload part, or null when it is not one (it says nothing about the signature). */
export function decodeTicketPayload(payload: string): TicketFacts | null {
  const bytes = fromBase64url(payload);
  const text = bytes && fromUtf8(bytes);
  if (!text) return null;
  let a: unknown;
  try {
    a = JSON.parse(text);
  } catch {
    return null;
  }
  if (
    !Array.isArray(a) ||
    !(
      (a[0] === 1 && a.length === 9) ||
      (a[0] === 2 && a.length === 12) ||
      (a[0] === 3 && a.length === 13) ||
      (a[0] === 4 && a.length === 14)
    )
  )
    return null;
  const [version, kid, uniqueId, packageTag, date, slot, adults, youths, infants] = a;
  if (!isShortText(kid) || !isShortText(uniqueId) || !isShortText(packageTag)) return null;
  if (date !== null && !(typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date))) return null;
  if (slot !== null && !(typeof slot === 'string' && /^\d{2}:\d{2}$/.test(slot))) return null;
  if (!isCount(adults) || !isCount(youths) || !isCount(infants)) return null;
  const facts: TicketFacts = { kid, uniqueId, packageTag, date, slot, adults, youths, infants };
  if (version === 1) return facts;
  const [availabilityType, paidAt, validityDays] = a.slice(9);
  if (availabilityType !== null && !isShortText(availabilityType)) return null;
  if (paidAt !== null && !(Number.isSafeInteger(paidAt) && paidAt >= 0)) return null;
  if (
    validityDays !== null &&
    !(Number.isInteger(validityDays) && validityDays >= 0 && validityDays <= 100_000)
  )
    return null;
  if (version === 2) return { ...facts, availabilityType, paidAt, validityDays };
  const revision = a[12];
  const lowest = version === 3 ? 1 : 0;
  if (!(Number.isInteger(revision) && revision >= lowest && revision < 1_000_000)) return null;
  const changed = { ...facts, availabilityType, paidAt, validityDays, ...(revision ? { revision } : {}) };
  if (version === 3) return changed;
  const extras = readExtras(a[13]);
  return extras ? { ...changed, extras } : null;
}

/** A version 4 payload's category lines: each known kind at most once, 1 to the order's limit each. */
function readExtras(v: unknown): TicketFacts['extras'] | null {
  if (!Array.isArray(v) || v.length === 0 || v.length > PRICE_CATEGORIES.length) return null;
  const out: { key: PriceCategoryKey; count: number }[] = [];
  for (const line of v) {
    if (!Array.isArray(line) || line.length !== 2) return null;
    const [key, count] = line;
    if (!isPriceCategory(key) || out.some((e) => e.key === key)) return null;
    if (!(Number.isInteger(count) && count >= 1 && count <= MAX_CATEGORY_TICKETS)) return null;
    out.push({ key, count });
  }
  return out;
}

/** Whether a signed ticket's facts are of an earlier revision than the ticket's current one. */
export const isReplaced = (facts: Pick<TicketFacts, 'revision'>, current: number): boolean =>
  (facts.revision ?? 0) < current;

/** Splits `<payload>.<signature>`; null when the text does not have that form. */
export function splitSignedTicket(text: string): { payload: string; signature: string } | null {
  const m = /^([A-Za-z0-9_-]{16,1000})\.([A-Za-z0-9_-]{86})$/.exec(text);
  return m ? { payload: m[1], signature: m[2] } : null;
}

/** The claim link's code form (as the spec's claim page takes it). */
export const isClaimCodeText = (code: string): boolean => /^[A-Za-z0-9_-]{16,64}$/.test(code);

/**
 * What a scanned or typed text holds: a signed ticket (a new ticket's QR, or the bare signed text),
 * the claim code of the spec's link (an old ticket's QR, or the code typed), or both.
 */
export function readScan(raw: string): { signed: string | null; code: string | null } {
  const text = raw.trim();
  if (text.length > 2000) return { signed: null, code: null };
  const fragment = new RegExp(`[#&?]${SIGNED_TICKET_PARAM}=([A-Za-z0-9_.-]+)`).exec(text);
  const verify = /\/verify\/([A-Za-z0-9_-]+)/.exec(text);
  const signed = fragment ? fragment[1] : splitSignedTicket(text) ? text : null;
  const code = verify ? verify[1] : !signed && isClaimCodeText(text) ? text : null;
  return { signed, code };
}

/** The text of a ticket's QR: the spec's claim link, with the signed ticket in its fragment when there is one. */
export function ticketQrText(publicUrl: string, code: string, signed: string | null): string {
  const link = `${publicUrl}/verify/${code}/`;
  return signed ? `${link}#${SIGNED_TICKET_PARAM}=${signed}` : link;
}

/** Rome's date a ticket is for, against Rome's date of the scan: a pass (no date) is any day's. */
export const isForDay = (ticketDate: string | null, romeDay: string): boolean =>
  ticketDate === null || ticketDate === romeDay;

/**
 * Whether an open-dated pass was not used within its validity (days from its payment) at `now`. The
 * one rule: the claim page, the OCTO redemption, the online scan and the device offline all read it.
 */
export function passExpired(
  paidAt: Date | null,
  type: string | null,
  validityDays: number | null,
  now = new Date(),
): boolean {
  return (
    type === 'PASS' &&
    validityDays !== null &&
    paidAt !== null &&
    paidAt.getTime() + validityDays * 86_400_000 < now.getTime()
  );
}

/** What the window rule reads of a ticket: its Rome date (null for a pass) and its pass window. */
export type TicketWindow = {
  date: string | null;
  paidAt: Date | null;
  availabilityType: string | null;
  validityDays: number | null;
};

/**
 * A ticket's window at `at`: 'expired' (a pass past its validity), 'wrong_date' (not for Rome's date
 * of `at`), or null (it may pass). The online scan (server) and the offline check (device) both judge by it.
 */
export function ticketWindowResult(t: TicketWindow, at: Date): 'expired' | 'wrong_date' | null {
  if (passExpired(t.paidAt, t.availabilityType, t.validityDays, at)) return 'expired';
  if (!isForDay(t.date, romeParts(at).date)) return 'wrong_date';
  return null;
}

/** The window a signed ticket carries (a version 1 payload carries no pass window: never expired). */
export const windowOfFacts = (f: TicketFacts): TicketWindow => ({
  date: f.date,
  paidAt: f.paidAt == null ? null : new Date(f.paidAt),
  availabilityType: f.availabilityType ?? null,
  validityDays: f.validityDays ?? null,
});
