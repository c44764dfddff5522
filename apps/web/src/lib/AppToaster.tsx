import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
// biome-ignore lint/style/noRestrictedImports: the one door to the toast library
import { Toaster } from 'react-hot-toast';
import { subscribeToastHost, toastHost } from './toastHost';

/**
 * Spec §9: toasts top right; success 2 s, error 4 s (react-hot-toast's own defaults). Drawn inside
 * the topmost open modal dialog when there is one (lib/toastHost), so they show above its backdrop.
 * Loaded by main.tsx once a module that shows toasts has loaded (lib/toast.ts); a toast raised before
 * it is drawn waits in react-hot-toast's store and shows when the Toaster mounts.
 */
export default function AppToaster() {
  const host = useSyncExternalStore(subscribeToastHost, toastHost, () => null);
  const toaster = <Toaster position="top-right" />;
  return host ? createPortal(toaster, host) : toaster;
}
