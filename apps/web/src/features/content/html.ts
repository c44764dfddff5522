/**
 * Rendering editors' HTML in the browser (ARCHITECTURE: DOMPurify on the server when saved and in the
 * client when rendered): sanitised with the server's allowlist, then {email}/{phone}/{address} filled
 * from the website settings.
 */
import { fillPlaceholders, type WebsiteSettings } from '@rome/contract';
import DOMPurify from 'dompurify';

const MAP_EMBED = /^https:\/\/(www\.google\.com\/maps\/embed|maps\.google\.com\/maps)/i;

let hooked = false;
function installHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe') {
      const src = (node as Element).getAttribute?.('src') ?? '';
      if (!MAP_EMBED.test(src)) (node as Element).remove();
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if ((node as Element).tagName === 'A' && (node as Element).getAttribute('target') === '_blank') {
      (node as Element).setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeContent(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allowfullscreen', 'loading', 'referrerpolicy', 'target'],
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'object',
      'embed',
      'base',
      'meta',
      'link',
    ],
  });
}

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
