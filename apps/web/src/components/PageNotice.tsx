import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { PRIVACY_MESSAGES } from '@rome/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A page that ends somewhere else says so there, in a notice that stays until the visitor closes it
 * or moves on (a toast of three seconds was missed). The page that leaves passes the notice's key in
 * the history entry's state: `navigate('/', { state: { notice: 'accountDeleted' } })`. Unknown keys show
 * nothing. Its words are the privacy page's (the `pages` catalogue, loaded by the page that left it).
 */
export type PageNoticeKey = 'accountDeleted';

export default function PageNotice() {
  const { t } = useLingui();
  const location = useLocation();
  const key = (location.state as { notice?: unknown } | null)?.notice;
  const [closed, setClosed] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const shown = key === 'accountDeleted' && closed !== location.key;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <div
        ref={ref}
        tabIndex={-1}
        role="status"
        data-testid="page-notice"
        className="flex items-start justify-between gap-4 rounded-xl bg-green-50 px-4 py-3 text-green-900 ring-1 ring-green-200 focus:outline-none"
      >
        <div>
          <p className="font-bold">{i18n._(PRIVACY_MESSAGES.deleted)}</p>
          <p className="mt-1 text-sm">{i18n._(PRIVACY_MESSAGES.deletedDetail)}</p>
        </div>
        <button
          type="button"
          onClick={() => setClosed(location.key)}
          className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-green-300 hover:bg-green-100"
        >
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
