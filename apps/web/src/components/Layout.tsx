import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { type Location, Outlet, useLocation } from 'react-router';
import { usePageViews } from '../lib/track';
import { Footer } from './Footer';
import { type LogoFrame, Navbar } from './Navbar';
import { useScrollRestoration } from './scrollRestoration';

// Loaded only when a page left a notice for the next (components/PageNotice.tsx): no first-load cost.
const PageNotice = lazy(() => import('./PageNotice'));

/**
 * Which saved scroll position a location gets back. They are kept by history entry, but the
 * first entry of every document is 'default': a full page load (the hosted checkout, Pay, a link from
 * an e-mail) would then restore whatever the previous document's first page had been scrolled to, and
 * the payment page opened 468 px down on a phone. A document's first page is keyed by its path instead,
 * so a new page starts at the top and Back or a reload still returns to where the visitor was.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/**
 * The main layout: skip link, navigation bar, the page, footer. `logoFrame` wraps the bar's logo (the
 * router gives the editable slot of the content layer, which shared code may not import). Pages render their own <main>, so the
 * skip link targets the wrapper around the page.
 */
export function Layout({ logoFrame }: { logoFrame?: LogoFrame }) {
  usePageViews();
  useScrollRestoration(scrollKey);
  const hasNotice = Boolean((useLocation().state as { notice?: unknown } | null)?.notice);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-bold text-stone-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Navbar logoFrame={logoFrame} />
      {hasNotice && (
        <Suspense fallback={null}>
          <PageNotice />
        </Suspense>
      )}
      {/* At least a screen high: while a page's code and data load, the footer stays below the fold
          instead of showing and then jumping down (layout shift). */}
      <div id="content" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
