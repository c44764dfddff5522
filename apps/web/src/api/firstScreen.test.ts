/**
 * The server preloads a landing page's data by the URLs of contract first-screen.ts; the web app
 * loads it through call() with the contract's keys. The two must be the very same request (same URL,
 * no token), or the browser fetches everything twice. This pins them together.
 */
import { type FirstScreenData, firstScreenApiPath } from '@rome/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFirstScreenData } from './firstScreen';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  const store = new Map<string, string>([['access', 'a-token']]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
  fetchMock = vi.fn(
    async () => new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('first-screen data', () => {
  it('is requested at the URL the server preloads, without the sign-in token', async () => {
    const pieces: FirstScreenData[] = [
      { kind: 'packages' },
      { kind: 'package', status: 'E9', packageTag: 'a b/c"' },
      { kind: 'settings' },
    ];
    for (const d of pieces) {
      fetchMock.mockClear();
      await loadFirstScreenData([d]);
      expect(fetchMock, d.kind).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as [
        string,
        RequestInit & { headers: Record<string, string> },
      ];
      expect(url, d.kind).toBe(`/api/${firstScreenApiPath(d)}`);
      expect(init.method ?? 'GET').toBe('GET');
      expect(init.headers.authorization, d.kind).toBeUndefined();
    }
  });
});
