/**
 * The signed-in state of this browser (spec §3 Browser storage, §4 Auth state, §6 Editor; decision 018).
 *
 * - The access token is in memory (lib/access-token.ts), the refresh token in an HttpOnly cookie;
 *   localStorage holds the spec's email and is_editor ('true'/'false').
 * - Logged in means: the session cookie gave this page an access token (POST /api/session/refresh/,
 *   once per page load, for a browser that signed in). Until the answer arrives a browser that signed
 *   in counts as signed in, so the navbar does not flicker; a refused session is forgotten.
 * - The password-reset flow keeps its state in sessionStorage (this tab only).
 */
import type { ApiAnswer } from '@rome/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { checkEditor } from '../api/auth';
import { call, onTokenChange, restoreSession, startCookieSession, tokenStore } from '../api/client';
import { appPath } from '../i18n/locale';
import { track } from './track';

let editorCheckStarted = false;

const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  window.addEventListener('storage', fn);
  restoreOnce();
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', fn);
  };
};
export const notifySessionChange = () => {
  for (const fn of listeners) fn();
};
onTokenChange(notifySessionChange);

/** Asks for this page's access token once per page load; a browser that never signed in asks nothing. */
function restoreOnce() {
  void restoreSession().then((access) => {
    if (access) checkEditorOnce();
  });
}

const signedIn = tokenStore.signedIn;

export function useSession(): {
  loggedIn: boolean;
  email: string | null;
  logout: () => void;
} {
  const state = useSyncExternalStore(subscribe, signedIn, () => false);
  const email = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem('email'),
    () => null,
  );
  return { loggedIn: state, email, logout };
}

/**
 * After a successful sign-in (spec §4: tokens stored, go to /): the e-mail in localStorage, the refresh
 * token handed to the session cookie (so no copy stays in the page), then the editor flag.
 */
export async function startSession(
  pair: ApiAnswer<'POST /api/session/second-factor/'>,
  email: string,
): Promise<void> {
  localStorage.setItem('email', email);
  // Not started (the server unreachable): the login page shows its generic error.
  if (!(await startCookieSession(pair.refresh))) throw new Error('The session could not be started');
  editorCheckStarted = true;
  void refreshEditorStatus();
  track('login', { email });
}

/** Spec §4: end the sign-in on the server, clear all browser storage, reload and go to / (in the page's language). */
export async function logout(): Promise<void> {
  track('logout', { email: localStorage.getItem('email') }, { now: true });
  await call('POST /api/session/end/', { body: {} }, { auth: false }).catch(() => undefined);
  localStorage.clear();
  sessionStorage.clear();
  window.location.assign(appPath('/'));
}

/** True when signed in (or the session is still being restored): what the /profile guard asks (spec §2). */
export const hasAccessToken = signedIn;

/**
 * The same, as a hook that follows the session: a page behind the sign-in guard re-renders (and goes to
 * /login) when any path ends the session while it is open, e.g. the start-up restore finding the
 * session over before the page's own calls meet their 401.
 */
export const useHasAccessToken = (): boolean => {
  useEffect(restoreOnce, []);
  return useSyncExternalStore(onTokenChange, signedIn, () => false);
};

/**
 * Editor status (spec §4, §8): GET check-editor/, cached in localStorage is_editor. False without a
 * token or on any failure ('Failed to check editor status' is logged).
 */
export async function refreshEditorStatus(): Promise<boolean> {
  let isEditor = false;
  if (tokenStore.access() || (await restoreSession())) {
    try {
      isEditor = (await checkEditor()).is_editor;
    } catch {
      console.error('Failed to check editor status');
    }
  }
  // A check still in flight when the user logs out must not write into the cleared storage.
  if (tokenStore.access()) localStorage.setItem('is_editor', String(isEditor));
  else localStorage.removeItem('is_editor');
  notifySessionChange();
  return isEditor;
}

function checkEditorOnce() {
  if (editorCheckStarted || !tokenStore.access()) return;
  editorCheckStarted = true;
  void refreshEditorStatus();
}

/** The cached editor flag; asks the server once per page load when signed in. */
export function useIsEditor(): boolean {
  const cached = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem('is_editor'),
    () => null,
  );
  useEffect(checkEditorOnce, []);
  return cached === 'true' && signedIn();
}

/** The password-reset flow's state (spec §3, §4): e-mail, code requested, reset completed. */
const RESET_EMAIL = 'resetEmail';
const RESET_REQUESTED = 'resetRequested';
const RESET_COMPLETED = 'resetCompleted';

export const resetFlow = {
  email: () => sessionStorage.getItem(RESET_EMAIL) ?? '',
  requested: () => sessionStorage.getItem(RESET_REQUESTED) === 'true',
  completed: () => sessionStorage.getItem(RESET_COMPLETED) === 'true',
  markRequested(email: string) {
    sessionStorage.setItem(RESET_EMAIL, email);
    sessionStorage.setItem(RESET_REQUESTED, 'true');
    sessionStorage.removeItem(RESET_COMPLETED);
  },
  markCompleted() {
    sessionStorage.setItem(RESET_COMPLETED, 'true');
    sessionStorage.removeItem(RESET_REQUESTED);
  },
};
