/**
 * The data a landing page draws its first screen from (contract first-screen.ts), loaded before the
 * app's first render (main.tsx). The server started each request with the page's HTML.
 */
import type { FirstScreenData } from '@rome/contract';
import type { QueryClient } from '@tanstack/react-query';
import { packageQuery, packagesQuery } from './catalog';
import { partnerLogosQuery, settingsQuery } from './site';

/** Each piece of first-screen data, loaded into the query the page reads it from. */
function prefetch(client: QueryClient, d: FirstScreenData) {
  // Not retried: a failure is handled below, and the page's own query retries as it always does.
  switch (d.kind) {
    case 'packages':
      return { key: packagesQuery.queryKey, done: client.prefetchQuery({ ...packagesQuery, retry: false }) };
    case 'package': {
      const q = packageQuery(d.status, d.id);
      return { key: q.queryKey, done: client.prefetchQuery({ ...q, retry: false }) };
    }
    case 'settings':
      // Never fails: a failed read answers the default settings (spec §8), so nothing to turn off.
      return { key: settingsQuery.queryKey, done: client.prefetchQuery(settingsQuery) };
    case 'partnerLogos':
      return {
        key: partnerLogosQuery.queryKey,
        done: client.prefetchQuery({ ...partnerLogosQuery, retry: false }),
      };
  }
}

/**
 * Loads the page's first-screen data into the cache. A failed request is forgotten again: the page then
 * asks for it itself and shows its own error, exactly as it would have without this head start.
 */
export async function loadFirstScreenData(client: QueryClient, data: FirstScreenData[]): Promise<void> {
  await Promise.all(
    data.map(async (d) => {
      const { key, done } = prefetch(client, d);
      await done;
      if (client.getQueryState(key)?.status === 'error') client.removeQueries({ queryKey: key, exact: true });
    }),
  );
}
