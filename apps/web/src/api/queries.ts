/**
 * The door to TanStack Query (decision 026: a lighter first load). TanStack Query (~10 KB gzip) is not in
 * the home page's first load: the home page, navigation bar and footer draw from data the server
 * preloaded with the HTML (contract first-screen.ts) and from the HTML's `initial-content`, which
 * main.tsx reads into the small store below before the first render. The query client comes later,
 * with whatever needs it (queryClient.ts, its own chunk `queries`): the first other page (router.tsx),
 * the editor's tools (an editor's saves invalidate queries), or a read the store cannot answer (data
 * that was not preloaded, or whose preload failed). It then starts with the store's data, as loaded
 * at the time it was loaded, and from there on every reader follows the query cache.
 *
 * `useLightQuery` is what the first screen's readers call instead of `useQuery`: the same options
 * (queryOptions), the same answer's fields (data, error, isPending, isError, isSuccess).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { LightQueryOptions, LightQueryResult } from './lightQuery';

/** What the query client's chunk offers (queryClient.ts). */
type QueriesModule = {
  queryClient: QueryClient;
  observeQuery: <T>(options: LightQueryOptions<T>) => {
    subscribe: (onChange: () => void) => () => void;
    current: () => unknown;
    result: () => LightQueryResult<T>;
  };
};

/** One piece of data of the first screen, before the query client is there. */
type Entry =
  | { state: 'loading'; key: QueryKey; done: Promise<void> }
  | { state: 'loaded'; key: QueryKey; data: unknown; updatedAt: number };

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let queries: QueriesModule | null = null;
let loading: Promise<QueryClient> | null = null;

const hashOf = (key: QueryKey) => JSON.stringify(key);
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Fetches one query's data into the store through the query's own `queryFn`, so the request is the
 * very one the page would make (and the one the HTML preloaded). A failure leaves nothing: the reader
 * then loads the query client, which asks again with its retries and shows its own error, as the
 * page would have without this head start.
 */
export function fetchFirstScreen<T>(options: LightQueryOptions<T>): Promise<void> {
  const hash = hashOf(options.queryKey);
  const known = entries.get(hash);
  if (known?.state === 'loading') return known.done;
  // The shop's query functions read only the abort signal of their context.
  const queryFn = options.queryFn as (context: { signal: AbortSignal; queryKey: QueryKey }) => Promise<T>;
  const done = queryFn({ signal: new AbortController().signal, queryKey: options.queryKey }).then(
    (data) => {
      entries.set(hash, { state: 'loaded', key: options.queryKey, data, updatedAt: Date.now() });
    },
    () => {
      entries.delete(hash);
    },
  );
  entries.set(hash, { state: 'loading', key: options.queryKey, done });
  return done.finally(notify);
}

/** Data the HTML carried (the landing page's content): in the store as if fetched now. */
export function primeFirstScreen(key: QueryKey, data: unknown): void {
  entries.set(hashOf(key), { state: 'loaded', key, data, updatedAt: Date.now() });
  notify();
}

/**
 * Loads TanStack Query and hands it the store's data (once; again after a failed load). Waits for
 * first-screen requests still on their way once the chunk is here (a landing page other than home
 * asks for the client before main.tsx starts them), so that the client does not ask a second time.
 */
export function loadQueries(): Promise<QueryClient> {
  loading ??= import('./queryClient').then(
    async (module) => {
      await Promise.all([...entries.values()].map((e) => (e.state === 'loading' ? e.done : undefined)));
      for (const e of entries.values()) {
        if (e.state === 'loaded' && module.queryClient.getQueryData(e.key) === undefined)
          module.queryClient.setQueryData(e.key, e.data, { updatedAt: e.updatedAt });
      }
      queries = module;
      notify();
      return module.queryClient;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The query client once it is loaded, else null (main.tsx provides it to useQuery's readers). */
export function useLoadedQueryClient(): QueryClient | null {
  return useSyncExternalStore(subscribe, () => queries?.queryClient ?? null);
}

const PENDING = {
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  isSuccess: false,
} as const satisfies LightQueryResult<never>;

/**
 * useQuery for the first screen's readers: the store's data until the query client is loaded, then
 * the query cache's, through the same observer useQuery uses. A read the store cannot answer is
 * pending and loads the query client, which fetches it.
 */
export function useLightQuery<T>(options: LightQueryOptions<T>): LightQueryResult<T> {
  const module = useSyncExternalStore(subscribe, () => queries);
  const hash = hashOf(options.queryKey);
  // One observer per key while the client is there (the options of one key never change here).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the options
  const observed = useMemo(() => (module ? module.observeQuery(options) : null), [module, hash]);
  // The observer's answer, or the store's entry: either way a change renders the reader again.
  const snapshot = useSyncExternalStore<unknown>(
    observed ? observed.subscribe : subscribe,
    observed ? observed.current : () => entries.get(hash),
  );
  const missing = !module && snapshot === undefined;
  useEffect(() => {
    if (missing) void loadQueries().catch(() => undefined);
  }, [missing]);
  if (observed) return observed.result();
  const stored = snapshot as Entry | undefined;
  if (stored?.state === 'loaded')
    return { data: stored.data as T, error: null, isPending: false, isError: false, isSuccess: true };
  return PENDING;
}
