/**
 * The signed-in state of this browser (spec §3 Browser storage, §4 Auth state). Minimal for now:
 * logged in when a refresh token is stored. The accounts feature verifies it with the server.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  window.addEventListener('storage', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', fn);
  };
};
export const notifySessionChange = () => {
  for (const fn of listeners) fn();
};

export function useSession(): { loggedIn: boolean; email: string | null; logout: () => void } {
  const refresh = useSyncExternalStore(subscribe, () => localStorage.getItem('refresh'), () => null);
  const email = useSyncExternalStore(subscribe, () => localStorage.getItem('email'), () => null);
  return {
    loggedIn: Boolean(refresh),
    email,
    logout() {
      localStorage.clear();
      sessionStorage.clear();
      notifySessionChange();
      window.location.assign('/');
    },
  };
}
