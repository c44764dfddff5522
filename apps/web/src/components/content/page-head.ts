import { useLightQuery } from '../../api/queries';
import { usePageDescription, usePageTitle } from '../usePageTitle';
import { staticContentQuery } from './api';

/**
 * The title and description of a page with stored metadata (content, company and view-more pages):
 * the editors' meta title and description win over the page's own fallback, exactly as in the <head>
 * the server sends (modules/web/head.ts, withPageMeta). Before, the app replaced the server's edited
 * title with its default on the first load, and an in-app navigation never set the description.
 * The metadata comes with the page's static content, which the page loads anyway (with the HTML on
 * the first load), so this costs no request.
 */
export function useStoredPageHead(pageTag: string, fallbackTitle: string | null) {
  const meta = useLightQuery(staticContentQuery(pageTag)).data?.page;
  usePageTitle(meta?.meta_title || fallbackTitle, { verbatim: Boolean(meta?.meta_title) });
  usePageDescription(meta?.meta_description);
}
