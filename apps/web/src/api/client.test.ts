/**
 * The client's session handling (spec §6, decision 018): the access token in memory from the session
 * cookie; renew once on 401 and repeat; else clear and go to /login.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT_BOUND } from '../lib/wait-bound';

const navigate = vi.fn();

class MemoryStorage {
  private m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, String(v));
  removeItem = (k: string) => void this.m.delete(k);
  clear = () => this.m.clear();
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

let lockNames: string[];
/** The metas the shop wrote into this page's HTML (decision 032): by default a signed-in page's key. */
let metas: Record<string, string>;

beforeEach(() => {
  // Each test is a fresh page load: the client's memory (access token, restore) starts empty.
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
  const win: Record<string, unknown> = {
    location: { pathname: '/profile', search: '?tab=1', hash: '', assign: vi.fn() },
  };
  win.top = win;
  vi.stubGlobal('window', win);
  metas = { 'rbt-page-key': 'page-key-1' };
  vi.stubGlobal('document', {
    querySelector: (selector: string) => {
      const name = /name="([^"]+)"/.exec(selector)?.[1];
      const value = name ? metas[name] : undefined;
      return value === undefined ? null : { getAttribute: () => value, remove: () => delete metas[name!] };
    },
  });
  lockNames = [];
  vi.stubGlobal('navigator', {
    locks: {
      request: (name: string, fn: () => Promise<unknown>) => {
        lockNames.push(name);
        return fn();
      },
    },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigate.mockReset();
  // This browser signed in before (decision 018: the e-mail is kept, the tokens are not).
  localStorage.setItem('email', 'a@example.com');
});
afterEach(() => vi.unstubAllGlobals());

const authHeader = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers.authorization;
const bodyOf = (call: unknown[]) => JSON.parse((call[1] as RequestInit).body as string);
const SESSION = '/api/session/refresh/';
const storedValues = () => ['access', 'refresh', 'email', 'is_editor'].map((k) => localStorage.getItem(k));

describe('the session (decision 018: access token in memory, refresh token in an HttpOnly cookie)', () => {
  it('restores the session from the cookie once per page load and keeps the token out of storage', async () => {
    const { api } = await import('./client');
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'a1' }))
      .mockResolvedValueOnce(json(200, { data: 1 }))
      .mockResolvedValueOnce(json(200, { data: 2 }));
    await expect(api('profile/')).resolves.toEqual({ data: 1 });
    await api('profile/statistics/');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      SESSION,
      '/api/profile/',
      '/api/profile/statistics/',
    ]);
    // The cookie does the work: an empty body, no Bearer on the session call itself, the page's key.
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({});
    expect(authHeader(fetchMock.mock.calls[0])).toBeUndefined();
    expect(fetchMock.mock.calls[0][1].headers['x-page-key']).toBe('page-key-1');
    // Read once and taken out of the page.
    expect(metas['rbt-page-key']).toBeUndefined();
    expect(authHeader(fetchMock.mock.calls[1])).toBe('Bearer a1');
    expect(lockNames).toEqual(['rbt-session']);
    // Nothing a page script could read holds a token.
    expect(storedValues()).not.toContain('a1');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('asks nothing for a browser that never signed in', async () => {
    localStorage.clear();
    const { api, tokenStore } = await import('./client');
    expect(tokenStore.signedIn()).toBe(false);
    fetchMock.mockResolvedValueOnce(json(200, []));
    await api('packages/');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/packages/']);
    expect(authHeader(fetchMock.mock.calls[0])).toBeUndefined();
  });

  it('counts as signed in while the restore is on its way, and not after it is refused', async () => {
    const { restoreSession, tokenStore } = await import('./client');
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (answer = r)));
    expect(tokenStore.signedIn()).toBe(true);
    const restored = restoreSession();
    answer(json(401, { detail: 'Token is invalid or expired' }));
    await expect(restored).resolves.toBeNull();
    expect(tokenStore.signedIn()).toBe(false);
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('on a page without a key asks nothing: a frame leaves the sign-in alone, a page clears its traces', async () => {
    metas = { 'rbt-head-code': '1' };
    (window as any).top = {};
    const first = await import('./client');
    await expect(first.restoreSession()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(json(200, []));
    await first.api('packages/');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/packages/']);
    expect(first.tokenStore.signedIn()).toBe(false);
    // A frame: the other tabs' sign-in is theirs.
    expect(localStorage.getItem('email')).toBe('a@example.com');
    // A top-level page loaded without the key: the browser's sign-in was over (no cookie).
    vi.resetModules();
    (window as any).top = window;
    metas = {};
    const second = await import('./client');
    await expect(second.restoreSession()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('a key refused (the browser signed out and in since) counts as signed out and clears nothing', async () => {
    const { restoreSession } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(403, { error: 'Reload the page.', code: 'page_key_required' }));
    await expect(restoreSession()).resolves.toBeNull();
    expect(localStorage.getItem('email')).toBe('a@example.com');
  });

  it('hands tokens an older version left in localStorage to the cookie once and removes them', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    const { api } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(200, { access: 'a1' })).mockResolvedValueOnce(json(200, {}));
    await api('profile/');
    expect(fetchMock.mock.calls[0][0]).toBe(SESSION);
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ refresh: 'old-refresh' });
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    expect(localStorage.getItem('email')).toBe('a@example.com');
  });

  it('after a sign-in hands the refresh token to the cookie and keeps only the access token, in memory', async () => {
    metas = {};
    const { renewTokens, startCookieSession, tokenStore } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(200, { access: 'a1', page_key: 'handed-key' }));
    await expect(startCookieSession('fresh-refresh')).resolves.toBe('a1');
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ refresh: 'fresh-refresh' });
    // The page loaded signed out had no key; the hand-over's answer gives it one for its renewals.
    fetchMock.mockResolvedValueOnce(json(200, { access: 'a2' }));
    await expect(renewTokens()).resolves.toBe('a2');
    expect(fetchMock.mock.calls[1][1].headers['x-page-key']).toBe('handed-key');
    expect(tokenStore.access()).toBe('a2');
    expect(storedValues()).not.toContain('fresh-refresh');
    expect(storedValues()).not.toContain('a1');
    expect(storedValues()).not.toContain('handed-key');
  });
});

describe('api()', () => {
  it('renews the access token from the cookie on a 401 and repeats the call once', async () => {
    const { api } = await import('./client');
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'old-access' }))
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access' }))
      .mockResolvedValueOnce(json(200, { data: { ok: true } }));
    await expect(api('profile/')).resolves.toEqual({ data: { ok: true } });
    expect(fetchMock.mock.calls[2][0]).toBe(SESSION);
    expect(fetchMock.mock.calls[2][1].method).toBe('POST');
    // The renewal carries no (expired) access token: it is the contract's public call.
    expect(authHeader(fetchMock.mock.calls[2])).toBeUndefined();
    expect(authHeader(fetchMock.mock.calls[3])).toBe('Bearer new-access');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('parallel 401s share one renewal', async () => {
    const { api, startCookieSession } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(200, { access: 'o-a' }));
    await startCookieSession('r');
    fetchMock.mockImplementation(async (url: string, init: any) => {
      if (url === SESSION) return json(200, { access: 'n-a' });
      return init.headers.authorization === 'Bearer n-a' ? json(200, { url }) : json(401, {});
    });
    await Promise.all([api('profile/'), api('profile/statistics/')]);
    expect(fetchMock.mock.calls.filter((c) => c[0] === SESSION)).toHaveLength(2);
  });

  it('clears the session and goes to /login remembering the page when renewal fails', async () => {
    const { api, ApiError, setLoginNavigation } = await import('./client');
    setLoginNavigation((from) => navigate('/login', { state: { from } }));
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'a1' }))
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(401, { detail: 'Token is invalid or expired' }));
    await expect(api('profile/')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('email')).toBeNull();
    await vi.waitFor(
      () => expect(navigate).toHaveBeenCalledWith('/login', { state: { from: '/profile?tab=1' } }),
      WAIT_BOUND,
    );
  });

  it('without the app router (before main.tsx registered it) it loads /login instead', async () => {
    const { api } = await import('./client');
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'a1' }))
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(401, {}));
    await expect(api('profile/')).rejects.toMatchObject({ status: 401 });
    expect(window.location.assign).toHaveBeenCalledWith('/login');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a call with auth: false is never renewed and restores nothing', async () => {
    const { api } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'No active account found' }));
    await expect(api('api/token/', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('email')).toBe('a@example.com');
  });

  it('a background check (loginOnExpiry: false) clears the session without leaving the page', async () => {
    const { api, setLoginNavigation, tokenStore } = await import('./client');
    setLoginNavigation((from) => navigate('/login', { state: { from } }));
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'a1' }))
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(401, {}));
    await expect(api('check-editor/', { loginOnExpiry: false })).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.access()).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a write that wants the password again (decision 032)', () => {
  it('asks the page’s prompt, repeats the call with the proof, and reuses it for the next write', async () => {
    const { api } = await import('./client');
    const { answerStepUps } = await import('../lib/step-up');
    const prompt = vi.fn(async () => ({ proof: 'proof-1', seconds: 600 }));
    answerStepUps(prompt);
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'a1' }))
      .mockResolvedValueOnce(
        json(403, { error: 'Confirm your password to do this.', code: 'step_up_required' }),
      )
      .mockResolvedValueOnce(json(201, { made: 1 }))
      .mockResolvedValueOnce(json(201, { made: 2 }));
    await expect(api('admin/resellers/', { method: 'POST', body: { name: 'A' } })).resolves.toEqual({
      made: 1,
    });
    await expect(api('admin/resellers/', { method: 'POST', body: { name: 'B' } })).resolves.toEqual({
      made: 2,
    });
    const stepUps = fetchMock.mock.calls.slice(1).map((c) => c[1].headers['x-step-up']);
    expect(stepUps).toEqual([undefined, 'proof-1', 'proof-1']);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('a cancelled prompt leaves the refusal for the page to show; other 403s never ask', async () => {
    const { api } = await import('./client');
    const { answerStepUps } = await import('../lib/step-up');
    const prompt = vi.fn(async () => null);
    answerStepUps(prompt);
    fetchMock
      .mockResolvedValueOnce(json(200, { access: 'a1' }))
      .mockResolvedValueOnce(json(403, { error: 'You do not have permission.', code: 'forbidden' }))
      .mockResolvedValueOnce(
        json(403, { error: 'Confirm your password to do this.', code: 'step_up_required' }),
      );
    await expect(api('admin/resellers/', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
    });
    expect(prompt).not.toHaveBeenCalled();
    await expect(api('admin/resellers/', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      message: 'Confirm your password to do this.',
    });
    expect(prompt).toHaveBeenCalledTimes(1);
  });
});

describe('call()', () => {
  it('reaches a contract call outside /api/ at its own path (GET /bus.json)', async () => {
    localStorage.clear();
    const { call } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(200, []));
    await expect(call('GET /bus.json', { query: {} }, { auth: false })).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0][0]).toBe('/bus.json');
    fetchMock.mockResolvedValueOnce(json(200, { is_editor: true }));
    await call('GET /api/check-editor/');
    expect(fetchMock.mock.calls[1][0]).toBe('/api/check-editor/');
  });
});
