/**
 * The app's toasts (spec §9; react-hot-toast). Every page and editor module that shows a toast imports
 * `toast` from here, never from react-hot-toast. The library (4.6 KB gzip, its own chunk `toasts`) and
 * the app's Toaster (main.tsx) load with the first toast actually shown, not with a page that could
 * show one: evaluating them on the ticket page's first load took some 150 ms of a phone's main thread
 * before its picture (Lighthouse; docs/performance.md). A toast waits in react-hot-toast's store until the
 * Toaster is drawn (AppToaster.tsx), so none is lost; it shows one chunk's fetch later.
 */
// biome-ignore lint/style/noRestrictedImports: the one door to the toast library (types only)
import type { toast as libraryToast, Renderable, ToastOptions } from 'react-hot-toast';
import { markToastsLoaded } from './toastHost';

type Library = typeof libraryToast;

let library: Promise<Library> | null = null;
const load = (): Promise<Library> => {
  // biome-ignore lint/style/noRestrictedImports: the one door to the toast library
  library ??= import('react-hot-toast').then(
    (m) => {
      markToastsLoaded();
      return m.default;
    },
    (err: unknown) => {
      // A failed chunk (a deploy in between, no network): the next toast tries again.
      library = null;
      throw err;
    },
  );
  return library;
};

const show =
  (kind: 'success' | 'error') =>
  (message: Renderable, options?: ToastOptions): void => {
    load().then(
      (t) => t[kind](message, options),
      () => {},
    );
  };

/** The two kinds of toast the spec has (§9): success and error. */
const toast = { success: show('success'), error: show('error') };
export default toast;
