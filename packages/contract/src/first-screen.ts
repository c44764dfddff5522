import { DEFAULT_LOCALE, type Locale } from './locales';

/**
 * The data a landing page draws its first screen from (the page table's `firstScreen`, pages.ts,
 * `firstScreenData(pathname)`). The server starts these requests with the page's
 * HTML (`<link rel="preload" as="fetch">`, apps/server/src/modules/web/preload.ts), and the web app
 * waits for them, together with the page's code, before its first render (apps/web/src/main.tsx). The
 * page then appears whole in one render, instead of a skeleton first and a second render when the data
 * arrives: that second render ran as one long task and was most of the home page's blocking time.
 */
export type FirstScreenData =
  | { kind: 'packages' }
  | { kind: 'package'; status: string; packageTag: string }
  | { kind: 'settings' }
  | { kind: 'partnerLogos' };

/** The package list: GET /api/packages/. */
export const PACKAGES_API_PATH = 'packages/';

/** One package's details: GET /api/package/{status}/{package_tag}/. */
export const packageApiPath = (status: string, packageTag: string) =>
  `package/${encodeURIComponent(status)}/${encodeURIComponent(packageTag)}/`;

/** The website settings (footer, contact details): GET /api/website-settings/. */
export const SETTINGS_API_PATH = 'website-settings/';

/** The partner logos of the home page's strip: GET /api/partner-logos. */
export const PARTNER_LOGOS_API_PATH = 'partner-logos';

/**
 * The API path (under /api/) of one piece of first-screen data, for a page in `locale`: the packages'
 * words come in the page's language (?lang=, decision 024); English asks as the spec does.
 */
export function firstScreenApiPath(d: FirstScreenData, locale: Locale = DEFAULT_LOCALE): string {
  const lang = locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`;
  switch (d.kind) {
    case 'packages':
      return `${PACKAGES_API_PATH}${lang}`;
    case 'package':
      return `${packageApiPath(d.status, d.packageTag)}${lang}`;
    case 'settings':
      return SETTINGS_API_PATH;
    case 'partnerLogos':
      return PARTNER_LOGOS_API_PATH;
  }
}

/**
 * The id of the booking form the server writes into a ticket page's HTML (ticket-frame.ts, decision 043).
 * Here, with what the app's start reads anyway: main.tsx keeps a page with this form until it can draw the
 * page whole, and the booking panel reads the form's values.
 */
export const TICKET_FRAME_FORM_ID = 'ticket-frame';
