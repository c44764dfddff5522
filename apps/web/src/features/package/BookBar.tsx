import { Trans, useLingui } from '@lingui/react/macro';
import { type RefObject, useEffect, useState } from 'react';

/** Room under the page for the bar on phones, so the footer's last links can scroll above it. */
const PAGE_ROOM = 'max-lg:pb-24';

/**
 * On a phone, once the booking panel is out of view: a bar fixed at the bottom with the total (or the
 * from-price) and 'Book now', which brings the visitor back to the panel's next step, or goes on to
 * Checkout when the choice is complete. Never on a wide screen, where the panel stays beside the page.
 */
export function BookBar({
  panel,
  amount,
  isTotal,
  onBook,
}: {
  panel: RefObject<HTMLElement | null>;
  /** The total, or the from-price while nothing is counted. */
  amount: string;
  isTotal: boolean;
  onBook: () => void;
}) {
  const { t } = useLingui();
  const [panelInView, setPanelInView] = useState(true);

  useEffect(() => {
    const el = panel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(([entry]) => setPanelInView(entry.isIntersecting));
    seen.observe(el);
    return () => seen.disconnect();
  }, [panel]);

  useEffect(() => {
    document.body.classList.add(PAGE_ROOM);
    return () => document.body.classList.remove(PAGE_ROOM);
  }, []);

  if (panelInView) return null;
  return (
    <div
      data-testid="book-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] lg:hidden"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        <p className="flex flex-col leading-tight">
          <span className="text-xs text-stone-700">{isTotal ? t`Total` : t`From`}</span>
          <span className="text-xl font-bold text-brand" data-testid="book-bar-amount">
            {amount}
          </span>
        </p>
        <button
          type="button"
          onClick={onBook}
          className="rounded-xl bg-brand px-6 py-3 text-lg font-bold text-white transition hover:bg-brand-dark"
        >
          <Trans>Book now</Trans>
        </button>
      </div>
    </div>
  );
}
