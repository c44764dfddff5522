import type { Offer, Package, PackagesResponse } from '@rome/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** The whole catalogue (packages and folders); the server caches it and answers with an ETag. */
export const packagesQuery = queryOptions({
  queryKey: ['packages'],
  queryFn: ({ signal }) => api<PackagesResponse>('packages/', { signal }),
  staleTime: 60_000,
});
export const usePackages = () => useQuery(packagesQuery);

export const packageQuery = (status: string, id: string) =>
  queryOptions({
    queryKey: ['package', status, id],
    queryFn: ({ signal }) =>
      api<{ data: Package }>(`package/${encodeURIComponent(status)}/${encodeURIComponent(id)}/`, {
        signal,
      }).then((r) => r.data),
    staleTime: 60_000,
  });
export const usePackage = (status: string, id: string) => useQuery(packageQuery(status, id));

export const offersQuery = queryOptions({
  queryKey: ['offers'],
  queryFn: async ({ signal }) => {
    const res = await fetch('/bus.json', { signal });
    if (!res.ok) throw new Error(`HTTP Error: ${res.status}`);
    return (await res.json()) as Offer[];
  },
  staleTime: 300_000,
});
export const useOffers = () => useQuery(offersQuery);
