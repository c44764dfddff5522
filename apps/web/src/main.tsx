import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { findPage, firstScreenData, needsPageWords, pagePath, TICKET_FRAME_FORM_ID } from '@rome/contract';
// Only the context (a few bytes); the client itself comes with its chunk (api/queries.ts).
import { QueryClientContext } from '@tanstack/react-query';
import {
  lazy,
  type ReactNode,
  StrictMode,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { restoreSession, setLoginNavigation } from './api/client';
import { loadFirstScreenData } from './api/firstScreen';
import { useLoadedQueryClient } from './api/queries';
import { primeInitialContent } from './components/content/api';
import { activatePageLocale, basename, specPathname } from './i18n/locale';
import './index.css';
import { pageHasHeadCode } from './lib/page-key';
import { subscribeToastHost, toastsLoaded } from './lib/toastHost';
import { AppRoutes, loadPageAt, pageModuleAt } from './router';

primeInitialContent();
// A browser that signed in asks for its access token at once (decision 018), beside the page's code.
void restoreSession();

// An expired session goes to /login inside the app, remembering the page (api/client.ts). The router's
// navigate exists once the app has rendered; a session that ends before that goes there on the first render.
let navigate: NavigateFunction | null = null;
let loginFrom: string | null = null;
const toLogin = (go: NavigateFunction, from: string) => go(pagePath('/login'), { state: { from } });
setLoginNavigation((from) => {
  if (navigate) toLogin(navigate, from);
  else loginFrom = from;
});

function LoginNavigation() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
    if (loginFrom !== null) {
      toLogin(go, loginFrom);
      loginFrom = null;
    }
    return () => {
      navigate = null;
    };
  }, [go]);
  return null;
}

/**
 * A page with the editors' head code never becomes a page where someone signs in, pays or works with
 * their account (decision 032): going to one of those (the page table's headCode: false) loads it
 * from the shop, which serves it without the head code.
 */
function LeaveHeadCodePage() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pageHasHeadCode && findPage(pathname)?.page.headCode === false) window.location.reload();
  }, [pathname]);
  return null;
}

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

/**
 * useQuery's readers get the query client once it is loaded (decision 026: not in the home page's first
 * load). Always this one provider, so the tree below stays mounted when the client arrives. Whatever
 * calls useQuery renders only after loading it: pages (router.tsx) and the editor's tools.
 */
function QueryClientHost({ children }: { children: ReactNode }) {
  const client = useLoadedQueryClient();
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}

const render = () => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first page in small slices and lets the browser breathe between
  // them, instead of one long task that blocks input (Lighthouse's Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientHost>
            <BrowserRouter basename={basename || undefined}>
              <AppRoutes />
              <LoginNavigation />
              <LeaveHeadCodePage />
            </BrowserRouter>
            <AppToaster />
          </QueryClientHost>
        </I18nProvider>
      </StrictMode>,
    ),
  );
};

// The first render waits until the page's code (router.tsx) and the page's first-screen data
// is at hand, so it draws the whole page at once (replacing the frame the server drew into the HTML,
// where there is one) rather than an empty layout or a skeleton for a moment. Every page waits for
// its code, at most FIRST_RENDER_WAIT_MS: a page drawn before its code (and the query client's chunk
// it needs) showed 'Loading...' and then React held the page back a further 300 ms (its Suspense
// reveal throttle), so /cancel or /login flashed a loading state they did not need.
// (No top-level await for this: it makes the entry an async module, which delayed LCP by ~0.4 s.)
// Every render needs the page language's catalogue (decision 024): the HTML preloads it with the page.
// Home needs only the first-screen words; any other page its pages' words too (contract locales.ts).
const catalogue = activatePageLocale(needsPageWords(pageModuleAt(specPathname())));
// The page's code starts loading now, beside the catalogue, whether or not the first render waits for it.
const pageCode = loadPageAt(specPathname());
const firstScreen = firstScreenData(specPathname());
const ready = Promise.all([pageCode, loadFirstScreenData(firstScreen)]);
const timeout = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
// A ticket page's HTML carries a booking form that works before the app (decision 043): the first render
// waits for the page whole rather than put a skeleton in the place of a form the buyer may be filling in.
const keepsFrame = document.getElementById(TICKET_FRAME_FORM_ID) !== null;
const waited = keepsFrame ? ready.catch(() => undefined) : Promise.race([ready, timeout]);
void Promise.all([catalogue, waited]).then(render);
