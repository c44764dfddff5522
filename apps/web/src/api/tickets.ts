/** Tickets, the test checkout and agent claims: the contract's calls (types inferred from it). */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiAnswer } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { saveFile } from '../lib/download';
import { ApiError, call, tokenStore } from './client';

/** The buyer's tickets (GET dashboard/, Bearer). */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => call('GET /api/dashboard/', {}, { signal }).then((r) => r.data),
});

/** The success page's answer: 'pending' (202) while the payment is being confirmed, then 'paid'. */
export type SuccessAnswer = ApiAnswer<'GET /api/success/:uniqueId/'>;
/**
 * The success page's answer: a signed-in buyer's by their account, a guest's by the browser's guest
 * cookie (decision 035), also when the guest has signed in since.
 */
export async function fetchSuccess(
  uniqueId: string,
  signal?: AbortSignal,
): Promise<SuccessAnswer & { viaGuest?: true }> {
  const asGuest = async () => ({
    ...(await call('GET /api/guest-orders/:uniqueId/', { params: { uniqueId } }, { signal, auth: false })),
    viaGuest: true as const,
  });
  if (!tokenStore.signedIn()) return asGuest();
  try {
    return await call('GET /api/success/:uniqueId/', { params: { uniqueId } }, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return asGuest();
    throw err;
  }
}

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
/** The test checkout of a signed-in buyer's session, or of a guest's (its cookie opens it). */
export const testCheckoutQuery = (session: string) =>
  queryOptions({
    queryKey: ['test-checkout', session],
    queryFn: ({ signal }) =>
      tokenStore.signedIn()
        ? call('GET /api/test-checkout/:session/', { params: { session } }, { signal })
        : call('GET /api/guest-checkout/:session/', { params: { session } }, { signal, auth: false }),
    retry: false,
  });
export const payTestCheckout = (session: string) =>
  tokenStore.signedIn()
    ? call('POST /api/test-checkout/:session/pay/', { params: { session } })
    : call('POST /api/guest-checkout/:session/pay/', { params: { session } }, { auth: false });
export const cancelTestCheckout = (session: string) =>
  tokenStore.signedIn()
    ? call('POST /api/test-checkout/:session/cancel/', { params: { session } })
    : call('POST /api/guest-checkout/:session/cancel/', { params: { session } }, { auth: false });

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
