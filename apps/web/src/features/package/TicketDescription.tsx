import { useMemo } from 'react';
import { sanitizeContent } from '../../components/content/html';
import { TICKET_DESCRIPTION_CLASSES } from './description';

/**
 * The package's description (editors' HTML). Its own chunk, loaded after the booking panel: the
 * sanitiser (DOMPurify, some 19 KB with its chunk) is not on a slow phone's way to the title, price
 * and date choice.
 */
export default function TicketDescription({ html }: { html: string }) {
  // The one allowlist (contract HTML_POLICY), as on save and in every content block: the page shows
  // the description as the editor's preview did.
  const description = useMemo(() => sanitizeContent(html), [html]);
  return (
    <div
      className={`mt-3 ${TICKET_DESCRIPTION_CLASSES}`}
      // Sanitised above with the contract's HTML_POLICY: editors' HTML cannot carry script into the page.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify (sanitizeContent)
      dangerouslySetInnerHTML={{ __html: description }}
    />
  );
}
