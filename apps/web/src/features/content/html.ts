/**
 * Rendering editors' HTML in the browser (ARCHITECTURE: DOMPurify on the server when saved and in the
 * client when rendered): sanitised with the server's allowlist, then {email}/{phone}/{address} filled
 * from the website settings.
 */
import { fillPlaceholders, makeSanitizer, type WebsiteSettings } from '@rome/contract';
import DOMPurify from 'dompurify';

/** The server's allowlist (contract html-policy), applied again where the HTML is shown. */
export const sanitizeContent = makeSanitizer(DOMPurify);

/** Safe HTML for dangerouslySetInnerHTML: sanitised first, then the placeholders filled. */
export function renderContentHtml(
  html: string,
  settings: Partial<WebsiteSettings> | null | undefined,
): string {
  // Placeholders are filled after sanitising; their values are escaped so settings cannot add markup.
  const safe = sanitizeContent(html);
  const s = settings ?? {};
  const esc = (v: string | undefined) =>
    v === undefined
      ? undefined
      : v.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  return fillPlaceholders(safe, {
    ...s,
    website_email: esc(s.website_email),
    website_phone_number: esc(s.website_phone_number),
    website_address: esc(s.website_address),
  });
}
