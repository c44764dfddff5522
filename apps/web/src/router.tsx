/**
 * The routes of spec §2, built from the contract's page table (packages/contract/src/pages.ts). Every
 * page is its own lazy chunk (pages.ts), so visitors download only what they open.
 */
import { NOT_FOUND_PAGE, PAGES, type PageEntry, type PageModule } from '@rome/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { PageLoading, SearchLoading } from './components/PageLoading';
import { RouteError } from './components/RouteError';
import { EditableSiteLogo } from './features/content/SiteLogo';
import { basename } from './i18n/locale';
import { PAGE_LOADERS } from './pages';

const page = (module: PageModule): RouteObject['lazy'] => {
  const load = PAGE_LOADERS[module];
  return async () => ({ Component: (await load()).default });
};

/**
 * While a page's code loads, the layout (navigation, footer) is drawn around a loading page
 * (HydrateFallback), instead of nothing at all and React Router's warning about it.
 */
const LOADING = { search: SearchLoading } as const;
const loading = (p: Pick<PageEntry, 'loading'>) => (p.loading ? LOADING[p.loading] : PageLoading);

/** A page inside the main layout: its path relative to the layout's, the home page as the index. */
const child = (p: PageEntry): RouteObject => ({
  ...(p.pattern === '/' ? { index: true } : { path: p.pattern.slice(1) }),
  lazy: page(p.module),
  HydrateFallback: loading(p),
});

export const routes: RouteObject[] = [
  {
    element: <Layout logoFrame={EditableSiteLogo} />,
    errorElement: <RouteError />,
    children: [
      ...PAGES.filter((p) => p.layout === 'main').map(child),
      { path: '*', lazy: page(NOT_FOUND_PAGE.module), HydrateFallback: PageLoading },
    ],
  },
  // Outside the main layout (spec §2: /analytics, /test; issue #18: a ticket by its link).
  ...PAGES.filter((p) => p.layout === 'own').map(
    (p): RouteObject => ({
      path: p.pattern,
      lazy: page(p.module),
      HydrateFallback: loading(p),
      errorElement: <RouteError />,
    }),
  ),
];

// Under the page language's prefix ('/it', ...; none for English): links and navigations keep it.
export const router = createBrowserRouter(routes, basename ? { basename } : undefined);
