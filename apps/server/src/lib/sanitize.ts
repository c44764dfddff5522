/** Editors' HTML is cleaned with the contract's allowlist before it is stored (see html-policy.ts). */
import { makeSanitizer } from '@rome/contract';
import DOMPurify from 'isomorphic-dompurify';

export const sanitizeHtml = makeSanitizer(DOMPurify);
