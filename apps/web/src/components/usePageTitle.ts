import { PRODUCT_NAME } from '@rome/contract';
import { useEffect } from 'react';

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
