/**
 * Keeps Tab inside a container (an open dialog or the open mobile menu): from the last control Tab
 * goes to the first, and from the first Shift+Tab goes to the last. A modal <dialog> already makes the
 * page behind it inert, but Tab would still leave it for the browser's own toolbar; this closes the
 * loop so keyboard users stay where they are working until they close it (Escape).
 */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls Tab reaches inside `container`, in order (hidden ones excluded). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/** Call from a keydown handler: wraps Tab at either end of `container`. */
export function keepTabWithin(
  container: HTMLElement,
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault' | 'defaultPrevented'>,
) {
  // A control that uses Tab itself (a code editor indenting) has already taken it.
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const items = tabbables(container);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && container.contains(active);
  if (e.shiftKey && (active === first || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}
