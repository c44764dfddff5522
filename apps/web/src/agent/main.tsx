/** The agents' app's entry (apps/web/agent/index.html, its own build: vite.agent.config.ts). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './agent.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (vite-plugin-pwa, Workbox) precaches the app so it opens with no network.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/agent/sw.js', { scope: '/agent/' }).catch(() => {});
}
