/**
 * Editors' HTML is cleaned with an allowlist before it is stored: no scripts, no event handlers, no
 * javascript: URLs, no CSS expressions; layout and formatting survive. Map embeds (iframes) are kept
 * only when they point at Google Maps.
 */
import DOMPurify from 'isomorphic-dompurify';

const MAP_EMBED = /^https:\/\/(www\.google\.com\/maps\/embed|maps\.google\.com\/maps)/i;
const DANGEROUS_STYLE =
  /expression\s*\(|javascript:|vbscript:|url\s*\(\s*['"]?\s*(javascript|vbscript|data):|-moz-binding|behavior\s*:/i;

let hooked = false;
function installHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && DANGEROUS_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe') {
      const src = (node as Element).getAttribute?.('src') ?? '';
      if (!MAP_EMBED.test(src)) (node as Element).remove();
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // Links that open a new tab must not hand the opener to the other site.
    if ((node as Element).tagName === 'A' && (node as Element).getAttribute('target') === '_blank') {
      (node as Element).setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeHtml(html: string): string {
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
