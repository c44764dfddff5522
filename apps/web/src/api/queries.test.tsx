// @vitest-environment jsdom
/**
 * The first screen's reads without TanStack Query (decision 026): the store's data until the query client
 * loads, then the query cache's, with the store's data handed over as it was loaded.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightQueryOptions } from './lightQuery';

type Queries = typeof import('./queries');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let queries: Queries;
let clientLoaded: () => void;
let root: Root | null = null;
let host: HTMLElement;

beforeEach(async () => {
  // A fresh store and a fresh query client for each test; the spy tells whether the client's chunk loaded.
  vi.resetModules();
  clientLoaded = vi.fn();
  vi.doMock('./queryClient', async (original) => {
    clientLoaded();
    return original();
  });
  queries = await import('./queries');
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(async () => {
  if (root) await act(async () => root?.unmount());
  root = null;
  host.remove();
  vi.doUnmock('./queryClient');
});

const options = (queryFn: () => Promise<string>, key = 'greeting'): LightQueryOptions<string> => ({
  queryKey: [key],
  queryFn,
  staleTime: 60_000,
});

function Reader({ opts }: { opts: LightQueryOptions<string> }) {
  const q = queries.useLightQuery(opts);
  return <p>{q.isPending ? 'pending' : q.isError ? `error ${q.error.message}` : q.data}</p>;
}

/** Lets timers and fetches run (inside act, as React wants) until the reader shows `expected`. */
async function shows(text: () => string | null, expected: string) {
  for (let i = 0; i < 100 && text() !== expected; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(text()).toBe(expected);
}

async function draw(opts: LightQueryOptions<string>) {
  root = createRoot(host);
  await act(async () => root?.render(<Reader opts={opts} />));
  return () => host.textContent;
}

describe('useLightQuery', () => {
  it('draws the preloaded data without loading the query client', async () => {
    const fetchIt = vi.fn(async () => 'hello');
    await queries.fetchFirstScreen(options(fetchIt));
    const text = await draw(options(fetchIt));
    expect(text()).toBe('hello');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(clientLoaded).not.toHaveBeenCalled();
    expect(fetchIt).toHaveBeenCalledTimes(1);
  });

  it('draws data the HTML carried (primed) without loading the query client', async () => {
    queries.primeFirstScreen(['greeting'], 'from the page');
    const text = await draw(options(async () => 'fetched'));
    expect(text()).toBe('from the page');
    expect(clientLoaded).not.toHaveBeenCalled();
  });

  it('loads the query client for a read the store cannot answer, which then fetches it', async () => {
    const fetchIt = vi.fn(async () => 'fetched');
    const text = await draw(options(fetchIt));
    await shows(text, 'fetched');
    expect(clientLoaded).toHaveBeenCalledTimes(1);
    expect(fetchIt).toHaveBeenCalledTimes(1);
  });

  it('hands the store data to the query client as loaded, then follows the query cache', async () => {
    const fetchIt = vi.fn(async () => 'hello');
    await queries.fetchFirstScreen(options(fetchIt));
    const before = Date.now();
    const text = await draw(options(fetchIt));
    let client: Awaited<ReturnType<Queries['loadQueries']>> | undefined;
    await act(async () => {
      client = await queries.loadQueries();
    });
    expect(client?.getQueryData(['greeting'])).toBe('hello');
    expect(client?.getQueryState(['greeting'])?.dataUpdatedAt).toBeLessThanOrEqual(before);
    // Fresh for its staleTime: the reader, now an observer of the cache, asks for nothing again.
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(fetchIt).toHaveBeenCalledTimes(1);
    expect(text()).toBe('hello');
    // An editor's save changes the cache: the reader follows.
    await act(async () => {
      client?.setQueryData(['greeting'], 'edited');
    });
    await shows(text, 'edited');
  });

  it('a client asked for before the first-screen requests start still waits for them: no second request', async () => {
    // A landing page other than home: its code asks for the client before main.tsx starts the requests.
    const client = queries.loadQueries();
    let answer: (value: string) => void = () => {};
    const fetchIt = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    void queries.fetchFirstScreen(options(fetchIt));
    await new Promise((r) => setTimeout(r, 50));
    answer('hello');
    expect((await client).getQueryData(['greeting'])).toBe('hello');
    const text = await draw(options(fetchIt));
    expect(text()).toBe('hello');
    expect(fetchIt).toHaveBeenCalledTimes(1);
  });

  it('after a failed first-screen request, the query client asks again and shows its answer', async () => {
    const fetchIt = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('second try');
    await queries.fetchFirstScreen(options(fetchIt));
    const text = await draw(options(fetchIt));
    await shows(text, 'second try');
    expect(clientLoaded).toHaveBeenCalledTimes(1);
    expect(fetchIt).toHaveBeenCalledTimes(2);
  });
});
