/**
 * The access token of this tab, in memory only (decision 018): no page script can
 * read it from storage, and it is gone when the tab closes. The refresh token is in an HttpOnly cookie
 * the server sets (POST /api/session/refresh/), so a new tab gets its own access token from there.
 *
 * A module of its own so the activity tracker can name the signed-in user without the API client.
 */
let access: string | null = null;
let restoring: Promise<string | null> | null = null;
const listeners = new Set<() => void>();

export const accessToken = {
  get: (): string | null => access,
  set(token: string | null) {
    if (token === access) return;
    access = token;
    for (const fn of listeners) fn();
  },
  /**
   * The page load's restore of the session while it is on its way (api/client.ts restoreSession): an
   * event tracked meanwhile waits for it, so a signed-in visitor's first page view names them.
   */
  pending: (): Promise<string | null> | null => restoring,
  restoring(p: Promise<string | null>) {
    restoring = p;
    void p.finally(() => {
      if (restoring === p) restoring = null;
    });
  },
};

/** Called when the token appears, changes or goes (lib/session.ts re-renders the navbar from it). */
export function onAccessTokenChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
