import { DEFAULT_SETTINGS, type WebsiteSettings } from '@rome/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';
import { useLightQuery } from './queries';

/** Website settings; a failed fetch is silent and the defaults are kept (spec §8). */
export const settingsQuery = queryOptions({
  queryKey: ['website-settings'],
  queryFn: async ({ signal }) => {
    try {
      return (await call('GET /api/website-settings/', {}, { signal, auth: false })).data;
    } catch {
      return DEFAULT_SETTINGS;
    }
  },
  staleTime: 300_000,
});
export const useSettings = (): WebsiteSettings => useLightQuery(settingsQuery).data ?? DEFAULT_SETTINGS;

/** GET /api/partner-logos (the same URL the server preloads for the home page's first screen). */
export const partnerLogosQuery = queryOptions({
  queryKey: ['partner-logos'],
  queryFn: ({ signal }) => call('GET /api/partner-logos', {}, { signal, auth: false }).then((r) => r.data),
  staleTime: 300_000,
});
export const usePartnerLogos = () => useLightQuery(partnerLogosQuery);

export const subscribeNewsletter = (email: string) =>
  call('POST /api/newsletter/subscribe/', { body: { email } }, { auth: false });
