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

// The HTML already shows the page's frame (index.html, and a banner from the server). The first render
// waits until the router has loaded the page's code, so it replaces that frame with the whole page
// rather than with an empty layout for a moment.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Spec §9: toasts top right; success 2 s, error 4 s (react-hot-toast's own defaults). */}
      <Toaster position="top-right" />
    </QueryClientProvider>
  </StrictMode>,
);
