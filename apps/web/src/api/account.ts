/**
 * The account calls of spec §7: profile, profile update, password change, purchase statistics.
 * Shapes come from the contract (packages/contract/src/auth.api.ts); money is a number of euros.
 */
import type { ApiBody } from '@rome/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { track } from '../lib/track';
import { call, startCookieSession, tokenStore } from './client';

/** GET profile/ (Bearer). Loaded once per visit of the account page; failures are only logged. */
export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: ({ signal }) => call('GET /api/profile/', {}, { signal }).then((r) => r.data),
  retry: false,
  staleTime: 60_000,
});
export const useProfile = () => useQuery(profileQuery);

/** GET profile/statistics/ (Bearer). */
export const statisticsQuery = queryOptions({
  queryKey: ['account', 'statistics'],
  queryFn: ({ signal }) => call('GET /api/profile/statistics/', {}, { signal }).then((r) => r.data),
  retry: false,
  staleTime: 60_000,
});
export const useStatistics = (enabled = true) => useQuery({ ...statisticsQuery, enabled });

/** PUT profile/update/ (Bearer); the profile reloads afterwards and the stored e-mail follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'PUT /api/profile/update/'>) => call('PUT /api/profile/update/', { body }),
    onSuccess: async (res) => {
      track('profile_update', { email: res.data.email });
      if (localStorage.getItem('email') !== null) localStorage.setItem('email', res.data.email);
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}

/**
 * POST profile/change-password/ (Bearer); the server answers a new token pair (every other sign-in has
 * ended): its refresh token goes to the session cookie at once, as after a sign-in.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/profile/change-password/'>) =>
      call('POST /api/profile/change-password/', { body }),
    onSuccess: (res) => startCookieSession(res.refresh),
  });
}

/** GET profile/data/ (Bearer): everything the shop holds about the account (GDPR's right of access). */
export const fetchMyData = () => call('GET /api/profile/data/');

/** POST profile/delete/ (Bearer): deletes the account; this browser's session ends with it. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call('POST /api/profile/delete/', { body: { password } }),
    onSuccess: () => {
      tokenStore.clear();
      sessionStorage.clear();
      queryClient.clear();
    },
  });
}
