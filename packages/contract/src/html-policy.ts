/**
 * The one allowlist for editors' HTML, used by the server when content is saved and by the browser
 * when it is rendered (ARCHITECTURE: DOMPurify on both sides). No scripts, event handlers,
 * javascript: URLs or CSS expressions; map embeds (iframes) only from Google Maps; links that open a
 * new tab do not hand the opener to the other site.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/**
 * The one HTML escaper: text made safe for an element's content and for an attribute value in double
 * or single quotes (& < > " '). Server pages, mails and the first-screen frames all use it.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export const MAP_EMBED = /^https:\/\/(www\.google\.com\/maps\/embed|maps\.google\.com\/maps)/i;
export const DANGEROUS_STYLE =
  /expression\s*\(|javascript:|vbscript:|url\s*\(\s*['"]?\s*(javascript|vbscript|data):|-moz-binding|behavior\s*:/i;

export const HTML_POLICY = {
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
};

/** The part of DOMPurify (browser or isomorphic) the policy needs. */
type Purifier = {
  addHook(entryPoint: any, hook: (node: any, data: any) => void): void;
  sanitize(html: string, config: any): unknown;
};

/** A sanitiser bound to one DOMPurify instance, with the policy's hooks installed once. */
export function makeSanitizer(purify: Purifier): (html: string) => string {
  let hooked = false;
  return (html) => {
    if (!hooked) {
      hooked = true;
      purify.addHook('uponSanitizeAttribute', (_node, data) => {
        if (data.attrName === 'style' && DANGEROUS_STYLE.test(data.attrValue)) data.keepAttr = false;
      });
      purify.addHook('uponSanitizeElement', (node, data) => {
        if (data.tagName === 'iframe' && !MAP_EMBED.test(node.getAttribute?.('src') ?? '')) node.remove();
      });
      purify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A' && node.getAttribute('target') === '_blank')
          node.setAttribute('rel', 'noopener noreferrer');
      });
    }
    return String(purify.sanitize(html, HTML_POLICY));
  };
}
