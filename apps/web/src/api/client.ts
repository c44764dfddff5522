/**
 * The one way the app talks to the server: JSON over fetch under /api/, with the access token
 * when there is one. Errors carry the status and the server's body so pages can show the spec's text.
 *
 * Spec §6: a Bearer call answered with 401 renews the access token once from the session cookie and
 * repeats the call; only when that fails are the tokens cleared and the visitor sent to /login,
 * remembering the page they were on.
 */

import { i18n } from '@lingui/core';
import { type ApiAnswer, type ApiKey, type CallInput, callPath, pagePath } from '@rome/contract';
import { appPath, pageLocale, specPathname } from '../i18n/locale';
import { accessToken, onAccessTokenChange } from '../lib/access-token';
import { pageKey } from '../lib/page-key';

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: any,
  ) {
    super(body?.error ?? body?.detail ?? body?.message ?? `HTTP error! status: ${status}`);
  }
}

/**
 * Where the sign-in lives (decision 018, which narrows spec §3 Browser storage so that no page script
 * can read a token): the
 * access token in this tab's memory (lib/access-token.ts), the refresh token in an HttpOnly cookie
 * that page scripts cannot read. localStorage keeps the spec's `email` and `is_editor`; the `email`
 * says this browser has a session worth restoring. Tokens an older version of the app left under the
 * spec's `access` and `refresh` keys are handed to the cookie once and removed.
 */
const LEGACY_KEYS = ['access', 'refresh'] as const;

export const tokenStore = {
  /** The access token; none once another tab signed out (it cleared the shared storage). */
  access: (): string | null => (tokenStore.hinted() ? accessToken.get() : null),
  /** Signed in: an access token in memory, or this page load's restore of the session still on its way. */
  signedIn: (): boolean => Boolean(tokenStore.access()) || restoringSession(),
  /** True when this browser signed in and the cookie may still hold the session. */
  hinted: () => localStorage.getItem('email') !== null || localStorage.getItem('refresh') !== null,
  clear() {
    for (const key of [...LEGACY_KEYS, 'email', 'is_editor']) localStorage.removeItem(key);
    accessToken.set(null);
    emitTokenChange();
  },
};

/** Listeners told when the session changes (lib/session.ts re-renders the navbar from it). */
const tokenListeners = new Set<() => void>();
export function onTokenChange(fn: () => void): () => void {
  tokenListeners.add(fn);
  const off = onAccessTokenChange(fn);
  return () => {
    tokenListeners.delete(fn);
    off();
  };
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
  headers?: Record<string, string>;
};

async function send(path: string, opts: Options, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  // A call that may send an e-mail (a reset code, a confirmation) says the page's language, so the
  // e-mail speaks it (decision 024). Reads keep the browser's own header: their answers do not vary.
  if (opts.method && opts.method !== 'GET') headers['accept-language'] = pageLocale;
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
 * Tabs of one browser share the cookie, and a refresh token is spent on use: two tabs renewing at once
 * would present the same one and the second would end the sign-in. The Web Locks API runs one renewal
 * at a time across tabs, each sending the cookie the previous one left.
 */
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('rbt-session', fn) as Promise<T>) : fn();
}

/**
 * POST /api/session/refresh/: a new access token from the cookie (or from `handover`, a refresh token
 * fresh from a sign-in, which the server spends to start the cookie). Null when the session is over;
 * the browser's traces of it are then cleared (a 4xx), or kept for the next page load when the server
 * could not be reached.
 */
async function sessionAccess(handover?: string): Promise<string | null> {
  const legacy = handover ?? localStorage.getItem('refresh') ?? undefined;
  // A page without the key cannot use the sign-in (decision 032) and counts as signed out. A top-level
  // page has none when the browser's sign-in was over as it loaded: its traces go, as after a 401. A
  // frame's page gets none either way, and leaves the other tabs' sign-in alone.
  if (!legacy && !pageKey.get()) {
    if (window.top === window) tokenStore.clear();
    return null;
  }
  try {
    // Without the access token, so a refused renewal is a plain failure here, never another renewal.
    const answer = await oneAtATime(() =>
      call(
        'POST /api/session/refresh/',
        { body: legacy ? { refresh: legacy } : {} },
        { auth: false, headers: pageKey.headers() },
      ),
    );
    pageKey.set(answer.page_key);
    for (const key of LEGACY_KEYS) localStorage.removeItem(key);
    accessToken.set(answer.access);
    emitTokenChange();
    return answer.access;
  } catch (err) {
    // 403: this page's key is of an earlier sign-in (the browser signed out and in since; the next page
    // load has the new one), or the call did not come from the shop: nothing to forget either way.
    if (err instanceof ApiError && err.status === 403) return null;
    if (err instanceof ApiError && err.status < 500) tokenStore.clear();
    return null;
  }
}

/** After a sign-in: the refresh token goes to the cookie at once and is not kept anywhere else. */
export const startCookieSession = (refresh: string) => sessionAccess(refresh);

/**
 * One renewal at a time in this tab: parallel calls that all meet a 401 share it. Resolves to the new
 * access token, or null when the session is over.
 */
let renewing: Promise<string | null> | null = null;
export function renewTokens(): Promise<string | null> {
  renewing ??= sessionAccess().finally(() => {
    renewing = null;
  });
  return renewing;
}

/**
 * The session of a signed-in browser, restored once per page load: the first call that needs the
 * token waits for it. Resolves to the access token, or null when signed out.
 */
let restoring: Promise<string | null> | null = null;
let restored = false;
export function restoreSession(): Promise<string | null> {
  if (!restoring) {
    restoring = (tokenStore.hinted() ? renewTokens() : Promise.resolve(null)).finally(() => {
      restored = true;
      emitTokenChange();
    });
    accessToken.restoring(restoring);
  }
  return restoring;
}
/** The access token, once this page load's restore has answered; null when signed out. */
export const currentAccess = async (): Promise<string | null> =>
  tokenStore.access() ?? (await restoreSession());

/** True while the page load's restore is still on its way (the session then counts as signed in). */
export const restoringSession = () => !restored && tokenStore.hinted() && !tokenStore.access();

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
  // Paths inside the app are the spec's; the router adds the page language's prefix (decision 024).
  const path = specPathname();
  const from = `${path}${window.location.search}${window.location.hash}`;
  const login = pagePath('/login');
  if (path === login) return;
  if (navigateToLogin) navigateToLogin(from);
  else window.location.assign(appPath(login));
}

/**
 * A page may answer a 403 itself and have the call sent once more with headers it adds: the
 * superusers' dashboard asks for the password again (decision 032, features/analytics/step-up.ts).
 * Kept here as a hook so the storefront's entry carries none of it.
 */
export type ForbiddenHook = {
  /** Headers to send the call once more with, or null to leave the refusal to the page. */
  retry(res: Response): Promise<Record<string, string> | null>;
  /** Headers every write carries while the hook is set (a proof still good). */
  writeHeaders(): Record<string, string>;
};
let forbiddenHook: ForbiddenHook | null = null;
export function setForbiddenHook(hook: ForbiddenHook): () => void {
  forbiddenHook = hook;
  return () => {
    if (forbiddenHook === hook) forbiddenHook = null;
  };
}

export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  if (opts.auth !== false && !tokenStore.access()) await restoreSession();
  const token = opts.auth !== false ? tokenStore.access() : null;
  const write = Boolean(opts.method && opts.method !== 'GET' && token);
  const withHook = (extra: Record<string, string> = {}): Options =>
    write && forbiddenHook
      ? { ...opts, headers: { ...opts.headers, ...forbiddenHook.writeHeaders(), ...extra } }
      : opts;
  let res = await send(path, withHook(), token);
  if (res.status === 403 && forbiddenHook) {
    const extra = await forbiddenHook.retry(res);
    if (extra) res = await send(path, withHook(extra), token);
  }
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
  // A refusal made from numbers ('Only 3 places left for this time.') names the catalogue message it
  // was made from and its values (contract endpoint.ts, Refusal): that, in the page's language, when
  // the page's catalogue has it; else its English `error` below, never the raw message.
  const id = body?.message_id;
  const values = body?.values;
  if (typeof id === 'string' && i18n.messages[id] !== undefined && values && typeof values === 'object')
    return i18n._(id, values as Record<string, unknown>);
  for (const key of ['error', 'detail', 'message'] as const) {
    const v = body?.[key];
    if (typeof v === 'string' && v) return serverWords(v);
  }
  return fallback;
}

/**
 * A text the server sent (a refusal, a confirmation's `msg` or `message`) in the page's language. The
 * server speaks the spec's English; a text the contract marks for translation (its English is the
 * catalogue id, e.g. 'Sold out') shows in the page's language, any other as it came. Only a message
 * the page's catalogue has is looked up: Lingui would log any other as an 'Uncompiled message'.
 */
export const serverWords = (text: string): string =>
  i18n.messages[text] !== undefined ? i18n._(text) : text;
