/** The client's token handling (spec §6): renew once on 401 and repeat; else clear and go to /login. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', {
    location: { pathname: '/profile', search: '?tab=1', hash: '', assign: vi.fn() },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  navigate.mockReset();
  localStorage.setItem('access', 'old-access');
  localStorage.setItem('refresh', 'old-refresh');
  localStorage.setItem('email', 'a@example.com');
});
afterEach(() => vi.unstubAllGlobals());

const authHeader = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers.authorization;

describe('api()', () => {
  it('renews the pair on a 401, stores both tokens and repeats the call once', async () => {
    const { api } = await import('./client');
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(json(200, { data: { ok: true } }));
    await expect(api('profile/')).resolves.toEqual({ data: { ok: true } });
    expect(fetchMock.mock.calls[1][0]).toBe('/api/api/token/refresh/');
    expect(fetchMock.mock.calls[1][1].method).toBe('POST');
    expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toEqual({ refresh: 'old-refresh' });
    // The refresh call carries no (expired) access token: it is the contract's public call.
    expect(authHeader(fetchMock.mock.calls[1])).toBeUndefined();
    expect(authHeader(fetchMock.mock.calls[2])).toBe('Bearer new-access');
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('parallel 401s share one renewal', async () => {
    const { api } = await import('./client');
    fetchMock.mockImplementation(async (url: string, init: any) => {
      if (url === '/api/api/token/refresh/') return json(200, { access: 'n-a', refresh: 'n-r' });
      return init.headers.authorization === 'Bearer n-a' ? json(200, { url }) : json(401, {});
    });
    await Promise.all([api('profile/'), api('profile/statistics/')]);
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/api/token/refresh/')).toHaveLength(1);
  });

  it('clears the tokens and goes to /login remembering the page when renewal fails', async () => {
    const { api, ApiError, setLoginNavigation } = await import('./client');
    setLoginNavigation((from) => navigate('/login', { state: { from } }));
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(401, { detail: 'Token is invalid or expired' }));
    await expect(api('profile/')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('refresh')).toBeNull();
    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/login', { state: { from: '/profile?tab=1' } }),
    );
  });

  it('without the app router (before main.tsx registered it) it loads /login instead', async () => {
    vi.resetModules();
    const { api } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, {}));
    await expect(api('profile/')).rejects.toMatchObject({ status: 401 });
    expect(window.location.assign).toHaveBeenCalledWith('/login');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a call without a token, or with auth: false, is never renewed', async () => {
    const { api } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'No active account found' }));
    await expect(api('api/token/', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('refresh')).toBe('old-refresh');
  });

  it('a background check (loginOnExpiry: false) clears the tokens without leaving the page', async () => {
    const { api, setLoginNavigation } = await import('./client');
    setLoginNavigation((from) => navigate('/login', { state: { from } }));
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, {}));
    await expect(api('check-editor/', { loginOnExpiry: false })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access')).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('call()', () => {
  it('reaches a contract call outside /api/ at its own path (GET /bus.json)', async () => {
    const { call } = await import('./client');
    fetchMock.mockResolvedValueOnce(json(200, []));
    await expect(call('GET /bus.json', {}, { auth: false })).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0][0]).toBe('/bus.json');
    fetchMock.mockResolvedValueOnce(json(200, { is_editor: true }));
    await call('GET /api/check-editor/');
    expect(fetchMock.mock.calls[1][0]).toBe('/api/check-editor/');
  });
});
