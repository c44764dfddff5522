/**
 * The routes of spec §2, built from the contract's page table (packages/contract/src/pages.ts). Every
 * page is its own lazy chunk (pages.ts), so visitors download only what they open.
 *
 * Declarative routing (BrowserRouter + useRoutes), not React Router's data router: the data router
 * (loaders, actions, fetchers, lazy routes) weighs ~16 KB gzip more in every first load and the shop
 * uses none of it (decision 025). What it did for us is done here: a page's code loads as the page
 * renders (`use` of its import, held in a Suspense boundary with the page's loading state), an error
 * while drawing a page shows RouteError (RouteFrame), and main.tsx waits for the first page's code (`loadPageAt`).
 */
import { NOT_FOUND_PAGE, needsPageWords, PAGES, type PageEntry, type PageModule } from '@rome/contract';
import { type ComponentType, type ReactNode, Suspense, use } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { loadQueries } from './api/queries';
import { EditableSiteLogo } from './components/content/SiteLogo';
import { Layout } from './components/Layout';
import { PageLoading, SearchLoading } from './components/PageLoading';
import { RouteErrorBoundary } from './components/RouteError';
import { loadPageWords } from './i18n/locale';
import { PAGE_LOADERS } from './pages';

type PageCode = Promise<{ default: ComponentType }>;

/** Each page module's import, started once; its outcome is marked on it for React's `use`. */
const pageCode = new Map<PageModule, PageCode>();

function loadPage(module: PageModule): PageCode {
  let code = pageCode.get(module);
  if (!code) {
    // A page other than home needs the pages' words too (decision 024), and the query client
    // (decision 026: the home page reads its first screen without it, api/queries.ts): drawn only once
    // all are here.
    const started: PageCode = needsPageWords(module)
      ? Promise.all([PAGE_LOADERS[module](), loadPageWords(), loadQueries()]).then(([page]) => page)
      : PAGE_LOADERS[module]();
    // Marked as React marks a promise it has seen: `use` of a page whose code is here renders it at
    // once, without suspending (the first render waits for the code so that it draws the whole page).
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
    );
    code = started;
    pageCode.set(module, code);
  }
  return code;
}

function PageCodeView({ module }: { module: PageModule }) {
  const Page = use(loadPage(module)).default;
  return <Page />;
}

/**
 * While a page's code loads, the layout (navigation, footer) is drawn around a loading page of the
 * page's shape. Only on the first render or a page outside the current layout: a navigation is a
 * transition (BrowserRouter), so the page on screen stays until the next page's code has arrived.
 */
const LOADING = { search: SearchLoading } as const;
const loading = (p: Pick<PageEntry, 'loading'>) => (p.loading ? LOADING[p.loading] : PageLoading);

/**
 * A top-level route's frame: RouteError in place of the layout (or the page of its own) when drawing
 * fails, e.g. a chunk that no longer exists after a deploy, as the data router's errorElement did; the
 * loading page while code loads. Both top-level kinds start with it, so the same boundary stays
 * mounted from a page in the layout to one of its own (and the transition keeps the old page on screen).
 */
function RouteFrame({ loading: Loading, children }: { loading: ComponentType; children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

type PageHandle = { module: PageModule };

/** A page inside the main layout; an error while drawing it reaches the layout's frame. */
const pageInLayout = (module: PageModule, Loading: ComponentType) => ({
  element: (
    <Suspense fallback={<Loading />}>
      <PageCodeView module={module} />
    </Suspense>
  ),
  handle: { module } satisfies PageHandle,
});

/** A page inside the main layout: its path relative to the layout's, the home page as the index. */
const child = (p: PageEntry): RouteObject => ({
  ...(p.pattern === '/' ? { index: true } : { path: p.pattern.slice(1) }),
  ...pageInLayout(p.module, loading(p)),
});

export const routes: RouteObject[] = [
  {
    element: (
      <RouteFrame loading={PageLoading}>
        <Layout logoFrame={EditableSiteLogo} />
      </RouteFrame>
    ),
    children: [
      ...PAGES.filter((p) => p.layout === 'main').map(child),
      { path: '*', ...pageInLayout(NOT_FOUND_PAGE.module, PageLoading) },
    ],
  },
  // Outside the main layout (spec §2: /analytics, /test; decision 019: a ticket by its link).
  ...PAGES.filter((p) => p.layout === 'own').map(
    (p): RouteObject => ({
      path: p.pattern,
      element: (
        <RouteFrame loading={loading(p)}>
          <PageCodeView module={p.module} />
        </RouteFrame>
      ),
      handle: { module: p.module } satisfies PageHandle,
    }),
  ),
];

/** The page the router draws at `path` (a spec path, without the language prefix). */
export function pageModuleAt(path: string): PageModule {
  const matches = matchRoutes(routes, path);
  const handle = matches?.at(-1)?.route.handle as PageHandle | undefined;
  return handle?.module ?? NOT_FOUND_PAGE.module;
}

/** Starts loading the code of the page at `path`; resolves when it is there (or failed to come). */
export const loadPageAt = (path: string): Promise<void> =>
  loadPage(pageModuleAt(path)).then(
    () => undefined,
    () => undefined,
  );

/** The page of the current address; inside BrowserRouter (main.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
