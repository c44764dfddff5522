/**
 * The one way the app talks to the server: JSON over fetch under /api/, with the access token
 * when there is one. Errors carry the status and the server's body so pages can show the spec's text.
 *
 * Spec §6: a Bearer call answered with 401 renews the token pair once with the refresh token and
 * repeats the call; only when that fails are the tokens cleared and the visitor sent to /login,
 * remembering the page they were on.
 */
import type { ApiAnswer, ApiBody, ApiKey, ApiParams, ApiQuery } from '@rome/contract';

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: any,
  ) {
    super(body?.error ?? body?.detail ?? body?.message ?? `HTTP error! status: ${status}`);
  }
}

/** Spec §3 Browser storage: localStorage keys access, refresh, email, is_editor. */
export const tokenStore = {
  access: () => localStorage.getItem('access'),
  refresh: () => localStorage.getItem('refresh'),
  /** Stores a fresh pair (the server rotates refresh tokens, so both are replaced). */
  set(pair: { access: string; refresh: string }) {
    localStorage.setItem('access', pair.access);
    localStorage.setItem('refresh', pair.refresh);
    emitTokenChange();
  },
  clear() {
    for (const key of ['access', 'refresh', 'email', 'is_editor']) localStorage.removeItem(key);
    emitTokenChange();
  },
};

/** Listeners told when the stored tokens change (lib/session.ts re-renders the navbar from it). */
const tokenListeners = new Set<() => void>();
export function onTokenChange(fn: () => void): () => void {
  tokenListeners.add(fn);
  return () => tokenListeners.delete(fn);
}
function emitTokenChange() {
  for (const fn of tokenListeners) fn();
}

type Options = {
  method?: string;
  body?: unknown;
  auth?: boolean;
  signal?: AbortSignal;
  /** Background checks (editor status) set false: a dead session then just fails, no redirect. */
  loginOnExpiry?: boolean;
};

async function send(path: string, opts: Options, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  // A relative path is under /api/; an absolute one is a contract call outside it (GET /bus.json).
  return fetch(path.startsWith('/') ? path : `/api/${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
  });
}

async function read<T>(res: Response): Promise<T> {
  const text = await res.text();
  let data: any = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, { error: 'Received content is not JSON' });
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

/**
 * One renewal at a time: parallel calls that all meet a 401 share it, so a rotated refresh token is
 * spent once. Resolves to the new access token, or null when the refresh token is no longer good.
 */
let renewing: Promise<string | null> | null = null;
export function renewTokens(): Promise<string | null> {
  renewing ??= (async () => {
    const refresh = tokenStore.refresh();
    if (!refresh) return null;
    try {
      // Through the contract entry like every call (its address and answer type are the contract's);
      // without the access token, so a refused refresh is a plain failure here, never another renewal.
      const pair = await call('POST /api/api/token/refresh/', { body: { refresh } }, { auth: false });
      tokenStore.set(pair);
      return pair.access;
    } catch {
      return null;
    }
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

/** How the app goes to /login inside the single-page app; main.tsx hands over the router's. */
let navigateToLogin: ((from: string) => unknown) | null = null;

/**
 * Registered by main.tsx, not imported here: the router imports the pages, which import this module,
 * and a lazy import of the router would make the entry chunk (and its stylesheet) a dynamic dependency.
 */
export function setLoginNavigation(navigate: (from: string) => unknown) {
  navigateToLogin = navigate;
}

/** The session is over: forget the tokens and go to /login, remembering where the visitor was. */
function sendToLogin() {
  tokenStore.clear();
  const from = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (window.location.pathname === '/login') return;
  if (navigateToLogin) navigateToLogin(from);
  else window.location.assign('/login');
}

export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const token = opts.auth !== false ? tokenStore.access() : null;
  const res = await send(path, opts, token);
  if (res.status === 401 && token) {
    // Another call may have renewed the pair meanwhile; otherwise renew it now.
    const current = tokenStore.access();
    const fresh = current && current !== token ? current : await renewTokens();
    if (fresh) {
      const again = await send(path, opts, fresh);
      if (again.status !== 401) return read<T>(again);
    }
    if (opts.loginOnExpiry === false) tokenStore.clear();
    else sendToLogin();
  }
  return read<T>(res);
}

/** What `call` takes besides the key: the contract's params, query and body for that call. */
export type CallInput<K extends ApiKey> = (ApiParams<K> extends undefined
  ? { params?: undefined }
  : { params: ApiParams<K> }) &
  (ApiQuery<K> extends undefined ? { query?: undefined } : { query: ApiQuery<K> }) &
  (ApiBody<K> extends undefined ? { body?: FormData } : { body: ApiBody<K> });

/**
 * 'GET /api/success/:uniqueId/' with {uniqueId: 'x y'} -> ['GET', 'success/x%20y/'] (under /api/);
 * a call outside /api/ keeps its absolute path ('GET /bus.json' -> ['GET', '/bus.json']).
 */
export function callPath(key: string, params?: Record<string, unknown>, query?: Record<string, unknown>) {
  const [method, pattern] = key.split(' ');
  const path = pattern
    .replace(/^\/api\//, '')
    .replace(/:(\w+)/g, (_, name) => encodeURIComponent(String(params?.[name] ?? '')));
  const qs = query
    ? new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  return { method, path: qs ? `${path}?${qs}` : path };
}

/**
 * The typed way to reach the API: the key is the contract's ('POST /api/register/'), the input and
 * the answer are inferred from its schemas (type-only: no zod reaches the browser).
 */
export function call<K extends ApiKey>(
  key: K,
  input: CallInput<K> = {} as CallInput<K>,
  opts: Omit<Options, 'method' | 'body'> = {},
): Promise<ApiAnswer<K>> {
  const { method, path } = callPath(key, input.params as any, input.query as any);
  return api<ApiAnswer<K>>(path, { ...opts, method, body: input.body });
}

/**
 * The message to show for a failed call: the server's `error` (the contract's error shape; older
 * answers' `detail` or `message`), else the fallback. One rule for every page.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const body = (err as { body?: Record<string, unknown> } | null)?.body;
  for (const key of ['error', 'detail', 'message'] as const) {
    const v = body?.[key];
    if (typeof v === 'string' && v) return v;
  }
  return fallback;
}
