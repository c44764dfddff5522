/**
 * The agents' app's calls (contract agent-app.api.ts) with the device token (decision 021). The token
 * is the device's own credential, kept in localStorage until the device is revoked (decision 023).
 * A 401 means the device was revoked (or its agent disabled): the app signs out. A fetch that fails
 * without an answer, or a gateway's 502/503/504, is a NetworkError: the app checks the ticket offline.
 */
import type { ScanAnswer } from '@rome/contract';
import type { PublicKey } from './verify';

const DEVICE_KEY = 'rome-agent-device';

export type Device = { token: string; agentName: string; label: string; id: string };

export class Unauthorized extends Error {}
export class NetworkError extends Error {}

export function loadDevice(): Device | null {
  try {
    const d = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null');
    return d && typeof d.token === 'string' ? d : null;
  } catch {
    return null;
  }
}
export const saveDevice = (d: Device) => localStorage.setItem(DEVICE_KEY, JSON.stringify(d));
export const forgetDevice = () => localStorage.removeItem(DEVICE_KEY);

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, cache: 'no-store' });
  } catch {
    throw new NetworkError('No network.');
  }
  // A proxy's answer with the shop down is no answer either: the door goes on offline.
  if (res.status === 502 || res.status === 503 || res.status === 504)
    throw new NetworkError('The shop is not answering.');
  const body = await res.json().catch(() => null);
  if (res.status === 401 && init.token) throw new Unauthorized(body?.error ?? 'This device was signed out.');
  if (!res.ok) throw new Error(body?.error ?? `The server answered ${res.status}.`);
  return body as T;
}

export async function signInDevice(email: string, password: string, label: string): Promise<Device> {
  const r = await call<{ token: string; device: { id: string; agent_name: string; label: string } }>(
    '/api/agent/devices/',
    { method: 'POST', body: JSON.stringify({ email, password, label }) },
  );
  return { token: r.token, agentName: r.device.agent_name, label: r.device.label, id: r.device.id };
}

export const fetchKeys = (token: string) =>
  call<{ keys: (PublicKey & { current: boolean })[] }>('/api/agent/keys/', { token }).then((r) => r.keys);

export const fetchRefunded = (token: string, date: string) =>
  call<{ date: string; tickets: { unique_id: string }[] }>(`/api/agent/refunded/?date=${date}`, { token });

export const claimOnline = (token: string, scan: string) =>
  call<ScanAnswer>('/api/agent/claims/', { method: 'POST', token, body: JSON.stringify({ scan }) });

export type SyncAnswer = ScanAnswer & { id: string; repeated: boolean; conflict: boolean; kept: boolean };

export const uploadClaims = (token: string, claims: { id: string; scan: string; claimed_at: string }[]) =>
  call<{ results: SyncAnswer[] }>('/api/agent/claims/sync/', {
    method: 'POST',
    token,
    body: JSON.stringify({ claims }),
  }).then((r) => r.results);

/** Package names by tag (the shop's public list), so a ticket checked offline shows its name. */
export const fetchPackageNames = () =>
  call<{ bus_data: { package_tag: string; title: string }[] }>('/api/packages/').then((r) =>
    Object.fromEntries(r.bus_data.map((p) => [p.package_tag, p.title])),
  );
