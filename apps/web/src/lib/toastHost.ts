/**
 * Where the toasts are drawn. A modal <dialog> sits in the browser's top layer, above every z-index of
 * the page, and makes the rest of the page inert: toasts drawn in the page were hidden under its
 * backdrop and unheard by screen readers. So each open modal dialog registers itself here
 * and the app's Toaster is portalled into the topmost one; with none open it stays in the page.
 */
const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

const emit = () => {
  for (const l of listeners) l();
};

/** Registers an open modal dialog as the toasts' place; returns the call that unregisters it. */
export function pushToastHost(el: HTMLElement): () => void {
  hosts.push(el);
  emit();
  return () => {
    const i = hosts.lastIndexOf(el);
    if (i >= 0) hosts.splice(i, 1);
    emit();
  };
}

/** The topmost registered dialog, or null for the page itself. */
export const toastHost = (): HTMLElement | null => hosts.at(-1) ?? null;

export function subscribeToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let loaded = false;

/** Called by lib/toast.ts when it loads: from then on the app draws its Toaster (main.tsx). */
export function markToastsLoaded(): void {
  if (loaded) return;
  loaded = true;
  emit();
}

/** Whether a module that shows toasts has loaded (so the Toaster is needed). */
export const toastsLoaded = (): boolean => loaded;
