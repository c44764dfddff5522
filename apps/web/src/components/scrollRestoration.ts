/**
 * Where a page opens, as React Router's <ScrollRestoration> did in the data router (the declarative
 * router has none, decision 025): each history entry remembers how far down it was scrolled (kept in
 * sessionStorage over page loads, under React Router's own key); going back or forward, or reloading,
 * returns there; any other navigation opens the page at its #hash, else at the top.
 */
import { useEffect, useLayoutEffect } from 'react';
import { type Location, useLocation } from 'react-router';

const STORAGE_KEY = 'react-router-scroll-positions';

/** The document's positions by key (read from sessionStorage on first use; kept while the layout is away). */
let positions: Record<string, number> | null = null;
/** The key of the entry on screen, whose position scrolling updates. */
let currentKey: string | null = null;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) || '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView();
    return el !== null;
  } catch {
    return false; // not a decodable element id
  }
}

/** Restores and remembers scroll positions by `getKey(location)` (the history entry's key by default). */
export function useScrollRestoration(getKey: (location: Location) => string = (l) => l.key) {
  const location = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Remembered as the visitor scrolls, so a navigation leaves the old entry's position behind
    // before the next page (perhaps shorter, which clamps the scroll) is drawn.
    const remember = () => {
      if (positions && currentKey !== null) positions[currentKey] = window.scrollY;
    };
    const save = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions ?? {}));
      } catch {
        // Storage full or denied: positions then last only as long as this document.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      currentKey = null;
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions ??= readPositions();
    const key = getKey(location);
    currentKey = key;
    const saved = positions[key];
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location, getKey]);
}
