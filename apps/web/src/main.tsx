import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { primeInitialContent } from './features/content/api';
import './index.css';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

primeInitialContent(queryClient);

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

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {/* Spec §9: toasts top right; success 2 s, error 4 s (react-hot-toast's own defaults). */}
        <Toaster position="top-right" />
      </QueryClientProvider>
    </StrictMode>,
  );

// When the server drew part of the page into the HTML (a banner page's <main>), the first render waits
// until the router has loaded the page's code, so it replaces that frame with the whole page rather
// than with an empty layout for a moment. Elsewhere the frame is only the navigation bar, which the
// layout's first render draws again at once; waiting there would only delay the page (LCP +0.4 s).
// (No top-level await for this: it makes the entry an async module.)
if (document.querySelector('#root main') && !router.state.initialized) void routerReady().then(render);
else render();
