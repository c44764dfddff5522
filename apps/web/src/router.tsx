/**
 * The routes of spec §2, built from the contract's page table (packages/contract/src/pages.ts). Every
 * page is its own lazy chunk (pages.ts), so visitors download only what they open.
 */
import { NOT_FOUND_PAGE, PAGES, type PageEntry, type PageModule } from '@rome/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { RouteError } from './components/RouteError';
import { PAGE_LOADERS } from './pages';

const page = (module: PageModule): RouteObject['lazy'] => {
  const load = PAGE_LOADERS[module];
  return async () => ({ Component: (await load()).default });
};

/** A page inside the main layout: its path relative to the layout's, the home page as the index. */
const child = (p: PageEntry): RouteObject =>
  p.pattern === '/'
    ? { index: true, lazy: page(p.module) }
    : { path: p.pattern.slice(1), lazy: page(p.module) };

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...PAGES.filter((p) => p.layout === 'main').map(child),
      { path: '*', lazy: page(NOT_FOUND_PAGE.module) },
    ],
  },
  // Outside the main layout (spec §2: /analytics, /test).
  ...PAGES.filter((p) => p.layout === 'own').map(
    (p): RouteObject => ({ path: p.pattern, lazy: page(p.module), errorElement: <RouteError /> }),
  ),
];

export const router = createBrowserRouter(routes);
