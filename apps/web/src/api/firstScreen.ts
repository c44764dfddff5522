/**
 * The data a landing page draws its first screen from (contract first-screen.ts), loaded before the
 * app's first render (main.tsx). The server started each request with the page's HTML. It goes into
 * the first screen's store (queries.ts), through each query's own options, so the request is the
 * very one the page's reader would make; the query client gets it when it loads.
 */
import type { FirstScreenData } from '@rome/contract';
import { packageQuery, packagesQuery } from './catalog';
import { fetchFirstScreen } from './queries';
import { partnerLogosQuery, settingsQuery } from './site';

/** The query one piece of first-screen data is read through. */
function queryOf(d: FirstScreenData) {
  switch (d.kind) {
    case 'packages':
      return packagesQuery;
    case 'package':
      return packageQuery(d.status, d.packageTag);
    case 'settings':
      // Never fails: a failed read answers the default settings (spec §8).
      return settingsQuery;
    case 'partnerLogos':
      return partnerLogosQuery;
  }
}

/**
 * Loads the page's first-screen data, each piece once. A failed request leaves nothing: the page then
 * asks for it itself and shows its own error, exactly as it would have without this head start.
 */
export async function loadFirstScreenData(data: FirstScreenData[]): Promise<void> {
  // `any`: each piece has its own data type; the store keeps any
  await Promise.all(data.map((d) => fetchFirstScreen<any>(queryOf(d))));
}
