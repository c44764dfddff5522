/**
 * What the page's HTML says about it (decision 032). A page a signed-in browser loaded carries the key
 * its session renewals must send; the shop writes it into the HTML and no other page can obtain it. A
 * page carrying the editors' head code has no key, so it never restores a session, and it loads the
 * pages where people sign in afresh from the shop (main.tsx LeaveHeadCodePage).
 *
 * Read once at start and taken out of the document, so nothing added to the page later finds it.
 */
import { HEAD_CODE_META, PAGE_KEY_HEADER, PAGE_KEY_META } from '@rome/contract';

function takeMeta(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.querySelector(`meta[name="${name}"]`);
  const value = el?.getAttribute('content') ?? null;
  el?.remove();
  return value;
}

let key = takeMeta(PAGE_KEY_META);
/** True when the shop served this page with the editors' head code in it. */
export const pageHasHeadCode = takeMeta(HEAD_CODE_META) !== null;

export const pageKey = {
  get: (): string | null => key,
  /** The key a sign-in's hand-over answered with (this page had none: it was loaded signed out). */
  set(value: string | undefined) {
    if (value) key = value;
  },
  /** The header a renewal from the cookie carries; none without a key. */
  headers: (): Record<string, string> => (key ? { [PAGE_KEY_HEADER]: key } : {}),
};
