import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { firstScreenData } from '@rome/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { restoreSession, setLoginNavigation } from './api/client';
import { loadFirstScreenData } from './api/firstScreen';
import { primeInitialContent } from './features/content/api';
import { activatePageLocale, specPathname } from './i18n/locale';
import './index.css';
import { subscribeToastHost, toastsLoaded } from './lib/toastHost';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

primeInitialContent(queryClient);
// A browser that signed in asks for its access token at once (decision 018), beside the page's code.
void restoreSession();
// An expired session goes to /login inside the app, remembering the page (api/client.ts).
setLoginNavigation((from) => router.navigate('/login', { state: { from } }));

/** Resolves once the router has loaded the code of the page it starts on. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });

/**
 * The longest the first render waits for the page's data and code. Normally both are there well
 * before this (the HTML started the requests), and the page is drawn whole in one render. On a slow
 * API the visitor gets, at once, the navigation, footer and the page's own loading state (the search
 * page's 8 skeletons) instead of the HTML's bare header for seconds: 4 s showed a blank page.
 */
const FIRST_RENDER_WAIT_MS = 500;

// Spec §9's toasts: the Toaster (react-hot-toast) loads once a module that shows toasts has (lib/toast.ts),
// so the home page's first load carries neither.
const LazyToaster = lazy(() => import('./lib/AppToaster'));

function AppToaster() {
  const loaded = useSyncExternalStore(subscribeToastHost, toastsLoaded, () => false);
  return loaded ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

const render = () => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first page in small slices and lets the browser breathe between
  // them, instead of one long task that blocks input (Lighthouse's Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
            <AppToaster />
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
};

// The first render waits until the router has loaded the page's code and the page's first-screen data
// is at hand, so it draws the whole page at once (replacing the frame the server drew into the HTML,
// where there is one) rather than an empty layout or a skeleton for a moment. Pages without such data
// or frame render at once: the layout's first render draws the navigation bar again immediately.
// (No top-level await for this: it makes the entry an async module, which delayed LCP by ~0.4 s.)
// Every render needs the page language's catalogue (issue #20): the HTML preloads it with the page.
const catalogue = activatePageLocale();
const firstScreen = firstScreenData(specPathname());
if ((firstScreen.length > 0 || document.querySelector('#root main')) && !router.state.initialized) {
  const ready = Promise.all([routerReady(), loadFirstScreenData(queryClient, firstScreen)]);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void Promise.all([catalogue, Promise.race([ready, timeout])]).then(render);
} else void catalogue.then(render);
