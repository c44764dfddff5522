import { findPage, PRODUCT_NAME, pageText } from '@rome/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { translate } from '../i18n/locale';

/**
 * Sets document.title on client-side navigation. The server already renders each route's <title> on
 * the first load; this keeps the tab title right when the SPA changes page. Same wording as the server.
 * `verbatim`: an editor's meta title, which the server also sends as it is (no shop name added).
 */
export function usePageTitle(title: string | null | undefined, { verbatim = false } = {}) {
  useEffect(() => {
    if (!title) return;
    document.title = verbatim || title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
  }, [title, verbatim]);
}

/**
 * Sets <meta name="description"> when the page has its own (an editor's meta description). The
 * server sends the tag on the first load; without this an in-app navigation kept the previous page's.
 */
export function usePageDescription(description: string | null | undefined) {
  useEffect(() => {
    if (!description) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [description]);
}

/**
 * The title the contract's page table gives the current page (the server's <title> for it); null for a
 * page whose head comes from the catalog.
 */
export function useTableTitle(): string | null {
  const { pathname } = useLocation();
  const found = findPage(pathname);
  const rule = found?.page.head;
  return found && rule && !('catalog' in rule) ? pageText(rule.title, found.params, translate) : null;
}

/** Sets the tab title the contract's page table gives the current page. */
export function useTablePageTitle() {
  usePageTitle(useTableTitle());
}
