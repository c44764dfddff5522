/**
 * The booking widget (decision 060): a partner's site carries one script tag, `/widget.js`, which puts
 * the shop's widget page (`/widget/{package}`) in a frame. Plain data shared by the loader, the page
 * and the server; no zod (the web imports this at run time).
 */

/** The loader's path on the shop: cached briefly, as it is not content-hashed. */
export const WIDGET_SCRIPT_PATH = '/widget.js';

/** What the widget page posts to its host page (the loader checks the sender's origin and frame). */
export const WIDGET_MESSAGE_TYPE = 'rbt-widget:height';

/** The widget's refusals, in the buyer's language on the page (decision 024). */
export const WIDGET_MESSAGES = {
  expired: /*i18n*/ 'This booking form is out of date. Please reload the page and try again.',
  handoffGone: /*i18n*/ 'This payment link has been used or has expired. Please book again.',
  // Superusers' screens stay in English.
  partnerName: 'Please enter a partner name of 1 to 100 characters.',
} as const;

/** A partner code as the shop makes it: `ptn_` and 24 url-safe random characters (144 bits). */
export const PARTNER_CODE = /^ptn_[A-Za-z0-9_-]{24}$/;

/** The iframe's search parameters, read by the widget page: the partner's code and the host's origin. */
export const WIDGET_PARAMS = { partner: 'partner', host: 'host' } as const;

/** An origin as `location.origin` writes it: scheme, host, optional port; no path, no user. */
const ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)(:\d{1,5})?$/;

/** A host origin the widget posts its height to: http(s), nothing after the port (else it posts nothing). */
export function hostOrigin(raw: string | null | undefined): string | null {
  return raw && raw.length <= 300 && ORIGIN.test(raw) ? raw : null;
}
