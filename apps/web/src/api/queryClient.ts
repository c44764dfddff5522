/**
 * The shop's query client, loaded through queries.ts's `loadQueries` (its own chunk `queries`, with
 * TanStack Query): never in the home page's first load (decision 026).
 */
import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { LightQueryOptions, LightQueryResult } from './lightQuery';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
// What QueryClientProvider does as it mounts (main.tsx provides the client without it): follow the
// browser's focus and connection, so queries refetch on reconnect and paused mutations resume.
queryClient.mount();

/**
 * A query read the way useQuery reads it (TanStack's useBaseQuery): one observer, subscribed while the
 * reader is mounted, and the optimistic answer at each render (a query about to fetch on mount is
 * already pending, not its old error).
 */
export function observeQuery<T>(options: LightQueryOptions<T>) {
  const defaulted = queryClient.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const observer = new QueryObserver(queryClient, defaulted);
  return {
    subscribe: (onChange: () => void) => {
      const unsubscribe = observer.subscribe(notifyManager.batchCalls(onChange));
      observer.updateResult();
      return unsubscribe;
    },
    current: () => observer.getCurrentResult(),
    result: (): LightQueryResult<T> => observer.getOptimisticResult(defaulted),
  };
}
