/**
 * The signed-in state of this browser (spec §3 Browser storage, §4 Auth state, §6 Editor).
 *
 * - localStorage holds access, refresh, email and is_editor ('true'/'false').
 * - Logged in means: the stored refresh token verified with the server (POST api/token/verify/), once
 *   per page load. Until the answer arrives a stored token counts as signed in, so the navbar does not
 *   flicker; a refused token is forgotten and the visitor is signed out.
 * - The password-reset flow keeps its state in sessionStorage (this tab only).
 */
import type { ApiAnswer } from '@rome/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { blacklistRefreshToken, checkEditor, verifyRefreshToken } from '../api/auth';
import { onTokenChange, tokenStore } from '../api/client';
import { track } from './track';

type Verification = 'unknown' | 'valid' | 'invalid';
let verification: Verification = 'unknown';
let verifyStarted = false;
let editorCheckStarted = false;

const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  window.addEventListener('storage', fn);
  verifyOnce();
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', fn);
  };
};
export const notifySessionChange = () => {
  for (const fn of listeners) fn();
};
onTokenChange(notifySessionChange);

/** Verifies the stored refresh token once per page load; no token means signed out. */
function verifyOnce() {
  if (verifyStarted) return;
  verifyStarted = true;
  const refresh = tokenStore.refresh();
  if (!refresh) {
    verification = 'invalid';
    return;
  }
  verifyRefreshToken(refresh)
    .then((ok) => {
      // A sign-in during the check replaced the token: that one is fresh from the server.
      if (tokenStore.refresh() !== refresh) return;
      verification = ok ? 'valid' : 'invalid';
      if (ok) checkEditorOnce();
      else tokenStore.clear();
    })
    .catch(() => {
      // The server could not be asked; the stored token stays and the next page load asks again.
      verification = 'invalid';
    })
    .finally(notifySessionChange);
}

function authSnapshot(): string {
  if (!tokenStore.refresh()) return 'out';
  return verification === 'invalid' ? 'out' : 'in';
}

export function useSession(): {
  loggedIn: boolean;
  email: string | null;
  logout: () => void;
} {
  const state = useSyncExternalStore(subscribe, authSnapshot, () => 'out');
  const email = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem('email'),
    () => null,
  );
  return { loggedIn: state === 'in', email, logout };
}

/** After a successful sign-in: store the pair and the e-mail, then learn the editor flag. */
export function startSession(pair: ApiAnswer<'POST /api/api/token/'>, email: string) {
  localStorage.setItem('email', email);
  verification = 'valid';
  verifyStarted = true;
  tokenStore.set(pair);
  editorCheckStarted = true;
  refreshEditorStatus();
  track('login', { email });
}

/** Spec §4: blacklist the refresh token, clear all browser storage, reload and go to /. */
export async function logout(): Promise<void> {
  const refresh = tokenStore.refresh();
  track('logout', { email: localStorage.getItem('email') }, { now: true });
  if (refresh) await blacklistRefreshToken(refresh).catch(() => undefined);
  localStorage.clear();
  sessionStorage.clear();
  window.location.assign('/');
}

/** True when an access token is stored: what the /profile guard asks (spec §2). */
export const hasAccessToken = () => Boolean(tokenStore.access());

/**
 * The same, as a hook that follows the stored tokens: a page behind the sign-in guard re-renders (and
 * goes to /login) when any path ends the session while it is open, e.g. the start-up check of a dead
 * refresh token clearing the tokens before the page's own calls meet their 401.
 */
export const useHasAccessToken = (): boolean =>
  useSyncExternalStore(onTokenChange, hasAccessToken, () => false);

/**
 * Editor status (spec §4, §8): GET check-editor/, cached in localStorage is_editor. False without a
 * token or on any failure ('Failed to check editor status' is logged).
 */
export async function refreshEditorStatus(): Promise<boolean> {
  let isEditor = false;
  if (tokenStore.access()) {
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
  if (editorCheckStarted || verification !== 'valid') return;
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
  return cached === 'true' && Boolean(tokenStore.access());
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
