/**
 * The web app's route table (spec §2). The server uses it to answer unknown paths with a 404 status
 * (the SPA still renders its Not-found page) and to pick each page's <title> and description.
 */
export const PAGE_ROUTES = [
  '/',
  '/bus/:companySlug/:companyName',
  '/aboutus',
  '/terms',
  '/returnPolicy',
  '/refund',
  '/agentpoints',
  '/agentPoints',
  '/offer',
  '/yourticket',
  '/success',
  '/success/:uniqueId',
  '/cancel',
  '/verify/:code',
  '/search',
  '/manageBookings/:status/:id',
  '/viewsimilar/:hours/:company',
  '/profile',
  '/analytics',
  '/login',
  '/registation',
  '/forgot-password',
  '/reset-password',
  '/reset-success',
  '/undo-email-change',
  '/test',
  '/pay/:session',
  // Issue #18: a ticket by its link (no sign-in), and the form that e-mails a buyer's links again.
  '/t/:token',
  '/find-tickets',
] as const;

/** Matches a path against a pattern like '/bus/:slug/:name'; returns the params or null. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const a = clean(pattern).split('/');
  const b = clean(path).split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) {
      if (!b[i]) return null;
      try {
        params[a[i].slice(1)] = decodeURIComponent(b[i]);
      } catch {
        return null;
      }
    } else if (a[i] !== b[i]) return null;
  }
  return params;
}

export function findRoute(path: string): { pattern: string; params: Record<string, string> } | null {
  for (const pattern of PAGE_ROUTES) {
    const params = matchRoute(pattern, path);
    if (params) return { pattern, params };
  }
  return null;
}

export const PRODUCT_NAME = 'Rome Bus Tickets';
