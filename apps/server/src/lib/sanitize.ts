/** Editors' HTML is cleaned with the contract's allowlist before it is stored (see html-policy.ts). */
import { createRequire } from 'node:module';
import { makeSanitizer } from '@rome/contract';

// DOMPurify on the server needs a whole jsdom window, made when the module loads: 0.8 s of CPU at
// every start of the shop (`node -e "require('isomorphic-dompurify')"`), for an editor's save that may
// never come. It is loaded at the first save instead.
const require = createRequire(import.meta.url);
let sanitize: ((html: string) => string) | undefined;

export function sanitizeHtml(html: string): string {
  sanitize ??= makeSanitizer(require('isomorphic-dompurify'));
  return sanitize(html);
}
