/**
 * Rendering editors' HTML in the browser (ARCHITECTURE: DOMPurify on the server when saved and in the
 * client when rendered): sanitised with the server's allowlist, then {email}/{phone}/{address} filled
 * from the website settings.
 */
import { escapeHtml, fillPlaceholders, makeSanitizer, type WebsiteSettings } from '@rome/contract';
import DOMPurify from 'dompurify';

/** Typography for editors' HTML (Tailwind's preflight resets headings and lists). */
export const CONTENT_HTML_CLASSES =
  'text-stone-800 leading-relaxed [&_a]:font-semibold [&_a]:text-brand [&_a]:underline [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-stone-900 [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_iframe]:w-full [&_iframe]:rounded-xl [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0';

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
  const esc = (v: string | undefined) => (v === undefined ? undefined : escapeHtml(v));
  return fillPlaceholders(safe, {
    ...s,
    website_email: esc(s.website_email),
    website_phone_number: esc(s.website_phone_number),
    website_address: esc(s.website_address),
  });
}
