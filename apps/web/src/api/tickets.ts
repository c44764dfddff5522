import type { ClaimInfo, PurchasedTicket } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** The buyer's tickets (GET dashboard/, Bearer). */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => api<{ data: PurchasedTicket[] }>('dashboard/', { signal }).then((r) => r.data),
});

export type SuccessAnswer = {
  status: 'paid' | 'pending' | string;
  url: string | null;
  data?: PurchasedTicket;
  error?: string;
};
export const fetchSuccess = (uniqueId: string, signal?: AbortSignal) =>
  api<SuccessAnswer>(`success/${encodeURIComponent(uniqueId)}/`, { signal });

export const claimInfoQuery = (code: string) =>
  queryOptions({
    queryKey: ['claim-info', code],
    queryFn: ({ signal }) =>
      api<ClaimInfo>(`authenticate/${encodeURIComponent(code)}/`, { signal, auth: false }),
    retry: false,
  });

/** The agent's claim, as a POST so the security code never sits in a URL. */
export const claimTicket = (code: string, agentName: string, securityCode: string) =>
  api<{ success: boolean; msg?: string; error?: string }>('claim/', {
    method: 'POST',
    body: { code, agent_name: agentName, security_code: securityCode },
    auth: false,
  });

export type TestCheckoutSession = {
  session: string;
  test_mode: true;
  status: string;
  package: string;
  selected_date: string | null;
  adults: number;
  youths: number;
  infants: number;
  adult_price: string;
  youth_price: string;
  total_price: string;
  success_url: string;
  cancel_url: string;
};
export const testCheckoutQuery = (session: string) =>
  queryOptions({
    queryKey: ['test-checkout', session],
    queryFn: ({ signal }) =>
      api<TestCheckoutSession>(`test-checkout/${encodeURIComponent(session)}/`, { signal }),
    retry: false,
  });
export const payTestCheckout = (session: string) =>
  api<{ redirect: string }>(`test-checkout/${encodeURIComponent(session)}/pay/`, { method: 'POST' });
export const cancelTestCheckout = (session: string) =>
  api<{ redirect: string }>(`test-checkout/${encodeURIComponent(session)}/cancel/`, { method: 'POST' });

/** Downloads a QR image as ticket_qr_code.png (spec §2); alerts 'Failed to download QR code.' on failure. */
export async function downloadQr(url: string): Promise<void> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = 'ticket_qr_code.png';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  } catch {
    window.alert('Failed to download QR code.');
  }
}
