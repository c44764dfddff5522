/**
 * The ticket link, its PDF and re-sends (decision 019). Here, not in src/api/, so that none of it is in
 * the shell every visitor downloads: only the pages that use it load it.
 */
import type { InvoiceRequest, OrderInvoice } from '@rome/contract';
import {
  type ApiBody,
  TICKET_PAGES_CACHE,
  TICKET_WORKER_FILE,
  type TicketLink,
  ticketWorkerScope,
} from '@rome/contract';
import { call } from '../../api/client';
import { downloadSignedIn } from '../../api/download';

export type { TicketLink };

export const fetchTicketLink = (token: string, signal?: AbortSignal) =>
  call('GET /api/ticket-links/:token/', { params: { token } }, { signal, auth: false });

export const cancelByLink = (token: string) =>
  call('POST /api/ticket-links/:token/cancel/', { params: { token } }, { auth: false });

/** The PDF by the link: a plain download link, no script needed. */
export const linkPdfUrl = (token: string) => `/api/ticket-links/${encodeURIComponent(token)}/pdf/`;

export const findTickets = (email: string) =>
  call('POST /api/find-tickets/', { body: { email } }, { auth: false });

/** The second step, from the e-mail's link (its token after #confirm=); `endOld` ends the links before. */
export const confirmFindTickets = (token: string, endOld = false) =>
  call('POST /api/find-tickets/confirm/', { body: { token, end_old_links: endOld } }, { auth: false });

/** One more link by e-mail; the ones sent before keep working (decision 042). */
export const resendTicket = (uniqueId: string) =>
  call('POST /api/tickets/:uniqueId/resend/', { params: { uniqueId } });

/** Ends every link of the ticket and e-mails one new link. */
export const endTicketLinks = (uniqueId: string) =>
  call('POST /api/tickets/:uniqueId/links/end/', { params: { uniqueId } });

/** Downloads the buyer's PDF from the purchase history (a signed-in call). */
export const downloadTicketPdf = (uniqueId: string, fileName: string): Promise<void> =>
  downloadSignedIn(`/api/tickets/${encodeURIComponent(uniqueId)}/pdf/`, fileName);

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

/**
 * Registers the ticket worker for this page's /t/ scope (built by vite.config.ts) and puts this page in
 * its cache, which the page loaded before the worker ran: a reload with no network then shows the
 * ticket instead of the browser's offline page (decision 019). Best effort: without it the HTTP cache
 * and the saved copy still open the link.
 */
export async function keepPageOffline(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('caches' in globalThis)) return;
  const scope = ticketWorkerScope(window.location.pathname);
  if (!scope) return;
  try {
    await navigator.serviceWorker.register(`/${TICKET_WORKER_FILE}`, { scope });
    const cache = await caches.open(TICKET_PAGES_CACHE);
    if (!(await cache.match(window.location.pathname))) await cache.add(window.location.pathname);
  } catch {
    // No worker (a private window, an old browser): the link still opens from the HTTP cache.
  }
}

/** How the invoice panel reaches an order (decision 061): by the ticket link's token or the account. */
export type InvoiceAccess = {
  load: () => Promise<OrderInvoice>;
  ask: (body: InvoiceRequest) => Promise<OrderInvoice>;
  /** A signed-in download (the account's); unused with plain links. */
  download: (url: string, fileName: string) => Promise<void> | void;
  /** Plain links the browser downloads itself (the ticket link page); false: buttons that fetch. */
  plainLinks: boolean;
};

/** The invoice by the ticket link (decision 061): no account, the token opens it. */
export const invoiceByLink = (token: string): InvoiceAccess => ({
  load: () => call('GET /api/ticket-links/:token/invoice/', { params: { token } }, { auth: false }),
  ask: (body) => call('POST /api/ticket-links/:token/invoice/', { params: { token }, body }, { auth: false }),
  download: () => undefined,
  plainLinks: true,
});

/** The invoice from the purchase history: signed-in calls, downloads fetched with the Bearer header. */
export const invoiceOfOrder = (uniqueId: string): InvoiceAccess => ({
  load: () => call('GET /api/tickets/:uniqueId/invoice/', { params: { uniqueId } }),
  ask: (body) => call('POST /api/tickets/:uniqueId/invoice/', { params: { uniqueId }, body }),
  download: (url, fileName) => downloadSignedIn(url, fileName),
  plainLinks: false,
});
/** The closure a ticket is affected by, with the buyer's choices (decisions 058, 059); null: none. */
export const fetchTicketDisruption = (token: string, signal?: AbortSignal) =>
  call('GET /api/ticket-links/:token/disruption/', { params: { token } }, { signal, auth: false });

/** The buyer's one choice after a closure. */
export const chooseAfterDisruption = (
  token: string,
  body: ApiBody<'POST /api/ticket-links/:token/disruption/'>,
) => call('POST /api/ticket-links/:token/disruption/', { params: { token }, body }, { auth: false });

/** Whether the ticket may move to another time, and the times it may move to (decision 067). */
export const fetchRescheduleOptions = (token: string, date: string, signal?: AbortSignal) =>
  call(
    'GET /api/ticket-links/:token/reschedule/',
    { params: { token }, query: date ? { date } : {} },
    { signal, auth: false },
  );

/** Moves the ticket to another time of the same product; it gets a new QR code. */
export const rescheduleByLink = (token: string, slotId: string) =>
  call(
    'POST /api/ticket-links/:token/reschedule/',
    { params: { token }, body: { slot_id: slotId } },
    { auth: false },
  );
