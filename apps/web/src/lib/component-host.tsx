/**
 * For component tests (`*.component.test.tsx`): a host element in jsdom and one React root rendered
 * into it inside act(), with Lingui in English around it. Each test starts with a fresh host; the root
 * is unmounted, the host and any stubbed global (fetch) removed and the query cache emptied after it.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../api/queryClient';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type ComponentHost = {
  /** The element the component renders into (the current test's). */
  readonly el: HTMLElement;
  /** Renders `node` (again, into the same root) within act(). */
  render: (node: ReactNode) => Promise<void>;
};

export function componentHost(): ComponentHost {
  let root: Root | null = null;
  let el: HTMLElement | null = null;
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    el = document.createElement('div');
    document.body.append(el);
  });
  afterEach(async () => {
    if (root) await act(async () => root?.unmount());
    root = null;
    el?.remove();
    vi.unstubAllGlobals();
    // The files of a worker share the app's modules (vitest.config.ts): no answer cached by one test
    // answers the next.
    queryClient.clear();
  });
  return {
    get el() {
      if (!el) throw new Error('no host outside a test');
      return el;
    },
    async render(node) {
      if (!el) throw new Error('no host outside a test');
      const target = el;
      root ??= createRoot(target);
      await act(async () => root?.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
    },
  };
}
