/**
 * The agents' app's calls (contract agent-app.api.ts) with the device token (decision 021). The token
 * is the device's own credential, kept in localStorage until the device is revoked (decision 023).
 * A 401 means the device was revoked (or its agent disabled): the app signs out. A fetch that fails
 * without an answer, or a gateway's 502/503/504, is a NetworkError: the app checks the ticket offline.
 */
import { type ApiAnswer, type ApiKey, type CallInput, callPath, type SyncResult } from '@rome/contract';

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

/**
 * One call of the contract (agent-app.api.ts) by its key: params, query and body typed by the entry,
 * the answer its success shape. `token`: the device's, for the 'agent' calls.
 */
async function call<K extends ApiKey>(
  key: K,
  input: CallInput<K> = {} as CallInput<K>,
  token?: string,
): Promise<ApiAnswer<K>> {
  const { method, path } = callPath(key, input.params as never, input.query as never);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api/${path}`, {
      method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      cache: 'no-store',
    });
  } catch {
    throw new NetworkError('No network.');
  }
  // A proxy's answer with the shop down is no answer either: the door goes on offline.
  if (res.status === 502 || res.status === 503 || res.status === 504)
    throw new NetworkError('The shop is not answering.');
  const body = await res.json().catch(() => null);
  if (res.status === 401 && token) throw new Unauthorized(body?.error ?? 'This device was signed out.');
  if (!res.ok) throw new Error(body?.error ?? `The server answered ${res.status}.`);
  return body as ApiAnswer<K>;
}

export async function signInDevice(email: string, password: string, label: string): Promise<Device> {
  const r = await call('POST /api/agent/devices/', { body: { email, password, label } });
  return { token: r.token, agentName: r.device.agent_name, label: r.device.label, id: r.device.id };
}

export const fetchKeys = (token: string) => call('GET /api/agent/keys/', {}, token).then((r) => r.keys);

/** Who the device is: an operator's agent learns its operator's package tags (decision 066). */
export const fetchMe = (token: string) => call('GET /api/agent/me/', {}, token);

export const fetchRefunded = (token: string, date: string) =>
  call('GET /api/agent/refunded/', { query: { date } }, token);

export const claimOnline = (token: string, scan: string) =>
  call('POST /api/agent/claims/', { body: { scan } }, token);

/** One claim's answer after an upload: the contract's SyncResult, written once. */
export type SyncAnswer = SyncResult;

export const uploadClaims = (token: string, claims: { id: string; scan: string; claimed_at: string }[]) =>
  call('POST /api/agent/claims/sync/', { body: { claims } }, token).then((r) => r.results);

/** Package names by tag (the shop's public list), so a ticket checked offline shows its name. */
export const fetchPackageNames = () =>
  call('GET /api/packages/').then((r) => Object.fromEntries(r.bus_data.map((p) => [p.package_tag, p.title])));
