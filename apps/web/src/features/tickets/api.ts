/**
 * The ticket link, its PDF and re-sends (decision 019). Here, not in src/api/, so that none of it is in
 * the shell every visitor downloads: only the pages that use it load it.
 */
import type { TicketLink } from '@rome/contract';
import { ApiError, call, renewTokens, tokenStore } from '../../api/client';
import { saveFile } from '../../lib/download';

export type { TicketLink };

export const fetchTicketLink = (token: string, signal?: AbortSignal) =>
  call('GET /api/ticket-links/:token/', { params: { token } }, { signal, auth: false });

export const cancelByLink = (token: string) =>
  call('POST /api/ticket-links/:token/cancel/', { params: { token } }, { auth: false });

/** The PDF by the link: a plain download link, no script needed. */
export const linkPdfUrl = (token: string) => `/api/ticket-links/${encodeURIComponent(token)}/pdf/`;

export const findTickets = (email: string) =>
  call('POST /api/find-tickets/', { body: { email } }, { auth: false });

/** The second step, from the e-mail's link (its token after #confirm=). */
export const confirmFindTickets = (token: string) =>
  call('POST /api/find-tickets/confirm/', { body: { token } }, { auth: false });

export const resendTicket = (uniqueId: string) =>
  call('POST /api/tickets/:uniqueId/resend/', { params: { uniqueId } });

/**
 * Downloads the buyer's PDF from the purchase history. The call needs the Bearer header, so it is a
 * fetch and a blob, not a plain link; an expired access token is renewed once.
 */
export async function downloadTicketPdf(uniqueId: string, fileName: string): Promise<void> {
  const url = `/api/tickets/${encodeURIComponent(uniqueId)}/pdf/`;
  const get = (token: string | null) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  let res = await get(tokenStore.access());
  if (res.status === 401) res = await get(await renewTokens());
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  saveFile(await res.blob(), fileName);
}

/**
 * The link page keeps its last answer in localStorage so the QR shows with no network (decision 019).
 * The key is the token's SHA-256, not the token: the storage lists no usable link. Without Web Crypto
 * (a page not served over https) nothing is kept.
 */
async function savedKey(token: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `ticket-link:${hex}`;
}

export type SavedTicket = { ticket: TicketLink; savedAt: string };

export async function readSavedTicket(token: string): Promise<SavedTicket | null> {
  try {
    const key = await savedKey(token);
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as SavedTicket) : null;
  } catch {
    return null;
  }
}

export async function saveTicket(token: string, ticket: TicketLink): Promise<void> {
  try {
    const key = await savedKey(token);
    if (key) localStorage.setItem(key, JSON.stringify({ ticket, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or refused (private mode): the page still works online.
  }
}

export async function forgetTicket(token: string): Promise<void> {
  try {
    const key = await savedKey(token);
    if (key) localStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}
