import { findPage, PRODUCT_NAME, pageText } from '@rome/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Sets document.title on client-side navigation. The server already renders each route's <title> on
 * the first load; this keeps the tab title right when the SPA changes page. Same wording as the server.
 */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    document.title = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}

/** The title the contract's page table gives the current page (the server's <title> for it). */
export function useTablePageTitle() {
  const { pathname } = useLocation();
  const found = findPage(pathname);
  const rule = found?.page.head;
  usePageTitle(found && rule && !('catalog' in rule) ? pageText(rule.title, found.params) : null);
}
