import { queryOptions } from '@tanstack/react-query';
import { contentQuery } from '../i18n/locale';
import { call } from './client';
import { useLightQuery } from './queries';

/**
 * The whole catalogue (packages and folders); the server caches it and answers with an ETag. Public
 * reads go without the sign-in token: the answer is the same for everyone, and the request is then the
 * very one the page's HTML preloaded (contract first-screen.ts, firstScreen.test.ts), signed in or not.
 * The packages' words come in the page's language (`contentQuery`: ?lang= beside the spec, decision 024).
 */
export const packagesQuery = queryOptions({
  queryKey: ['packages', contentQuery.lang ?? 'en'],
  queryFn: ({ signal }) => call('GET /api/packages/', { query: contentQuery }, { signal, auth: false }),
  staleTime: 60_000,
});
export const usePackages = () => useLightQuery(packagesQuery);

export const packageQuery = (status: string, packageTag: string) =>
  queryOptions({
    queryKey: ['package', status, packageTag, contentQuery.lang ?? 'en'],
    queryFn: ({ signal }) =>
      call(
        'GET /api/package/:status/:packageTag/',
        { params: { status, packageTag }, query: contentQuery },
        { signal, auth: false },
      ).then((r) => r.data),
    staleTime: 60_000,
  });
export const usePackage = (status: string, packageTag: string) =>
  useLightQuery(packageQuery(status, packageTag));

/**
 * The offers page's list: the contract's GET /bus.json (outside /api/, as the spec has it), built from
 * the catalogue, so it is kept as long as the package list.
 */
export const offersQuery = queryOptions({
  queryKey: ['offers', contentQuery.lang ?? 'en'],
  queryFn: ({ signal }) => call('GET /bus.json', { query: contentQuery }, { signal, auth: false }),
  staleTime: 60_000,
});
export const useOffers = () => useLightQuery(offersQuery);

/**
 * A package's slots for buyers (inventory): Rome dates and times with places left, between two Rome
 * dates (both optional: the server's default is today and 60 days on). Kept fresh for a short while
 * only: places sell.
 */
export const availabilityQuery = (packageTag: string, range: { from?: string; to?: string } = {}) =>
  queryOptions({
    queryKey: ['availability', packageTag, range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      call(
        'GET /api/packages/:packageTag/availability/',
        { params: { packageTag }, query: range },
        { signal, auth: false },
      ),
    staleTime: 15_000,
  });
