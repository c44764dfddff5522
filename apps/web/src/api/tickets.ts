/** Tickets, the test checkout and agent claims: the contract's calls (types inferred from it). */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiAnswer } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { saveFile } from '../lib/download';
import { call } from './client';

/** The buyer's tickets (GET dashboard/, Bearer). */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => call('GET /api/dashboard/', {}, { signal }).then((r) => r.data),
});

/** The success page's answer: 'pending' (202) while the payment is being confirmed, then 'paid'. */
export type SuccessAnswer = ApiAnswer<'GET /api/success/:uniqueId/'>;
export const fetchSuccess = (uniqueId: string, signal?: AbortSignal) =>
  call('GET /api/success/:uniqueId/', { params: { uniqueId } }, { signal });

export const claimInfoQuery = (code: string) =>
  queryOptions({
    queryKey: ['claim-info', code],
    queryFn: ({ signal }) =>
      call('GET /api/authenticate/:code/', { params: { code } }, { signal, auth: false }),
    retry: false,
  });

/** The agent's claim, as a POST so the security code never sits in a URL. */
export const claimTicket = (code: string, agentName: string, securityCode: string) =>
  call(
    'POST /api/claim/',
    { body: { code, agent_name: agentName, security_code: securityCode } },
    { auth: false },
  );

export type TestCheckoutSession = ApiAnswer<'GET /api/test-checkout/:session/'>;
export const testCheckoutQuery = (session: string) =>
  queryOptions({
    queryKey: ['test-checkout', session],
    queryFn: ({ signal }) => call('GET /api/test-checkout/:session/', { params: { session } }, { signal }),
    retry: false,
  });
export const payTestCheckout = (session: string) =>
  call('POST /api/test-checkout/:session/pay/', { params: { session } });
export const cancelTestCheckout = (session: string) =>
  call('POST /api/test-checkout/:session/cancel/', { params: { session } });

/**
 * Downloads a QR image as ticket_qr_code.png (spec §2); alerts 'Failed to download QR code.' on
 * failure. An image file, not an API call: a plain fetch.
 */
export async function downloadQr(url: string): Promise<void> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(String(res.status));
    saveFile(await res.blob(), 'ticket_qr_code.png');
  } catch {
    window.alert(i18n._(msg`Failed to download QR code.`));
  }
}

/** The buyer cancels an unused ticket before its cut-off and is refunded (inventory). */
export const cancelTicket = (uniqueId: string) =>
  call('POST /api/tickets/:uniqueId/cancel/', { params: { uniqueId } });
